package main

// Every sentence README.md ("Three case studies") says about a case-study picture
// is checked here on the shipped data, so the prose cannot drift from it.
// TestScenariosUpToDate checks that the shipped data are what the simulator
// makes; these tests check what the data show.

import (
	"bufio"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/fabviz/fabviz/data"
	"github.com/fabviz/fabviz/internal/testsupport/ibsimtest"
	"github.com/fabviz/fabviz/model"
	"github.com/fabviz/fabviz/routes"
)

const (
	sixjobsDir  = "../../examples/sixjobs"
	badcableDir = "../../examples/badcable"
	drawnStep   = 10 // the step sixjobs.fvcmd draws
	stalledJob  = 3
	wellJob     = 5 // fragmented, yet as fast as alone
)

type study struct {
	m    *model.Model
	set  *routes.Set
	pk   *data.Series
	jobs *data.Series
}

func loadStudy(t *testing.T, dir, param string) study {
	t.Helper()
	m, err := model.Load(cplantModel)
	if err != nil {
		t.Fatal(err)
	}
	set, err := routes.Open(m)
	if err != nil {
		t.Fatal(err)
	}
	pk, err := data.Load(filepath.Join(dir, param), m, data.Options{Kind: data.Param})
	if err != nil {
		t.Fatal(err)
	}
	jobs, err := data.Load(filepath.Join(dir, "jobs.dat"), m, data.Options{Kind: data.Job})
	if err != nil {
		t.Fatal(err)
	}
	return study{m, set, pk, jobs}
}

func (s study) at(p model.PortRef, step int) int64 {
	v, _ := s.pk.Value(p, step)
	return v
}

// procByJob is every job's processor-port values at a step.
func (s study) procByJob(step int) map[int64][]int64 {
	out := map[int64][]int64{}
	for i := range s.m.NumPorts() {
		p := model.PortRef(i)
		if s.m.Spec(p).Role != model.Proc {
			continue
		}
		if j, _ := s.jobs.Value(p, step); j != 0 {
			out[j] = append(out[j], s.at(p, step))
		}
	}
	for _, v := range out {
		slices.Sort(v)
	}
	return out
}

func (s study) row(node int) int { return s.m.Switches[s.m.SwitchOf(s.m.NodePort(node))].Row }

// jobRows is the physical rows a job's nodes are in, in increasing order.
func (s study) jobRows(job int64, step int) []int {
	var rows []int
	for i := range s.m.NumPorts() {
		p := model.PortRef(i)
		if j, _ := s.jobs.Value(p, step); j == job && s.m.Spec(p).Role == model.Proc {
			if r := s.m.Switches[s.m.SwitchOf(p)].Row; !slices.Contains(rows, r) {
				rows = append(rows, r)
			}
		}
	}
	slices.Sort(rows)
	return rows
}

// pairs reads pairs.txt: each job's flows, source and destination node.
func pairs(t *testing.T, path string) map[int64][][2]int {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	out := map[int64][][2]int{}
	var job int64
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if rest, ok := strings.CutPrefix(line, "# job "); ok {
			job, _ = strconv.ParseInt(rest, 10, 64)
			continue
		}
		var a, b int
		if fs := strings.Fields(line); len(fs) == 2 && !strings.HasPrefix(line, "#") {
			a, _ = strconv.Atoi(fs[0])
			b, _ = strconv.Atoi(fs[1])
			out[job] = append(out[job], [2]int{a, b})
		}
	}
	return out
}

// progress reads progress.txt: the slowdown column by job id.
func progress(t *testing.T, path string) map[int64]string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	out := map[int64]string{}
	for _, line := range strings.Split(string(b), "\n") {
		f := strings.Fields(line)
		if len(f) < 2 || strings.HasPrefix(line, "#") || f[0] == "job" {
			continue
		}
		id, _ := strconv.ParseInt(f[0], 10, 64)
		out[id] = f[len(f)-1]
	}
	return out
}

