package routes_test

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/fabviz/fabviz/model"
	"github.com/fabviz/fabviz/model/ibnet"
	"github.com/fabviz/fabviz/routes"
	"github.com/fabviz/fabviz/routes/lft"
)

const ibsim = "../testdata/fixtures/ibsim"

// fixture is an ibsim capture imported in memory: the model (naming
// tables.lft) and its tables in §2b text.
type fixture struct {
	m      *model.Model
	tables string
	im     *ibnet.Import
	ts     *lft.Tables
}

func loadFixture(t testing.TB, name string) fixture {
	t.Helper()
	dir := filepath.Join(ibsim, name)
	fab, err := ibnet.Load(filepath.Join(dir, "out.ibnetdiscover"), ibnet.Options{})
	if err != nil {
		t.Fatal(err)
	}
	im, err := ibnet.Build(fab, ibnet.BuildOptions{MaxColumns: ibnet.DefaultMaxColumns})
	if err != nil {
		t.Fatal(err)
	}
	var mb bytes.Buffer
	if err := im.WriteModel(&mb, ibnet.ModelOptions{Name: name, LFTFile: "tables.lft"}); err != nil {
		t.Fatal(err)
	}
	m, err := model.Parse(filepath.Join(t.TempDir(), "model.fvm"), &mb)
	if err != nil {
		t.Fatal(err)
	}
	ts, err := lft.Load(filepath.Join(dir, "out.dump_fts"))
	if err != nil {
		t.Fatal(err)
	}
	r, err := lft.Match(im, ts)
	if err != nil {
		t.Fatal(err)
	}
	var tb bytes.Buffer
	if err := r.WriteFVLFT(&tb); err != nil {
		t.Fatal(err)
	}
	return fixture{m, tb.String(), im, ts}
}

func (f fixture) set(t testing.TB, text string) *routes.Set {
	t.Helper()
	tab, err := routes.ReadTables("tables.lft", strings.NewReader(text), f.m)
	if err != nil {
		t.Fatal(err)
	}
	return routes.NewFromTables(f.m, tab)
}

// sameReports: the per-destination Check and the pair-by-pair trace
// (CheckSources) report the same, with a short and a long error list.
func sameReports(t *testing.T, s *routes.Set) *routes.Report {
	t.Helper()
	m := s.Model()
	var got *routes.Report
	for _, limit := range []int{3, 10000} {
		got = s.Check(limit)
		want := s.CheckSources(m.MinNode, m.MaxNode, limit)
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("limit %d: per destination %s\npair by pair %s", limit, reportText(got), reportText(want))
		}
	}
	return got
}

func reportText(r *routes.Report) string {
	var b strings.Builder
	fmt.Fprintf(&b, "routes %d hops %d bad %d missing %d more %d\n", r.Routes, r.Hops, r.Bad, r.Missing, r.More)
	for _, e := range r.Errors {
		fmt.Fprintf(&b, "  %v\n", e)
	}
	for _, e := range r.Warnings {
		fmt.Fprintf(&b, "  warning %v\n", e)
	}
	return b.String()
}

// TestCheckTablesFixtures: on real opensm tables the per-destination check
// equals tracing every pair, finds nothing wrong, and sums the same routes
// and hops as the route files the importer writes from the same tables.
func TestCheckTablesFixtures(t *testing.T) {
	for _, name := range []string{"fattree-2spine-4leaf-16hca", "mesh-3x3x2-dor", "dgx-multihca"} {
		t.Run(name, func(t *testing.T) {
			f := loadFixture(t, name)
			r := sameReports(t, f.set(t, f.tables))
			n := f.m.NumNodes
			if r.Routes != n*n || r.Bad != 0 || r.Missing != 0 || len(r.Warnings) != 0 || r.Hops < int64(n*(n-1)) {
				t.Fatalf("%s", reportText(r))
			}
			dir := t.TempDir()
			if _, err := lft.Write(dir, ".rt", f.im, f.ts); err != nil {
				t.Fatal(err)
			}
			files := routes.New(f.m, func(node int) (routes.ReadCloser, string, error) {
				p := filepath.Join(dir, strconv.Itoa(node)+".rt")
				fh, err := os.Open(p)
				return fh, p, err
			})
			rf := files.Check(10)
			if rf.Routes != r.Routes || rf.Hops != r.Hops || rf.Bad != 0 {
				t.Errorf("route files %s\ntables %s", reportText(rf), reportText(r))
			}
		})
	}
}

// entries is a tables file taken apart: node lines, and each switch's
// entries by LID, so a test can change them and write them back.
type entries struct {
	nodes  []string
	order  []string
	tables map[string]map[int]int
}

