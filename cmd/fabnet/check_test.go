package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// fabnet runs the command in-process and returns its exit status and output.
func fabnet(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(args, &out, &errb)
	return code, out.String(), errb.String()
}

func TestCheckRing4(t *testing.T) {
	code, out, errs := fabnet(t, "check", "../../examples/ring4/ring4.fvm")
	if code != 0 || errs != "" {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if last := lines[len(lines)-1]; last != "ok: 4 switches, 64 ports, 48 nodes, 8 links, 2304 routes" {
		t.Errorf("last line %q", last)
	}
}

func TestCheckInvalid(t *testing.T) {
	path := filepath.Join(t.TempDir(), "bad.fvm")
	src := "ports 4\nportdef A\n0 proc top 0\nend\nswitch a 0 0 0 node 0\nswitch a 0 0 0 node 1\nwrap q\n"
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errs := fabnet(t, "check", path)
	if code != 1 || out != "" {
		t.Fatalf("exit %d, stdout %q", code, out)
	}
	want := path + ":7: wrap: unknown axis \"q\" (expected x, y or z)\n"
	if errs != want {
		t.Errorf("stderr %q, want %q", errs, want)
	}
	// With the syntax mended, both validation errors are listed.
	os.WriteFile(path, []byte(strings.Replace(src, "wrap q\n", "", 1)), 0o644)
	code, _, errs = fabnet(t, "check", path)
	if code != 1 || !strings.Contains(errs, path+":6: switch a already defined at line 5") {
		t.Errorf("exit %d stderr %q", code, errs)
	}
	code, _, errs = fabnet(t, "check", filepath.Join(t.TempDir(), "none.fvm"))
	if code != 1 || !strings.Contains(errs, "no such file") {
		t.Errorf("missing file: exit %d %q", code, errs)
	}
}

func TestUsage(t *testing.T) {
	if code, _, errs := fabnet(t); code != 2 || !strings.Contains(errs, "check") {
		t.Errorf("no args: %d %q", code, errs)
	}
	if code, _, errs := fabnet(t, "frobnicate"); code != 2 || !strings.Contains(errs, "unknown command") {
		t.Errorf("unknown: %d %q", code, errs)
	}
	if code, _, _ := fabnet(t, "check"); code != 2 {
		t.Errorf("check without model: %d", code)
	}
}
