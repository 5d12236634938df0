package gen_test

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/fabviz/fabviz/model"
	"github.com/fabviz/fabviz/routes"
	"github.com/fabviz/fabviz/routes/gen"
)

// distances is the all-pairs shortest path in switch hops, by BFS over the
// model's links: independent of the generators' own routing.
func distances(m *model.Model) [][]int {
	n := len(m.Switches)
	adj := make([][]int, n)
	for _, l := range m.Links() {
		a, b := m.SwitchOf(l.A), m.SwitchOf(l.B)
		adj[a] = append(adj[a], b)
		adj[b] = append(adj[b], a)
	}
	out := make([][]int, n)
	for s := range n {
		d := make([]int, n)
		for i := range d {
			d[i] = -1
		}
		d[s] = 0
		q := []int{s}
		for len(q) > 0 {
			x := q[0]
			q = q[1:]
			for _, y := range adj[x] {
				if d[y] < 0 {
					d[y] = d[x] + 1
					q = append(q, y)
				}
			}
		}
		out[s] = d
	}
	return out
}

// checkMinimal traces every route and requires hops = shortest distance + 1
// (the last switch counts as a hop), and Check to find nothing wrong.
func checkMinimal(t *testing.T, f *gen.Fabric, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
	m := f.M
	set := routes.New(m, f.Opener())
	r := set.Check(5)
	n := m.NumNodes
	if r.Bad != 0 || r.Missing != 0 || r.Routes != n*n || len(r.Warnings) != 0 {
		t.Fatalf("%s: check: %d bad, %d missing, %d routes of %d: %v %v", m.Name, r.Bad, r.Missing, r.Routes, n*n, r.Errors, r.Warnings)
	}
	dist := distances(m)
	for s := m.MinNode; s <= m.MaxNode; s++ {
		for d := m.MinNode; d <= m.MaxNode; d++ {
			hops, err := set.Trace(s, d)
			if err != nil {
				t.Fatal(err)
			}
			want := dist[m.SwitchOf(m.NodePort(s))][m.SwitchOf(m.NodePort(d))] + 1
			if s == d {
				want = 0
			}
			if len(hops) != want {
				t.Fatalf("%s: route %d->%d has %d hops, shortest is %d: %v", m.Name, s, d, len(hops), want, hops)
			}
		}
	}
}

func TestRing4(t *testing.T) {
	f, err := gen.Ring(4, model.Absolute)
	checkMinimal(t, f, err)
	m := f.M
	if got := m.String(); got != "four switches in a ring: 4 switches, 64 ports, 48 nodes, 8 links" {
		t.Errorf("model %s", got)
	}
}

func TestTorusMinimal(t *testing.T) {
	for _, dims := range [][]int{{5}, {4, 3}, {2, 5}, {3, 4, 2}, {4, 4, 4}, {1, 3, 2}} {
		for _, enc := range []model.Encoding{model.Absolute, model.Relative} {
			f, err := gen.Torus(dims, 2, enc)
			checkMinimal(t, f, err)
		}
	}
}

func TestMeshMinimal(t *testing.T) {
	for _, dims := range [][]int{{4}, {3, 4}, {3, 2, 3}} {
		f, err := gen.Mesh(dims, 3, model.Absolute)
		checkMinimal(t, f, err)
	}
}

func TestFatTreeMinimal(t *testing.T) {
	for _, c := range [][4]int{{8, 4, 8, 16}, {5, 3, 2, 8}, {1, 1, 4, 8}, {16, 8, 8, 16}} {
		f, err := gen.FatTree(c[0], c[1], c[2], c[3], model.Relative)
		checkMinimal(t, f, err)
		if got, want := len(f.M.Switches), c[0]+c[1]; got != want {
			t.Errorf("%v: %d switches", c, got)
		}
	}
}

func TestFatTreeSpreadsOverSpines(t *testing.T) {
	f, err := gen.FatTree(4, 4, 4, 8, model.Absolute)
	if err != nil {
		t.Fatal(err)
	}
	set := routes.New(f.M, f.Opener())
	used := map[int]int{}
	for d := 4; d < 16; d++ {
		hops, err := set.Trace(0, d)
		if err != nil {
			t.Fatal(err)
		}
		used[hops[1].Switch]++
	}
	if len(used) != 4 {
		t.Errorf("routes from node 0 use spines %v, want all four", used)
	}
}

