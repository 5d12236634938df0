package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/fabviz/fabviz/model"
	"github.com/fabviz/fabviz/routes"
)

// TestImportTables imports fabrics twice, once to route files (-route-files)
// and once to forwarding tables (FORMATS §2b, the default): every route
// traces hop for hop alike, and fabnet check passes on both with the same
// count.
func TestImportTables(t *testing.T) {
	for _, c := range []struct{ topo, tables string }{
		{"ibsim/fattree-2spine-4leaf-16hca/out.ibnetdiscover", "ibsim/fattree-2spine-4leaf-16hca/out.dump_fts"},
		{"ibsim/mesh-3x3x2-dor/out.ibnetdiscover", "ibsim/mesh-3x3x2-dor/out.dump_fts"},
	} {
		t.Run(filepath.Dir(c.topo), func(t *testing.T) {
			files, tables := t.TempDir(), t.TempDir()
			topo, lfts := filepath.Join(fixtures, c.topo), filepath.Join(fixtures, c.tables)
			if code, _, errs := fabnet(t, "import", "ibnet", "-topo", topo, "-lft", lfts, "-o", files, "-route-files"); code != 0 {
				t.Fatalf("route files: exit %d: %s", code, errs)
			}
			code, out, errs := fabnet(t, "import", "ibnet", "-topo", topo, "-lft", lfts, "-o", tables)
			if code != 0 || !strings.Contains(out, "tables.lft: forwarding tables of") {
				t.Fatalf("tables: exit %d: %s%s", code, out, errs)
			}
			if _, err := os.Stat(filepath.Join(tables, "routes")); err == nil {
				t.Error("the tables import wrote route files too")
			}
			if _, err := os.Stat(filepath.Join(files, "tables.lft")); err == nil {
				t.Error("-route-files wrote tables too")
			}
			mf, sf := openSet(t, filepath.Join(files, "model.fvm"))
			mt, st := openSet(t, filepath.Join(tables, "model.fvm"))
			if mt.LFTFile != "tables.lft" || mt.NumNodes != mf.NumNodes {
				t.Fatalf("tables model: lft %q, %d nodes (files: %d)", mt.LFTFile, mt.NumNodes, mf.NumNodes)
			}
			pairs := 0
			for s := mf.MinNode; s <= mf.MaxNode; s++ {
				for d := mf.MinNode; d <= mf.MaxNode; d++ {
					hf, ef := sf.Trace(s, d)
					ht, et := st.Trace(s, d)
					if (ef == nil) != (et == nil) || fmt.Sprint(hf) != fmt.Sprint(ht) {
						t.Fatalf("%d→%d: route files %v %v, tables %v %v", s, d, hf, ef, ht, et)
					}
					pairs++
				}
			}
			if pairs < 16*16 {
				t.Fatalf("%d pairs", pairs)
			}
			_, outF, _ := fabnet(t, "check", filepath.Join(files, "model.fvm"))
			if code, out, errs := fabnet(t, "check", filepath.Join(tables, "model.fvm")); code != 0 || !strings.HasPrefix(out, "ok:") || out != outF {
				t.Errorf("check on tables: exit %d: %s%s (route files: %s)", code, out, errs, outF)
			}
			// diagnose reasons along the tables' routes too
			l := mt.Links()[0]
			bad := filepath.Join(t.TempDir(), "bad.dat")
			os.WriteFile(bad, []byte(fmt.Sprintf("#! counter bad_packets packets\n%s 40\n%s 30\n", mt.Label(l.A), mt.Label(l.B))), 0o644)
			code, out, errs = fabnet(t, "diagnose", filepath.Join(tables, "model.fvm"), bad)
			if code != 0 || !strings.Contains(out, "routes through this cable lead to ports that counted 100.0 % of all 70 bad_packets") {
				t.Errorf("diagnose on tables: exit %d: %s%s", code, out, errs)
			}
		})
	}
}

func openSet(t testing.TB, path string) (*model.Model, *routes.Set) {
	t.Helper()
	m, err := model.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	s, err := routes.Open(m)
	if err != nil {
		t.Fatal(err)
	}
	return m, s
}

// TestReadTablesErrors: a broken tables file is refused line by line.
func TestReadTablesErrors(t *testing.T) {
	m, err := model.Load("../../examples/ring4/ring4.fvm")
	if err != nil {
		t.Fatal(err)
	}
	in := "#! fabviz-lft 1\nnode 0 lid 1\nnode 999 lid 2\n12 3\ntable s0\n1-0x0a 15\n5 99\ntable nosuch\nnode 1 lid 0xC000\n"
	_, err = routes.ReadTables("t.lft", strings.NewReader(in), m)
	var list model.ErrorList
	if !errors.As(err, &list) || len(list) != 5 {
		t.Fatalf("%v", err)
	}
	for i, want := range []string{"t.lft:3: node 999", "t.lft:4: \"12\": expected node, switch or table", "t.lft:7: entry 5: port \"99\"", "t.lft:8: table \"nosuch\"", "t.lft:9: node 1: LID \"0xC000\""} {
		if !strings.HasPrefix(list[i].Error(), want) {
			t.Errorf("error %d: %q, want %q…", i, list[i], want)
		}
	}
	if _, err := routes.ReadTables("t.lft", strings.NewReader("node 0 lid 1\n"), m); err == nil || !strings.Contains(err.Error(), "#! fabviz-lft 1") {
		t.Errorf("no magic line: %v", err)
	}
}

// TestLFTAndRoutes: a model names route files or tables, not both.
func TestLFTAndRoutes(t *testing.T) {
	src, err := os.ReadFile("../../examples/ring4/ring4.fvm")
	if err != nil {
		t.Fatal(err)
	}
	_, err = model.Parse("r.fvm", strings.NewReader(string(src)+"lft tables.lft\n"))
	if err == nil || !strings.Contains(err.Error(), "lft: the model names route files already (routes, line") {
		t.Errorf("%v", err)
	}
}
