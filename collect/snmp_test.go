package collect

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/fabviz/fabviz/internal/testsupport/snmpdtest"
	"github.com/fabviz/fabviz/model"
)

const v3Conf = `rocommunity public 127.0.0.1
createUser fabv3 SHA "auth-pass-123" AES "priv-pass-123"
rouser fabv3 priv
`

const testSecrets = `# test secrets
community pub public
community wrong not-the-community
usm v3 fabv3 auth SHA auth-pass-123 priv AES priv-pass-123
usm v3bad fabv3 auth SHA wrong-pass-123 priv AES priv-pass-123
`

func ethModel(t testing.TB) *model.Model {
	t.Helper()
	m, err := model.Load("testdata/eth.fvm")
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func snmpSource(t testing.TB, m *model.Model, mapping string) *SNMPSource {
	t.Helper()
	mp, err := ParseSNMPMap("test.map", strings.NewReader(mapping), m)
	if err != nil {
		t.Fatal(err)
	}
	sec, err := ParseSecrets("test.secrets", strings.NewReader(testSecrets))
	if err != nil {
		t.Fatal(err)
	}
	src, err := NewSNMPSource(m, mp, sec, nil)
	if err != nil {
		t.Fatal(err)
	}
	src.Timeout = 3 * time.Second
	return src
}

func col(t testing.TB, m *model.Model, src Source, label string) int {
	t.Helper()
	for i, p := range src.Ports() {
		if m.Label(p) == label {
			return i
		}
	}
	t.Fatalf("%s not among the source's ports", label)
	return -1
}

// TestSNMPLive reads the loopback interface of a real snmpd over v2c and v3,
// by ifName and by ifIndex, and reports an unknown ifName.
func TestSNMPLive(t *testing.T) {
	a := snmpdtest.Start(t, v3Conf)
	m := ethModel(t)
	src := snmpSource(t, m, fmt.Sprintf(`agent e1 %[1]s pub
port e1.1 ifname lo
port e1.2 ifindex 1
agent e2 udp:%[1]s v3
port e2.1 ifname lo
port e2.3 ifname no-such-if
`, a.Addr()))
	r := NewReading(len(src.Counters()), len(src.Ports()))
	st := src.Sweep(context.Background(), r)
	if st.Attempted != 4 || st.Read != 3 {
		t.Fatalf("read %d of %d: %v\n%s", st.Read, st.Attempted, st.Warnings, a.Output())
	}
	if len(st.Warnings) != 1 || !strings.Contains(st.Warnings[0].Error(), `unknown ifName "no-such-if" for e2.3`) ||
		!strings.Contains(st.Warnings[0].Error(), `"lo"`) {
		t.Errorf("warnings %v", st.Warnings)
	}
	in := 0 // ifHCInOctets
	for _, l := range []string{"e1.1", "e1.2", "e2.1"} {
		c := col(t, m, src, l)
		if !r.OK[in][c] || r.Vals[in][c] == 0 {
			t.Errorf("%s: ifHCInOctets %d ok %v", l, r.Vals[in][c], r.OK[in][c])
		}
		for k := range src.Counters() {
			if !r.OK[k][c] {
				t.Errorf("%s: %s not read", l, src.Counters()[k].Name)
			}
		}
	}
	if c := col(t, m, src, "e2.3"); r.OK[in][c] {
		t.Error("e2.3 read although its ifName is unknown")
	}
	// Loopback traffic only adds to the counters (snmpd caches them for a
	// few seconds, so they may also stay put).
	first := r.Vals[in][col(t, m, src, "e1.1")]
	r2 := NewReading(len(src.Counters()), len(src.Ports()))
	src.Sweep(context.Background(), r2)
	if second := r2.Vals[in][col(t, m, src, "e1.1")]; second < first {
		t.Errorf("ifHCInOctets of lo went from %d to %d", first, second)
	}
}

// TestSNMPBadCredentials: an agent asked with a wrong community (or v3
// passphrase) does not answer; its ports stay unread with a warning, and
// the other agents are read.
func TestSNMPBadCredentials(t *testing.T) {
	a := snmpdtest.Start(t, v3Conf)
	m := ethModel(t)
	src := snmpSource(t, m, fmt.Sprintf("agent e1 %[1]s wrong\nport e1.1 ifindex 1\nagent e2 %[1]s v3bad\nport e2.1 ifindex 1\n", a.Addr()))
	src.Timeout = time.Second
	r := NewReading(len(src.Counters()), len(src.Ports()))
	st := src.Sweep(context.Background(), r)
	if st.Read != 0 || st.Attempted != 2 || len(st.Warnings) != 2 {
		t.Fatalf("read %d of %d: %v", st.Read, st.Attempted, st.Warnings)
	}
	for _, w := range st.Warnings {
		if !strings.Contains(w.Error(), "agent "+a.Addr()) {
			t.Errorf("warning %q", w)
		}
	}
	good := snmpSource(t, m, fmt.Sprintf("agent e1 %s pub\nport e1.1 ifindex 1\n", a.Addr()))
	if st := good.Sweep(context.Background(), NewReading(8, 1)); st.Read != 1 {
		t.Errorf("good community: %v", st.Warnings)
	}
}

// statusHook calls fn with each status line the collector prints.
type statusHook struct {
	mu   sync.Mutex
	fn   func(line string)
	text strings.Builder
}

func (h *statusHook) Write(p []byte) (int, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.text.Write(p)
	for _, l := range strings.Split(strings.TrimRight(string(p), "\n"), "\n") {
		h.fn(l)
	}
	return len(p), nil
}

func (h *statusHook) String() string {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.text.String()
}

// logValues returns the data lines of a log, without their timestamps.
func logValues(t testing.TB, path string) []string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, l := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		if strings.HasPrefix(l, "#") {
			continue
		}
		_, v, _ := strings.Cut(l, " ")
		out = append(out, v)
	}
	return out
}

