// Package ibsimtest runs a simulated InfiniBand fabric (ibsim from Debian's
// ibsim-utils) for tests: each simulator gets a socket name of its own, so
// tests in several packages can run at once, and tools reach it through
// LD_PRELOAD of libumad2sim with the environment in Sim.Env.
package ibsimtest

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/fabviz/fabviz/internal/testsupport/testtool"
)

// Umad2sim is the library that redirects umad calls to the simulator.
const Umad2sim = "/usr/lib/x86_64-linux-gnu/umad2sim/libumad2sim.so"

// RequireTools skips a test when a system tool is missing, except in CI,
// where a missing tool is a failure.
func RequireTools(t testing.TB, tools ...string) {
	t.Helper()
	testtool.Require(t, tools...)
	if _, err := os.Stat(Umad2sim); err != nil {
		testtool.Missing(t, Umad2sim+" missing: install libumad2sim0")
	}
}

// Sim is a running simulated fabric with its console.
type Sim struct {
	cmd     *exec.Cmd
	console io.WriteCloser
	out     *testtool.SyncBuffer
	Env     []string // for clients: LD_PRELOAD and the simulator's socket name
	// Dir is a working directory for clients: umad2sim leaves a fake sysfs
	// tree (sys-PID/) in the working directory of every tool it serves.
	Dir string
}

// Start starts ibsim on a net file under a socket name of its own (so
// tests in other packages can run their own simulators at the same time),
// runs opensm once to assign LIDs and routes, and stops both when the test
// ends.
func Start(t testing.TB, net string) *Sim {
	t.Helper()
	RequireTools(t, "ibsim", "opensm", "perfquery")
	sock := fmt.Sprintf("fabviz-%d-%d", os.Getpid(), time.Now().UnixNano()%1e6)
	s := &Sim{out: &testtool.SyncBuffer{}, Env: []string{"LD_PRELOAD=" + Umad2sim, "IBSIM_SOCKNAME=" + sock}}
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
	t.Cleanup(s.Stop)
	s.WaitFor(t, "Network simulator ready", 10*time.Second)
	dir := t.TempDir()
	s.Dir = dir
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	sm := exec.CommandContext(ctx, "opensm", "-o", "-f", filepath.Join(dir, "opensm.log"), "-d", "0")
	sm.Env = append(os.Environ(), s.Env...)
	sm.Dir = dir
	if out, err := sm.CombinedOutput(); err != nil {
		t.Fatalf("opensm -o: %v\n%s", err, out)
	}
	return s
}

// WaitFor waits until the simulator has printed text.
func (s *Sim) WaitFor(t testing.TB, text string, limit time.Duration) {
	t.Helper()
	end := time.Now().Add(limit)
	for !strings.Contains(s.out.String(), text) {
		if time.Now().After(end) {
			t.Fatalf("ibsim did not say %q; it said:\n%s", text, s.out.String())
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// Do sends a console command and waits for its echo of success.
func (s *Sim) Do(t testing.TB, command, reply string) {
	t.Helper()
	if _, err := io.WriteString(s.console, command+"\n"); err != nil {
		t.Fatal(err)
	}
	s.WaitFor(t, reply, 5*time.Second)
}

// Stop ends the simulator (the test cleanup does it too).
func (s *Sim) Stop() {
	if s.cmd.ProcessState != nil {
		return
	}
	s.console.Close()
	s.cmd.Process.Kill()
	s.cmd.Wait()
}
