package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/fabviz/fabviz/model"
)

const fixtures = "../../testdata/fixtures"

// hop is one switch a route passes: its GUID, entry and exit port.
type hop struct {
	guid    uint64
	in, out int
}

var tracertRE = regexp.MustCompile(`^\[(\d+)\] -> (?:(?:switch|ca) port )?\{0x([0-9a-f]+)\}\[(\d+)\]`)

// parseTracert reads ibtracert's hops: each "[OUT] -> {GUID}[IN]" line
// leaves the previous node through OUT and enters the next through IN; the
// last one enters the destination CA.
func parseTracert(t *testing.T, text string) []hop {
	t.Helper()
	type arrow struct {
		out, in int
		guid    uint64
	}
	var arrows []arrow
	for _, l := range strings.Split(text, "\n") {
		m := tracertRE.FindStringSubmatch(strings.TrimSpace(l))
		if m == nil {
			continue
		}
		var a arrow
		a.out, _ = strconv.Atoi(m[1])
		a.guid, _ = strconv.ParseUint(m[2], 16, 64)
		a.in, _ = strconv.Atoi(m[3])
		arrows = append(arrows, a)
	}
	var hops []hop
	for i := 0; i+1 < len(arrows); i++ {
		hops = append(hops, hop{arrows[i].guid, arrows[i].in, arrows[i+1].out})
	}
	return hops
}

// fabnetRoute is `fabnet route MODEL SRC DST --json`, as hops with the
// switches' GUIDs (their hw field) for comparison with ibtracert.
func fabnetRoute(t *testing.T, m *model.Model, src, dst int, flags ...string) []hop {
	t.Helper()
	code, out, errs := fabnet(t, append([]string{"route", m.File, strconv.Itoa(src), strconv.Itoa(dst), "--json"}, flags...)...)
	if code != 0 {
		t.Fatalf("fabnet route %d %d: exit %d: %s", src, dst, code, errs)
	}
	var r struct {
		Hops []struct {
			Switch  string
			In, Out int
		}
	}
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatalf("fabnet route: %v: %q", err, out)
	}
	var hops []hop
	for _, h := range r.Hops {
		i, ok := m.SwitchByLabel(h.Switch)
		if !ok {
			t.Fatalf("fabnet route: unknown switch %q", h.Switch)
		}
		g, err := strconv.ParseUint(strings.TrimPrefix(m.Switches[i].HW, "0x"), 16, 64)
		if err != nil {
			t.Fatalf("switch %s: hw %q is not a GUID", h.Switch, m.Switches[i].HW)
		}
		hops = append(hops, hop{g, h.In, h.Out})
	}
	return hops
}

// checkAll runs `fabnet check` on the model: every route must trace.
func checkAll(t *testing.T, m *model.Model) {
	t.Helper()
	code, out, errs := fabnet(t, "check", m.File)
	want := fmt.Sprintf("%d routes", m.NumNodes*m.NumNodes)
	if code != 0 || errs != "" || !strings.Contains(out, want) {
		t.Fatalf("fabnet check: exit %d, %q, stderr %q (want %s)", code, out, errs, want)
	}
}

func importFixture(t *testing.T, topo, tables string, extra ...string) (*model.Model, string) {
	t.Helper()
	dir := t.TempDir()
	args := append([]string{"import", "ibnet", "-topo", topo, "-lft", tables, "-o", dir}, extra...)
	code, out, errs := fabnet(t, args...)
	if code != 0 {
		t.Fatalf("import: exit %d\n%s%s", code, out, errs)
	}
	m, err := model.Load(filepath.Join(dir, "model.fvm"))
	if err != nil {
		t.Fatal(err)
	}
	return m, out
}

func sameHops(a, b []hop) bool {
	return fmt.Sprint(a) == fmt.Sprint(b)
}

// TestImportMatchesTracert: the imported routes take the hops ibtracert
// printed for the same fabric (fixtures captured from ibsim + opensm).
func TestImportMatchesTracert(t *testing.T) {
	for _, c := range []struct {
		dir, tables, tracert, src, dst string
	}{
		{"ibsim/fattree-2spine-4leaf-16hca", "out.dump_fts", "out.ibtracert_cn001_cn016_names", "cn001", "cn016"},
		{"ibsim/fattree-2spine-4leaf-16hca", "opensm.fdbs", "out.ibtracert_cn001_cn016", "cn001", "cn016"},
		{"ibsim/fattree-2spine-4leaf-16hca", "opensm-lfts.dump", "out.ibtracert_cn001_cn016", "cn001", "cn016"},
		{"ibsim/mesh-3x3x2-dor", "out.dump_fts", "out.ibtracert_n000_n017", "n000", "n017"},
		{"ibsim/mesh-3x3x2-dor", "opensm.fdbs", "out.ibtracert_n000_n017", "n000", "n017"},
	} {
		dir := filepath.Join(fixtures, c.dir)
		m, _ := importFixture(t, filepath.Join(dir, "out.ibnetdiscover"), filepath.Join(dir, c.tables))
		text, err := os.ReadFile(filepath.Join(dir, c.tracert))
		if err != nil {
			t.Fatal(err)
		}
		want := parseTracert(t, string(text))
		s, okS := m.NodeByName(c.src)
		d, okD := m.NodeByName(c.dst)
		if !okS || !okD || len(want) < 3 {
			t.Fatalf("%s: hosts %v %v, %d ibtracert hops", c.dir, okS, okD, len(want))
		}
		if got := fabnetRoute(t, m, s, d); !sameHops(got, want) {
			t.Errorf("%s %s: fabnet route %v, ibtracert %v", c.dir, c.tables, got, want)
		}
		checkAll(t, m) // every route traces from its source to its destination
	}
}

