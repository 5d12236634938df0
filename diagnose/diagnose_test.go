package diagnose

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/fabviz/fabviz/data"
	"github.com/fabviz/fabviz/model"
	"github.com/fabviz/fabviz/routes"
	"github.com/fabviz/fabviz/sim"
)

func loadCplant(t *testing.T) (*model.Model, *routes.Set) {
	t.Helper()
	m, err := model.Load("../examples/cplant/cplant.fvm")
	if err != nil {
		t.Fatal(err)
	}
	set, err := routes.Open(m)
	if err != nil {
		t.Fatal(err)
	}
	return m, set
}

// netCables lists one port of every cable between two switches.
func netCables(m *model.Model) []model.PortRef {
	var out []model.PortRef
	for p := range m.NumPorts() {
		pr := model.PortRef(p)
		if q := m.Peer(pr); q != model.NoPort && pr < q {
			out = append(out, pr)
		}
	}
	return out
}

// TestBadCableAnywhere fails cables all over the Cplant-like system, with
// several seeds, and checks that the culprit is the first finding, with
// both its ends and the step it went bad. Only cables that carried enough
// traffic in both directions to count MinErrors at each end can be told
// apart this way; the others are counted and must be few.
func TestBadCableAnywhere(t *testing.T) {
	m, set := loadCplant(t)
	cables := netCables(m)
	stride := max(1, len(cables)/24)
	const from = 4
	tried, silent := 0, 0
	for i := 0; i < len(cables); i += stride {
		bad := cables[i]
		seed := uint64(1 + i%3)
		dir := t.TempDir()
		cfg := sim.Config{Steps: 10, Capacity: 1000, Packets: 100000, Seed: seed,
			Bad: []sim.BadCable{{Port: bad, Fraction: 0.02, From: from}}}
		jobs := []sim.JobSpec{{ID: 1, Size: 200}, {ID: 2, Size: 200}, {ID: 3, Size: 224}}
		if _, _, err := sim.RunToDir(set, jobs, cfg, sim.Output{Dir: dir, Start: time.Unix(0, 0), Interval: time.Minute}); err != nil {
			t.Fatal(err)
		}
		in, err := Load(m, []string{dir}, "")
		if err != nil {
			t.Fatal(err)
		}
		errs := counter(t, in, "bad_packets")
		ends := []model.PortRef{bad, m.Peer(bad)}
		if min(errs.Total(ends[0]), errs.Total(ends[1])) < Defaults.MinErrors {
			silent++ // too little traffic crossed it one way to pass the threshold
			continue
		}
		tried++
		f := Run(Input{Model: m, Routes: set, Counters: in.Counters, Jobs: in.Jobs}, Defaults)
		if len(f) == 0 || f[0].Kind != BadCable {
			t.Errorf("cable %s (seed %d): first finding %v", m.Label(bad), seed, first(f))
			continue
		}
		want := labels(m, ends)
		got := slices.Clone(f[0].Ports)
		slices.Sort(want)
		slices.Sort(got)
		if !slices.Equal(got, want) || f[0].FirstStep != from {
			t.Errorf("cable %s (seed %d): found %v from step %d, want %v from step %d", m.Label(bad), seed, f[0].Ports, f[0].FirstStep, want, from)
		}
		if n := countKind(f, BadCable); n != 1 {
			t.Errorf("cable %s: %d bad-cable findings, want 1: %v", m.Label(bad), n, f)
		}
	}
	if tried < 15 || silent > tried/2 {
		t.Errorf("%d cables diagnosed, %d carried too little traffic one way", tried, silent)
	}
	t.Logf("%d cables diagnosed, %d carried too little traffic one way", tried, silent)
}

func first(f []Finding) any {
	if len(f) == 0 {
		return "none"
	}
	return f[0]
}

func countKind(f []Finding, k Kind) int {
	n := 0
	for _, x := range f {
		if x.Kind == k {
			n++
		}
	}
	return n
}

func counter(t *testing.T, in *Loaded, name string) *data.Series {
	t.Helper()
	for _, c := range in.Counters {
		if c.Name == name {
			return c.Series
		}
	}
	t.Fatalf("no counter %s among %d", name, len(in.Counters))
	return nil
}

