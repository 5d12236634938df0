package main

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const ring4Model = "../../examples/ring4/ring4.fvm"

func writeTemp(t *testing.T, name, src string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestCheckData(t *testing.T) {
	param := writeTemp(t, "p.dat", "#! counter x\ns0.0 1 2 3\nn13 4 5 -\n")
	job := writeTemp(t, "j.dat", "s0.0 7 7 0\n")
	code, out, errs := fabnet(t, "check", ring4Model, "-param", param, "-job", job)
	if code != 0 || errs != "" || !strings.HasSuffix(out, ", 8 links, 2304 routes, 3 steps\n") {
		t.Fatalf("exit %d out %q err %q", code, out, errs)
	}
	short := writeTemp(t, "s.dat", "s0.0 7 7\n")
	code, _, errs = fabnet(t, "check", ring4Model, "-param", param, "-job", short)
	if code != 1 || errs != short+":1: 2 steps, but the parameter file "+param+" has 3\n" {
		t.Errorf("step mismatch: %d %q", code, errs)
	}
	bad := writeTemp(t, "b.dat", "s0.0 1 2\nzz 1 2\ns0.1 1\n")
	code, _, errs = fabnet(t, "check", "-param", bad, ring4Model)
	want := bad + ":2:1: unknown label \"zz\": not a port (SWITCH.PORT) or host name of the model\n" +
		bad + ":3: 1 values, expected 2 as on line 1\n"
	if code != 1 || errs != want {
		t.Errorf("bad: %d\n%q\nwant\n%q", code, errs, want)
	}
	ok := writeTemp(t, "l.dat", "s0.0 1 2\nzz 1 2\n")
	code, out, errs = fabnet(t, "check", ring4Model, "-param", ok, "--lenient")
	if code != 0 || !strings.HasSuffix(out, "2 steps\n") || !strings.Contains(errs, "warning: "+ok+":2: 1 line(s)") {
		t.Errorf("lenient: %d %q %q", code, out, errs)
	}
	code, _, errs = fabnet(t, "check", ring4Model, "-job", param)
	if code != 0 {
		t.Errorf("job check of a positive file: %d %q", code, errs)
	}
}

const cmdLog = "#! fabviz-log 1\n#! counter port_xmit_data bytes\n#! interval 60s\n#! ports s0.0 n13\n" +
	"2026-11-21T10:00:00Z 1 2\n2026-11-21T10:02:00Z 3 -\n2026-11-21T10:03:00Z 5"

func TestExportCommand(t *testing.T) {
	lg := writeTemp(t, "c.fvlog", cmdLog)
	out := filepath.Join(t.TempDir(), "c.dat")
	code, _, errs := fabnet(t, "export", lg, "-o", out)
	if code != 0 || !strings.Contains(errs, "interrupted write") {
		t.Fatalf("exit %d %q", code, errs)
	}
	got, _ := os.ReadFile(out)
	want := "# exported from " + lg + "\n#! steps 2026-11-21T10:00:00Z 1m0s\n#! counter port_xmit_data bytes\ns0.0 1 - 3\nn13 2 - -\n"
	if string(got) != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	code, stdout, _ := fabnet(t, "export", lg)
	if code != 0 || stdout != want {
		t.Errorf("to stdout: %d %q", code, stdout)
	}
	code, out2, errs := fabnet(t, "check", ring4Model, "-param", out)
	if code != 0 || !strings.HasSuffix(out2, "3 steps\n") {
		t.Errorf("exported file does not check: %q", errs)
	}
	bad := writeTemp(t, "b.fvlog", "#! fabviz-log 1\n#! ports a b\n2026-11-21T10:00:00Z 1\n")
	if code, _, errs := fabnet(t, "export", bad, "-o", out); code != 1 || !strings.HasPrefix(errs, bad+":3: 1 values, expected 2") {
		t.Errorf("bad log: %d %q", code, errs)
	}
}

// TestJobsCommand checks the JSON of `fabnet jobs` against numbers worked
// out by hand for this file: job 3 runs on s0.0 and s0.1 at steps 0–1 and
// on s0.1 alone at step 2; job 9 on n02 (s0.2) at every step.
func TestJobsCommand(t *testing.T) {
	param := writeTemp(t, "p.dat", "s0.0 10 30 50\ns0.1 20 - 70\nn02 1 2 3\ns0.3 99 99 99\n")
	job := writeTemp(t, "j.dat", "s0.0 3 3 0\ns0.1 3 3 3\ns0.2 9 9 9\n")
	code, out, errs := fabnet(t, "jobs", ring4Model, "-param", param, "-job", job, "--json")
	if code != 0 {
		t.Fatalf("exit %d %q", code, errs)
	}
	var got struct {
		Jobs []struct {
			Job     int64
			Steps   []map[string]float64
			Summary map[string]float64
		}
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err, out)
	}
	if len(got.Jobs) != 2 || got.Jobs[0].Job != 3 || got.Jobs[1].Job != 9 {
		t.Fatalf("jobs %s", out)
	}
	// job 3: step 0 [10 20], step 1 [30] (s0.1 is a gap), step 2 [70]
	j3 := got.Jobs[0].Steps
	wantJ3 := []map[string]float64{
		{"step": 0, "count": 2, "mean": 15, "min": 10, "p10": 10, "p50": 10, "p90": 18, "max": 20},
		{"step": 1, "count": 1, "mean": 30, "min": 30, "p10": 30, "p50": 30, "p90": 30, "max": 30},
		{"step": 2, "count": 1, "mean": 70, "min": 70, "p10": 70, "p50": 70, "p90": 70, "max": 70},
	}
	if len(j3) != 3 {
		t.Fatalf("job 3 steps %v", j3)
	}
	for k, w := range wantJ3 {
		for key, v := range w {
			if math.Abs(j3[k][key]-v) > 1e-9 {
				t.Errorf("job 3 step %d %s = %v, want %v", k, key, j3[k][key], v)
			}
		}
		if len(j3[k]) != 15 {
			t.Errorf("step has %d fields, want 15 (step, PerSyst's 13, cv)", len(j3[k]))
		}
	}
	// job 3 summary over [10 20 30 70]: mean 32.5, population variance
	// ((22.5)²+(12.5)²+(2.5)²+(37.5)²)/4 = 518.75.
	s3 := got.Jobs[0].Summary
	if s3["count"] != 4 || s3["mean"] != 32.5 || s3["min"] != 10 || s3["max"] != 70 || math.Abs(s3["std"]-math.Sqrt(518.75)) > 1e-12 {
		t.Errorf("job 3 summary %v", s3)
	}
	s9 := got.Jobs[1].Summary
	if s9["count"] != 3 || s9["mean"] != 2 || math.Abs(s9["std"]-math.Sqrt(2.0/3)) > 1e-12 {
		t.Errorf("job 9 summary %v", s9)
	}
	code, table, _ := fabnet(t, "jobs", ring4Model, "-param", param, "-job", job, "-jobid", "3")
	if code != 0 || !strings.Contains(table, "4 samples in 3 steps: mean 32.5, std 22.78, min 10, max 70") {
		t.Errorf("table: %q", table)
	}
	if code, _, _ := fabnet(t, "jobs", ring4Model, "-param", param); code != 2 {
		t.Errorf("missing -job: exit %d", code)
	}
}