// TestImportLMC: a fabric routed by opensm with LMC 1 imports with two
// LIDs a host port; each LID's route is the one ibtracert printed (they
// cross different spines), and every LID's routes are checked.
func TestImportLMC(t *testing.T) {
	dir := filepath.Join(fixtures, "ibsim/fattree-lmc1")
	m, out := importFixture(t, filepath.Join(dir, "out.ibnetdiscover"), filepath.Join(dir, "out.dump_fts"))
	if !strings.Contains(out, "tables.lft: 512 routes, 0 bad, 0 missing") {
		t.Errorf("import: %s", out)
	}
	s, _ := m.NodeByName("cn001")
	d, _ := m.NodeByName("cn016")
	var paths [2][]hop
	for k := range paths {
		text, err := os.ReadFile(filepath.Join(dir, fmt.Sprintf("out.ibtracert_cn001_cn016_lid%d", k)))
		if err != nil {
			t.Fatal(err)
		}
		want := parseTracert(t, string(text))
		paths[k] = fabnetRoute(t, m, s, d, "-lid-offset", strconv.Itoa(k))
		if len(want) != 3 || !sameHops(paths[k], want) {
			t.Errorf("LID offset %d: fabnet route %v, ibtracert %v", k, paths[k], want)
		}
	}
	if sameHops(paths[0], paths[1]) {
		t.Errorf("both LIDs take one path: %v", paths[0])
	}
	code, stdout, errs := fabnet(t, "check", m.File)
	if code != 0 || !strings.Contains(stdout, " 512 routes") {
		t.Errorf("check: exit %d %q %s", code, stdout, errs)
	}
}

func TestImportEveryTopology(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(fixtures, "real/*.out"))
	more, _ := filepath.Glob(filepath.Join(fixtures, "real/*/*.topo"))
	p, _ := filepath.Glob(filepath.Join(fixtures, "real/treydock_infiniband_exporter/collectors/fixtures/ibnetdiscover/*"))
	ib, _ := filepath.Glob(filepath.Join(fixtures, "ibsim/*/out.ibnetdiscover*"))
	files = append(append(append(append(files, more...), p...), ib...), filepath.Join(fixtures, "real/ltaulell_HPC_toolset_X5.topofile"))
	if len(files) < 15 {
		t.Fatalf("only %d fixtures found", len(files))
	}
	for _, f := range files {
		dir := t.TempDir()
		code, out, errs := fabnet(t, "import", "ibnet", "-topo", f, "-o", dir, "-lenient")
		switch {
		case strings.HasSuffix(f, "-bad.out"):
			if code != 1 || !strings.Contains(errs, "example-bad.out:10: no switch in the topology") {
				t.Errorf("%s: exit %d %q", f, code, errs)
			}
			continue
		case code != 0:
			t.Errorf("%s: exit %d\n%s", f, code, errs)
			continue
		}
		if !strings.Contains(out, "model.fvm: ") {
			t.Errorf("%s: output %q", f, out)
		}
		if code, _, errs := fabnet(t, "check", filepath.Join(dir, "model.fvm")); code != 0 {
			t.Errorf("%s: check: %s", f, errs)
		}
	}
	// Without -lenient the inconsistent -p snippet is refused, naming both lines.
	code, _, errs := fabnet(t, "import", "ibnet", "-topo", p[1], "-o", t.TempDir())
	if code != 1 || !strings.Contains(errs, "test2.out:5: inconsistent links") {
		t.Errorf("test2.out: exit %d %q", code, errs)
	}
}