func TestSixjobsScriptDrawsStep(t *testing.T) {
	b, err := os.ReadFile(filepath.Join(sixjobsDir, "sixjobs.fvcmd"))
	if err != nil {
		t.Fatal(err)
	}
	if !regexp.MustCompile(`(?m)^step ` + strconv.Itoa(drawnStep) + `$`).Match(b) {
		t.Errorf("sixjobs.fvcmd does not draw step %d, the step the README and these tests describe", drawnStep)
	}
	if !regexp.MustCompile(`(?m)^route 216 224$`).Match(b) {
		t.Error("sixjobs.fvcmd does not draw the route 216 224 the README describes")
	}
}

// README: at step 10 job 3's ports are all black (13,333 packets a step,
// under 15,000) while every other job's median is 30,000 or more, some
// ports are yellow (over 100,000) and horizontal traffic dominates.
func TestSixjobsOnlyTheStalledJobIsDark(t *testing.T) {
	s := loadStudy(t, sixjobsDir, "packets.dat")
	by := s.procByJob(drawnStep)
	if len(by) != 6 {
		t.Fatalf("%d jobs run at step %d, want 6", len(by), drawnStep)
	}
	for j, v := range by {
		med := v[len(v)/2]
		if j == stalledJob {
			if v[0] != 13333 || v[len(v)-1] != 13333 {
				t.Errorf("job %d's ports at step %d: %d..%d, want all 13,333", j, drawnStep, v[0], v[len(v)-1])
			}
			continue
		}
		if med < 30000 {
			t.Errorf("job %d's median at step %d is %d, want 30,000 or more", j, drawnStep, med)
		}
	}
	var over int
	var horiz, vert int64
	for i := range s.m.NumPorts() {
		p := model.PortRef(i)
		v := s.at(p, drawnStep)
		if v > 100000 {
			over++
		}
		if sp := s.m.Spec(p); sp.Role == model.Net {
			if sp.Face == model.East || sp.Face == model.West {
				horiz += v
			} else {
				vert += v
			}
		}
	}
	if over == 0 {
		t.Errorf("no port above 100,000 at step %d", drawnStep)
	}
	if r := float64(horiz) / float64(vert); r < 1.9 || r > 2.1 {
		t.Errorf("east-west ports carry %d packets, north-south %d: %.2f times, want about twice", horiz, vert, r)
	}
}

// README: the yellow processor ports (over 100,000) are nodes whose
// exchange has every cable of its route to itself.
func TestSixjobsYellowPortsHaveTheirCablesToThemselves(t *testing.T) {
	s := loadStudy(t, sixjobsDir, "packets.dat")
	all := pairs(t, filepath.Join(sixjobsDir, "pairs.txt"))
	users := map[model.PortRef]int{}
	routeOf := map[[2]int][]model.PortRef{}
	for _, fl := range all {
		for _, f := range fl {
			hs, err := s.set.Trace(f[0], f[1])
			if err != nil {
				t.Fatal(err)
			}
			for _, h := range hs[1:] {
				p := s.m.Port(h.Switch, h.In)
				users[p]++
				routeOf[f] = append(routeOf[f], p)
			}
		}
	}
	yellow := 0
	for _, fl := range all {
		for _, f := range fl {
			if s.at(s.m.NodePort(f[0]), drawnStep) <= 100000 {
				continue
			}
			yellow++
			for _, p := range routeOf[f] {
				if users[p] != 1 {
					t.Errorf("n%d sends over 100,000 at step %d to n%d, but %s carries %d flows", f[0], drawnStep, f[1], s.m.Label(p), users[p])
				}
			}
		}
	}
	if yellow == 0 {
		t.Error("no yellow processor port")
	}
}

