package main

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"strings"
	"testing"
)

// squares writes a one-step parameter file with the value i² on the i-th
// of n processor ports of ring4 (s0.0 … s0.11, s1.0 …) from port offset
// off, and the job id on the same ports in a job file line set.
func squares(off, n int, id int64, param, job *strings.Builder) {
	for i := 1; i <= n; i++ {
		p := off + i - 1
		label := fmt.Sprintf("s%d.%d", p/12, p%12)
		fmt.Fprintf(param, "%s %d\n", label, i*i)
		fmt.Fprintf(job, "%s %d\n", label, id)
	}
}

type refJSON struct {
	Job   any
	Ports int
	Steps []map[string]any
}

type jobsJSON struct {
	Quantiles string
	Reference struct {
		All   refJSON
		NoJob refJSON `json:"no_job"`
	}
	Jobs []struct {
		Job   int64
		Ports int
		Size  int
		Steps []map[string]any
		Meta  map[string]any
	}
	Groups []struct {
		Key  string
		Jobs int
	}
}

func jobsRun(t *testing.T, args ...string) jobsJSON {
	t.Helper()
	code, out, errs := fabnet(t, append([]string{"jobs", ring4Model}, append(args, "--json")...)...)
	if code != 0 {
		t.Fatalf("exit %d %s", code, errs)
	}
	var got jobsJSON
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err, out)
	}
	return got
}

// TestJobsPaperExamples: `fabnet jobs --json` gives PerSyst's numbers on
// the paper's worked examples: a 20-node job with values i² has p10..p90 =
// 4, 16, …, 324; a 15-node job with values i² interpolates: p10 = 2.5,
// p30 = 20.5, p50 = 56.5, p90 = 182.5. -quantiles numpy gives NumPy's
// 8.5 … 327.7 for the first.
func TestJobsPaperExamples(t *testing.T) {
	var param, job strings.Builder
	squares(0, 20, 20, &param, &job)
	squares(20, 15, 15, &param, &job)
	pf, jf := writeTemp(t, "sq.dat", param.String()), writeTemp(t, "sqj.dat", job.String())
	got := jobsRun(t, "-param", pf, "-job", jf)
	if got.Quantiles != "persyst" || len(got.Jobs) != 2 || got.Jobs[0].Job != 15 || got.Jobs[1].Job != 20 {
		t.Fatalf("%+v", got)
	}
	want20 := map[string]float64{"count": 20, "min": 1, "p10": 4, "p20": 16, "p30": 36, "p40": 64, "p50": 100,
		"p60": 144, "p70": 196, "p80": 256, "p90": 324, "max": 400, "mean": 143.5}
	want15 := map[string]float64{"count": 15, "min": 1, "p10": 2.5, "p30": 20.5, "p50": 56.5, "p90": 182.5, "max": 225}
	for _, c := range []struct {
		st   map[string]any
		want map[string]float64
	}{{got.Jobs[1].Steps[0], want20}, {got.Jobs[0].Steps[0], want15}} {
		for k, v := range c.want {
			if g, _ := c.st[k].(float64); g != v {
				t.Errorf("%v: %s = %v, want %v", c.want["count"], k, c.st[k], v)
			}
		}
	}
	np := jobsRun(t, "-param", pf, "-job", jf, "-quantiles", "numpy")
	st := np.Jobs[1].Steps[0]
	if math.Abs(st["p10"].(float64)-8.5) > 1e-9 || math.Abs(st["p90"].(float64)-327.7) > 1e-9 || np.Quantiles != "numpy" {
		t.Errorf("numpy: %v", st)
	}
	// the reference rows: 48 processor ports, 13 of them with no job
	if got.Reference.All.Ports != 48 || got.Reference.NoJob.Ports != 13 || got.Reference.All.Job != "all" {
		t.Errorf("reference %+v", got.Reference)
	}
	if c := got.Reference.NoJob.Steps[0]["count"]; c != 13.0 {
		t.Errorf("no-job count %v", c)
	}
}

const metaFixture = `#! fabviz-jobmeta 1
3 ann phys batch "first run" 2026-11-21T10:00:00Z 2026-11-21T10:03:00Z 2
9 bob chem long - 2026-11-21T09:00:00Z - 1
`

