package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

const cplantModel = "../../examples/cplant/cplant.fvm"

// The shipped case studies are exactly what examples/scenarios.sh makes
// from examples/SCENARIO/sim.args today.
func TestScenariosUpToDate(t *testing.T) {
	tmp := t.TempDir()
	for _, s := range []string{"badcable", "sixjobs"} {
		shipped := filepath.Join("..", "..", "examples", s)
		argv, err := os.ReadFile(filepath.Join(shipped, "sim.args"))
		if err != nil {
			t.Fatal(err)
		}
		out := filepath.Join(tmp, s)
		// scenarios.sh runs from the repository root: same model path in
		// the files' first comment line
		args := append([]string{"sim", "examples/cplant/cplant.fvm"}, strings.Fields(string(argv))...)
		code, _, stderr := fabnetIn(t, filepath.Join("..", ".."), append(args, "-o", out)...)
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", s, code, stderr)
		}
		files := []string{"packets.dat", "jobs.dat", "pairs.txt", "progress.txt"}
		if s == "badcable" {
			files = append(files, "bad.dat")
		} else {
			code, _, stderr := fabnet(t, "load", cplantModel, "-job", filepath.Join(out, "jobs.dat"), "-step", "0",
				"-pairs", filepath.Join(out, "pairs.txt"), "-o", filepath.Join(out, "load.dat"))
			if code != 0 {
				t.Fatalf("load: exit %d: %s", code, stderr)
			}
			files = append(files, "load.dat", "load.jobs.dat")
		}
		for _, f := range files {
			want, err1 := os.ReadFile(filepath.Join(out, f))
			got, err2 := os.ReadFile(filepath.Join(shipped, f))
			if err1 != nil || err2 != nil || !bytes.Equal(got, want) {
				t.Errorf("examples/%s/%s differs from what the simulator makes (run examples/scenarios.sh): %v %v", s, f, err1, err2)
			}
		}
	}
}

// fabnetIn runs fabnet with the working directory dir.
func fabnetIn(t *testing.T, dir string, args ...string) (int, string, string) {
	t.Helper()
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Chdir(dir); err != nil {
		t.Fatal(err)
	}
	defer os.Chdir(wd)
	return fabnet(t, args...)
}

func TestSimCommand(t *testing.T) {
	dir := t.TempDir()
	code, stdout, stderr := fabnet(t, "sim", ring4Model, "-alloc", "12,12@3", "-steps", "20", "-capacity", "10",
		"-packets", "30", "-bad-cable", "s0.12", "-bad-fraction", "0.5", "-format", "log", "-o", dir)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	// job 1 is done at step 2, so job 2 (asking at step 3) gets the same,
	// lowest-numbered nodes
	if !regexp.MustCompile(`(?m)^1 +12 n00\.\.n11 +0 +2 .*100\.0%$`).MatchString(stdout) ||
		!regexp.MustCompile(`(?m)^2 +12 n00\.\.n11 +3 +5 .*100\.0%$`).MatchString(stdout) {
		t.Errorf("progress table:\n%s", stdout)
	}
	for _, f := range []string{"packets.fvlog", "bad.fvlog", "jobs.fvlog", "pairs.txt", "progress.txt"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Error(err)
		}
	}
	// the log reads back with the same step count as the job log
	code, _, stderr = fabnet(t, "check", ring4Model, "-param", filepath.Join(dir, "packets.fvlog"), "-job", filepath.Join(dir, "jobs.fvlog"))
	if code != 0 {
		t.Errorf("check of the logs: exit %d: %s", code, stderr)
	}
	for _, bad := range [][]string{
		{"sim", ring4Model, "-o", dir},                                         // no jobs
		{"sim", ring4Model, "-alloc", "4", "-job", "x", "-o", dir},             // both
		{"sim", ring4Model, "-alloc", "4", "-format", "csv", "-o", dir},        // format
		{"sim", ring4Model, "-alloc", "4", "-pattern", "star", "-o", dir},      // pattern
		{"sim", ring4Model, "-alloc", "4", "-start", "yesterday", "-o", dir},   // time
		{"sim", ring4Model, "-alloc", "4x", "-o", dir},                         // alloc
		{"sim", ring4Model, "-alloc", "4", "-bad-cable", "s9.12", "-o", dir},   // no port
		{"sim", ring4Model, "-alloc", "4", "-bad-cable", "s0.1", "-o", dir},    // proc port
		{"sim", ring4Model, "-alloc", "400", "-o", dir},                        // too big
		{"sim", ring4Model, "-job", filepath.Join(dir, "nope.dat"), "-o", dir}, // no job file
	} {
		if code, _, stderr := fabnet(t, bad...); code == 0 || stderr == "" {
			t.Errorf("%v: exit %d, stderr %q", bad, code, stderr)
		}
	}
}

// Jobs from a job file: each id's nodes at the first step it shows, from
// that step.
func TestSimFromJobFile(t *testing.T) {
	dir := t.TempDir()
	jobs := writeTemp(t, "jobs.dat", "n00 7 7 7\nn12 7 7 7\nn01 0 0 9\nn25 0 0 9\nn26 0 0 9\n")
	code, stdout, stderr := fabnet(t, "sim", ring4Model, "-job", jobs, "-steps", "3", "-o", dir)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, re := range []string{`(?m)^7 +2 n00\.\.n12 +0 `, `(?m)^9 +3 n01\.\.n26 +2 `} {
		if !regexp.MustCompile(re).MatchString(stdout) {
			t.Errorf("progress table does not match %s:\n%s", re, stdout)
		}
	}
}
