package jobmap

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/fabviz/fabviz/data"
	"github.com/fabviz/fabviz/model"
)

const (
	parsable2 = "testdata/hb-jobinfo_sacct_parsable2.txt"
	realSacct = "../../testdata/fixtures/slurm/rug-cit-hpc_hb-jobinfo_sacct.txt"
	// the columns hb-jobinfo's test data was made with (its test/data/README.md)
	hbFormat = "JobID,JobName,User,Partition,NodeList,NNodes,NCPUs,NTasks,State,Submit,Start,End,Timelimit,Elapsed,TotalCPU,CPUTime,UserCPU,SystemCPU,ReqMem,MaxRSS,MaxVMSize,ReqTRES,AllocTRES,TRESUsageInMax,TRESUsageInTot,TRESUsageOutTot,MaxDiskRead,MaxDiskWrite,MaxRSSNode,MaxRSSTask,MaxVMSizeNode,MaxVMSizeTask,MaxDiskReadNode,MaxDiskReadTask,MaxDiskWriteNode,MaxDiskWriteTask,Comment"
)

func loadModel(t testing.TB) *model.Model {
	t.Helper()
	m, err := model.Load("testdata/hb96.fvm")
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func amsterdam(t testing.TB) *time.Location {
	loc, err := time.LoadLocation("Europe/Amsterdam")
	if err != nil {
		t.Skip("no zone database:", err)
	}
	return loc
}

func readFile(t testing.TB, path string, opt SacctOptions) *Accounting {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	acc, timed, err := ReadInput(path, f, opt)
	if err != nil || !timed {
		t.Fatalf("timed %v, %v", timed, err)
	}
	return acc
}

// placement is a job on hosts (comma-separated) for steps first..last.
type placement struct {
	host        string
	first, last int
}

// checkMap compares every processor port's row with the placements: each
// job on exactly its host's port for exactly its steps, 0 elsewhere.
func checkMap(t *testing.T, m *model.Model, jm *Map, want map[int64]placement) {
	t.Helper()
	rows := map[model.PortRef][]int64{}
	for id, p := range want {
		for _, h := range strings.Split(p.host, ",") {
			n, ok := m.NodeByHost(h)
			if !ok {
				t.Fatalf("host %s not in the model", h)
			}
			row := make([]int64, jm.Grid.Steps)
			for k := p.first; k <= p.last; k++ {
				row[k] = id
			}
			rows[m.NodePort(n)] = row
		}
	}
	got := make([]int64, jm.Grid.Steps)
	for _, p := range jm.Ports {
		jm.row(got, p)
		w := rows[p]
		if w == nil {
			w = make([]int64, jm.Grid.Steps)
		}
		for k := range got {
			if got[k] != w[k] {
				t.Errorf("%s step %d: job %d, want %d", m.Label(p), k, got[k], w[k])
			}
		}
	}
}

// TestSacctOnGrid lays the real accounting log (made --parsable2 with a
// header, testdata/README) on a ten-minute grid. The expected placements
// were worked out separately (Python, zoneinfo) from the file's Start and
// End read in Europe/Amsterdam, the zone of the site: node11 runs two jobs
// at once; 7483822 overlaps step 4 for 7m45s, 7366315 for all of it and
// keeps the port.
func TestSacctOnGrid(t *testing.T) {
	m := loadModel(t)
	acc := readFile(t, parsable2, SacctOptions{Location: amsterdam(t)})
	g := Grid{Start: time.Date(2024, 3, 3, 21, 0, 0, 0, time.UTC), Step: 10 * time.Minute, Steps: 18}
	jm, err := Build(m, acc.Jobs, g)
	if err != nil {
		t.Fatal(err)
	}
	checkMap(t, m, jm, map[int64]placement{
		7483869: {"node38", 4, 7}, 7484096: {"node20", 7, 11}, 7365760: {"node32", 0, 17},
		7366175: {"node22", 0, 17}, 7366315: {"node11", 0, 17}, 7483979: {"node5", 5, 12},
	})
	if len(jm.Jobs) != 7 || jm.Held != 6 {
		t.Errorf("%d jobs, %d held", len(jm.Jobs), jm.Held)
	}
	warn := strings.Join(append(acc.Warnings, jm.Warnings...), "\n")
	for _, w := range []string{"52 records with a JobID that is not an integer", "first \"5908801_3\", line 5",
		"10 jobs never started", "59 jobs ran outside the grid", "1 port-steps on 1 ports (first sw0.10)",
		"1 jobs lost every port-step to other jobs and are not in the job file (their metadata is kept): 7483822"} {
		if !strings.Contains(warn, w) {
			t.Errorf("warnings lack %q:\n%s", w, warn)
		}
	}
	// metadata of a job and of its user, account unknown (no column)
	var meta data.JobMeta
	for _, j := range jm.Jobs {
		if j.ID == 7483869 {
			meta = j
		}
	}
	want := data.JobMeta{ID: 7483869, User: "user425", Partition: "regularmedium", Name: "CTSSO", Nodes: 1,
		Start: time.Date(2024, 3, 3, 21, 43, 46, 0, time.UTC), End: time.Date(2024, 3, 3, 22, 12, 45, 0, time.UTC)}
	if !meta.Start.Equal(want.Start) || !meta.End.Equal(want.End) || meta.User != want.User || meta.Account != "" ||
		meta.Partition != want.Partition || meta.Name != want.Name || meta.Nodes != 1 {
		t.Errorf("meta %+v, want %+v", meta, want)
	}
}

// TestRunningJobs: an End of Unknown is a job still running; it covers the
// grid to its end. Both running jobs of the log are on hosts the model
// names (hostname lines); the array task 8322514_33 is left out.
func TestRunningJobs(t *testing.T) {
	m := loadModel(t)
	acc := readFile(t, parsable2, SacctOptions{Location: amsterdam(t)})
	g := Grid{Start: time.Date(2024, 4, 19, 6, 0, 0, 0, time.UTC), Step: time.Hour, Steps: 4}
	jm, err := Build(m, acc.Jobs, g)
	if err != nil {
		t.Fatal(err)
	}
	checkMap(t, m, jm, map[int64]placement{8298012: {"v100gpu21", 0, 3}, 8202099: {"a100gpu3", 0, 3}})
	for _, j := range jm.Jobs {
		if !j.End.IsZero() {
			t.Errorf("job %d has an end %v", j.ID, j.End)
		}
	}
}

// TestHeaderlessReal reads the fixture as the site made it (--parsable
// --noheader --delimiter=☃) with its --format columns: the same jobs as
// the --parsable2 copy with its header.
func TestHeaderlessReal(t *testing.T) {
	loc := amsterdam(t)
	a := readFile(t, parsable2, SacctOptions{Location: loc})
	b := readFile(t, realSacct, SacctOptions{Location: loc, Format: hbFormat, Delimiter: "☃"})
	if len(a.Jobs) != len(b.Jobs) || len(a.Jobs) != 66 {
		t.Fatalf("%d and %d jobs", len(a.Jobs), len(b.Jobs))
	}
	for i := range a.Jobs {
		x, y := a.Jobs[i], b.Jobs[i]
		if x.Meta != y.Meta || strings.Join(x.Hosts, ",") != strings.Join(y.Hosts, ",") {
			t.Errorf("%+v\n%+v", x, y)
		}
	}
	// without the columns: a hint, not a hundred errors
	f, _ := os.Open(realSacct)
	defer f.Close()
	_, _, err := ReadInput("x.txt", f, SacctOptions{})
	if err == nil || !strings.Contains(err.Error(), "looks like sacct output without its header line") || strings.Count(err.Error(), "\n") > 1 {
		t.Errorf("err %v", err)
	}
}

// TestSacctFolding: steps fold into their job (the job's own line wins; a
// job seen only through steps is their union), JobIDRaw wins over JobID,
// times are read in the given zone, --parsable's trailing delimiter is
// accepted.
func TestSacctFolding(t *testing.T) {
	src := `JobID|JobIDRaw|User|Account|Partition|JobName|Start|End|NodeList|NNodes|
7_1|100|ann|phys|batch|my run|2026-11-21T10:00:00|2026-11-21T11:00:00|n[1-2]|2|
7_1.batch|100.batch||||batch|2026-11-21T10:00:00|2026-11-21T11:00:05|n1|1|
200.0|200.0||||step|2026-11-21T10:30:00|2026-11-21T10:40:00|n3|1|
200.1|200.1||||step|2026-11-21T10:20:00|Unknown|n[3-4]|2|
300|300|bob|-|debug|x|None|None|None assigned|0|
`
	loc := time.FixedZone("X", 3600)
	acc, timed, err := ReadInput("s.txt", strings.NewReader(src), SacctOptions{Location: loc})
	if err != nil || !timed {
		t.Fatal(timed, err)
	}
	if len(acc.Jobs) != 2 {
		t.Fatalf("%+v", acc.Jobs)
	}
	j := acc.Jobs[0]
	if j.Meta.ID != 100 || j.Meta.User != "ann" || j.Meta.Account != "phys" || j.Meta.Name != "my run" || j.Meta.Nodes != 2 ||
		!j.Meta.Start.Equal(time.Date(2026, 11, 21, 9, 0, 0, 0, time.UTC)) || !j.Meta.End.Equal(time.Date(2026, 11, 21, 10, 0, 0, 0, time.UTC)) ||
		strings.Join(j.Hosts, ",") != "n1,n2" {
		t.Errorf("job 100: %+v", j)
	}
	j = acc.Jobs[1]
	if j.Meta.ID != 200 || j.Meta.User != "" || !j.Meta.End.IsZero() || !j.Meta.Start.Equal(time.Date(2026, 11, 21, 9, 20, 0, 0, time.UTC)) ||
		strings.Join(j.Hosts, ",") != "n3,n4" {
		t.Errorf("job 200: %+v", j)
	}
	if len(acc.Warnings) != 1 || !strings.Contains(acc.Warnings[0], "1 jobs never started") {
		t.Errorf("warnings %q", acc.Warnings)
	}
}

func TestSacctErrors(t *testing.T) {
	cases := []struct{ src, want string }{
		{"JobID|User\n1|a\n", "e.txt:1: sacct columns lack NodeList, Start, End"},
		{"JobID         JobName  NodeList\n------------ -------- --------\n", "e.txt:1: this is sacct's fixed-width output: run sacct with --parsable2"},
		{"JobID|NodeList|Start|End\n1|n1|2026-01-01T00:00:00\n", "e.txt:2: 3 fields, expected 4"},
		{"JobID|NodeList|Start|End\n1|n1|yesterday|None\n", "e.txt:2: start: expected a time like"},
		{"JobID|NodeList|Start|End\n1|n[1-|2026-01-01T00:00:00|None\n", "e.txt:2: NodeList: invalid hostlist"},
		{"JobID|NodeList|Start|End\n1|n1|2026-01-01T00:00:00|None\n1|n2|2026-01-01T00:00:00|None\n", "e.txt:3: job 1 already listed at line 2"},
	}
	for _, c := range cases {
		_, _, err := ReadInput("e.txt", strings.NewReader(c.src), SacctOptions{})
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%q: %v, want %q", c.src, err, c.want)
		}
	}
}

