package gen_test

import (
	"strings"
	"testing"

	"github.com/fabviz/fabviz/model"
	"github.com/fabviz/fabviz/routes"
	"github.com/fabviz/fabviz/routes/gen"
)

// level is a switch's tier by its label: leaf 0, aggregation 1, core 2.
func level(t *testing.T, m *model.Model, sw int) int {
	for i, p := range []string{"leaf", "agg", "core"} {
		if strings.HasPrefix(m.Switches[sw].Label, p) {
			return i
		}
	}
	t.Fatalf("switch %s of no tier", m.Switches[sw].Label)
	return -1
}

func TestFatTree3(t *testing.T) {
	for _, c := range []struct{ k, pods, hosts, leaves, cores int }{
		{4, 4, 2, 8, 4},
		{8, 8, 4, 32, 16},
		{8, 3, 4, 12, 16},
		{8, 8, 1, 32, 16},
		{6, 2, 3, 6, 9},
	} {
		f, err := gen.FatTree3(c.k, c.pods, c.hosts, model.Absolute)
		checkMinimal(t, f, err) // every pair, against an independent BFS
		m := f.M
		if len(m.Switches) != 2*c.leaves+c.cores || m.NumNodes != c.leaves*c.hosts || m.PortBase != 1 || m.Planes != 3 {
			t.Fatalf("%+v: %s, port base %d, %d planes", c, m, m.PortBase, m.Planes)
		}
		// links: each leaf to every aggregation switch of its pod, each
		// aggregation switch to k/2 cores
		if want := 2 * c.leaves * c.k / 2; m.NumLinks() != want {
			t.Errorf("%+v: %d links, want %d", c, m.NumLinks(), want)
		}
		tiers := [3]int{}
		for sw := range m.Switches {
			l := level(t, m, sw)
			tiers[l]++
			if m.Switches[sw].Plane != l {
				t.Errorf("%s on plane %d", m.Switches[sw].Label, m.Switches[sw].Plane)
			}
		}
		if tiers != [3]int{c.leaves, c.leaves, c.cores} {
			t.Errorf("%+v: tiers %v", c, tiers)
		}
		if c.k == 8 && c.pods == 8 { // rows: a pod each; the 4 core rows centred
			for label, want := range map[string][3]int{"leaf3-1": {0, 3, 1}, "agg7-2": {1, 7, 2}, "core0-3": {2, 2, 3}, "core3-0": {2, 5, 0}} {
				sw, _ := m.SwitchByLabel(label)
				if s := m.Switches[sw]; [3]int{s.Plane, s.Row, s.Col} != want {
					t.Errorf("%s at plane, row, column %d %d %d, want %v", label, s.Plane, s.Row, s.Col, want)
				}
			}
		}
		// up*/down*: a route never climbs after it has gone down
		set := routes.New(m, f.Opener())
		cores := map[int]bool{}
		for s := m.MinNode; s <= m.MaxNode; s++ {
			for d := m.MinNode; d <= m.MaxNode; d++ {
				hops, err := set.Trace(s, d)
				if err != nil {
					t.Fatal(err)
				}
				down := false
				for i := 1; i < len(hops); i++ {
					a, b := level(t, m, hops[i-1].Switch), level(t, m, hops[i].Switch)
					if b < a {
						down = true
					} else if down {
						t.Fatalf("%+v: route %d→%d climbs again: %v", c, s, d, hops)
					}
					if b == 2 && s == m.MinNode {
						cores[hops[i].Switch] = true
					}
				}
			}
		}
		// d-mod-k spreads one source's routes over every core switch
		if c.pods > 1 && c.hosts*c.k/2 >= c.cores && len(cores) != c.cores {
			t.Errorf("%+v: routes from node 0 use %d of %d core switches", c, len(cores), c.cores)
		}
	}
}

func TestFatTree3Bad(t *testing.T) {
	for _, c := range []struct {
		k, pods, hosts int
		msg            string
	}{
		{7, 7, 3, "-k 7: expected an even number"},
		{256, 1, 1, "-k 256"},
		{8, 9, 4, "-pods 9 out of range 1..8"},
		{8, 0, 4, "-pods 0"},
		{8, 8, 5, "-hosts 5 out of range 1..4"},
		{8, 8, 0, "-hosts 0"},
	} {
		if _, err := gen.FatTree3(c.k, c.pods, c.hosts, model.Absolute); err == nil || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("%+v: %v", c, err)
		}
	}
}