// series writes a §3 file for ring4 and reads it back.
func series(t *testing.T, m *model.Model, counter, unit string, rows map[string][]string) Counter {
	t.Helper()
	var b strings.Builder
	fmt.Fprintf(&b, "#! counter %s %s\n", counter, unit)
	keys := make([]string, 0, len(rows))
	for k := range rows {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		fmt.Fprintf(&b, "%s %s\n", k, strings.Join(rows[k], " "))
	}
	path := filepath.Join(t.TempDir(), counter+".dat")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := data.Load(path, m, data.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return Counter{Name: counter, Unit: unit, Series: s}
}

func ring4(t *testing.T) *model.Model {
	t.Helper()
	m, err := model.Load("../examples/ring4/ring4.fvm")
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// TestLocalErrors: symbol errors at one port name its cable, with the
// receiving end first, the step they began, and nothing else.
func TestLocalErrors(t *testing.T) {
	m := ring4(t)
	peer := m.Label(m.Peer(mustPort(t, m, "s1.12")))
	c := series(t, m, "symbol_error", "errors", map[string][]string{
		"s1.12": {"0", "0", "7", "30", "-", "12"},
		"s0.3":  {"0", "2", "0", "0", "0", "0"}, // two errors: under the threshold
	})
	f := Run(Input{Model: m, Counters: []Counter{c}}, Defaults)
	if len(f) != 1 {
		t.Fatalf("%d findings: %v", len(f), f)
	}
	g := f[0]
	if g.Kind != BadCable || !slices.Equal(g.Ports, []string{"s1.12", peer}) || g.FirstStep != 2 || g.LastStep != 5 {
		t.Errorf("got %+v", g)
	}
	if !strings.Contains(g.Evidence[0], "s1.12 counted 49 symbol_error") || g.Score != 4.9 {
		t.Errorf("evidence %q score %v", g.Evidence, g.Score)
	}
}

func mustPort(t *testing.T, m *model.Model, label string) model.PortRef {
	t.Helper()
	p, ok := m.PortByLabel(label)
	if !ok {
		t.Fatalf("no port %s", label)
	}
	return p
}

// TestLinkDowns: one event is a link down, three are flapping; both ends
// counting the same events make one finding.
func TestLinkDowns(t *testing.T) {
	m := ring4(t)
	a, b := "s0.12", m.Label(m.Peer(mustPort(t, m, "s0.12")))
	c := series(t, m, "link_downed", "events", map[string][]string{
		a:      {"0", "1", "0", "1", "1"},
		b:      {"0", "1", "0", "1", "1"},
		"s2.3": {"0", "0", "1", "0", "0"},
	})
	f := Run(Input{Model: m, Counters: []Counter{c}}, Defaults)
	if len(f) != 2 {
		t.Fatalf("%d findings: %+v", len(f), f)
	}
	if f[0].Kind != LinkDown || f[0].Ports[0] != "s2.3" || f[0].FirstStep != 2 {
		t.Errorf("first: %+v", f[0])
	}
	if f[1].Kind != Flapping || len(f[1].Ports) != 2 || f[1].FirstStep != 1 || f[1].LastStep != 4 || !strings.Contains(f[1].Evidence[0], "in 3 steps") {
		t.Errorf("second: %+v", f[1])
	}
}

// TestCongestionAndImbalance: a job whose ports differ wildly among jobs
// whose ports agree, and a link at capacity for four steps.
func TestCongestionAndImbalance(t *testing.T) {
	m := ring4(t)
	rows := map[string][]string{}
	jobRows := map[string][]string{}
	for n := 0; n < 48; n++ {
		label := m.Label(m.NodePort(n))
		job := fmt.Sprint(1 + n/12) // four jobs of 12 nodes, one a switch
		v := 100 + n%3              // nearly even
		if job == "3" {
			v = 10 + 40*(n%4) // 10..130: spread (p90-p10)/p50 ≈ 1.7
		}
		rows[label] = []string{fmt.Sprint(v), fmt.Sprint(v), fmt.Sprint(v)}
		jobRows[label] = []string{job, job, job}
	}
	rows["s1.13"] = []string{"950", "990", "1000"}
	traffic := series(t, m, "packets", "packets", rows)
	jobs := series(t, m, "job", "", jobRows)
	th := Defaults
	th.Capacity = 1000
	th.CongestedSteps = 3
	f := Run(Input{Model: m, Counters: []Counter{traffic}, Jobs: jobs.Series}, th)
	if countKind(f, Congestion) != 1 || countKind(f, Imbalance) != 1 || len(f) != 2 {
		t.Fatalf("findings: %+v", f)
	}
	if f[0].Kind != Congestion || f[0].Ports[0] != "s1.13" || f[0].FirstStep != 0 || f[0].LastStep != 2 {
		t.Errorf("congestion: %+v", f[0])
	}
	if f[1].Kind != Imbalance || !slices.Equal(f[1].Jobs, []int64{3}) || len(f[1].Ports) != 12 {
		t.Errorf("imbalance: %+v", f[1])
	}
}

// TestCongestionJobs: on the sixjobs study, a congested link's jobs are
// those whose routes cross it, traced through the model's routes.
func TestCongestionJobs(t *testing.T) {
	m, set := loadCplant(t)
	in, err := Load(m, []string{"../examples/sixjobs/packets.dat"}, "../examples/sixjobs/jobs.dat")
	if err != nil {
		t.Fatal(err)
	}
	pairs, err := routes.LoadPairs("../examples/sixjobs/pairs.txt", m)
	if err != nil {
		t.Fatal(err)
	}
	th := Defaults
	th.Capacity = 120000
	f := Run(Input{Model: m, Routes: set, Counters: in.Counters, Jobs: in.Jobs, Pairs: pairs}, th)
	if countKind(f, Congestion) == 0 {
		t.Fatal("no congestion in sixjobs")
	}
	for _, g := range f {
		if g.Kind != Congestion {
			continue
		}
		// Check the jobs against a trace of the pairs, done here.
		p := mustPort(t, m, g.Ports[0])
		want := map[int64]bool{}
		ids := make([]int64, m.NumPorts())
		in.Jobs.FillJobs(ids, g.FirstStep)
		for _, pr := range pairs {
			hops, err := set.Trace(pr.Src, pr.Dst)
			if err != nil {
				continue
			}
			for _, h := range hops {
				if m.Port(h.Switch, h.In) == p {
					want[ids[m.NodePort(pr.Src)]] = true
				}
			}
		}
		if len(want) != len(g.Jobs) {
			t.Errorf("%s: jobs %v, traced %v", g.Ports[0], g.Jobs, want)
		}
		for _, j := range g.Jobs {
			if !want[j] {
				t.Errorf("%s: job %d does not cross it", g.Ports[0], j)
			}
		}
	}
}

// TestDegraded: one switch cable trained at 1x in a 4x fabric, one host at
// SDR among QDR hosts; 2x hosts alone are not compared with switch cables.
func TestDegraded(t *testing.T) {
	m := ring4(t)
	slow := mustPort(t, m, "s1.12")
	host := mustPort(t, m, "s2.5")
	links := func(p model.PortRef) (Link, bool) {
		switch {
		case p == slow:
			return Link{1, "QDR", 8}, true
		case p == host:
			return Link{4, "SDR", 8}, true
		case m.Spec(p).Role == model.Proc:
			return Link{2, "QDR", 16}, true
		}
		return Link{4, "QDR", 32}, true
	}
	f := Run(Input{Model: m, Links: links}, Defaults)
	if len(f) != 2 || countKind(f, Degraded) != 2 {
		t.Fatalf("findings: %+v", f)
	}
	byPort := map[string]Finding{}
	for _, g := range f {
		byPort[g.Ports[0]] = g
	}
	g, ok := byPort["s1.12"]
	if !ok || len(g.Ports) != 2 || g.Score != 4 || g.FirstStep != -1 ||
		g.Evidence[0] != "the cable runs at 1x QDR (8 Gb/s) where 7 of 8 switch-to-switch cables run at 4x QDR (32 Gb/s)" {
		t.Errorf("switch cable: %+v", g)
	}
	if g, ok := byPort["s2.5"]; !ok || len(g.Ports) != 1 || !strings.Contains(g.Evidence[0], "47 of 48 host cables run at 2x QDR") {
		t.Errorf("host cable: %+v", byPort)
	}
}

// TestDegradedFromModel: the model's rate lines, one cable trained at 1x in
// a 4x fabric, through ModelLinks: that cable is the one finding.
func TestDegradedFromModel(t *testing.T) {
	src, err := os.ReadFile("../examples/ring4/ring4.fvm")
	if err != nil {
		t.Fatal(err)
	}
	text := string(src)
	base, err := model.Parse("ring4.fvm", strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range base.Links() {
		for _, p := range []model.PortRef{l.A, l.B} {
			width := "4x"
			if base.Label(p) == "s2.12" || base.Peer(p) != model.NoPort && base.Label(base.Peer(p)) == "s2.12" {
				width = "1x"
			}
			text += fmt.Sprintf("rate %s %s EDR\n", base.Label(p), width)
		}
	}
	m, err := model.Parse("ring4.fvm", strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	f := Run(Input{Model: m, Links: ModelLinks(m)}, Defaults)
	if len(f) != 1 || f[0].Kind != Degraded || f[0].Ports[0] != "s2.12" && f[0].Ports[1] != "s2.12" ||
		!strings.Contains(f[0].Evidence[0], "runs at 1x EDR (25 Gb/s) where 7 of 8 switch-to-switch cables run at 4x EDR (100 Gb/s)") {
		t.Fatalf("findings: %+v", f)
	}
	if ModelLinks(base) != nil {
		t.Error("links for a model without rate lines")
	}
}

// TestLinkHealth: the collector's link_state and link_width logs. A link
// that leaves the active state three times flaps (and link_downed's count
// of the same cable joins that finding); one that leaves it once is down;
// a link that retrains at 1x for two steps is degraded from then.
func TestLinkHealth(t *testing.T) {
	m := ring4(t)
	a := "s0.12"
	peer := m.Label(m.Peer(mustPort(t, m, a)))
	state := series(t, m, "link_state", "", map[string][]string{
		a:      {"4", "4", "1", "4", "1", "-", "4", "2", "4"},
		peer:   {"4", "4", "1", "4", "1", "-", "4", "2", "4"},
		"s2.3": {"4", "4", "4", "2", "4", "4", "4", "4", "4"},
		"s1.5": {"4", "4", "4", "4", "4", "4", "4", "4", "4"},
	})
	downed := series(t, m, "link_downed", "events", map[string][]string{
		a: {"0", "0", "1", "0", "1", "-", "0", "1", "0"},
	})
	width := series(t, m, "link_width", "", map[string][]string{
		"s1.12": {"4", "4", "4", "1", "1", "4", "4", "4", "4"},
		"s1.13": {"4", "4", "4", "4", "4", "4", "4", "4", "4"},
	})
	f := Run(Input{Model: m, Counters: []Counter{state, downed, width}}, Defaults)
	if len(f) != 3 {
		t.Fatalf("%d findings: %+v", len(f), f)
	}
	if f[0].Kind != LinkDown || f[0].Ports[0] != "s2.3" || f[0].FirstStep != 3 {
		t.Errorf("first: %+v", f[0])
	}
	if f[1].Kind != Flapping || len(f[1].Ports) != 2 || f[1].FirstStep != 2 || f[1].LastStep != 7 || len(f[1].Evidence) != 2 ||
		!strings.Contains(f[1].Evidence[0], "left the active state 3 times") {
		t.Errorf("second: %+v", f[1])
	}
	if f[2].Kind != Degraded || f[2].Ports[0] != "s1.12" || f[2].FirstStep != 3 || f[2].LastStep != 4 ||
		!strings.Contains(f[2].Evidence[0], "s1.12's link_width was 1 lanes at 2 steps between steps 3–4, against its usual 4") {
		t.Errorf("third: %+v", f[2])
	}
}

// TestThresholdNames: every name an init file may give sets a threshold.
func TestThresholdNames(t *testing.T) {
	for i, name := range data.DiagnoseKeys {
		th := Defaults
		if err := th.Set(name, float64(1000+i)); err != nil || th == Defaults {
			t.Errorf("%s: %v, thresholds unchanged %v", name, err, th == Defaults)
		}
	}
	if _, err := FromInit(map[string]float64{"nosuch": 1}); err == nil {
		t.Error("unknown name accepted")
	}
}