// TestGridCovers: a job covers the steps whose [t, t+step) overlaps
// [Start, End).
func TestGridCovers(t *testing.T) {
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	g := Grid{Start: t0, Step: time.Minute, Steps: 10}
	at := func(s int) time.Time { return t0.Add(time.Duration(s) * time.Second) }
	cases := []struct {
		start, end  time.Time
		first, last int
		ok          bool
	}{
		{at(30), at(60), 0, 0, true},        // ends exactly where step 1 starts
		{at(60), at(61), 1, 1, true},        // one second of step 1
		{at(59), at(61), 0, 1, true},        // straddles
		{at(-100), at(5), 0, 0, true},       // began before the grid
		{at(-100), time.Time{}, 0, 9, true}, // running
		{at(599), time.Time{}, 9, 9, true},
		{at(600), time.Time{}, 0, 0, false}, // after the grid
		{at(-100), at(0), 0, 0, false},      // ended as the grid starts
		{at(30), at(30), 0, 0, false},       // ran for no time
	}
	for _, c := range cases {
		f, l, ok := g.Covers(c.start, c.end)
		if ok != c.ok || ok && (f != c.first || l != c.last) {
			t.Errorf("[%v, %v): %d..%d %v, want %d..%d %v", c.start.Sub(t0), c.end.Sub(t0), f, l, ok, c.first, c.last, c.ok)
		}
	}
	for _, bad := range []Grid{{Steps: 0}, {Start: t0, Step: -1, Steps: 1}, {Step: time.Second, Steps: 1}, {Start: t0, Step: time.Hour, Steps: 1 << 27}} {
		if bad.Check() == nil {
			t.Errorf("%+v accepted", bad)
		}
	}
}

