package gen

import (
	"fmt"

	"github.com/fabviz/fabviz/model"
)

// Cplant sizes: 624 nodes on 78 sixteen-port switches with 8 processor
// ports each. The allocator numbers nodes along logical rows of 8 switches
// (64 nodes); the machine stands in physical rows of 4 switches (32 nodes),
// two banks of 5 rows per group of 10.
const (
	cplantNodes   = 624
	cplantProc    = 8
	cplantLogical = 8 // switches in a logical row
	cplantColumns = 4 // switches in a physical row
	cplantBank    = 5 // physical rows in a bank
)

// cplantRows is the pair of physical rows logical row k is made of, in the
// allocator's order. Within each group of ten physical rows (two banks of
// five), logical row k joins row i of the first bank and row i of the
// second (i = k mod 5), and starts in the bank where logical row k−1 ended
// (the second bank for even k): 5 0 | 1 6 | 7 2 | 3 8 | 9 4 | 10 15 | 16 11
// | 12 17 | 18 13 | 14 19. So consecutive node ids step from one bank to
// the other and back, and a job handed nodes in order lands in physical
// rows far apart: one starting in logical row 3 and running into logical
// row 4 sits in rows 3, 8 and 9, as the Cplant paper's stalled job did.
func cplantRows(k int) [2]int {
	g, i := k/cplantBank, k%cplantBank
	a := 2*cplantBank*g + i
	b := a + cplantBank
	if k%2 == 0 {
		return [2]int{b, a}
	}
	return [2]int{a, b}
}

// Cplant is a Cplant-like system: 624 nodes on 78 sixteen-port switches, 8
// processor ports each (top). Switches stand in physical rows of 4 (20
// rows; the last logical row is short: 4 switches in row 14 and 2 in row
// 19). The cables follow the physical grid: two links to each neighbour
// east and west along a physical row (rows wrap into rings of 4) and north
// and south to the next physical row (no wrap). Node ids run along the
// logical rows of 64 nodes (cplantRows), which the model declares with
// logical-row lines; switch swNN carries nodes 8·NN to 8·NN+7. Routes are
// shortest paths: at each switch the first direction in the order east,
// west, south, north that brings the route closer, over the parallel link
// chosen by the destination's parity.
func Cplant(enc model.Encoding) (*Fabric, error) {
	nsw := cplantNodes / cplantProc
	nlog := (nsw + cplantLogical - 1) / cplantLogical
	rows := 2 * nlog
	g := grid{dims: [3]int{cplantColumns, rows, 1}, nd: 2, proc: cplantProc, width: 2}
	ps := g.ports()
	t := text{notes: []string{
		"Physical rows of 4 switches (32 nodes); the allocator's logical rows of 64",
		"nodes each join two of them, from one bank of five rows and the other:",
		"logical row k = the logical-row line below. Node ids follow logical rows.",
	}}
	t.header("cplant"+encodingFlag(enc), fmt.Sprintf("Cplant-like, %d nodes", cplantNodes),
		1, rows, cplantColumns, len(ps), enc, cplantNodes-1)
	t.f("processor-ports %d\nnetwork-ports %d\nwrap x", cplantProc, len(ps)-cplantProc)
	t.portdef("A", ps)
	for k := range nlog {
		r := cplantRows(k)
		t.f("logical-row %d %d %d", k, r[0], r[1])
	}
	for i := range nsw {
		k, j := i/cplantLogical, i%cplantLogical
		t.f("switch sw%02d 0 %d %d node %d", i, cplantRows(k)[j/cplantColumns], j%cplantColumns, i*cplantProc)
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