// README: the allocator fragments the jobs: each lands in two to four
// physical rows; job 3 is n198..n261 in physical rows 3, 8 and 9, job 5 in
// rows 11, 15 and 16; each job's node ids are consecutive (one run along
// the logical rows).
func TestSixjobsFragmented(t *testing.T) {
	s := loadStudy(t, sixjobsDir, "packets.dat")
	for j := int64(1); j <= 6; j++ {
		if n := len(s.jobRows(j, drawnStep)); n < 2 || n > 4 {
			t.Errorf("job %d in %d physical rows, want 2 to 4", j, n)
		}
	}
	if got := s.jobRows(stalledJob, drawnStep); !slices.Equal(got, []int{3, 8, 9}) {
		t.Errorf("job %d in rows %v, want [3 8 9]", stalledJob, got)
	}
	if got := s.jobRows(wellJob, drawnStep); !slices.Equal(got, []int{11, 15, 16}) {
		t.Errorf("job %d in rows %v, want [11 15 16]", wellJob, got)
	}
	for job, fl := range pairs(t, filepath.Join(sixjobsDir, "pairs.txt")) {
		var nodes []int
		for _, f := range fl {
			nodes = append(nodes, f[0])
		}
		slices.Sort(nodes)
		nodes = slices.Compact(nodes)
		if nodes[len(nodes)-1]-nodes[0]+1 != len(nodes) {
			t.Errorf("job %d's nodes are not consecutive ids", job)
		}
		if job == stalledJob && (nodes[0] != 198 || nodes[len(nodes)-1] != 261) {
			t.Errorf("job %d is n%d..n%d, want n198..n261", job, nodes[0], nodes[len(nodes)-1])
		}
	}
}

// README: job 3's route from n216 (row 3) to n224 (row 8) passes seven
// switches, routes of jobs 1, 2 and 4 cross them, and its flows share a
// cable with job 2's or job 4's; fabnet load's busiest port sw12.12 is on
// it with 9 routes of 3 jobs.
func TestSixjobsRoute(t *testing.T) {
	s := loadStudy(t, sixjobsDir, "packets.dat")
	hops, err := s.set.Trace(216, 224)
	if err != nil {
		t.Fatal(err)
	}
	if len(hops) != 7 || s.row(216) != 3 || s.row(224) != 8 {
		t.Fatalf("route 216→224: %d switches, rows %d→%d; want 7 switches, rows 3→8", len(hops), s.row(216), s.row(224))
	}
	on := map[int]bool{}
	for _, h := range hops {
		on[h.Switch] = true
	}
	others := map[int64]bool{}
	for job, fl := range pairs(t, filepath.Join(sixjobsDir, "pairs.txt")) {
		for _, f := range fl {
			hs, err := s.set.Trace(f[0], f[1])
			if err != nil {
				t.Fatal(err)
			}
			for _, h := range hs {
				if on[h.Switch] && job != stalledJob {
					others[job] = true
				}
			}
		}
	}
	if len(others) != 3 || !others[1] || !others[2] || !others[4] {
		t.Errorf("other jobs whose routes cross the route's switches: %v, want 1, 2 and 4", others)
	}
	sw12, _ := s.m.SwitchByLabel("sw12")
	exit := false
	for _, h := range hops {
		exit = exit || (h.Switch == sw12 && h.Out == 12)
	}
	load := readDat(t, filepath.Join(sixjobsDir, "load.dat"))
	jobs := readDat(t, filepath.Join(sixjobsDir, "load.jobs.dat"))
	if !exit || load["sw12.12"] != "9" || jobs["sw12.12"] != "3" {
		t.Errorf("route leaves sw12 by port 12: %v; sw12.12 carries %s routes of %s jobs, want 9 of 3", exit, load["sw12.12"], jobs["sw12.12"])
	}
	for label, v := range load {
		if n, _ := strconv.Atoi(v); n > 9 {
			t.Errorf("%s carries %d routes, more than sw12.12, the busiest the README names", label, n)
		}
	}
}