// TestHostLines: the one-step form; a host the model does not know is
// named once however many jobs list it, a job with no known host is named.
func TestHostLines(t *testing.T) {
	m := loadModel(t)
	src := "# JOBID HOSTLIST\n11 node[1-3],gpu7\n12 gpu7,gpu[8-9]\n13 node3,node4\n11 node5\n"
	acc, timed, err := ReadInput("h.txt", strings.NewReader(src), SacctOptions{})
	if err != nil || timed {
		t.Fatal(timed, err)
	}
	jm, err := Build(m, acc.Jobs, Grid{Steps: 1})
	if err != nil {
		t.Fatal(err)
	}
	checkMap(t, m, jm, map[int64]placement{11: {"node1,node2,node3,node5", 0, 0}, 13: {"node4", 0, 0}})
	want := []string{
		"3 hosts are not in the model: gpu7 gpu8 gpu9; 1 jobs match no port of the model and are left out: 12",
		"1 port-steps on 1 ports (first sw0.2) are claimed by more than one job: the job listed first keeps it",
	}
	if strings.Join(jm.Warnings, "\n") != strings.Join(want, "\n") {
		t.Errorf("warnings\n%s\nwant\n%s", strings.Join(jm.Warnings, "\n"), strings.Join(want, "\n"))
	}
	if len(jm.Jobs) != 2 || jm.Jobs[0].ID != 11 || jm.Jobs[0].Nodes != 5 || jm.Jobs[1].Nodes != 2 {
		t.Errorf("meta %+v", jm.Jobs)
	}
	none, _, _ := ReadInput("n.txt", strings.NewReader("8 None assigned\n"), SacctOptions{})
	if jm, _ := Build(m, none.Jobs, Grid{Steps: 1}); strings.Join(jm.Warnings, "|") != "1 jobs match no port of the model and are left out: 8" {
		t.Errorf("job without hosts: %q", jm.Warnings)
	}
	dir := t.TempDir()
	out := filepath.Join(dir, "j.dat")
	if err := jm.WriteFiles(out, "test"); err != nil {
		t.Fatal(err)
	}
	series, err := data.Load(out, m, data.Options{Kind: data.Job})
	if err != nil || series.Steps() != 1 || series.Columns() != 96 {
		t.Fatalf("job file does not load: %v", err)
	}
	meta, found, err := data.LoadJobMeta(out)
	if err != nil || !found || len(meta) != 2 || meta[1].ID != 13 {
		t.Errorf("meta %+v %v %v", meta, found, err)
	}
}

