package collect

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/fabviz/fabviz/data"
	"github.com/fabviz/fabviz/internal/testsupport/ibsimtest"
	"github.com/fabviz/fabviz/model"
)

// lineWatcher passes each status line to a channel.
type lineWatcher struct {
	lines chan string
	buf   string
}

func (w *lineWatcher) Write(p []byte) (int, error) {
	w.buf += string(p)
	for {
		i := strings.IndexByte(w.buf, '\n')
		if i < 0 {
			return len(p), nil
		}
		w.lines <- w.buf[:i]
		w.buf = w.buf[i+1:]
	}
}

func (w *lineWatcher) waitFor(t *testing.T, text string) {
	t.Helper()
	timeout := time.After(60 * time.Second)
	for {
		select {
		case l := <-w.lines:
			t.Log(l)
			if strings.Contains(l, text) {
				return
			}
		case <-timeout:
			t.Fatalf("no status line with %q", text)
		}
	}
}

// readLog returns a §5 log's port labels and data lines split into fields.
func readLog(t *testing.T, path string) (labels []string, steps [][]string) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(b) > 0 && b[len(b)-1] != '\n' {
		t.Fatalf("%s does not end with a newline", path)
	}
	for _, line := range strings.Split(strings.TrimSuffix(string(b), "\n"), "\n") {
		if rest, ok := strings.CutPrefix(line, "#! ports "); ok {
			labels = append(labels, strings.Fields(rest)...)
		} else if !strings.HasPrefix(line, "#") {
			steps = append(steps, strings.Fields(line))
		}
	}
	return labels, steps
}

func column(t *testing.T, labels []string, label string) int {
	t.Helper()
	for i, l := range labels {
		if l == label {
			return i + 1 // field 0 is the timestamp
		}
	}
	t.Fatalf("no column %s", label)
	return 0
}

// TestCollectIBSim sweeps a live ibsim fabric: five steps for every port,
// injected symbol errors at exactly their port and step, a counter reset as
// a gap, and gaps — not zeros — once the fabric is gone.
func TestCollectIBSim(t *testing.T) {
	sim := ibsimtest.Start(t, ibsimDir+"fattree.net")
	m, err := model.Load("testdata/fattree.fvm")
	if err != nil {
		t.Fatal(err)
	}
	src, err := NewIBSource(m)
	if err != nil {
		t.Fatal(err)
	}
	src.Env, src.Dir, src.Concurrency, src.Timeout = sim.Env, sim.Dir, 4, 2500*time.Millisecond
	dir := t.TempDir()
	w := &lineWatcher{lines: make(chan string, 100)}
	c, err := New(Config{Model: m, Source: src, Dir: dir, Interval: 3 * time.Second, Deadline: 2800 * time.Millisecond, Steps: 5, Status: w,
		Jobs: FileJobs{Path: writeJobs(t, "41 cn[001-004],cn006\n42 cn016,login1\n")}})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	done := make(chan Summary, 1)
	go func() {
		sum, err := c.Run(context.Background())
		if err != nil {
			t.Error(err)
		}
		done <- sum
	}()
	w.waitFor(t, " step 0:")
	sim.Do(t, `PerformanceSet "leaf02"[2] PortCounters.SymbolErrorCounter=20`, "SymbolErrorCounter has been set to 20")
	sim.Do(t, `PerformanceSet "leaf02"[33] PortCountersExtended.PortXmitPkts=0`, "PortXmitPkts has been set to 0")
	w.waitFor(t, " step 2:")
	sim.Stop()
	w.waitFor(t, "collected 5 steps")
	sum := <-done

	if want := 6 * 48; sum.Attempted != want || sum.Read != 4*48 || sum.Resets < 1 {
		t.Errorf("summary %+v; want %d attempted, %d read, a reset", sum, want, 4*48)
	}
	for _, k := range ibCounters {
		labels, steps := readLog(t, filepath.Join(dir, k.Name+".fvlog"))
		if len(labels) != 48 || len(steps) != 5 {
			t.Fatalf("%s: %d ports, %d steps", k.Name, len(labels), len(steps))
		}
		var prev time.Time
		for i, s := range steps {
			if len(s) != 49 {
				t.Fatalf("%s step %d has %d fields", k.Name, i, len(s))
			}
			ts, err := time.Parse(time.RFC3339, s[0])
			if err != nil || !ts.After(prev) || ts.Nanosecond() != 0 {
				t.Errorf("%s step %d time %s after %s", k.Name, i, s[0], prev)
			}
			prev = ts
			for j, v := range s[1:] {
				if i >= 3 && v != "-" {
					t.Errorf("%s step %d %s = %s after ibsim stopped, want -", k.Name, i, labels[j], v)
				}
				if i < 3 && v == "-" && !(k.Name == "port_xmit_pkts" && i == 1 && labels[j] == "leaf02.33") {
					t.Errorf("%s step %d %s is a gap", k.Name, i, labels[j])
				}
			}
		}
		if k.Name == "symbol_error" {
			col := column(t, labels, "leaf02.2")
			for i := 0; i < 3; i++ {
				for j, v := range steps[i][1:] {
					want := "0"
					if i == 1 && j+1 == col {
						want = "20"
					}
					if v != want {
						t.Errorf("symbol_error step %d %s = %s, want %s", i, labels[j], v, want)
					}
				}
			}
		}
		if k.Name == "port_xmit_pkts" {
			col := column(t, labels, "leaf02.33")
			if steps[1][col] != "-" || steps[2][col] == "-" {
				t.Errorf("reset port: step 1 %s, step 2 %s; want - then a number", steps[1][col], steps[2][col])
			}
		}
	}
	// What the collector wrote is what the viewer reads.
	for _, k := range ibCounters {
		series, err := data.Load(filepath.Join(dir, k.Name+".fvlog"), m, data.Options{})
		if err != nil {
			t.Fatalf("data.Load %s: %v", k.Name, err)
		}
		if series.Steps() != 5 {
			t.Errorf("%s: data reads %d steps", k.Name, series.Steps())
		}
		p, _ := m.PortByLabel("leaf02.2")
		if v, ok := series.Value(p, 1); k.Name == "symbol_error" && (!ok || v != 20) {
			t.Errorf("data reads symbol_error leaf02.2 step 1 as %d, %v", v, ok)
		}
		if _, ok := series.Value(p, 4); ok {
			t.Errorf("%s: data reads a value where the log has a gap", k.Name)
		}
	}
	jobSeries, err := data.Load(filepath.Join(dir, "job.fvlog"), m, data.Options{Kind: data.Job})
	if err != nil || jobSeries.Steps() != 5 {
		t.Fatalf("job log: %v", err)
	}
	labels, steps := readLog(t, filepath.Join(dir, "job.fvlog"))
	if len(labels) != 16 || len(steps) != 5 {
		t.Fatalf("job log: %d ports %d steps", len(labels), len(steps))
	}
	want := map[string]string{"leaf01.1": "41", "leaf01.4": "41", "leaf02.2": "41", "leaf04.4": "42", "leaf02.1": "0"}
	for l, v := range want {
		// step 2: the fabric is still up, so no sweep has overrun (a
		// sweep of a stopped fabric may, and its interval is then a line
		// of gaps in every log, the job log too)
		if got := steps[2][column(t, labels, l)]; got != v {
			t.Errorf("job at %s = %s, want %s", l, got, v)
		}
	}
}

func writeJobs(t *testing.T, content string) string {
	p := filepath.Join(t.TempDir(), "jobs")
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}