// README: the few pairs of jobs 2 and 4 that run as slowly as job 3 share
// a cable with job 3's flows.
func TestSixjobsSlowPairsShareJob3Cables(t *testing.T) {
	s := loadStudy(t, sixjobsDir, "packets.dat")
	all := pairs(t, filepath.Join(sixjobsDir, "pairs.txt"))
	inputs := func(f [2]int) map[model.PortRef]bool {
		hs, err := s.set.Trace(f[0], f[1])
		if err != nil {
			t.Fatal(err)
		}
		out := map[model.PortRef]bool{}
		for _, h := range hs[1:] {
			out[s.m.Port(h.Switch, h.In)] = true
		}
		return out
	}
	job3 := map[model.PortRef]bool{}
	for _, f := range all[stalledJob] {
		for p := range inputs(f) {
			job3[p] = true
		}
	}
	for _, j := range []int64{2, 4} {
		slow := 0
		for _, f := range all[j] {
			if s.at(s.m.NodePort(f[0]), drawnStep) > 13333 {
				continue
			}
			slow++
			shared := false
			for p := range inputs(f) {
				shared = shared || job3[p]
			}
			if !shared {
				t.Errorf("job %d's slow flow n%d→n%d shares no cable with job 3", j, f[0], f[1])
			}
		}
		if slow == 0 || slow > len(all[j])/4 {
			t.Errorf("job %d has %d slow flows of %d, want a few", j, slow, len(all[j]))
		}
	}
}

// README: job 3 takes about three times as long as alone (as do jobs 2 and
// 4, whose few slow pairs share its cables); job 5, fragmented, takes as
// long as alone; its flows between rows 11 and 16 run at 30,000 or more.
func TestSixjobsProgress(t *testing.T) {
	p := progress(t, filepath.Join(sixjobsDir, "progress.txt"))
	want := map[int64]string{1: "1.00", 2: "3.02", 3: "3.02", 4: "3.02", 5: "1.00", 6: "2.00"}
	for j, w := range want {
		if p[j] != w {
			t.Errorf("job %d slowdown %q, want %s", j, p[j], w)
		}
	}
	s := loadStudy(t, sixjobsDir, "packets.dat")
	long := 0
	for _, f := range pairs(t, filepath.Join(sixjobsDir, "pairs.txt"))[wellJob] {
		r0, r1 := s.row(f[0]), s.row(f[1])
		if min(r0, r1) == 11 && max(r0, r1) == 16 {
			long++
			if v := s.at(s.m.NodePort(f[0]), drawnStep); v < 30000 {
				t.Errorf("job %d's flow n%d→n%d runs at %d at step %d", wellJob, f[0], f[1], v, drawnStep)
			}
		}
	}
	if long == 0 {
		t.Errorf("job %d has no flow between rows 11 and 16", wellJob)
	}
}

// README: the failing cable sw32.8–sw33.10 counts 3,921 and 3,613 bad
// packets at its ends; the only other ports with any are the north ports
// of the six switches below sw33 in its column (rows 10 to 15), 339 each,
// more than ten times fewer; nothing before step 10.
func TestBadcableCulprit(t *testing.T) {
	s := loadStudy(t, badcableDir, "bad.dat")
	a, _ := s.m.PortByLabel("sw32.8")
	b, _ := s.m.PortByLabel("sw33.10")
	if s.m.Peer(a) != b {
		t.Fatal("sw32.8 and sw33.10 are not the two ends of one cable")
	}
	ca, cb := s.pk.Total(a), s.pk.Total(b)
	if ca != 3921 || cb != 3613 {
		t.Errorf("culprit ends: %d and %d bad packets, want 3,921 and 3,613", ca, cb)
	}
	var worst int64
	switches := map[string]bool{}
	for i := range s.m.NumPorts() {
		p := model.PortRef(i)
		if s.pk.Running(p, 9) != 0 {
			t.Errorf("%s has bad packets before step 10", s.m.Label(p))
		}
		if p == a || p == b || s.pk.Total(p) == 0 {
			continue
		}
		worst = max(worst, s.pk.Total(p))
		sw := s.m.Switches[s.m.SwitchOf(p)]
		if s.pk.Total(p) != 339 || sw.Col != 1 || sw.Row < 10 || sw.Row > 15 || s.m.Spec(p).Face != model.North {
			t.Errorf("%s (row %d, column %d): %d bad packets, want 339 on a north port in column 1, rows 10 to 15", s.m.Label(p), sw.Row, sw.Col, s.pk.Total(p))
		}
		switches[sw.Label] = true
	}
	if worst > 999 || worst < 100 || 10*worst > min(ca, cb) {
		t.Errorf("next-worst port %d bad packets against %d and %d at the culprit: want hundreds, more than ten times fewer", worst, ca, cb)
	}
	if len(switches) != 6 {
		t.Errorf("other ports with bad packets on switches %v, want six", switches)
	}
}