func TestCplant(t *testing.T) {
	for _, enc := range []model.Encoding{model.Absolute, model.Relative} {
		f, err := gen.Cplant(enc)
		checkMinimal(t, f, err)
		m := f.M
		if m.NumNodes != 624 || len(m.Switches) != 78 || m.Ports != 16 || m.Switches[0].Def.NProc != 8 {
			t.Errorf("cplant: %s", m)
		}
		// logical rows of 64 nodes, each two physical rows of 32 from the
		// two banks: node ids 192..255 are logical row 3, rows 3 then 8
		lr := m.LogicalRows()
		if !m.HasLogicalRows() || len(lr) != 10 || fmt.Sprint(lr[:5]) != "[[5 0] [1 6] [7 2] [3 8] [9 4]]" || fmt.Sprint(lr[9]) != "[14 19]" {
			t.Errorf("cplant logical rows %v", lr)
		}
		for node, row := range map[int]int{0: 5, 32: 0, 192: 3, 224: 8, 256: 9, 623: 19} {
			if got := m.Switches[m.SwitchOf(m.NodePort(node))].Row; got != row {
				t.Errorf("cplant node %d in physical row %d, want %d", node, got, row)
			}
		}
	}
}

func TestBadParameters(t *testing.T) {
	errs := []error{}
	add := func(_ *gen.Fabric, err error) { errs = append(errs, err) }
	add(gen.Ring(0, model.Absolute))
	add(gen.Torus(nil, 2, model.Absolute))
	add(gen.Torus([]int{2, 2, 2, 2}, 2, model.Absolute))
	add(gen.Mesh([]int{0, 3}, 2, model.Absolute))
	add(gen.Mesh([]int{3}, 0, model.Absolute))
	add(gen.Mesh([]int{3}, 254, model.Absolute))
	add(gen.FatTree(4, 4, 13, 16, model.Absolute))
	add(gen.FatTree(17, 4, 4, 16, model.Absolute))
	add(gen.FatTree(4, 4, 4, 256, model.Absolute))
	for i, err := range errs {
		if err == nil {
			t.Errorf("case %d: no error", i)
		}
	}
}

func TestWrite(t *testing.T) {
	f, err := gen.Ring(3, model.Relative)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir() + "/ring3"
	path, err := f.Write(dir)
	if err != nil || path != dir+"/ring3.fvm" {
		t.Fatal(path, err)
	}
	m, err := model.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	set, err := routes.Open(m)
	if err != nil {
		t.Fatal(err)
	}
	if r := set.Check(5); r.Bad != 0 || r.Missing != 0 || r.Routes != 36*36 {
		t.Errorf("written files: %+v", r)
	}
}

// The shipped examples are what the generators make today (examples/regen.sh
// rewrites them).
func TestExamplesUpToDate(t *testing.T) {
	cases := []struct {
		dir string
		mk  func() (*gen.Fabric, error)
	}{
		{"ring4", func() (*gen.Fabric, error) { return gen.Ring(4, model.Absolute) }},
		{"torus3d", func() (*gen.Fabric, error) { return gen.Torus([]int{4, 4, 4}, 4, model.Absolute) }},
		{"fattree", func() (*gen.Fabric, error) { return gen.FatTree(16, 8, 8, 16, model.Absolute) }},
		{"cplant", func() (*gen.Fabric, error) { return gen.Cplant(model.Relative) }},
	}
	for _, c := range cases {
		f, err := c.mk()
		if err != nil {
			t.Fatal(err)
		}
		dir := filepath.Join("..", "..", "examples", c.dir)
		text, err := os.ReadFile(filepath.Join(dir, c.dir+".fvm"))
		if err != nil || !bytes.Equal(text, f.Text) {
			t.Errorf("%s: model differs from the generator's (run examples/regen.sh): %v", c.dir, err)
			continue
		}
		for _, n := range []int{f.M.MinNode, f.M.MaxNode / 2, f.M.MaxNode} {
			var want bytes.Buffer
			if err := f.File(&want, n); err != nil {
				t.Fatal(err)
			}
			got, err := os.ReadFile(filepath.Join(dir, gen.RoutesDir, strconv.Itoa(n)+gen.RoutesExt))
			if err != nil || !bytes.Equal(got, want.Bytes()) {
				t.Errorf("%s: route file of node %d differs (run examples/regen.sh): %v", c.dir, n, err)
			}
		}
	}
}
