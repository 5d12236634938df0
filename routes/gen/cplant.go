package gen

import (
	"fmt"

	"github.com/fabviz/fabviz/model"
)

// Cplant sizes: 624 nodes on 78 sixteen-port switches with 8 processor
// ports each, 8 switches (64 nodes) a row.
const (
	cplantNodes   = 624
	cplantProc    = 8
	cplantColumns = 8
)

// Cplant is a Cplant-like system: 624 nodes on 78 sixteen-port switches, 8
// processor ports each (top), in rows of 8 switches (64 nodes; the last row
// has 6). Each switch has two links to each grid neighbour: east and west
// along a row (rows wrap, except the short last row, whose ends have no
// neighbour), north and south across rows (no wrap). Routes are shortest
// paths: at each switch the first direction in the order east, west, south,
// north that brings the route closer, over the parallel link chosen by the
// destination's parity.
func Cplant(enc model.Encoding) (*Fabric, error) {
	nsw := cplantNodes / cplantProc
	rows := (nsw + cplantColumns - 1) / cplantColumns
	g := grid{dims: [3]int{cplantColumns, rows, 1}, nd: 2, proc: cplantProc, width: 2}
	ps := g.ports()
	var t text
	t.header("cplant"+encodingFlag(enc), fmt.Sprintf("Cplant-like, %d nodes", cplantNodes),
		1, rows, cplantColumns, len(ps), enc, cplantNodes-1)
	t.f("processor-ports %d\nnetwork-ports %d\nwrap x", cplantProc, len(ps)-cplantProc)
	t.portdef("A", ps)
	for i := range nsw {
		t.f("switch sw%02d 0 %d %d node %d", i, i/cplantColumns, i%cplantColumns, i*cplantProc)
	}
	f, err := newFabric("cplant", []byte(t.String()), nil)
	if err != nil {
		return nil, err
	}
	f.next = shortest(f.M, cplantProc, 2)
	return f, nil
}

// shortest returns a routing function that takes a shortest path over the
// model's links: at each switch the first net port (in port order) whose
// peer is one hop nearer the destination's switch; among width parallel
// ports in a row it starts from the one the destination's id selects.
// Node ids must be 0.. in switch order, proc per switch.
func shortest(m *model.Model, proc, width int) func(sw, dst int) int {
	n := len(m.Switches)
	dist := make([][]int32, n) // dist[to][from] in switch hops
	for to := range n {
		dist[to] = bfs(m, to)
	}
	return func(sw, dst int) int {
		to := dst / proc
		if sw == to {
			return dst % proc
		}
		d := dist[to]
		best := -1
		for off := 0; off < m.Ports; off++ {
			p := model.PortRef(sw*m.Ports + off)
			q := m.Peer(p)
			if q == model.NoPort || d[m.SwitchOf(q)] != d[sw]-1 {
				continue
			}
			// the group of parallel ports starts at off; prefer the one
			// the destination selects if it leads the same way
			want := off - off%width + dst%width
			if want < m.Ports {
				wp := model.PortRef(sw*m.Ports + want)
				if wq := m.Peer(wp); wq != model.NoPort && d[m.SwitchOf(wq)] == d[sw]-1 {
					return want
				}
			}
			best = off
			break
		}
		return best
	}
}

// bfs is the distance in switch hops from every switch to switch to.
func bfs(m *model.Model, to int) []int32 {
	d := make([]int32, len(m.Switches))
	for i := range d {
		d[i] = -1
	}
	d[to] = 0
	queue := []int{to}
	for len(queue) > 0 {
		sw := queue[0]
		queue = queue[1:]
		for off := range m.Ports {
			q := m.Peer(model.PortRef(sw*m.Ports + off))
			if q == model.NoPort {
				continue
			}
			if nb := m.SwitchOf(q); d[nb] < 0 {
				d[nb] = d[sw] + 1
				queue = append(queue, nb)
			}
		}
	}
	return d
}
