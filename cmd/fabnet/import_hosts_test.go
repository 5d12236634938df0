package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestImportMultiHCAHosts: ibsim's capture of hosts with several HCAs,
// imported with opensm's tables, then traced by host name.
func TestImportMultiHCAHosts(t *testing.T) {
	dir := filepath.Join(fixtures, "ibsim/dgx-multihca")
	out := t.TempDir()
	code, stdout, errs := fabnet(t, "import", "ibnet", "-topo", filepath.Join(dir, "out.ibnetdiscover"),
		"-lft", filepath.Join(dir, "out.dump_fts"), "-o", out)
	if code != 0 || errs != "" || !strings.Contains(stdout, "tables.lft: 81 routes, 0 bad, 0 missing") {
		t.Fatalf("import: exit %d\n%s%s", code, stdout, errs)
	}
	model := filepath.Join(out, "model.fvm")
	code, stdout, errs = fabnet(t, "route", model, "luna-0541", "cn2")
	want := "sat11-ib1-A-L20-U2 in 1 out "
	if code != 0 || !strings.HasPrefix(stdout, want) || strings.Count(stdout, "\n") != 3 {
		t.Errorf("route luna-0541 cn2: exit %d\n%s%s", code, stdout, errs)
	}
	if !strings.Contains(errs, "note: host luna-0541 has 2 ports; using its first, node 0 (sat11-ib1-A-L20-U2.1)") {
		t.Errorf("no note on the host's ports: %q", errs)
	}
	if code, _, errs = fabnet(t, "check", model); code != 0 {
		t.Errorf("check: exit %d: %s", code, errs)
	}
}

// TestImportWithoutLIDs: a capture taken before any subnet manager ran
// (every LID 0) with tables from after: imported, every route missing with
// one summary warning, exit status 0; fabnet check warns of them.
func TestImportWithoutLIDs(t *testing.T) {
	dir := filepath.Join(fixtures, "ibsim/dgx-multihca")
	out := t.TempDir()
	code, stdout, errs := fabnet(t, "import", "ibnet", "-topo", filepath.Join(dir, "nolid.ibnetdiscover"),
		"-lft", filepath.Join(dir, "out.dump_fts"), "-o", out)
	if code != 0 || !strings.Contains(stdout, "tables.lft: 9 routes, 0 bad, 72 missing") ||
		strings.TrimSpace(errs) != "warning: 9 of 9 host ports have no LID (0 or 65535: not assigned by a subnet manager yet); routes to them are missing" {
		t.Fatalf("exit %d\n%s%s", code, stdout, errs)
	}
	code, stdout, errs = fabnet(t, "check", filepath.Join(out, "model.fvm"))
	if code != 0 || !strings.Contains(stdout, "9 routes") || !strings.Contains(errs, "9 of 9 nodes have no LID in the tables (the first: node 0): 72 routes to them are missing") {
		t.Errorf("check: exit %d\n%s%s", code, stdout, errs)
	}
	code, stdout, errs = fabnet(t, "import", "ibnet", "-topo", filepath.Join(dir, "nolid.ibnetdiscover"),
		"-lft", filepath.Join(dir, "out.dump_fts"), "-o", t.TempDir(), "-route-files")
	if code != 0 || !strings.Contains(stdout, "9 route files, 0 routes, 72 missing") {
		t.Fatalf("exit %d\n%s%s", code, stdout, errs)
	}
	lines := strings.Split(strings.TrimSpace(errs), "\n")
	if len(lines) != 2 || !strings.Contains(lines[0], "9 of 9 host ports have no LID") ||
		!strings.HasPrefix(lines[1], "route missing (72 routes): destination port has no LID") {
		t.Errorf("stderr:\n%s", errs)
	}
}

// TestRouteByPortLabel: the note on a host with several ports says another
// port is named by its SWITCH.PORT label, and it is.
func TestRouteByPortLabel(t *testing.T) {
	dir := filepath.Join(fixtures, "ibsim/dgx-multihca")
	out := t.TempDir()
	if code, stdout, errs := fabnet(t, "import", "ibnet", "-topo", filepath.Join(dir, "out.ibnetdiscover"),
		"-lft", filepath.Join(dir, "out.dump_fts"), "-o", out); code != 0 {
		t.Fatalf("import: exit %d\n%s%s", code, stdout, errs)
	}
	model := filepath.Join(out, "model.fvm")
	code, stdout, errs := fabnet(t, "route", model, "sat11-ib1-A-L20-U2.2", "cn2")
	if code != 0 || errs != "" || !strings.HasPrefix(stdout, "sat11-ib1-A-L20-U2 in 2 out ") {
		t.Errorf("route from the host's second port: exit %d\n%s%s", code, stdout, errs)
	}
	if code, _, errs := fabnet(t, "route", model, "sat11-ib1-A-L20-U2.7", "cn2"); code != 1 || !strings.Contains(errs, `no node "sat11-ib1-A-L20-U2.7"`) {
		t.Errorf("a network port as a route end: exit %d %s", code, errs)
	}
}
