package sim

import (
	"bytes"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/fabviz/fabviz/data"
	"github.com/fabviz/fabviz/model"
	"github.com/fabviz/fabviz/routes"
	"github.com/fabviz/fabviz/routes/gen"
)

func fabric(t *testing.T, f *gen.Fabric, err error) *routes.Set {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
	return routes.New(f.M, f.Opener())
}

func ring(t *testing.T) *routes.Set {
	f, err := gen.Ring(4, model.Absolute)
	return fabric(t, f, err)
}

func cplant(t *testing.T) *routes.Set {
	f, err := gen.Cplant(model.Relative)
	return fabric(t, f, err)
}

// one runs jobs for a number of steps and returns the results and the
// last step's counters (copied).
func one(t *testing.T, set *routes.Set, jobs []JobSpec, cfg Config) ([]JobResult, Step) {
	t.Helper()
	var last Step
	res, err := Run(set, jobs, cfg, func(st *Step) error {
		last = Step{Index: st.Index, Packets: slices.Clone(st.Packets), Bad: slices.Clone(st.Bad), Jobs: slices.Clone(st.Jobs)}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return res, last
}

func port(t *testing.T, m *model.Model, label string) model.PortRef {
	t.Helper()
	p, ok := m.PortByLabel(label)
	if !ok {
		t.Fatalf("no port %s", label)
	}
	return p
}

func TestSameSeedSameBytes(t *testing.T) {
	set := cplant(t)
	jobs, _ := ParseAlloc("100,60@2,200")
	cfg := Config{Steps: 6, Capacity: 100, Packets: 450, Seed: 7,
		Bad: []BadCable{{Port: port(t, set.Model(), "sw35.12"), Fraction: 0.1, From: 1}}}
	dir := t.TempDir()
	read := func(sub string, cfg Config, log bool) map[string][]byte {
		out := Output{Dir: filepath.Join(dir, sub+ext(log)), Log: log, Start: time.Unix(0, 0), Interval: time.Minute, Comment: "test", Alone: true}
		if _, _, err := RunToDir(set, jobs, cfg, out); err != nil {
			t.Fatal(err)
		}
		files := map[string][]byte{}
		names, _ := filepath.Glob(filepath.Join(out.Dir, "*"))
		for _, n := range names {
			b, err := os.ReadFile(n)
			if err != nil {
				t.Fatal(err)
			}
			files[filepath.Base(n)] = b
		}
		return files
	}
	for _, log := range []bool{false, true} {
		a, b := read("a", cfg, log), read("b", cfg, log)
		if len(a) != 5 {
			t.Fatalf("want packets, bad, jobs, pairs and progress files, got %d", len(a))
		}
		checkLoads(t, set.Model(), filepath.Join(dir, "a"+ext(log)), log)
		for name := range a {
			if !bytes.Equal(a[name], b[name]) {
				t.Errorf("log=%v: %s differs between two runs with the same seed", log, name)
			}
		}
		cfg2 := cfg
		cfg2.Seed = 8
		c := read("c", cfg2, log)
		if bytes.Equal(a["bad"+ext(log)], c["bad"+ext(log)]) {
			t.Errorf("log=%v: another seed gives the same bad packets", log)
		}
	}
}

func ext(log bool) string {
	if log {
		return ".fvlog"
	}
	return ".dat"
}

// Two flows over one cable each get half of it; alone, one gets all of it.
func TestCapacitySharing(t *testing.T) {
	set := ring(t)
	m := set.Model()
	// 0→12 and 1→14 both leave s0 by east port 12 (even destinations take
	// the first parallel cable); their replies go back on two cables.
	shared := []JobSpec{{ID: 1, Nodes: []int{0, 12}}, {ID: 2, Nodes: []int{1, 14}}}
	cfg := Config{Steps: 1, Capacity: 100, Packets: 1000}
	res, st := one(t, set, shared, cfg)
	for _, j := range res {
		if j.Delivered != 50+100 {
			t.Errorf("job %d delivered %d in a step, want 50 (shared way) + 100 (own way back)", j.ID, j.Delivered)
		}
	}
	in := m.Peer(port(t, m, "s0.12"))
	if st.Packets[in] != 100 {
		t.Errorf("%s received %d packets, want the full capacity 100", m.Label(in), st.Packets[in])
	}
	res, _ = one(t, set, shared[:1], cfg)
	if res[0].Delivered != 200 {
		t.Errorf("alone the job delivered %d, want 100 each way", res[0].Delivered)
	}
}

// A job ends when every flow has delivered its packets; the slowest flow
// sets the pace, and the job's nodes are free the step after.
func TestJobEnds(t *testing.T) {
	set := ring(t)
	res, st := one(t, set, []JobSpec{{ID: 1, Nodes: []int{0, 12}}, {ID: 2, Nodes: []int{1, 14}}, {ID: 3, Size: 2, Start: 0}},
		Config{Steps: 12, Capacity: 100, Packets: 300})
	if res[0].End != 5 || res[1].End != 5 {
		t.Errorf("jobs sharing a cable at half speed end at %d and %d, want step 5", res[0].End, res[1].End)
	}
	if res[2].End != 2 {
		t.Errorf("job 3 alone ends at %d, want 2", res[2].End)
	}
	for _, id := range st.Jobs {
		if id != 0 {
			t.Fatalf("job %d still on a port after all ended", id)
		}
	}
}

func TestAllocatorInOrder(t *testing.T) {
	free := []bool{true, false, true, true, false, true, true}
	if got := Allocate(free, 10, 3); !slices.Equal(got, []int{10, 12, 13}) {
		t.Errorf("Allocate = %v, want the three lowest free nodes 10 12 13", got)
	}
	if got := Allocate(free, 10, 6); got != nil {
		t.Errorf("Allocate of more than free = %v, want nil", got)
	}
	set := ring(t)
	// 48 nodes: job 1 takes 0..19, job 2 20..39, job 3 (10 nodes) waits
	// for job 1 to end and then gets 0..9; job 4 (8) queues behind it even
	// though 8 nodes are free from the start.
	jobs, _ := ParseAlloc("20,20,10,8")
	res, _ := one(t, set, jobs, Config{Steps: 400, Capacity: 100, Packets: 100})
	want := [][]int{seq(0, 20), seq(20, 40), seq(0, 10), seq(10, 18)}
	for i, j := range res {
		if !slices.Equal(j.Nodes, want[i]) {
			t.Errorf("job %d got nodes %v, want %v", j.ID, j.Nodes, want[i])
		}
	}
	if res[2].Start != res[0].End+1 || res[3].Start != res[2].Start {
		t.Errorf("job 3 starts at %d, job 4 at %d; want both the step after job 1 ends (%d)", res[2].Start, res[3].Start, res[0].End)
	}
}

func seq(a, b int) []int {
	var out []int
	for i := a; i < b; i++ {
		out = append(out, i)
	}
	return out
}

// A corrupted packet is counted bad at the input port it arrives on over
// the bad cable and at every later input port of its route, nowhere else.
func TestBadCablePropagates(t *testing.T) {
	set := cplant(t)
	m := set.Model()
	bad := port(t, m, "sw35.12")
	jobs := []JobSpec{{ID: 1, Size: 624}}
	for _, frac := range []float64{1, 0.3} {
		cfg := Config{Steps: 1, Capacity: 1000, Packets: 10, Seed: 3, Bad: []BadCable{{Port: bad, Fraction: frac}}}
		res, st := one(t, set, jobs, cfg)
		// the ports at or after the bad cable on some route of the job
		after := map[model.PortRef]bool{}
		for _, pr := range Random.Pairs(res[0].Nodes, cfg.Seed, 1) {
			for _, d := range [][2]int{{pr[0], pr[1]}, {pr[1], pr[0]}} {
				hops, err := set.Trace(d[0], d[1])
				if err != nil {
					t.Fatal(err)
				}
				on := false
				for _, h := range hops {
					p := m.Port(h.Switch, h.In)
					on = on || p == bad || p == m.Peer(bad)
					if on {
						after[p] = true
					}
				}
			}
		}
		for p := range m.NumPorts() {
			ref := model.PortRef(p)
			b := st.Bad[p]
			switch {
			case b > 0 && !after[ref]:
				t.Errorf("frac %g: %s has %d bad packets but no route reaches it over the bad cable", frac, m.Label(ref), b)
			case b > st.Packets[p]:
				t.Errorf("frac %g: %s: %d bad of %d packets", frac, m.Label(ref), b, st.Packets[p])
			case frac == 1 && after[ref] && b == 0:
				t.Errorf("frac 1: %s is after the bad cable but counts no bad packet", m.Label(ref))
			}
		}
		for _, p := range []model.PortRef{bad, m.Peer(bad)} {
			if st.Bad[p] == 0 || (frac == 1 && st.Bad[p] != st.Packets[p]) {
				t.Errorf("frac %g: the bad cable's end %s: %d bad of %d packets", frac, m.Label(p), st.Bad[p], st.Packets[p])
			}
		}
		if len(after) < 4 {
			t.Fatalf("only %d ports after the bad cable: the test is too weak", len(after))
		}
	}
}

func TestBadFromStep(t *testing.T) {
	set := cplant(t)
	cfg := Config{Steps: 4, Capacity: 100, Packets: 1000, Bad: []BadCable{{Port: port(t, set.Model(), "sw35.12"), Fraction: 1, From: 2}}}
	var perStep []int64
	_, err := Run(set, []JobSpec{{ID: 1, Size: 624}}, cfg, func(st *Step) error {
		var n int64
		for _, v := range st.Bad {
			n += v
		}
		perStep = append(perStep, n)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if perStep[0] != 0 || perStep[1] != 0 || perStep[2] == 0 || perStep[3] == 0 {
		t.Errorf("bad packets per step %v, want none before step 2 and some from it", perStep)
	}
}

func TestPatterns(t *testing.T) {
	nodes := seq(0, 7)
	h := Halves.Pairs(nodes, 1, 1)
	if !slices.Equal(h, [][2]int{{0, 3}, {1, 4}, {2, 5}, {6, 0}}) {
		t.Errorf("halves = %v", h)
	}
	r := Random.Pairs(nodes, 1, 1)
	seen := map[int]int{}
	for _, p := range r {
		seen[p[0]]++
		seen[p[1]]++
	}
	if len(r) != 4 || len(seen) != 7 {
		t.Errorf("random pairs %v do not cover the 7 nodes in 4 pairs", r)
	}
	if slices.Equal(r, Random.Pairs(nodes, 1, 2)) && slices.Equal(r, Random.Pairs(nodes, 2, 1)) {
		t.Errorf("the pairing ignores the seed and the job id")
	}
}

func TestBlocksPattern(t *testing.T) {
	got := Blocks(2).Pairs(seq(10, 17), 1, 1)
	// blocks 10-13 and 14-17 cut short: 10↔12, 11↔13, then 14,15,16 as halves
	if !slices.Equal(got, [][2]int{{10, 12}, {11, 13}, {14, 15}, {16, 10}}) {
		t.Errorf("blocks:2 = %v", got)
	}
	for _, s := range []string{"random", "halves", "blocks:8"} {
		p, err := ParsePattern(s)
		if err != nil || p.String() != s {
			t.Errorf("ParsePattern(%q) = %v, %v", s, p, err)
		}
	}
}

func TestAllocOptions(t *testing.T) {
	jobs, err := ParseAlloc("4@3/blocks:2/sync,6/sync,8/halves,2")
	if err != nil {
		t.Fatal(err)
	}
	want := []JobSpec{
		{ID: 1, Size: 4, Start: 3, Pattern: Blocks(2), Sync: true},
		{ID: 2, Size: 6, Sync: true},
		{ID: 3, Size: 8, Pattern: Halves},
		{ID: 4, Size: 2},
	}
	for i := range want {
		if fmt.Sprint(jobs[i]) != fmt.Sprint(want[i]) {
			t.Errorf("job %d: %+v, want %+v", i+1, jobs[i], want[i])
		}
	}
}

// On the ring, a bulk-synchronous job's flows all send at its slowest
// flow's rate; without sync, the fast flows run ahead.
func TestSync(t *testing.T) {
	set := ring(t)
	// nodes 0,1 on s0 pair with 12,13 on s1 (one hop); 2 and 36 (s0 to s3,
	// one hop west) share nothing with them, but 3 pairs with 26 on s2: two
	// hops, sharing s0's east cable with the first two pairs
	nodes := []int{0, 1, 2, 3, 12, 13, 36, 26}
	run := func(sync bool) map[int]int64 {
		rate := map[int]int64{}
		cfg := Config{Steps: 1, Capacity: 100, Packets: 1000, Pattern: Halves}
		_, err := Run(set, []JobSpec{{ID: 1, Nodes: nodes, Sync: sync}, {ID: 2, Nodes: seq(24, 25), Pattern: Halves}}, cfg, func(st *Step) error {
			m := set.Model()
			for _, n := range nodes {
				rate[n] = st.Packets[m.NodePort(n)]
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		return rate
	}
	free, synced := run(false), run(true)
	slow := free[0]
	for _, n := range nodes {
		slow = min(slow, free[n])
	}
	differ := false
	for _, n := range nodes {
		differ = differ || free[n] != slow
		if synced[n] != slow {
			t.Errorf("synchronous: node %d sends %d, want the slowest flow's %d", n, synced[n], slow)
		}
	}
	if !differ {
		t.Errorf("without sync every flow runs at %d: the test shows nothing", slow)
	}
}

func TestBadConfig(t *testing.T) {
	set := ring(t)
	m := set.Model()
	for name, c := range map[string]struct {
		jobs []JobSpec
		cfg  Config
	}{
		"no steps":       {[]JobSpec{{ID: 1, Size: 2}}, Config{Capacity: 1, Packets: 1}},
		"zero id":        {[]JobSpec{{ID: 0, Size: 2}}, Config{Steps: 1, Capacity: 1, Packets: 1}},
		"too big":        {[]JobSpec{{ID: 1, Size: 49}}, Config{Steps: 1, Capacity: 1, Packets: 1}},
		"no such node":   {[]JobSpec{{ID: 1, Nodes: []int{0, 99}}}, Config{Steps: 1, Capacity: 1, Packets: 1}},
		"node twice":     {[]JobSpec{{ID: 1, Nodes: []int{3, 3}}}, Config{Steps: 1, Capacity: 1, Packets: 1}},
		"proc bad cable": {[]JobSpec{{ID: 1, Size: 2}}, Config{Steps: 1, Capacity: 1, Packets: 1, Bad: []BadCable{{Port: port(t, m, "s0.3")}}}},
		"fraction":       {[]JobSpec{{ID: 1, Size: 2}}, Config{Steps: 1, Capacity: 1, Packets: 1, Bad: []BadCable{{Port: port(t, m, "s0.12"), Fraction: 2}}}},
	} {
		if _, err := Run(set, c.jobs, c.cfg, func(*Step) error { return nil }); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
	for _, s := range []string{"", "x", "0", "5@-1", "5@y", "5,,6", "5/", "5/blocks:0", "5/fast", "5/halves/random", "5/sync/x"} {
		if _, err := ParseAlloc(s); err == nil {
			t.Errorf("ParseAlloc(%q): no error", s)
		}
	}
}

// The files are what data.Load reads: the job file as jobs with the same
// steps as the packet counts.
func checkLoads(t *testing.T, m *model.Model, dir string, log bool) {
	t.Helper()
	var series [3]*data.Series
	for i, name := range []string{"packets", "bad", "jobs"} {
		kind := data.Param
		if name == "jobs" {
			kind = data.Job
		}
		s, err := data.Load(filepath.Join(dir, name+ext(log)), m, data.Options{Kind: kind})
		if err != nil {
			t.Fatal(err)
		}
		series[i] = s
	}
	if err := data.CheckJobs(series[0], series[2]); err != nil || series[0].Steps() != 6 {
		t.Errorf("steps %d, jobs: %v", series[0].Steps(), err)
	}
	if got := series[2].JobIDs(); !slices.Equal(got, []int64{1, 2, 3}) {
		t.Errorf("job ids %v", got)
	}
}

func FuzzParseAlloc(f *testing.F) {
	for _, s := range []string{"128,50@10", "1", "5@0,6@3,7", "", ",", "4@", "@3", "-1", "99999999999999999999"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		jobs, err := ParseAlloc(s)
		if err != nil {
			return
		}
		for i, j := range jobs {
			if j.ID != int64(i+1) || j.Size < 1 || j.Start < 0 || j.Nodes != nil {
				t.Fatalf("%q: job %d = %+v", s, i, j)
			}
		}
	})
}

// The corruption draw has the binomial mean and variance.
func TestBinomial(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for _, c := range []struct {
		n int64
		p float64
	}{{1000, 0.01}, {50, 0.3}, {100000, 0.002}, {7, 0.9}} {
		const draws = 4000
		var sum, sq float64
		for range draws {
			k := binomial(rng, c.n, c.p)
			if k < 0 || k > c.n {
				t.Fatalf("n %d p %g: drew %d", c.n, c.p, k)
			}
			sum += float64(k)
			sq += float64(k) * float64(k)
		}
		mean, want := sum/draws, float64(c.n)*c.p
		variance, wantVar := sq/draws-mean*mean, want*(1-c.p)
		if math.Abs(mean-want) > 4*math.Sqrt(wantVar/draws) || math.Abs(variance/wantVar-1) > 0.15 {
			t.Errorf("n %d p %g: mean %.3f (want %.3f), variance %.3f (want %.3f)", c.n, c.p, mean, want, variance, wantVar)
		}
	}
	if binomial(rng, 10, 0) != 0 || binomial(rng, 10, 1) != 10 || binomial(rng, 0, 0.5) != 0 {
		t.Error("edge cases")
	}
}
