package collect

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

const umad2sim = "/usr/lib/x86_64-linux-gnu/umad2sim/libumad2sim.so"

// requireTools skips a test when a system tool is missing, except in CI,
// where a missing tool is a failure.
func requireTools(t *testing.T, tools ...string) {
	t.Helper()
	for _, tool := range tools {
		if _, err := exec.LookPath(tool); err != nil {
			if os.Getenv("CI") == "true" {
				t.Fatalf("%s is not installed (CI needs it: scripts/deps.sh test)", tool)
			}
			t.Skipf("%s is not installed", tool)
		}
	}
	if _, err := os.Stat(umad2sim); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("%s missing: install libumad2sim0", umad2sim)
		}
		t.Skip("libumad2sim0 is not installed")
	}
}

// syncBuffer is a bytes.Buffer safe for a process writing while a test reads.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// ibsim is a running simulated fabric with its console.
type ibsim struct {
	cmd     *exec.Cmd
	console io.WriteCloser
	out     *syncBuffer
	env     []string // for clients: LD_PRELOAD and the simulator's socket name
}

// startIBSim starts ibsim on a net file under a socket name of its own (so
// tests in other packages can run their own simulators at the same time),
// runs opensm once to assign LIDs and routes, and stops both when the test
// ends.
func startIBSim(t *testing.T, net string) *ibsim {
	t.Helper()
	requireTools(t, "ibsim", "opensm", "perfquery")
	sock := fmt.Sprintf("fabviz-collect-%d-%d", os.Getpid(), time.Now().UnixNano()%1e6)
	s := &ibsim{out: &syncBuffer{}, env: []string{"LD_PRELOAD=" + umad2sim, "IBSIM_SOCKNAME=" + sock}}
	s.cmd = exec.Command("ibsim", "-s", net)
	s.cmd.Env = append(os.Environ(), "IBSIM_SOCKNAME="+sock)
	s.cmd.Stdout, s.cmd.Stderr = s.out, s.out
	var err error
	if s.console, err = s.cmd.StdinPipe(); err != nil {
		t.Fatal(err)
	}
	if err := s.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s.stop)
	s.waitFor(t, "Network simulator ready", 10*time.Second)
	dir := t.TempDir()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	sm := exec.CommandContext(ctx, "opensm", "-o", "-f", filepath.Join(dir, "opensm.log"), "-d", "0")
	sm.Env = append(os.Environ(), s.env...)
	if out, err := sm.CombinedOutput(); err != nil {
		t.Fatalf("opensm -o: %v\n%s", err, out)
	}
	return s
}

func (s *ibsim) waitFor(t *testing.T, text string, limit time.Duration) {
	t.Helper()
	end := time.Now().Add(limit)
	for !strings.Contains(s.out.String(), text) {
		if time.Now().After(end) {
			t.Fatalf("ibsim did not say %q; it said:\n%s", text, s.out.String())
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// do sends a console command and waits for its echo of success.
func (s *ibsim) do(t *testing.T, command, reply string) {
	t.Helper()
	if _, err := io.WriteString(s.console, command+"\n"); err != nil {
		t.Fatal(err)
	}
	s.waitFor(t, reply, 5*time.Second)
}

func (s *ibsim) stop() {
	if s.cmd.ProcessState != nil {
		return
	}
	s.console.Close()
	s.cmd.Process.Kill()
	s.cmd.Wait()
}