func parseEntries(t *testing.T, text string) *entries {
	t.Helper()
	e := &entries{tables: map[string]map[int]int{}}
	cur := ""
	for _, l := range strings.Split(text, "\n") {
		f := strings.Fields(l)
		switch {
		case len(f) == 0 || strings.HasPrefix(l, "#"):
		case f[0] == "node":
			e.nodes = append(e.nodes, l)
		case f[0] == "table":
			cur = f[1]
			e.order = append(e.order, cur)
			e.tables[cur] = map[int]int{}
		default:
			lo, hi, _ := strings.Cut(f[0], "-")
			a, _ := strconv.Atoi(lo)
			b := a
			if hi != "" {
				b, _ = strconv.Atoi(hi)
			}
			p, _ := strconv.Atoi(f[1])
			for x := a; x <= b; x++ {
				e.tables[cur][x] = p
			}
		}
	}
	return e
}

func (e *entries) text() string {
	var b strings.Builder
	b.WriteString("#! fabviz-lft 1\n")
	for _, n := range e.nodes {
		b.WriteString(n + "\n")
	}
	for _, sw := range e.order {
		fmt.Fprintf(&b, "table %s\n", sw)
		lids := make([]int, 0, len(e.tables[sw]))
		for l := range e.tables[sw] {
			lids = append(lids, l)
		}
		sort.Ints(lids)
		for _, l := range lids {
			fmt.Fprintf(&b, "%d %d\n", l, e.tables[sw][l])
		}
	}
	return b.String()
}

// lidOf is a node's LID in the fixture's tables.
func lidOf(t *testing.T, e *entries, node int) int {
	t.Helper()
	for _, l := range e.nodes {
		var n, lid int
		if _, err := fmt.Sscanf(l, "node %d lid %d", &n, &lid); err == nil && n == node {
			return lid
		}
	}
	t.Fatalf("node %d has no LID", node)
	return 0
}

// TestCheckTablesLMC: opensm's tables with LMC 1 (every port two LIDs,
// routed apart): both checks agree, every LID's routes are good.
func TestCheckTablesLMC(t *testing.T) {
	f := loadFixture(t, "fattree-lmc1")
	s := f.set(t, f.tables)
	r := sameReports(t, s)
	n := f.m.NumNodes
	if r.Routes != 2*n*n || r.Bad != 0 || r.Missing != 0 || s.LIDs(f.m.MinNode) != 2 {
		t.Fatalf("%s", reportText(r))
	}
}

// TestCheckTablesFaults: tables with a missing entry, a forwarding loop, a
// wrong destination and LMC > 0 give the same report checked per
// destination as traced pair by pair, with the faults named.
func TestCheckTablesFaults(t *testing.T) {
	f := loadFixture(t, "fattree-2spine-4leaf-16hca")
	m := f.m
	dst := m.MaxNode // a host on the last leaf
	dsw := m.SwitchOf(m.NodePort(dst))
	src := m.MinNode // a host on another leaf
	ssw := m.SwitchOf(m.NodePort(src))
	if ssw == dsw {
		t.Fatal("fixture: first and last host on one leaf")
	}
	good := parseEntries(t, f.tables)
	lid := lidOf(t, good, dst)
	// the spine src's leaf sends dst's LID to
	hops, err := f.set(t, f.tables).Trace(src, dst)
	if err != nil || len(hops) != 3 {
		t.Fatalf("%v %v", hops, err)
	}
	spine := m.Switches[hops[1].Switch].Label
	leaf := m.Switches[ssw].Label

	t.Run("missing entry", func(t *testing.T) {
		e := parseEntries(t, f.tables)
		delete(e.tables[spine], lid)
		r := sameReports(t, f.set(t, e.text()))
		if r.Bad == 0 || r.Errors[0].Kind != routes.ErrNoEntry || r.Errors[0].Hop != 2 || r.Errors[0].Switch != spine ||
			!strings.Contains(r.Errors[0].Msg, fmt.Sprintf("no entry for LID %d (node %d): a dead end", lid, dst)) {
			t.Fatalf("%s", reportText(r))
		}
		if r.Routes != m.NumNodes*m.NumNodes {
			t.Errorf("routes %d", r.Routes)
		}
	})
	t.Run("loop", func(t *testing.T) {
		e := parseEntries(t, f.tables)
		// the spine sends dst's LID back down to src's leaf, which sends it up again
		e.tables[spine][lid] = hops[1].In
		text := e.text()
		at := 1 + strings.Count(text[:strings.Index(text, "table "+leaf+"\n")], "\n") // the line of the leaf's table
		r := sameReports(t, f.set(t, text))
		want := fmt.Sprintf("tables.lft:%d: route %d->%d: hop 3 at %s: LID %d comes back to %s, first reached at hop 1: a forwarding loop", at, src, dst, leaf, lid, leaf)
		if r.Bad == 0 || r.Errors[0].Error() != want {
			t.Fatalf("%s\nwant %s", reportText(r), want)
		}
	})
	t.Run("wrong destination", func(t *testing.T) {
		e := parseEntries(t, f.tables)
		other := hops[0].In // src's own port: the leaf delivers dst's packets to src
		e.tables[leaf][lid] = other
		r := sameReports(t, f.set(t, e.text()))
		first := r.Errors[0]
		if first.Kind != routes.ErrWrongDest || first.Hop != 1 || !strings.Contains(first.Msg, fmt.Sprintf("is the proc port of node %d, not of node %d", src, dst)) {
			t.Fatalf("%s", reportText(r))
		}
	})
	t.Run("no LID", func(t *testing.T) {
		e := parseEntries(t, f.tables)
		var keep []string
		for _, l := range e.nodes {
			if !strings.HasPrefix(l, fmt.Sprintf("node %d ", dst)) {
				keep = append(keep, l)
			}
		}
		e.nodes = keep
		r := sameReports(t, f.set(t, e.text()))
		n := m.NumNodes
		if r.Bad != 0 || r.Missing != n-1 || r.Routes != n*n-(n-1) || len(r.Warnings) != 1 ||
			!strings.Contains(r.Warnings[0].Error(), fmt.Sprintf("1 of %d nodes have no LID in the tables (the first: node %d): %d routes to them are missing", n, dst, n-1)) {
			t.Fatalf("%s", reportText(r))
		}
	})
	t.Run("LMC", func(t *testing.T) {
		// every node gets LMC 1: LIDs 2L' and 2L'+1 on fresh numbers, the
		// same port for both but one entry of offset 1 taken out
		e := parseEntries(t, f.tables)
		newLID := map[int]int{}
		for i, l := range e.nodes {
			var n, old int
			fmt.Sscanf(l, "node %d lid %d", &n, &old)
			newLID[old] = 1000 + 2*i
			e.nodes[i] = fmt.Sprintf("node %d lid %d lmc 1", n, newLID[old])
		}
		for sw, tb := range e.tables {
			nt := map[int]int{}
			for old, p := range tb {
				if nl, ok := newLID[old]; ok {
					nt[nl], nt[nl+1] = p, p
				}
			}
			e.tables[sw] = nt
		}
		delete(e.tables[spine], newLID[lid]+1)
		s := f.set(t, e.text())
		r := sameReports(t, s)
		n := m.NumNodes
		if r.Routes != 2*n*n || r.Errors[0].Offset != 1 || r.Errors[0].Kind != routes.ErrNoEntry ||
			!strings.Contains(r.Errors[0].Error(), fmt.Sprintf("route %d->%d+1: hop 2 at %s", src, dst, spine)) {
			t.Fatalf("%s", reportText(r))
		}
		if h0, err := s.TraceOffset(src, dst, 0); err != nil || fmt.Sprint(h0) != fmt.Sprint(hops) {
			t.Errorf("offset 0: %v %v, want %v", h0, err, hops)
		}
		if _, err := s.TraceOffset(src, dst, 2); err == nil || !strings.Contains(err.Error(), "node 15 has 2 LID(s) (LMC 1): no LID offset 2 (0..1)") {
			t.Errorf("offset 2: %v", err)
		}
		if s.LIDs(dst) != 2 {
			t.Errorf("LIDs %d", s.LIDs(dst))
		}
	})
}

