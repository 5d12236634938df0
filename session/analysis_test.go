package session

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/fabviz/fabviz/model"
	"github.com/fabviz/fabviz/render/scene"
)

const ring4Model = "../examples/ring4/ring4.fvm"

// TestLogsDirectory loads a collector run: two counters and the job log,
// switched without reading again; the missing interval (10:02) is a gap.
func TestLogsDirectory(t *testing.T) {
	s, in, _ := session(t, ring4Model, "logs testdata/ring4logs")
	if got := strings.Join(s.Counters(), " "); got != "port_xmit_data symbol_error" {
		t.Fatalf("counters %q", got)
	}
	if s.Counter() != "port_xmit_data" || s.Jobs() == nil || s.Steps() != 5 {
		t.Fatalf("counter %q jobs %v steps %d", s.Counter(), s.Jobs() != nil, s.Steps())
	}
	first := s.Param()
	if err := in.ExecLine("counter symbol_error"); err != nil {
		t.Fatal(err)
	}
	p, _ := s.Model().PortByLabel("s0.1")
	if v, ok := s.Param().Value(p, 1); !ok || v != 3 {
		t.Errorf("symbol_error s0.1 step 1 = %d %v, want 3", v, ok)
	}
	if _, ok := s.Param().Value(p, 2); ok {
		t.Error("the missing interval has a value")
	}
	in.ExecLine("counter port_xmit_data")
	if s.Param() != first {
		t.Error("switching back read the log again")
	}
	if err := in.ExecLine("counter nosuch"); err == nil || !strings.Contains(err.Error(), "symbol_error") {
		t.Errorf("unknown counter: %v", err)
	}
	if err := in.ExecLine("logs testdata"); err == nil || !strings.Contains(err.Error(), "no collection logs") {
		t.Errorf("a directory without logs: %v", err)
	}
	if err := in.ExecLine("logs testdata/ring4logs/job.fvlog"); err == nil || !strings.Contains(err.Error(), "param or job") {
		t.Errorf("a log file given to logs: %v", err)
	}
}

// TestExportSeries writes a port's history and job 9's band as CSV and
// checks them against the logs by hand: a gap is an empty cell.
func TestExportSeries(t *testing.T) {
	out := filepath.Join(t.TempDir(), "s.csv")
	_, in, _ := session(t, ring4Model, "logs testdata/ring4logs", "select s0.4", "select job 9", "export series "+out)
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	want := []string{
		"step,time,s0.4 n04,job 9 min,job 9 p10,job 9 p20,job 9 p30,job 9 p40,job 9 p50,job 9 p60,job 9 p70,job 9 p80,job 9 p90,job 9 max,job 9 mean",
		"0,2026-11-21T10:00:00Z,,40,40,40,40,40,40,40,40,40,40,40,40",
		// job 9 on s2.0 (80) and s2.1 (90): PerSyst p60 = 80 + 0.2·10
		"1,2026-11-21T10:01:00Z,100,80,80,80,80,80,80,82,84,86,88,90,85",
		"2,2026-11-21T10:02:00Z,,,,,,,,,,,,,",
	}
	if len(lines) != 6 {
		t.Fatalf("%d lines, want 6:\n%s", len(lines), b)
	}
	for i, w := range want {
		if lines[i] != w {
			t.Errorf("line %d\n got %s\nwant %s", i+1, lines[i], w)
		}
	}
	in.ExecLine("select job 0")
	in.State.Select = ""
	if err := in.ExecLine("export series " + out); err == nil {
		t.Error("exported with nothing selected")
	}
	if err := in.ExecLine("select job 5"); err == nil {
		t.Error("selected a job the data never runs")
	}
}

// TestJobDimsTheRest: with job 9 selected, its ports keep their colours
// and every other port is blended toward the background.
func TestJobDimsTheRest(t *testing.T) {
	s, in, _ := session(t, ring4Model, "logs testdata/ring4logs", "step 1")
	m := s.Model()
	in2 := scene.Input{Model: m}
	if err := s.applyData(&in.State, &in2); err != nil {
		t.Fatal(err)
	}
	before := append([]scene.Color(nil), in2.PortColors...)
	in.ExecLine("select job 9")
	in3 := scene.Input{Model: m}
	s.applyData(&in.State, &in3)
	port := func(l string) model.PortRef { p, _ := m.PortByLabel(l); return p }
	if in3.PortColors[port("s2.0")] != before[port("s2.0")] {
		t.Error("the job's port changed colour")
	}
	if in3.PortColors[port("s0.0")] == before[port("s0.0")] {
		t.Error("job 7's port was not dimmed")
	}
}

