package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestJobsImportHostLines: the one-step form on ring4 (hosts n00..n47).
// Unknown hosts are named once each, a job with none known is named, and
// the files load as a job file and its metadata.
func TestJobsImportHostLines(t *testing.T) {
	in := writeTemp(t, "jobs.txt", "5 n[00-02],zz9\n6 n03,zz9\n7 zz[1-2]\n")
	out := filepath.Join(filepath.Dir(in), "jobs.dat")
	code, stdout, stderr := fabnet(t, "jobs", "import", ring4Model, in, "-o", out)
	if code != 0 {
		t.Fatalf("exit %d %s", code, stderr)
	}
	wantErr := "warning: 3 hosts are not in the model: zz1 zz2 zz9; 1 jobs match no port of the model and are left out: 7\n"
	if stderr != wantErr {
		t.Errorf("stderr\n%s\nwant\n%s", stderr, wantErr)
	}
	if !strings.HasPrefix(stdout, out+": 48 processor ports × 1 step, 2 jobs; metadata of 2 jobs in "+out+".meta") {
		t.Errorf("stdout %q", stdout)
	}
	b, _ := os.ReadFile(out)
	for _, line := range []string{"s0.0 5\n", "s0.2 5\n", "s0.3 6\n", "s0.4 0\n", "s3.11 0\n"} {
		if !strings.Contains(string(b), line) {
			t.Errorf("job file lacks %q:\n%s", line, b)
		}
	}
	meta, _ := os.ReadFile(out + ".meta")
	if !strings.HasSuffix(string(meta), "5 - - - - - - 4\n6 - - - - - - 2\n") {
		t.Errorf("meta\n%s", meta)
	}
	if code, _, stderr := fabnet(t, "check", ring4Model, "-job", out); code != 0 {
		t.Errorf("check: %s", stderr)
	}
	if code, _, stderr := fabnet(t, "jobs", "import", ring4Model, in, "-o", out, "-steps", "3"); code != 2 || !strings.Contains(stderr, "have no times") {
		t.Errorf("grid flags with host lines: %d %s", code, stderr)
	}
}

// TestJobsImportSacct: sacct output on a grid taken from a collector log,
// times read in the local zone (here UTC+1): job 41 runs 10:00–10:02
// local = 09:00–09:02 UTC, steps 0–1 of the one-minute grid from 09:00Z;
// job 42 is still running from 09:02:30 UTC and covers steps 2–3.
func TestJobsImportSacct(t *testing.T) {
	defer func(l *time.Location) { time.Local = l }(time.Local)
	time.Local = time.FixedZone("CET", 3600)
	sacct := writeTemp(t, "acct.txt", "JobID|User|Account|Partition|JobName|Start|End|NodeList|NNodes\n"+
		"41|ann|phys|batch|\"quoted\" name|2026-11-21T10:00:00|2026-11-21T10:02:00|n[00-01]|2\n"+
		"41.batch|||||2026-11-21T10:00:00|2026-11-21T10:02:00|n00|1\n"+
		"42|bob|chem|long|run 2|2026-11-21T10:02:30|Unknown|n05|1\n")
	dir := filepath.Dir(sacct)
	lg := filepath.Join(dir, "c.fvlog")
	os.WriteFile(lg, []byte("#! fabviz-log 1\n#! counter x\n#! interval 60s\n#! ports s0.0\n2026-11-21T09:00:00Z 1\n2026-11-21T09:03:00Z 2\n"), 0o644)
	out := filepath.Join(dir, "j.dat")
	code, stdout, stderr := fabnet(t, "jobs", "import", ring4Model, sacct, "-grid", lg, "-o", out)
	if code != 0 || stderr != "" {
		t.Fatalf("exit %d %s", code, stderr)
	}
	if !strings.Contains(stdout, "48 processor ports × 4 steps of 1m0s from 2026-11-21T09:00:00Z, 2 jobs") {
		t.Errorf("stdout %q", stdout)
	}
	b, _ := os.ReadFile(out)
	for _, line := range []string{"#! steps 2026-11-21T09:00:00Z 1m0s\n", "s0.0 41 41 0 0\n", "s0.1 41 41 0 0\n", "s0.5 0 0 42 42\n", "s0.2 0 0 0 0\n"} {
		if !strings.Contains(string(b), line) {
			t.Errorf("job file lacks %q:\n%s", line, b)
		}
	}
	meta, _ := os.ReadFile(out + ".meta")
	want := "41 ann phys batch \"\\\"quoted\\\" name\" 2026-11-21T09:00:00Z 2026-11-21T09:02:00Z 2\n42 bob chem long \"run 2\" 2026-11-21T09:02:30Z - 1\n"
	if !strings.HasSuffix(string(meta), want) {
		t.Errorf("meta\n%s\nwant suffix\n%s", meta, want)
	}
	if code, _, stderr := fabnet(t, "jobs", "import", ring4Model, sacct, "-o", out); code != 2 || !strings.Contains(stderr, "needs a time grid") {
		t.Errorf("no grid: %d %s", code, stderr)
	}
}
