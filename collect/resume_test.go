package collect

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/fabviz/fabviz/internal/testsupport/ibsimtest"
)

// TestKill9AndResume kills a running `fabnet collect` with SIGKILL, tears
// the last line of a log as a crash mid-write would, restarts it, and checks
// that every log is intact and carries on after a gap.
func TestKill9AndResume(t *testing.T) {
	sim := ibsimtest.Start(t, ibsimDir+"fattree.net")
	bin := filepath.Join(t.TempDir(), "fabnet")
	if out, err := exec.Command("go", "build", "-o", bin, "../cmd/fabnet").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	dir := t.TempDir()
	mdl, _ := filepath.Abs("testdata/fattree.fvm")
	args := []string{"collect", mdl, "-o", dir, "-interval", "1s", "-timeout", "900ms", "-concurrency", "4"}
	first := exec.Command(bin, args...)
	first.Env, first.Dir = append(os.Environ(), sim.Env...), sim.Dir
	var errb bytes.Buffer
	first.Stderr = &errb
	if err := first.Start(); err != nil {
		t.Fatal(err)
	}
	xmit := filepath.Join(dir, "port_xmit_data.fvlog")
	for deadline := time.Now().Add(60 * time.Second); dataLines(t, xmit) < 3; time.Sleep(50 * time.Millisecond) {
		if time.Now().After(deadline) {
			first.Process.Kill()
			t.Fatalf("no 3 steps in a minute:\n%s", errb.String())
		}
	}
	first.Process.Signal(syscall.SIGKILL)
	first.Wait()

	before := map[string]int{}
	logs, _ := filepath.Glob(filepath.Join(dir, "*.fvlog"))
	if len(logs) != len(ibCounters)+len(linkCounters) {
		t.Fatalf("%d logs", len(logs))
	}
	for _, l := range logs {
		before[l] = dataLines(t, l)
	}
	f, _ := os.OpenFile(xmit, os.O_APPEND|os.O_WRONLY, 0)
	f.WriteString(time.Now().UTC().Format(TimeFormat) + " 12 34")
	f.Close()

	second := exec.Command(bin, append(args, "-steps", "2")...)
	second.Env, second.Dir = first.Env, sim.Dir
	out, err := second.CombinedOutput()
	if err != nil {
		t.Fatalf("restart: %v\n%s", err, out)
	}
	if !strings.Contains(string(out), "resuming "+xmit) || !strings.Contains(string(out), "cut off an interrupted last line") {
		t.Errorf("restart said:\n%s", out)
	}
	for _, l := range logs {
		labels, steps := readLog(t, l)
		if len(steps) != before[l]+2 {
			t.Errorf("%s: %d steps before, %d after a 2-step restart", l, before[l], len(steps))
		}
		var prev time.Time
		for i, s := range steps {
			if len(s) != len(labels)+1 {
				t.Fatalf("%s step %d: %d fields for %d ports", l, i, len(s)-1, len(labels))
			}
			ts, err := time.Parse(time.RFC3339, s[0])
			if err != nil || !ts.After(prev) {
				t.Fatalf("%s step %d: time %s after %s", l, i, s[0], prev)
			}
			if i == before[l] && ts.Sub(prev) < 2*time.Second {
				t.Errorf("%s: no gap at the restart (%s after %s)", l, ts, prev)
			}
			prev = ts
		}
	}
}

// dataLines counts a log's complete data lines (a torn last line is not one).
func dataLines(t *testing.T, path string) int {
	b, err := os.ReadFile(path)
	if err != nil {
		return 0
	}
	if i := bytes.LastIndexByte(b, '\n'); i >= 0 {
		b = b[:i]
	}
	n := 0
	for _, l := range strings.Split(string(b), "\n") {
		if l != "" && !strings.HasPrefix(l, "#") {
			n++
		}
	}
	return n
}