// TestJobRows lists the jobs at a step with metadata and statistics, and
// sorts them.
func TestJobRows(t *testing.T) {
	s, _, _ := session(t, ring4Model, "logs testdata/ring4logs")
	rows, err := s.JobRows(1)
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 2 || rows[0].ID != 7 || rows[1].ID != 9 {
		t.Fatalf("rows %+v", rows)
	}
	r := rows[1]
	if r.Meta == nil || r.Meta.User != "bob" || r.Ports != 2 || !r.Has || r.Stat.Mean != 85 || r.Stat.P50 != 80 || r.Stat.Max != 90 {
		t.Errorf("job 9: %+v meta %+v", r, r.Meta)
	}
	SortJobRows(rows, "mean", true)
	if rows[0].ID != 7 { // job 7: 150 and 200
		t.Errorf("by mean descending: %d first", rows[0].ID)
	}
	SortJobRows(rows, "user", false)
	if rows[0].Meta.User != "alice" {
		t.Errorf("by user: %s first", rows[0].Meta.User)
	}
}

// TestJobRoutes: on ring4 at step 1, job 7 (n00, n01 on s0) and job 9
// (s2.0, s2.1) route inside their own switches: no link is shared, each
// segment is its job's colour; at step 0 job 9 runs on one node only.
func TestJobRoutes(t *testing.T) {
	s, in, warn := session(t, ring4Model, "logs testdata/ring4logs", "step 1", "job-routes on")
	if _, err := s.Scene(&in.State); err != nil {
		t.Fatal(err)
	}
	got := s.jobRoutes(&in.State)
	if len(got) == 0 {
		t.Fatalf("no job routes (warnings: %s)", warn)
	}
	m := s.Model()
	for _, r := range got {
		if r.Lanes != 1 {
			t.Errorf("route %v shared by %d jobs", r.Ports, r.Lanes)
		}
		sw := m.SwitchOf(r.Ports[0])
		want := s.jobColor(7)
		if sw == 2 {
			want = s.jobColor(9)
		}
		if r.Color != want {
			t.Errorf("segment on switch %d in %v, want %v", sw, r.Color, want)
		}
	}
	if !strings.Contains(strings.Join(s.Caption(&in.State), "\n"), "job routes: 2 job(s), 4 routes") {
		t.Errorf("caption %q", s.Caption(&in.State))
	}
	in.ExecLine("select job 9")
	for _, r := range s.jobRoutes(&in.State) {
		if r.Color != s.jobColor(9) {
			t.Fatal("with job 9 selected another job's route is drawn")
		}
	}
}

// TestJobRoutesShared: in the six-jobs study at step 40 some links carry
// routes of several jobs (the contention `fabnet load` counts): each job
// there gets its own lane, in its own colour.
func TestJobRoutesShared(t *testing.T) {
	s, in, _ := session(t, "../examples/cplant/cplant.fvm", "job ../examples/sixjobs/jobs.dat", "step 40", "job-routes on")
	lanes := map[[2]model.PortRef][]scene.Route{}
	for _, r := range s.jobRoutes(&in.State) {
		k := [2]model.PortRef{r.Ports[0], r.Ports[1]}
		lanes[k] = append(lanes[k], r)
	}
	shared := 0
	for k, rs := range lanes {
		if len(rs) == 1 {
			continue
		}
		shared++
		seen := map[scene.Color]bool{}
		for i, r := range rs {
			if r.Lane != i || r.Lanes != len(rs) || seen[r.Color] {
				t.Fatalf("link %v: lane %d/%d colour %v (lane %d of %d expected, colours distinct)", k, r.Lane, r.Lanes, r.Color, i, len(rs))
			}
			seen[r.Color] = true
		}
	}
	if shared == 0 {
		t.Fatal("no link shared by two jobs at step 40")
	}
}

