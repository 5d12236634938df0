package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

const ring4 = "../../examples/ring4/ring4.fvm"

func TestRouteJSON(t *testing.T) {
	code, out, errs := fabnet(t, "route", ring4, "0", "47", "--json")
	want := `{"src":0,"dst":47,"hops":[{"switch":"s0","in":0,"out":15},{"switch":"s3","in":13,"out":11}]}` + "\n"
	if code != 0 || out != want || errs != "" {
		t.Errorf("exit %d\n got %s\nwant %s\nstderr %q", code, out, want, errs)
	}
	// host names, flags first, text output: one hop a line
	code, out, _ = fabnet(t, "route", ring4, "n00", "n30")
	if want := "s0 in 0 out 12\ns1 in 14 out 12\ns2 in 14 out 6\n"; code != 0 || out != want {
		t.Errorf("text: exit %d %q", code, out)
	}
}

func TestRouteSwitches(t *testing.T) {
	code, out, errs := fabnet(t, "route", ring4, "--switches", "s0", "s2", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var got struct {
		Paths []struct {
			Routes int
			Hops   []struct {
				Switch  string
				In, Out *int
			}
		}
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err, out)
	}
	if len(got.Paths) != 2 || got.Paths[0].Routes+got.Paths[1].Routes != 144 {
		t.Fatalf("%s", out)
	}
	for _, p := range got.Paths {
		h := p.Hops
		if len(h) != 3 || h[0].Switch != "s0" || h[1].Switch != "s1" || h[2].Switch != "s2" ||
			h[0].In != nil || h[2].Out != nil || h[1].In == nil || *h[0].Out+2 != *h[1].In {
			t.Errorf("path %s", out)
		}
	}
	code, out, _ = fabnet(t, "route", ring4, "s1", "s1", "--switches")
	if code != 0 || out != "132 routes: s1 in * out *\n" {
		t.Errorf("s1 s1: %d %q", code, out)
	}
}

func TestRouteErrors(t *testing.T) {
	dir := t.TempDir()
	writeRing(t, dir, map[string]string{"0.rt": strings.Repeat("\n", 47) + "0c 0c\n"})
	m := filepath.Join(dir, "ring4.fvm")
	code, out, errs := fabnet(t, "route", m, "0", "47")
	want := filepath.Join(dir, "routes", "0.rt") + ":48: route 0->47: hop 3 at s2: route bytes ran out (entered on port 14) before reaching node 47\n"
	if code != 1 || out != "" || errs != want {
		t.Errorf("exit %d stdout %q stderr %q", code, out, errs)
	}
	for _, args := range [][]string{{m, "0", "n99"}, {m, "--switches", "s0", "s9"}} {
		if code, _, errs := fabnet(t, append([]string{"route"}, args...)...); code != 1 || errs == "" {
			t.Errorf("%v: exit %d %q", args, code, errs)
		}
	}
	if code, _, _ := fabnet(t, "route", m, "0"); code != 2 {
		t.Errorf("too few arguments: exit %d", code)
	}
}

// writeRing copies the ring4 model to dir with the given route files.
func writeRing(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	src, err := os.ReadFile(ring4)
	if err != nil {
		t.Fatal(err)
	}
	os.MkdirAll(filepath.Join(dir, "routes"), 0o755)
	os.WriteFile(filepath.Join(dir, "ring4.fvm"), src, 0o644)
	for name, s := range files {
		os.WriteFile(filepath.Join(dir, "routes", name), []byte(s), 0o644)
	}
}

func TestCheckBadRoutes(t *testing.T) {
	dir := t.TempDir()
	good, err := os.ReadFile("../../examples/ring4/routes/1.rt")
	if err != nil {
		t.Fatal(err)
	}
	bad := strings.Repeat("zz\n", 48)
	files := map[string]string{"0.rt": bad, "2.rt": "0c\n"}
	for n := 1; n < 48; n++ {
		if n != 2 {
			files[strconv.Itoa(n)+".rt"] = string(good) // routes of node 1: wrong for every other source
		}
	}
	writeRing(t, dir, files)
	code, out, errs := fabnet(t, "check", filepath.Join(dir, "ring4.fvm"), "-max-errors", "3")
	if code != 1 || out != "failed: 4 switches, 64 ports, 48 nodes, 8 links, 2257 routes\n" {
		t.Errorf("exit %d stdout %q", code, out)
	}
	lines := strings.Split(strings.TrimSpace(errs), "\n")
	if len(lines) != 6 || !strings.Contains(lines[0], "warning: ") || !strings.Contains(lines[0], "2.rt: routes of node 2: the file has 1 route lines of 48: 47 routes missing") ||
		!strings.Contains(lines[1], "0.rt:1:1: route 0->0: 'z' is not a hex digit") ||
		!strings.HasPrefix(lines[4], "... and ") || !strings.HasSuffix(lines[5], " of 2257 routes bad") {
		t.Errorf("stderr:\n%s", errs)
	}
}

// TestRouteLIDOffset: with LMC 1 a node has two LIDs, routed over
// different cables; -lid-offset picks one, fabnet check counts both.
func TestRouteLIDOffset(t *testing.T) {
	lmc := filepath.Join(fixtures, "lmc/lmc.fvm")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"0", "3"}, "a in 0 out 2\nb in 2 out 1\n"},
		{[]string{"0", "3", "-lid-offset", "1"}, "a in 0 out 3\nb in 3 out 1\n"},
		{[]string{"--switches", "a", "b", "-lid-offset", "1"}, "4 routes: a in * out 3, b in 3 out *\n"},
	} {
		code, out, errs := fabnet(t, append([]string{"route", lmc}, c.args...)...)
		if code != 0 || out != c.want {
			t.Errorf("%v: exit %d %q %s", c.args, code, out, errs)
		}
	}
	code, _, errs := fabnet(t, "route", lmc, "0", "1", "-lid-offset", "1")
	if code != 1 || !strings.Contains(errs, "route 0->1+1: node 1 has 1 LID(s) (LMC 0): no LID offset 1 (0..0)") {
		t.Errorf("offset beyond the LMC: exit %d %q", code, errs)
	}
	code, _, errs = fabnet(t, "route", ring4, "0", "1", "-lid-offset", "1")
	if code != 1 || !strings.Contains(errs, "LID offset 1: the model has route files, one route a pair (offset 0)") {
		t.Errorf("route files: exit %d %q", code, errs)
	}
	// 4 sources × (1 + 1 + 2 + 2) LIDs
	if code, out, errs := fabnet(t, "check", lmc); code != 0 || out != "ok: 2 switches, 8 ports, 4 nodes, 2 links, 24 routes\n" {
		t.Errorf("check: exit %d %q %s", code, out, errs)
	}
}
