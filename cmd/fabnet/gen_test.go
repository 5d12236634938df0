package main

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/fabviz/fabviz/model"
	"github.com/fabviz/fabviz/routes"
)

func TestGenThenCheck(t *testing.T) {
	for _, args := range [][]string{
		{"ring", "-switches", "4"},
		{"mesh", "-dims", "3,2,2", "-proc", "2", "-encoding", "relative"},
		{"torus", "-dims", "3,4", "-proc", "3"},
		{"fattree", "-leaves", "4", "-spines", "2", "-hosts", "3", "-ports", "8"},
		{"cplant"},
		{"fattree3", "-k", "4"},
		{"cplant", "-form", "tables"},
		{"mesh", "-dims", "3,2", "-proc", "2", "-form", "tables"},
		{"fattree3", "-k", "4", "-form", "none"},
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

// The ibnet form is text InfiniBand's tools print: importing it gives the
// fabric back, whose tables trace as the generator's own tables do, hop for
// hop (switches by label, ports by offset: InfiniBand numbers ports from 1).
func TestGenIBNetImports(t *testing.T) {
	for _, args := range [][]string{
		{"fattree3", "-k", "4", "-pods", "3"},
		{"fattree3", "-k", "6", "-hosts", "2"},
		{"torus", "-dims", "3,2", "-proc", "2"},
	} {
		dir := t.TempDir()
		own, ib, imp := filepath.Join(dir, "own"), filepath.Join(dir, "ib"), filepath.Join(dir, "imp")
		if code, _, errs := fabnet(t, append(append([]string{"gen"}, args...), "-form", "tables", "-o", own)...); code != 0 {
			t.Fatalf("%v: %s", args, errs)
		}
		code, out, errs := fabnet(t, append(append([]string{"gen"}, args...), "-form", "ibnet", "-o", ib)...)
		if code != 0 || !strings.HasPrefix(out, "wrote "+ib+"/ib.topo and "+ib+"/ib.fts: ") {
			t.Fatalf("%v: exit %d %q %q", args, code, out, errs)
		}
		code, out, errs = fabnet(t, "import", "ibnet", "-topo", ib+"/ib.topo", "-lft", ib+"/ib.fts", "-o", imp, "-tables")
		if code != 0 || errs != "" {
			t.Fatalf("%v: import: exit %d %s%s", args, code, out, errs)
		}
		mo, so := openSet(t, filepath.Join(own, "own.fvm"))
		mi, si := openSet(t, filepath.Join(imp, "model.fvm"))
		if mi.NumNodes != mo.NumNodes || len(mi.Switches) != len(mo.Switches) || mi.NumLinks() != mo.NumLinks() {
			t.Fatalf("%v: imported %s, generated %s", args, mi, mo)
		}
		node := func(n int) int {
			i, ok := mi.NodeByHost(mo.HostName(n))
			if !ok {
				t.Fatalf("%v: host %s not imported", args, mo.HostName(n))
			}
			return i
		}
		hops := func(m *model.Model, hs []routes.Hop) string {
			var b strings.Builder
			for _, h := range hs {
				fmt.Fprintf(&b, "%s:%d>%d ", m.Switches[h.Switch].Label, h.In-m.PortBase, h.Out-m.PortBase)
			}
			return b.String()
		}
		for s := mo.MinNode; s <= mo.MaxNode; s++ {
			for d := mo.MinNode; d <= mo.MaxNode; d++ {
				ho, eo := so.Trace(s, d)
				hi, ei := si.Trace(node(s), node(d))
				if eo != nil || ei != nil || hops(mo, ho) != hops(mi, hi) {
					t.Fatalf("%v %d→%d: generated %s %v, imported %s %v", args, s, d, hops(mo, ho), eo, hops(mi, hi), ei)
				}
			}
		}
	}
}

func TestGenFormBadArgs(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"gen", "ring", "-form", "lft", "-o", dir}, 2, `-form "lft": expected files, tables, ibnet or none`},
		{[]string{"gen", "ring", "-form", "tables", "-encoding", "relative", "-o", dir}, 2, "-encoding relative applies to route files"},
		{[]string{"gen", "fattree3", "-k", "8", "-hosts", "5", "-o", dir}, 1, "-hosts 5 out of range 1..4"},
		{[]string{"gen", "torus", "-dims", "64,64", "-proc", "12", "-form", "tables", "-o", dir}, 1, "unicast LIDs 1..49151 only"},
	} {
		code, _, errs := fabnet(t, c.args...)
		if code != c.code || !strings.Contains(errs, c.msg) {
			t.Errorf("%v: exit %d %q", c.args, code, errs)
		}
	}
}