// TestMachineSummary: ring4logs at step 1: five listed ports, all with a
// sample (150 200 80 90 100); at step 0, s0.4 has none.
func TestMachineSummary(t *testing.T) {
	s, in, _ := session(t, ring4Model, "logs testdata/ring4logs", "step 1")
	sum, err := s.MachineSummary(&in.State)
	if err != nil {
		t.Fatal(err)
	}
	if sum.Ports != 5 || sum.Gaps != 0 || sum.Stat.Min != 80 || sum.Stat.Max != 200 || sum.Stat.Mean != 124 {
		t.Fatalf("summary %+v", sum)
	}
	if sum.Top[0].Value != 200 || sum.Top[len(sum.Top)-1].Value != 80 {
		t.Errorf("top %+v", sum.Top)
	}
	n := 0
	for _, c := range sum.Hist {
		n += c
	}
	if n != 5 || sum.Hist[0] != 1 || sum.Hist[1] != 1 || sum.Hist[len(sum.Hist)-1] != 1 { // bins of 6: 80 in the first, 90 in the second, 200 in the last
		t.Errorf("histogram %v", sum.Hist)
	}
	in.ExecLine("step 0")
	sum, _ = s.MachineSummary(&in.State)
	if sum.Ports != 4 || sum.Gaps != 1 {
		t.Errorf("step 0: %d ports, %d gaps", sum.Ports, sum.Gaps)
	}
	ports := s.JobPorts(&in.State, 9)
	if len(ports) != 1 || ports[0].Value != 40 {
		t.Errorf("job 9 at step 0: %+v", ports)
	}
}

// TestLogsDirectoryBadLog: one broken log stops `logs` with its FILE:LINE
// error and the data loaded before stay.
func TestLogsDirectoryBadLog(t *testing.T) {
	dir := t.TempDir()
	for _, f := range []string{"port_xmit_data.fvlog", "job.fvlog"} {
		b, err := os.ReadFile(filepath.Join("testdata/ring4logs", f))
		if err != nil {
			t.Fatal(err)
		}
		os.WriteFile(filepath.Join(dir, f), b, 0o644)
	}
	os.WriteFile(filepath.Join(dir, "bad.fvlog"), []byte("#! fabviz-log 1\n#! ports s0.0\n2026-11-21T10:00:00Z 1 2\n"), 0o644)
	s, in, _ := session(t, ring4Model, "param testdata/ring4.fvd")
	before := s.Param()
	err := in.ExecLine("logs " + dir)
	if err == nil || !strings.Contains(err.Error(), "bad.fvlog:3") {
		t.Fatalf("a broken log: %v", err)
	}
	if s.Param() != before || s.Counters() != nil {
		t.Error("a failed logs command changed the loaded data")
	}
}

// TestPlotPins: `plot add` overlays further selections, each in its own
// colour; `plot clear` drops them.
func TestPlotPins(t *testing.T) {
	s, in, _ := session(t, ring4Model, "logs testdata/ring4logs", "select s0.0", "plot add s0.1", "plot add s2", "plot add s0.1")
	pl, err := s.Plot(&in.State)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	colours := map[[3]float32]bool{}
	for _, l := range pl.Lines {
		names = append(names, l.Name)
		colours[l.Color] = true
	}
	if got := strings.Join(names, "|"); got != "s0.0 n00|s0.1 n01|s2 (sum of its ports)" {
		t.Fatalf("lines %q", got)
	}
	if len(colours) != 3 {
		t.Errorf("%d colours for 3 lines", len(colours))
	}
	// s2's sum at step 1: s2.0 80 + s2.1 90 (s2's other ports are not listed)
	if v := pl.Lines[2].V[1]; v != 170 || !pl.Lines[2].Has[1] {
		t.Errorf("s2 at step 1 = %d", v)
	}
	in.ExecLine("plot clear")
	pl, _ = s.Plot(&in.State)
	if len(pl.Lines) != 1 {
		t.Errorf("after plot clear: %d lines", len(pl.Lines))
	}
	if err := in.ExecLine("plot add nosuch"); err == nil {
		t.Error("plot add of an unknown label")
	}
}

// TestJobWithoutRouteFiles: a model without route files still draws a
// selected job (its processor ports), with one warning however many steps
// are drawn.
func TestJobWithoutRouteFiles(t *testing.T) {
	dir := t.TempDir()
	b, err := os.ReadFile(ring4Model)
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(dir, "ring4.fvm"), b, 0o644)
	s, in, warn := session(t, filepath.Join(dir, "ring4.fvm"), "logs testdata/ring4logs", "select job 9", "job-routes on")
	for step := range 3 {
		in.State.Step = step
		if _, err := s.Scene(&in.State); err != nil {
			t.Fatal(err)
		}
	}
	if n := strings.Count(warn.String(), "\n"); n != 1 || !strings.Contains(warn.String(), "no route file") {
		t.Errorf("warnings:\n%s", warn)
	}
}
