package benchmodel

import "testing"

func TestModels(t *testing.T) {
	g := Parse("grid", Grid(4, 5))
	if len(g.Switches) != 20 || g.NumLinks() != 40 {
		t.Errorf("grid: %v", g)
	}
	f := Parse("fattree", FatTree())
	if f.NumPorts() != 49152 || f.NumNodes != 16384 || f.NumLinks() != 16384 || f.Planes != 1 {
		t.Errorf("fat tree: %v", f)
	}
}