// TestSNMPAgentStopsAnswering pauses snmpd (SIGSTOP) for one sweep: that
// step is a gap, the next has no baseline and is a gap too, and the one
// after has values again.
func TestSNMPAgentStopsAnswering(t *testing.T) {
	a := snmpdtest.Start(t, v3Conf)
	m := ethModel(t)
	src := snmpSource(t, m, fmt.Sprintf("agent e1 %s pub\nport e1.1 ifname lo\n", a.Addr()))
	src.Timeout = time.Second
	hook := &statusHook{fn: func(l string) {
		switch {
		case strings.Contains(l, "step 0:"):
			a.Pause()
		case strings.Contains(l, "step 1:"):
			a.Resume()
		}
	}}
	dir := t.TempDir()
	sum := runCollector(t, Config{Model: m, Source: src, Dir: dir, Interval: 2 * time.Second, Steps: 4, Status: hook, Counters: []string{"ifHCInOctets"}})
	vals := logValues(t, filepath.Join(dir, "ifHCInOctets.fvlog"))
	if len(vals) != 4 || vals[0] == "-" || vals[1] != "-" || vals[2] != "-" || vals[3] == "-" {
		t.Fatalf("log values %q\n%s", vals, hook)
	}
	if !strings.Contains(hook.String(), "timed out") || sum.Read != 4 || sum.Attempted != 5 {
		t.Errorf("summary %v\n%s", sum, hook)
	}
}

// TestSNMPWrapAndReset serves a fake ifTable/ifXTable through snmpd's
// pass_persist and makes a 32-bit counter wrap and a 64-bit one go backwards.
func TestSNMPWrapAndReset(t *testing.T) {
	dir := t.TempDir()
	table := filepath.Join(dir, "table")
	conf := "rocommunity public 127.0.0.1\n" + snmpdtest.FakeTableConf(t, table, ".1.3.6.1.2.1.31.1.1.1", ".1.3.6.1.2.1.2.2.1")
	steps := [][2]uint64{ // ifHCInOctets, ifInErrors of ifIndex 7
		{1000, 4294967000}, // baseline
		{1500, 100},        // errors wrap: +396
		{700, 150},         // octets go backwards: reset
		{800, 150},
	}
	write := func(i int) {
		snmpdtest.WriteTable(t, table, []string{
			".1.3.6.1.2.1.31.1.1.1.1.7 string swp7",
			fmt.Sprintf(".1.3.6.1.2.1.31.1.1.1.6.7 counter64 %d", steps[i][0]),
			".1.3.6.1.2.1.31.1.1.1.10.7 counter64 5",
			fmt.Sprintf(".1.3.6.1.2.1.2.2.1.14.7 counter %d", steps[i][1]),
			".1.3.6.1.2.1.2.2.1.20.7 counter 0",
		})
	}
	write(0)
	a := snmpdtest.Start(t, conf)
	m := ethModel(t)
	src := snmpSource(t, m, fmt.Sprintf("agent e2 %s pub\nport e2.2 ifname swp7\n", a.Addr()))
	next := 0
	hook := &statusHook{fn: func(l string) {
		if strings.Contains(l, "baseline") || strings.Contains(l, "step ") && !strings.HasPrefix(l, " ") {
			if next++; next < len(steps) {
				write(next)
			}
		}
	}}
	logs := t.TempDir()
	// The helper answers each GETNEXT in a Python process: keep requests
	// small, and give slow sweeps on a loaded machine time. An overrun would
	// make the next step a gap (its delta spans two intervals).
	src.MaxRepetitions = 2
	sum := runCollector(t, Config{Model: m, Source: src, Dir: logs, Interval: 3 * time.Second, Deadline: 2900 * time.Millisecond, Steps: 3, Status: hook})
	if sum.Skipped > 0 {
		t.Skipf("machine too loaded: %d intervals skipped\n%s", sum.Skipped, hook)
	}
	got := strings.Join(logValues(t, filepath.Join(logs, "ifHCInOctets.fvlog")), ",") + " " +
		strings.Join(logValues(t, filepath.Join(logs, "ifInErrors.fvlog")), ",")
	if want := "500,-,100 396,50,0"; got != want || sum.Resets != 1 || sum.Wraps != 1 {
		t.Errorf("logs %s, want %s; %v\n%s\n%s", got, want, sum, hook, a.Output())
	}
	// Columns the table lacks (ifHCInUcastPkts) are not read at all.
	if v := logValues(t, filepath.Join(logs, "ifHCInUcastPkts.fvlog")); strings.Join(v, ",") != "-,-,-" {
		t.Errorf("ifHCInUcastPkts %q", v)
	}
}

// runCollector runs a collector to its end.
func runCollector(t testing.TB, cfg Config) Summary {
	t.Helper()
	c, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	sum, err := c.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return sum
}
