package main

import (
	"path/filepath"
	"strings"
	"testing"
)

func TestGenThenCheck(t *testing.T) {
	for _, args := range [][]string{
		{"ring", "-switches", "4"},
		{"mesh", "-dims", "3,2,2", "-proc", "2", "-encoding", "relative"},
		{"torus", "-dims", "3,4", "-proc", "3"},
		{"fattree", "-leaves", "4", "-spines", "2", "-hosts", "3", "-ports", "8"},
		{"cplant"},
	} {
		dir := filepath.Join(t.TempDir(), "out")
		code, out, errs := fabnet(t, append(append([]string{"gen"}, args...), "-o", dir)...)
		if code != 0 || !strings.HasPrefix(out, "wrote "+dir+"/out.fvm: ") {
			t.Fatalf("%v: exit %d %q %q", args, code, out, errs)
		}
		code, out, errs = fabnet(t, "check", filepath.Join(dir, "out.fvm"))
		if code != 0 || errs != "" || !strings.HasPrefix(out, "ok: ") {
			t.Errorf("%v: check: exit %d %q %q", args, code, out, errs)
		}
	}
	if code, out, _ := fabnet(t, "check", filepath.Join("../../examples/cplant/cplant.fvm")); code != 0 ||
		out != "ok: 78 switches, 1248 ports, 624 nodes, 302 links, 389376 routes\n" {
		t.Errorf("cplant example: %d %q", code, out)
	}
}

func TestGenBadArgs(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"gen", "hypercube", "-o", dir}, 2, `unknown kind "hypercube"`},
		{[]string{"gen", "ring"}, 2, "usage"},
		{[]string{"gen", "torus", "-dims", "4,x", "-o", dir}, 1, `-dims "4,x"`},
		{[]string{"gen", "ring", "-encoding", "myrinet", "-o", dir}, 2, "absolute or relative"},
		{[]string{"gen", "fattree", "-hosts", "20", "-o", dir}, 1, "fit a leaf's 16 ports"},
	} {
		code, _, errs := fabnet(t, c.args...)
		if code != c.code || !strings.Contains(errs, c.msg) {
			t.Errorf("%v: exit %d %q", c.args, code, errs)
		}
	}
}