// TestReadTablesLMC: LID ranges of nodes may not overlap or run past the
// last unicast LID.
func TestReadTablesLMC(t *testing.T) {
	f := loadFixture(t, "fattree-2spine-4leaf-16hca")
	for _, c := range []struct{ text, want string }{
		{"node 0 lid 10 lmc 2\nnode 1 lid 13\n", "tables.lft:3: node 1: LID 13 is node 0's already"},
		{"node 0 lid 10\nnode 0 lid 20\n", "tables.lft:3: node 0 given twice"},
		{"node 0 lid 0xBFFF lmc 1\n", "tables.lft:2: node 0: LIDs 49151..49152 (LMC 1) go past the last unicast LID 49151"},
		{"node 0 lid 10 lmc 8\n", "tables.lft:2: node 0: LMC \"8\" is not 0..7"},
	} {
		_, err := routes.ReadTables("tables.lft", strings.NewReader("#! fabviz-lft 1\n"+c.text), f.m)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: %v, want %s", c.text, err, c.want)
		}
	}
}

// FuzzTables: any tables file either reads with errors naming lines or
// gives routes whose per-destination check equals tracing every pair.
func FuzzTables(f *testing.F) {
	fx := loadFixture(f, "fattree-2spine-4leaf-16hca")
	f.Add(fx.tables)
	f.Add("#! fabviz-lft 1\nnode 0 lid 1 lmc 1\nnode 15 lid 3\ntable ib-leaf01\n1-3 33\ntable ib-spine02\n1-2 1\n3 7\n")
	f.Add("#! fabviz-lft 1\nnode 1 lid 9\ntable ib-leaf01\n9 35\ntable ib-spine02\n9 1\n")
	f.Fuzz(func(t *testing.T, text string) {
		tab, err := routes.ReadTables("f.lft", strings.NewReader(text), fx.m)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "f.lft:") {
				t.Fatalf("error without the file: %v", err)
			}
			return
		}
		s := routes.NewFromTables(fx.m, tab)
		got, want := s.Check(4), s.CheckSources(fx.m.MinNode, fx.m.MaxNode, 4)
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("per destination %s\npair by pair %s", reportText(got), reportText(want))
		}
	})
}