// TestGridFromLog: -grid takes a log's start, interval and step count.
func TestGridFromLog(t *testing.T) {
	m := loadModel(t)
	dir := t.TempDir()
	lg := filepath.Join(dir, "c.fvlog")
	os.WriteFile(lg, []byte("#! fabviz-log 1\n#! counter x\n#! interval 60s\n#! ports sw0.0\n2026-11-21T10:00:00Z 1\n2026-11-21T10:03:00Z 2\n"), 0o644)
	g, err := GridFromFile(lg, m)
	if err != nil || !g.Start.Equal(time.Date(2026, 11, 21, 10, 0, 0, 0, time.UTC)) || g.Step != time.Minute || g.Steps != 4 {
		t.Errorf("%+v %v", g, err)
	}
	dat := filepath.Join(dir, "p.dat")
	os.WriteFile(dat, []byte("sw0.0 1 2\n"), 0o644)
	if _, err := GridFromFile(dat, m); err == nil || !strings.Contains(err.Error(), "has no time grid") {
		t.Errorf("no grid: %v", err)
	}
}

// FuzzReadInput: no input panics either reader, errors name the file,
// and whatever reads can be laid on a grid and written.
func FuzzReadInput(f *testing.F) {
	for _, s := range []string{"1 n[1-2]\n", "JobID|NodeList|Start|End\n1.batch|node1|2026-01-01T00:00:00|Unknown\n",
		"JobIDRaw☃NodeList☃Start☃End☃\n5☃node[1-3]☃2026-01-01T00:00:00☃2026-01-01T00:01:00☃\n", "1☃2☃\n", ""} {
		f.Add([]byte(s), "")
	}
	f.Add([]byte("4☃node1☃2026-01-01T00:00:00☃None☃\n"), "JobID,NodeList,Start,End")
	m := loadModel(f)
	g := Grid{Start: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC), Step: 30 * time.Second, Steps: 5}
	f.Fuzz(func(t *testing.T, src []byte, format string) {
		acc, timed, err := ReadInput("f.txt", bytes.NewReader(src), SacctOptions{Format: format, Delimiter: "☃"})
		if err != nil {
			if !strings.HasPrefix(err.Error(), "f.txt") {
				t.Fatalf("error without the file name: %v", err)
			}
			return
		}
		grid := Grid{Steps: 1}
		if timed {
			grid = g
		}
		jm, err := Build(m, acc.Jobs, grid)
		if err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		if err := jm.WriteJobFile(&buf, ""); err != nil {
			t.Fatal(err)
		}
		if _, err := data.Read("w.dat", &buf, m, data.Options{Kind: data.Job}); err != nil {
			t.Fatalf("written job file does not read: %v", err)
		}
		buf.Reset()
		data.WriteJobMeta(&buf, jm.Jobs)
		if _, err := data.ReadJobMeta("w.meta", &buf); err != nil {
			t.Fatalf("written metadata does not read: %v", err)
		}
	})
}

// TestMultiPortHost: a job on a host with several adapters (hostname lines
// that repeat a name, as imported DGX nodes have) covers every one of its
// ports.
func TestMultiPortHost(t *testing.T) {
	src := `name dgx
ports 4
portdef A
  0 proc top 0
  1 proc top 1
  2 proc top 2
  3 proc top 3
end
switch s0 0 0 0 node 0
hostname 0 dgx01
hostname 1 dgx01
hostname 2 dgx01
hostname 3 dgx02
`
	m, err := model.Parse("dgx.fvm", strings.NewReader(src))
	if err != nil {
		t.Fatal(err)
	}
	acc, timed, err := ReadInput("jobs.txt", strings.NewReader("7 dgx01\n"), SacctOptions{})
	if err != nil || timed {
		t.Fatal(timed, err)
	}
	jm, err := Build(m, acc.Jobs, Grid{Steps: 1})
	if err != nil {
		t.Fatal(err)
	}
	got := make([]int64, 1)
	for _, p := range jm.Ports {
		jm.row(got, p)
		want := int64(7)
		if m.Label(p) == "s0.3" {
			want = 0
		}
		if got[0] != want {
			t.Errorf("%s: job %d, want %d", m.Label(p), got[0], want)
		}
	}
}
