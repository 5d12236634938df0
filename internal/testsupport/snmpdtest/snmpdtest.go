// Package snmpdtest runs Debian's net-snmp agent (snmpd) for tests: in the
// foreground, on 127.0.0.1 at a free high port, with a configuration written
// to a temporary directory, as user nobody when the test runs as root. The
// agent can be paused (SIGSTOP) to play an agent that stops answering, and is
// stopped when the test ends.
package snmpdtest

import (
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/fabviz/fabviz/internal/testsupport/testtool"
)

// Require skips a test when snmpd (or another tool) is missing, except in
// CI (CI=true), where a missing tool is a failure.
func Require(t testing.TB, tools ...string) {
	t.Helper()
	testtool.Require(t, append([]string{"snmpd"}, tools...)...)
}

// Agent is a running snmpd.
type Agent struct {
	Port int
	Dir  string // its temporary directory (configuration, persistent data)
	cmd  *exec.Cmd
	out  *testtool.SyncBuffer
	done chan struct{}
}

// Addr is 127.0.0.1:PORT.
func (a *Agent) Addr() string { return fmt.Sprintf("127.0.0.1:%d", a.Port) }

// Start runs snmpd with conf (snmpd.conf lines; no agentAddress, the
// address is given on the command line).
func Start(t testing.TB, conf string) *Agent {
	t.Helper()
	Require(t)
	dir := t.TempDir()
	// As root, snmpd drops to nobody after binding; its persistent data
	// directory must then be writable by nobody.
	persist, err := os.MkdirTemp("", "fabviz-snmpd-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(persist) })
	os.Chmod(persist, 0o777)
	path := filepath.Join(dir, "snmpd.conf")
	if err := os.WriteFile(path, []byte(conf), 0o644); err != nil {
		t.Fatal(err)
	}
	var last string
	for try := 0; try < 5; try++ {
		port := freeUDPPort(t)
		a := &Agent{Port: port, Dir: dir, out: &testtool.SyncBuffer{}, done: make(chan struct{})}
		args := []string{"-f", "-Lo", "-C", "-c", path, "-M", "/nonexistent", "-m", "",
			"-p", filepath.Join(dir, "snmpd.pid")}
		if os.Getuid() == 0 {
			args = append(args, "-u", "65534", "-g", "65534")
		}
		args = append(args, fmt.Sprintf("udp:127.0.0.1:%d", port))
		a.cmd = exec.Command("snmpd", args...)
		a.cmd.Env = append(os.Environ(), "SNMP_PERSISTENT_DIR="+persist, "MIBS=")
		a.cmd.Stdout, a.cmd.Stderr = a.out, a.out
		if err := a.cmd.Start(); err != nil {
			t.Fatal(err)
		}
		go func() { a.cmd.Wait(); close(a.done) }()
		if a.ready(10 * time.Second) {
			t.Cleanup(a.Stop)
			return a
		}
		a.Stop()
		last = a.out.String()
	}
	t.Fatalf("snmpd did not start; it said:\n%s", last)
	return nil
}

// ready waits until snmpd says it runs, or exits.
func (a *Agent) ready(limit time.Duration) bool {
	end := time.Now().Add(limit)
	for time.Now().Before(end) {
		select {
		case <-a.done:
			return false
		default:
		}
		if strings.Contains(a.out.String(), "NET-SNMP version") {
			return true
		}
		time.Sleep(20 * time.Millisecond)
	}
	return false
}

func freeUDPPort(t testing.TB) int {
	c, err := net.ListenPacket("udp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	return c.LocalAddr().(*net.UDPAddr).Port
}

// Pause stops the agent answering (SIGSTOP) until Resume.
func (a *Agent) Pause() { a.cmd.Process.Signal(syscall.SIGSTOP) }

// Resume lets a paused agent answer again.
func (a *Agent) Resume() { a.cmd.Process.Signal(syscall.SIGCONT) }

// Output is what snmpd printed.
func (a *Agent) Output() string { return a.out.String() }

// Stop ends the agent (the test cleanup does it too).
func (a *Agent) Stop() {
	select {
	case <-a.done:
		return
	default:
	}
	a.cmd.Process.Signal(syscall.SIGCONT)
	a.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-a.done:
	case <-time.After(5 * time.Second):
		a.cmd.Process.Kill()
		<-a.done
	}
}

// fakeTable is a pass_persist helper for snmpd: it answers get and getnext
// under one base OID from a table file the test rewrites between sweeps, so
// counters can be made to wrap or go backwards. Table lines: OID TYPE VALUE.
const fakeTable = `import sys
base, table = sys.argv[1], sys.argv[2]
def key(o):
    return [int(x) for x in o.strip('.').split('.')]
def rows():
    out = []
    with open(table) as f:
        for line in f:
            p = line.split(None, 2)
            if len(p) == 3 and (p[0] + '.').startswith(base + '.'):
                out.append((key(p[0]), p[0], p[1], p[2].strip()))
    out.sort()
    return out
while True:
    cmd = sys.stdin.readline()
    if not cmd:
        break
    cmd = cmd.strip()
    if cmd == 'PING':
        print('PONG', flush=True)
        continue
    if cmd not in ('get', 'getnext'):
        continue
    oid = sys.stdin.readline().strip()
    k = key(oid)
    hit = None
    for r in rows():
        if (cmd == 'get' and r[0] == k) or (cmd == 'getnext' and r[0] > k):
            hit = r
            break
    if hit is None:
        print('NONE', flush=True)
    else:
        print(hit[1] + '\n' + hit[2] + '\n' + hit[3], flush=True)
`

// FakeTableConf writes the pass_persist helper and returns snmpd.conf lines
// that serve the given subtrees from table (see WriteTable). Needs python3.
func FakeTableConf(t testing.TB, table string, bases ...string) string {
	t.Helper()
	Require(t, "python3")
	// The system interpreter: snmpd runs as nobody, who cannot reach a
	// per-user one (pyenv shims under /root).
	py := "/usr/bin/python3"
	if _, err := os.Stat(py); err != nil {
		py, _ = exec.LookPath("python3")
	}
	script := filepath.Join(filepath.Dir(table), "faketable.py")
	if err := os.WriteFile(script, []byte(fakeTable), 0o755); err != nil {
		t.Fatal(err)
	}
	// snmpd runs as nobody: the helper and table must be reachable.
	for d := filepath.Dir(table); d != "/" && d != "."; d = filepath.Dir(d) {
		if st, err := os.Stat(d); err == nil && st.Mode().Perm()&0o005 != 0o005 {
			os.Chmod(d, st.Mode().Perm()|0o005)
		}
		if strings.Count(d, "/") <= 2 {
			break
		}
	}
	var b strings.Builder
	for _, base := range bases {
		fmt.Fprintf(&b, "pass_persist %s %s %s %s %s\n", base, py, script, base, table)
	}
	return b.String()
}

// WriteTable replaces the table file atomically.
func WriteTable(t testing.TB, table string, lines []string) {
	t.Helper()
	tmp := table + ".tmp"
	if err := os.WriteFile(tmp, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(tmp, table); err != nil {
		t.Fatal(err)
	}
}
