package main

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/fabviz/fabviz/model"
	"github.com/fabviz/fabviz/model/ibnet"
)

// lateHosts is ibsim's capture of a fabric where three hosts were cabled
// after the subnet manager's only sweep (testdata/fixtures/ibsim/
// fattree-late-hosts/README): they are discovered, but have LID 0.
const lateHosts = fixtures + "/ibsim/fattree-late-hosts"

// hostLIDs reads a topology with the importer's own reader: the host
// ports (node ids in order) with their LIDs.
func hostLIDs(t *testing.T, topo string) []ibnet.Host {
	t.Helper()
	fab, err := ibnet.Load(topo, ibnet.Options{})
	if err != nil {
		t.Fatal(err)
	}
	im, err := ibnet.Build(fab, ibnet.BuildOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return im.Hosts
}

var badRouteRE = regexp.MustCompile(`: route (\d+)->(\d+): `)

// checkPartialLIDs imports TOPO with TABLES, as forwarding tables (the
// default) and as route files, and checks what a capture with some LIDs
// unassigned must give in each form: exit 0, one counted warning naming how
// many ports have no LID, and a route for every pair whose destination has
// a LID. It returns the tables-form model.
func checkPartialLIDs(t *testing.T, topo, tables string, wantNoLID int) (*model.Model, []ibnet.Host) {
	t.Helper()
	hosts := hostLIDs(t, topo)
	n := len(hosts)
	var nolid []string
	noLID := map[int]bool{}
	for i, h := range hosts {
		if h.LID <= 0 {
			noLID[i] = true
			nolid = append(nolid, h.Name)
		}
	}
	if len(noLID) != wantNoLID || n-len(noLID) < 2 {
		t.Fatalf("%s: %d of %d host ports without a LID (%v), want %d", topo, len(noLID), n, nolid, wantNoLID)
	}
	missing := len(noLID) * (n - 1)
	warn := fmt.Sprintf("warning: %d of %d host ports have no LID (0 or 65535: not assigned by a subnet manager yet); routes to them are missing", len(noLID), n)
	checkLateRouteFiles(t, topo, tables, n, noLID, warn)

	out := filepath.Join(t.TempDir(), "import")
	code, stdout, errs := fabnet(t, "import", "ibnet", "-topo", topo, "-lft", tables, "-o", out)
	// Tables count every pair, a host to itself too (as fabnet check does).
	want := fmt.Sprintf("tables.lft: %d routes, 0 bad, %d missing", n*n-missing, missing)
	if code != 0 || !strings.Contains(stdout, want) || strings.TrimSpace(errs) != warn {
		t.Fatalf("import %s: exit %d, want %q and stderr %q\n%s%s", topo, code, want, warn, stdout, errs)
	}
	m, err := model.Load(filepath.Join(out, "model.fvm"))
	if err != nil {
		t.Fatal(err)
	}
	if m.NumNodes != n {
		t.Fatalf("%d nodes, %d host ports", m.NumNodes, n)
	}
	// fabnet check agrees: every route with a LID traces, the rest are
	// counted missing in one warning, and the exit status is 0.
	code, stdout, errs = fabnet(t, "check", m.File)
	wantW := fmt.Sprintf("%d of %d nodes have no LID in the tables", len(noLID), n)
	if code != 0 || !strings.Contains(stdout, fmt.Sprintf(" %d routes", n*n-missing)) ||
		!strings.Contains(errs, wantW) || !strings.Contains(errs, fmt.Sprintf("%d routes to them are missing", missing)) {
		t.Errorf("check: exit %d, want %d routes and %q\n%s%s", code, n*n-missing, wantW, stdout, errs)
	}
	return m, hosts
}

// checkLateRouteFiles is checkPartialLIDs for `-route-files`: routes to the
// LID-less ports are empty lines, which fabnet check lists as bad.
func checkLateRouteFiles(t *testing.T, topo, tables string, n int, noLID map[int]bool, warn string) {
	t.Helper()
	out := filepath.Join(t.TempDir(), "import")
	code, stdout, errs := fabnet(t, "import", "ibnet", "-route-files", "-topo", topo, "-lft", tables, "-o", out)
	missing := len(noLID) * (n - 1)
	want := fmt.Sprintf("%d route files, %d routes, %d missing", n, n*(n-1)-missing, missing)
	if code != 0 || !strings.Contains(stdout, want) {
		t.Fatalf("import -route-files %s: exit %d, want %q\n%s%s", topo, code, want, stdout, errs)
	}
	lines := strings.Split(strings.TrimSpace(errs), "\n")
	miss := fmt.Sprintf("route missing (%d routes): destination port has no LID", missing)
	if len(lines) != 2 || lines[0] != warn || !strings.HasPrefix(lines[1], miss) {
		t.Errorf("import -route-files %s: stderr\n%s\nwant\n%s\n%s…", topo, errs, warn, miss)
	}
	code, stdout, errs = fabnet(t, "check", filepath.Join(out, "model.fvm"), "-max-errors", strconv.Itoa(n*n))
	var bad []string
	for _, l := range strings.Split(errs, "\n") {
		mm := badRouteRE.FindStringSubmatch(l)
		if mm == nil {
			continue
		}
		s, _ := strconv.Atoi(mm[1])
		d, _ := strconv.Atoi(mm[2])
		if !noLID[d] || s == d {
			t.Errorf("check: a bad route to a port with a LID: %s", l)
		}
		bad = append(bad, mm[1]+"->"+mm[2])
	}
	sort.Strings(bad)
	if len(bad) != missing || code != 1 || !strings.Contains(errs, fmt.Sprintf("%d of %d routes bad", missing, n*n)) {
		t.Errorf("check: exit %d, %d bad routes listed, want %d\n%s%s", code, len(bad), missing, stdout, errs)
	}
}

// TestImportLateHosts: a real capture where some LIDs are unassigned (both
// ibnetdiscover forms) imports with routes for every pair that has a LID,
// and they take ibtracert's hops.
func TestImportLateHosts(t *testing.T) {
	for _, topo := range []string{"out.ibnetdiscover", "out.ibnetdiscover_p"} {
		m, _ := checkPartialLIDs(t, filepath.Join(lateHosts, topo), filepath.Join(lateHosts, "out.dump_fts"), 3)
		for _, tr := range []string{"cn001_cn015", "cn005_cn012", "cn007_cn009", "cn013_cn002"} {
			text, err := os.ReadFile(filepath.Join(lateHosts, "out.ibtracert_"+tr))
			if err != nil {
				t.Fatal(err)
			}
			want := parseTracert(t, string(text))
			ends := strings.Split(tr, "_")
			s, okS := m.NodeByName(ends[0])
			d, okD := m.NodeByName(ends[1])
			if !okS || !okD || len(want) < 2 {
				t.Fatalf("%s: hosts %v %v, %d ibtracert hops", tr, okS, okD, len(want))
			}
			if got := fabnetRoute(t, m, s, d); !sameHops(got, want) {
				t.Errorf("%s %s: fabnet route %v, ibtracert %v", topo, tr, got, want)
			}
		}
	}
}

// TestLiveLateHosts does what the fixture's README describes against a
// running ibsim: opensm sweeps once, three hosts are cabled afterwards on
// ibsim's console, and the import of what ibnetdiscover and dump_fts then
// report has routes equal to ibtracert's for pairs with LIDs.
func TestLiveLateHosts(t *testing.T) {
	s := startSim(t, filepath.Join(lateHosts, "late-hosts.net"))
	console, err := os.ReadFile(filepath.Join(lateHosts, "late-hosts.console"))
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range strings.Split(strings.TrimSpace(string(console)), "\n") {
		s.sim.Do(t, l, "") // ibsim prints nothing back for Link
	}
	topo := s.save("topo.txt", s.discover(16))
	fts := s.save("fts.txt", s.run("dump_fts"))
	m, hosts := checkPartialLIDs(t, topo, fts, 3)
	// A sample of pairs with LIDs: the same hops as ibtracert.
	var lid []int
	for i, h := range hosts {
		if h.LID > 0 {
			lid = append(lid, i)
		}
	}
	for k := 0; k < 20; k++ {
		a, b := lid[(k*7)%len(lid)], lid[(k*5+3)%len(lid)]
		if a == b {
			continue
		}
		text := s.run("ibtracert", strconv.Itoa(hosts[a].LID), strconv.Itoa(hosts[b].LID))
		want := parseTracert(t, text)
		if got := fabnetRoute(t, m, a, b); len(want) == 0 || !sameHops(got, want) {
			t.Fatalf("%s → %s: fabnet route %v, ibtracert %v\n%s", hosts[a].Name, hosts[b].Name, got, want, text)
		}
	}
}

// discover runs ibnetdiscover until it reports cas CA ports with their
// descriptions and no timed-out query. ibsim now and then lets a query
// time out (seen on a plain fabric too), and ibnetdiscover then leaves a
// node or its description out; a Link on the console also takes effect
// a moment after the command is read.
func (s *simFabric) discover(cas int) string {
	s.t.Helper()
	var last string
	for try := 0; try < 10; try++ {
		ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
		cmd := exec.CommandContext(ctx, "ibnetdiscover")
		cmd.Env = append(os.Environ(), s.sim.Env...)
		cmd.Dir = s.dir
		var errb strings.Builder
		cmd.Stderr = &errb
		out, err := cmd.Output()
		cancel()
		if err != nil {
			s.t.Fatalf("ibnetdiscover: %v: %s", err, errb.String())
		}
		last = string(out)
		if !strings.Contains(errb.String(), "timed out") && strings.Count(last, "\nCa\t") == cas && !strings.Contains(last, `# ""`) {
			return last
		}
		time.Sleep(200 * time.Millisecond)
	}
	s.t.Fatalf("ibnetdiscover did not report %d CAs in 10 tries; last:\n%s", cas, last)
	return ""
}