const realfabricDir = "../../examples/realfabric"

// realLog reads a shipped log of the real-fabric study against its model.
func realLog(t *testing.T, dir, counter string) (*model.Model, *data.Series) {
	t.Helper()
	m, err := model.Load(filepath.Join(dir, "model", "model.fvm"))
	if err != nil {
		t.Fatal(err)
	}
	s, err := data.Load(filepath.Join(dir, "logs", counter+".fvlog"), m, data.Options{Kind: data.Param})
	if err != nil {
		t.Fatal(err)
	}
	return m, s
}

// checkRealfabric checks what the README says of the third study: symbol
// errors from the fourth sweep on, at the two ends of ib-leaf02.35 –
// ib-spine02.3 only (hundreds a sweep);
// every port read; traffic counters moving.
// A fresh run on a loaded machine may miss reads (gaps): strict is false
// there, and only what a gap cannot fake is checked.
func checkRealfabric(t *testing.T, dir string, steps int, strict bool) {
	m, s := realLog(t, dir, "symbol_error")
	if s.Steps() != steps {
		t.Fatalf("%d steps, want %d", s.Steps(), steps)
	}
	a, _ := m.PortByLabel("ib-leaf02.35")
	b, _ := m.PortByLabel("ib-spine02.3")
	if m.Peer(a) != b {
		t.Fatal("ib-leaf02.35 and ib-spine02.3 are not one cable")
	}
	for i := range m.NumPorts() {
		p := model.PortRef(i)
		if !s.Listed(p) {
			continue
		}
		for st := range steps {
			v, ok := s.Value(p, st)
			switch {
			case strict && !ok:
				t.Errorf("%s not read at step %d", m.Label(p), st)
			case (p != a && p != b || st < 3) && v != 0:
				t.Errorf("%s: %d symbol errors at step %d", m.Label(p), v, st)
			case strict && st >= 3 && (p == a && v != 250 || p == b && v != 180):
				t.Errorf("%s: %d symbol errors at step %d, want 250 (leaf) or 180 (spine)", m.Label(p), v, st)
			}
		}
	}
	least := int64(150 * (steps - 3))
	if !strict {
		least = 1
	}
	if ta, tb := s.Total(a), s.Total(b); ta < least || tb < least {
		t.Errorf("culprit totals %d and %d, want hundreds a sweep from the fourth", ta, tb)
	}
	m, x := realLog(t, dir, "port_xmit_pkts")
	moving := 0
	for i := range m.NumPorts() {
		if x.Total(model.PortRef(i)) > 0 {
			moving++
		}
	}
	if moving < 5 {
		t.Errorf("port_xmit_pkts moves on %d ports only", moving)
	}
}

func TestRealfabricShipped(t *testing.T) {
	checkRealfabric(t, realfabricDir, 10, true)
	b, err := os.ReadFile(filepath.Join(realfabricDir, "collect.txt"))
	if err != nil || !strings.Contains(string(b), "logs hold 960 of 960 values (100.0%), ports read 528 of 528") {
		t.Errorf("collect.txt %q, %v: want every value held and all 528 port reads (48 ports, 11 sweeps)", b, err)
	}
}

// run.sh makes the study anew on ibsim (about 15 s for 6 steps).
func TestRealfabricScript(t *testing.T) {
	if testing.Short() {
		t.Skip("runs ibsim for 15 s")
	}
	ibsimtest.RequireTools(t, "ibsim", "opensm", "perfquery", "go")
	out := t.TempDir()
	cmd := exec.Command("sh", filepath.Join(realfabricDir, "run.sh"))
	cmd.Env = append(os.Environ(), "OUT="+out, "STEPS=6")
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("run.sh: %v\n%s", err, b)
	}
	checkRealfabric(t, out, 6, false)
}
