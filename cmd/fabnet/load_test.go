package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// readDat reads a one-step parameter file into label → value.
func readDat(t *testing.T, path string) map[string]string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, l := range strings.Split(string(b), "\n") {
		if f := strings.Fields(l); len(f) == 2 && !strings.HasPrefix(l, "#") {
			out[f[0]] = f[1]
		}
	}
	return out
}

// On the ring, job 7 has nodes 0 (on s0) and 12 (on s1); job 9 has nodes 2
// (s0) and 14 (s1); job 5 sits on s2 alone. The generator picks between two
// parallel cables by the destination's parity, so both jobs' s0→s1 routes
// (to even nodes 12 and 14) leave by s0.12, and both s1→s0 routes (to even
// nodes 0 and 2) by s1.14: each of those ports carries two routes of two
// jobs, every other network port none. Job 5 never leaves its switch.
func TestLoadRing(t *testing.T) {
	dir := t.TempDir()
	jobs := writeTemp(t, "jobs.dat", "n00 7 0\nn12 7 0\nn02 9 9\ns1.2 9 9\nn24 5 5\nn25 5 5\n")
	out := filepath.Join(dir, "load.dat")
	code, stdout, stderr := fabnet(t, "load", ring4Model, "-job", jobs, "-o", out)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	routesPer, jobsPer := readDat(t, out), readDat(t, filepath.Join(dir, "load.jobs.dat"))
	if len(routesPer) != 16 || len(jobsPer) != 16 {
		t.Fatalf("%d and %d ports listed, want all 16 connected network ports", len(routesPer), len(jobsPer))
	}
	for label, v := range routesPer {
		want := "0"
		if label == "s0.12" || label == "s1.14" {
			want = "2"
		}
		if v != want || jobsPer[label] != want {
			t.Errorf("%s: %s routes of %s jobs, want %s of %s", label, v, jobsPer[label], want, want)
		}
	}
	if !strings.Contains(stdout, "traced 6 routes of 3 jobs; 2 network ports carry more than one job") {
		t.Errorf("summary %q", stdout)
	}

	// At step 1 job 7 is gone: job 9's two routes, one job a port.
	fabnet(t, "load", ring4Model, "-job", jobs, "-step", "1", "-o", out)
	if r := readDat(t, out); r["s0.12"] != "1" || r["s1.14"] != "1" {
		t.Errorf("step 1: %v", r)
	}

	// Given pairs: only 0→12, so one route out of s0.12.
	pairs := writeTemp(t, "pairs", "# one way only\nn00 12\n")
	code, _, stderr = fabnet(t, "load", ring4Model, "-job", jobs, "-pairs", pairs, "-o", out)
	if r := readDat(t, out); code != 0 || r["s0.12"] != "1" || r["s1.14"] != "0" {
		t.Errorf("pairs: exit %d %s %v", code, stderr, r)
	}
}

func TestLoadBadInput(t *testing.T) {
	dir := t.TempDir()
	jobs := writeTemp(t, "jobs.dat", "n00 7\nn12 7\n")
	out := filepath.Join(dir, "o.dat")
	ring := ring4Model
	pairs := writeTemp(t, "pairs", "n00 12\nn05 n00\nn00 nosuch\n1 2 3\n")
	code, _, stderr := fabnet(t, "load", ring, "-job", jobs, "-pairs", pairs, "-o", out)
	for _, want := range []string{pairs + ":2: source node n05 runs no job at step 0", pairs + ":3:5: no node \"nosuch\"", pairs + ":4: expected SRC DST, got 3 fields"} {
		if code != 1 || !strings.Contains(stderr, want) {
			t.Errorf("exit %d, missing %q in\n%s", code, want, stderr)
		}
	}
	if code, _, stderr := fabnet(t, "load", ring, "-job", jobs, "-step", "3", "-o", out); code != 1 || !strings.Contains(stderr, "beyond the job file's 1 steps") {
		t.Errorf("step: %d %s", code, stderr)
	}
	if code, _, _ := fabnet(t, "load", ring, "-o", out); code != 2 {
		t.Errorf("no -job: %d", code)
	}
	if code, _, stderr := fabnet(t, "load", "../../examples/planes/planes.fvm", "-job", jobs, "-o", out); code != 1 || !strings.Contains(stderr, "no route files") {
		t.Errorf("model without routes: %d %s", code, stderr)
	}
}
