package gen

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/fabviz/fabviz/model"
)

// grid is a mesh or torus of switches: X columns, Y rows, Z planes. Each
// switch has proc processor ports on its top face (slots 0..proc-1) and
// width network ports on each face used by a dimension: east/west (x),
// south/north (y), top/bottom (z, slots from proc on).
type grid struct {
	dims        [3]int
	nd          int
	wrap        bool
	proc, width int
	notes       []string // comment lines for the model file
}

// Ring is the Cplant paper's Figure 1 generalised to n switches: 16-port
// switches with 12 processor ports on top and two links east and two west,
// wrapping along x.
func Ring(n int, enc model.Encoding) (*Fabric, error) {
	if n < 1 || n > 1000 {
		return nil, fmt.Errorf("ring: -switches %d out of range 1..1000", n)
	}
	g := grid{dims: [3]int{n, 1, 1}, nd: 1, wrap: true, proc: 12, width: 2, notes: []string{
		"The Cplant paper's Figure 1: 16-port switches in a ring, each with twelve",
		"processor ports on top and two network ports on each of its east and west",
		"faces; the x axis wraps, so the last switch's east ports join s0's west ports.",
		"Routes take the shorter way round (east on a tie), the parallel link by the",
		"destination's parity.",
	}}
	label := func(i int) string { return "s" + strconv.Itoa(i) }
	cmd := fmt.Sprintf("ring -switches %d%s", n, encodingFlag(enc))
	title := fmt.Sprintf("%d switches in a ring", n)
	if n == 4 {
		title = "four switches in a ring" // the name the hand-written example had
	}
	return g.build("ring", cmd, title, label, enc)
}

// Mesh is a 1-, 2- or 3-dimensional mesh with dimension-order routing.
func Mesh(dims []int, proc int, enc model.Encoding) (*Fabric, error) {
	return gridKind("mesh", dims, proc, false, enc)
}

// Torus is a mesh whose every axis wraps, routed in dimension order taking
// the shorter way round each ring (east, south or up on a tie).
func Torus(dims []int, proc int, enc model.Encoding) (*Fabric, error) {
	return gridKind("torus", dims, proc, true, enc)
}

func gridKind(kind string, dims []int, proc int, wrap bool, enc model.Encoding) (*Fabric, error) {
	if len(dims) < 1 || len(dims) > 3 {
		return nil, fmt.Errorf("%s: -dims takes 1 to 3 sizes, got %d", kind, len(dims))
	}
	g := grid{dims: [3]int{1, 1, 1}, nd: len(dims), wrap: wrap, proc: proc, width: 1}
	total := 1
	for i, d := range dims {
		if d < 1 || d > 4096 {
			return nil, fmt.Errorf("%s: size %d out of range 1..4096", kind, d)
		}
		g.dims[i] = d
		total *= d
	}
	if total > 1<<16 {
		return nil, fmt.Errorf("%s: %d switches, more than %d", kind, total, 1<<16)
	}
	if proc < 1 || proc+2*len(dims) > 255 {
		return nil, fmt.Errorf("%s: -proc %d out of range 1..%d", kind, proc, 255-2*len(dims))
	}
	sizes := make([]string, len(dims))
	for i, d := range dims {
		sizes[i] = strconv.Itoa(d)
	}
	shape := strings.Join(sizes, "x")
	label := func(i int) string {
		c := g.coords(i)
		s := "x" + strconv.Itoa(c[0])
		if g.nd > 1 {
			s += "y" + strconv.Itoa(c[1])
		}
		if g.nd > 2 {
			s += "z" + strconv.Itoa(c[2])
		}
		return s
	}
	cmd := fmt.Sprintf("%s -dims %s -proc %d%s", kind, strings.Join(sizes, ","), proc, encodingFlag(enc))
	return g.build(kind, cmd, fmt.Sprintf("%s %s, %d processor ports a switch", shape, kind, proc), label, enc)
}

func (g *grid) switches() int { return g.dims[0] * g.dims[1] * g.dims[2] }

func (g *grid) coords(i int) [3]int {
	return [3]int{i % g.dims[0], i / g.dims[0] % g.dims[1], i / (g.dims[0] * g.dims[1])}
}

// netPort is the port offset of link k in direction dir (+1/-1) of an axis.
func (g *grid) netPort(axis, dir, k int) int {
	p := g.proc + axis*2*g.width + k
	if dir < 0 {
		p += g.width
	}
	return p
}

var faces = [3][2]model.Face{{model.East, model.West}, {model.South, model.North}, {model.Top, model.Bottom}}

func (g *grid) ports() []port {
	var ps []port
	for i := range g.proc {
		ps = append(ps, port{"proc", model.Top, i})
	}
	for a := range g.nd {
		first := 0
		if a == 2 {
			first = g.proc // the top face already holds the processor ports
		}
		for _, f := range faces[a] {
			for k := range g.width {
				ps = append(ps, port{"net", f, first + k})
			}
		}
	}
	return ps
}

func (g *grid) build(kind, cmd, title string, label func(int) string, enc model.Encoding) (*Fabric, error) {
	ps := g.ports()
	n := g.switches()
	t := text{notes: g.notes}
	t.header(cmd, title, g.dims[2], g.dims[1], g.dims[0], len(ps), enc, n*g.proc-1)
	t.f("processor-ports %d\nnetwork-ports %d", g.proc, len(ps)-g.proc)
	if g.wrap {
		t.f("wrap%s", " x y z"[:2*g.nd])
	}
	t.portdef("A", ps)
	for i := range n {
		c := g.coords(i)
		t.f("switch %s %d %d %d node %d", label(i), c[2], c[1], c[0], i*g.proc)
	}
	return newFabric(kind, []byte(t.String()), g.next)
}

// next routes in dimension order: x, then y, then z.
func (g *grid) next(sw, dst int) int {
	c, d := g.coords(sw), g.coords(dst/g.proc)
	for a := range g.nd {
		if c[a] == d[a] {
			continue
		}
		dir := 1
		if g.wrap {
			n := g.dims[a]
			if fwd := (d[a] - c[a] + n) % n; 2*fwd > n {
				dir = -1
			}
		} else if d[a] < c[a] {
			dir = -1
		}
		return g.netPort(a, dir, dst%g.width)
	}
	return dst % g.proc
}
