package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/fabviz/fabviz/internal/testsupport/gltest"
	"github.com/fabviz/fabviz/model/ibnet"
	"github.com/fabviz/fabviz/routes/lft"
)

const fixtures = "../../testdata/fixtures"

// importFabric writes DIR/model.fvm (and routes, given tables) the way
// `fabnet import ibnet` does.
func importFabric(t *testing.T, topo, tables string) string {
	t.Helper()
	f, err := ibnet.Load(filepath.Join(fixtures, topo), ibnet.Options{})
	if err != nil {
		t.Fatal(err)
	}
	im, err := ibnet.Build(f, ibnet.BuildOptions{})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	mo := ibnet.ModelOptions{Name: filepath.Base(topo), Source: topo}
	if tables != "" {
		mo.RoutesDir, mo.RoutesExt = "routes", ".rt"
		ts, err := lft.Load(filepath.Join(fixtures, tables))
		if err != nil {
			t.Fatal(err)
		}
		if res, err := lft.Write(filepath.Join(dir, "routes"), ".rt", im, ts); err != nil || res.Missing != 0 {
			t.Fatalf("routes: %v %+v", err, res)
		}
	}
	fh, err := os.Create(filepath.Join(dir, "model.fvm"))
	if err != nil {
		t.Fatal(err)
	}
	defer fh.Close()
	if err := im.WriteModel(fh, mo); err != nil {
		t.Fatal(err)
	}
	return filepath.Join(dir, "model.fvm")
}

// TestSnapshotImportedFabrics draws the imported X5 cluster from the side
// (its three tiers) and the imported fat tree with a route from its
// forwarding tables overlaid.
func TestSnapshotImportedFabrics(t *testing.T) {
	gltest.Need(t)
	x5 := importFabric(t, "real/ltaulell_HPC_toolset_X5.topofile", "")
	out := filepath.Join(t.TempDir(), "x5.png")
	if rc, msg := fabviz(t, "snapshot", x5, "-camera", "0,15,0", "-size", "500x320", "-o", out); rc != 0 {
		t.Fatalf("X5: rc %d: %s", rc, msg)
	}
	if n := countBright(gltest.ReadPNG(t, out)); n < 300 {
		t.Errorf("X5: only %d bright pixels: no ports or cables drawn?", n)
	}
	ft := importFabric(t, "ibsim/fattree-2spine-4leaf-16hca/out.ibnetdiscover", "ibsim/fattree-2spine-4leaf-16hca/out.dump_fts")
	out = filepath.Join(t.TempDir(), "ft.png")
	if rc, msg := fabviz(t, "snapshot", ft, "-route", "cn001:cn016", "-size", "400x260", "-o", out); rc != 0 || msg != "" {
		t.Fatalf("fat tree: rc %d: %q", rc, msg)
	}
	if green := countGreen(gltest.ReadPNG(t, out)); green < 50 {
		t.Errorf("only %d green pixels: the imported route cn001 → cn016 not drawn?", green)
	}
}