func TestImportUsageAndMissing(t *testing.T) {
	if code, _, errs := fabnet(t, "import"); code != 2 || !strings.Contains(errs, "usage: fabnet import ibnet") {
		t.Errorf("no args: %d %q", code, errs)
	}
	if code, _, _ := fabnet(t, "import", "ibnet", "-o", t.TempDir()); code != 2 {
		t.Errorf("no -topo: %d", code)
	}
	dir := filepath.Join(fixtures, "ibsim/fattree-2spine-4leaf-16hca")
	// Tables of another fabric: a switch not in the topology.
	code, _, errs := fabnet(t, "import", "ibnet", "-topo", filepath.Join(dir, "out.ibnetdiscover"),
		"-lft", filepath.Join(fixtures, "ibsim/mesh-3x3x2-dor/out.dump_fts"), "-o", t.TempDir())
	if code != 1 || !strings.Contains(errs, "which is not in the topology") {
		t.Errorf("foreign tables: exit %d %q", code, errs)
	}
	// A LID left out of every table: the routes to it are bad, reported by
	// the import (which checks the tables it wrote) and by fabnet check.
	data, err := os.ReadFile(filepath.Join(dir, "out.dump_fts"))
	if err != nil {
		t.Fatal(err)
	}
	var keep []string
	for _, l := range strings.Split(string(data), "\n") {
		if !strings.HasPrefix(l, "0x0012 ") { // cn013
			keep = append(keep, l)
		}
	}
	partial := filepath.Join(t.TempDir(), "partial.fts")
	os.WriteFile(partial, []byte(strings.Join(keep, "\n")), 0o644)
	outDir := t.TempDir()
	code, stdout, errs := fabnet(t, "import", "ibnet", "-topo", filepath.Join(dir, "out.ibnetdiscover"), "-lft", partial, "-o", outDir)
	if code != 1 || !strings.Contains(stdout, "tables.lft: 256 routes, 15 bad, 0 missing") ||
		!strings.Contains(errs, "tables.lft:18: route 0->12: hop 1 at ib-leaf01: no entry for LID 18 (node 12): a dead end") ||
		!strings.Contains(errs, "... and 5 more bad routes") {
		t.Errorf("missing LID: exit %d %q %q", code, stdout, errs)
	}
	code, _, errs = fabnet(t, "check", filepath.Join(outDir, "model.fvm"))
	if code != 1 || !strings.Contains(errs, "15 of 256 routes bad") {
		t.Errorf("check after missing routes: exit %d %q", code, errs)
	}
	// The same as route files: the import names each reason once with
	// its count; the empty lines are routes whose bytes run out.
	outDir = t.TempDir()
	code, stdout, errs = fabnet(t, "import", "ibnet", "-topo", filepath.Join(dir, "out.ibnetdiscover"), "-lft", partial, "-o", outDir, "-route-files")
	if code != 1 || !strings.Contains(stdout, "225 routes, 15 missing") ||
		!strings.Contains(errs, "route missing (3 routes): switch ib-leaf04 has no entry for LID 18 (cn013)") {
		t.Errorf("missing LID, route files: exit %d %q %q", code, stdout, errs)
	}
	code, _, errs = fabnet(t, "check", filepath.Join(outDir, "model.fvm"))
	if code != 1 || !strings.Contains(errs, "15 of 256 routes bad") {
		t.Errorf("check after missing routes: exit %d %q", code, errs)
	}
	// One switch's table only: the routes through the others are missing.
	one := filepath.Join(t.TempDir(), "one.lft")
	data, _ = os.ReadFile(filepath.Join(dir, "out.ibroute_lid2"))
	os.WriteFile(one, data, 0o644)
	out := t.TempDir()
	code, stdout, errs = fabnet(t, "import", "ibnet", "-topo", filepath.Join(dir, "out.ibnetdiscover"), "-lft", one, "-o", out, "-route-files")
	if code != 1 || !strings.Contains(errs, "route missing (") || !strings.Contains(errs, "no forwarding table for switch ib-leaf01") ||
		!strings.Contains(stdout, "16 route files, 0 routes, 240 missing") {
		t.Errorf("partial tables: exit %d %q %q", code, stdout, errs)
	}
	code, stdout, errs = fabnet(t, "import", "ibnet", "-topo", filepath.Join(dir, "out.ibnetdiscover"), "-lft", one, "-o", t.TempDir(), "-check=false")
	if code != 0 || strings.Contains(stdout, "routes") || errs != "" {
		t.Errorf("-check=false: exit %d %q %q", code, stdout, errs)
	}
	code, stdout, errs = fabnet(t, "import", "ibnet", "-topo", filepath.Join(dir, "out.ibnetdiscover"), "-lft", one, "-o", t.TempDir())
	if code != 1 || !strings.Contains(stdout, "tables.lft: 256 routes, 240 bad, 0 missing") ||
		!strings.Contains(errs, "hop 1 at ib-leaf01: the switch has no forwarding table: LID ") {
		t.Errorf("partial tables, tables: exit %d %q %q", code, stdout, errs)
	}
	// -tables is the default, kept for old scripts; with -route-files it is a usage error
	if code, _, errs := fabnet(t, "import", "ibnet", "-topo", filepath.Join(dir, "out.ibnetdiscover"), "-lft", one, "-o", t.TempDir(), "-tables", "-route-files"); code != 2 || !strings.Contains(errs, "choose one") {
		t.Errorf("-tables -route-files: exit %d %q", code, errs)
	}
}