// TestJobsMetadata: metadata beside the job file shows in the table and in
// JSON; filters, sort and -by work on it.
func TestJobsMetadata(t *testing.T) {
	param := writeTemp(t, "p.dat", "s0.0 10 30 50\ns0.1 20 - 70\nn02 1 2 3\ns0.3 99 99 99\n")
	job := writeTemp(t, "j.dat", "s0.0 3 3 0\ns0.1 3 3 3\ns0.2 9 9 9\n")
	if err := os.WriteFile(job+".meta", []byte(metaFixture), 0o644); err != nil {
		t.Fatal(err)
	}
	got := jobsRun(t, "-param", param, "-job", job)
	if len(got.Jobs) != 2 || got.Jobs[0].Meta["user"] != "ann" || got.Jobs[0].Meta["name"] != "first run" ||
		got.Jobs[1].Meta["running"] != true || got.Jobs[1].Meta["end"] != nil || got.Jobs[0].Size != 2 {
		t.Errorf("%+v", got.Jobs)
	}
	code, table, _ := fabnet(t, "jobs", ring4Model, "-param", param, "-job", job)
	lines := strings.Split(strings.TrimSpace(table), "\n")
	if code != 0 || len(lines) != 8 || !strings.Contains(lines[3], "3  ann       batch") || !strings.Contains(lines[4], "9  bob       long") {
		t.Fatalf("table:\n%s", table)
	}
	for _, l := range lines {
		if n := len([]rune(l)); n > 80 {
			t.Errorf("%d columns: %q", n, l)
		}
	}
	if got := jobsRun(t, "-param", param, "-job", job, "-user", "bob"); len(got.Jobs) != 1 || got.Jobs[0].Job != 9 {
		t.Errorf("-user bob: %+v", got.Jobs)
	}
	if got := jobsRun(t, "-param", param, "-job", job, "-min-nodes", "2"); len(got.Jobs) != 1 || got.Jobs[0].Job != 3 {
		t.Errorf("-min-nodes 2: %+v", got.Jobs)
	}
	if got := jobsRun(t, "-param", param, "-job", job, "-sort", "-mean"); got.Jobs[0].Job != 3 {
		t.Errorf("-sort -mean: %+v", got.Jobs)
	}
	if got := jobsRun(t, "-param", param, "-job", job, "-sort", "start"); got.Jobs[0].Job != 9 {
		t.Errorf("-sort start: %+v", got.Jobs)
	}
	if got := jobsRun(t, "-param", param, "-job", job, "-by", "size"); len(got.Groups) != 2 || got.Groups[0].Key != "1" || got.Groups[1].Key != "2" {
		t.Errorf("-by size: %+v", got.Groups)
	}
	code, detail, _ := fabnet(t, "jobs", ring4Model, "-param", param, "-job", job, "-jobid", "9")
	if code != 0 || !strings.Contains(detail, "user bob, account chem, partition long, name -\n  start 2026-11-21T09:00:00Z, end - (running") {
		t.Errorf("detail:\n%s", detail)
	}
	only3 := writeTemp(t, "only3.meta", "#! fabviz-jobmeta 1\n3 ann - - - - - -\n")
	code, _, stderr := fabnet(t, "jobs", ring4Model, "-param", param, "-job", job, "-meta", only3)
	if code != 0 || stderr != "warning: 1 of the job file's 2 jobs have no line in "+only3+" (first 9)\n" {
		t.Errorf("missing metadata: %d %q", code, stderr)
	}
	broken := writeTemp(t, "broken.meta", "#! fabviz-jobmeta 1\n3 ann\n")
	if code, _, stderr := fabnet(t, "jobs", ring4Model, "-param", param, "-job", job, "-meta", broken); code != 1 || !strings.HasPrefix(stderr, broken+":2: 2 fields, expected 8") {
		t.Errorf("broken metadata: %d %q", code, stderr)
	}
	for _, bad := range [][]string{{"-sort", "color"}, {"-by", "moon"}, {"-jobid", "x"}, {"-quantiles", "R7"}} {
		if code, _, _ := fabnet(t, append([]string{"jobs", ring4Model, "-param", param, "-job", job}, bad...)...); code != 2 {
			t.Errorf("%v: exit %d", bad, code)
		}
	}
}
