package gen

import (
	"fmt"

	"github.com/fabviz/fabviz/model"
)

// FatTree is a two-level fat tree: leaves switches with hosts processor
// ports each (bottom face) and one link up to each of spines switches (top
// face). Leaves are laid out in rows on plane 0, spines on plane 1 above
// them. Routing is up/down: a route to a node on another leaf climbs to
// spine (dst − first id) mod spines and comes down to the destination's
// leaf.
func FatTree(leaves, spines, hosts, ports int, enc model.Encoding) (*Fabric, error) {
	switch {
	case ports < 2 || ports > 255:
		return nil, fmt.Errorf("fattree: -ports %d out of range 2..255", ports)
	case leaves < 1 || leaves > ports:
		return nil, fmt.Errorf("fattree: -leaves %d out of range 1..%d (a spine has %d ports)", leaves, ports, ports)
	case spines < 1 || hosts < 1 || hosts+spines > ports:
		return nil, fmt.Errorf("fattree: -hosts %d + -spines %d must be at least 1 each and fit a leaf's %d ports", hosts, spines, ports)
	}
	cols := 1
	for cols*cols < leaves {
		cols++
	}
	rows := max((leaves+cols-1)/cols, (spines+cols-1)/cols)
	cmd := fmt.Sprintf("fattree -leaves %d -spines %d -hosts %d -ports %d%s", leaves, spines, hosts, ports, encodingFlag(enc))
	var t text
	t.header(cmd, fmt.Sprintf("two-level fat tree, %d leaves, %d spines", leaves, spines),
		2, rows, cols, ports, enc, leaves*hosts-1)
	leaf := make([]port, 0, hosts+spines)
	for i := range hosts {
		leaf = append(leaf, port{"proc", model.Bottom, i})
	}
	for j := range spines {
		leaf = append(leaf, port{"net", model.Top, j})
	}
	spine := make([]port, leaves)
	for i := range spine {
		spine[i] = port{"net", model.Bottom, i}
	}
	t.portdef("leaf", leaf)
	t.portdef("spine", spine)
	for r := range rows {
		t.f("rowdef 1.%d spine", r)
	}
	for i := range leaves {
		t.f("switch leaf%d 0 %d %d node %d", i, i/cols, i%cols, i*hosts)
	}
	for j := range spines {
		t.f("switch spine%d 1 %d %d", j, j/cols, j%cols)
	}
	for i := range leaves {
		for j := range spines {
			t.f("link leaf%d.%d spine%d.%d", i, hosts+j, j, i)
		}
	}
	next := func(sw, dst int) int {
		dleaf := dst / hosts
		switch {
		case sw >= leaves: // a spine: down to the destination's leaf
			return dleaf
		case sw == dleaf:
			return dst % hosts
		default:
			return hosts + dst%spines
		}
	}
	return newFabric("fattree", []byte(t.String()), next)
}
