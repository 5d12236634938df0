package scene

import (
	"math"

	"github.com/fabviz/fabviz/model"
)

// LayoutKind is how switch positions are arranged in space.
type LayoutKind uint8

const (
	// Planar lays planes of rows and columns flat, one above the other.
	Planar LayoutKind = iota
	// Torus makes each plane a torus and each row a ring around it.
	Torus
)

func (k LayoutKind) String() string {
	if k == Torus {
		return "torus"
	}
	return "planar"
}

// Arrangement is which rows the layout draws as rows (§6 arrange).
type Arrangement uint8

const (
	// Physical draws the grid's display rows as the model gives them.
	Physical Arrangement = iota
	// Logical draws each logical row (§1 logical-row) as one row, its
	// physical rows end to end, logical rows one after another.
	Logical
)

func (a Arrangement) String() string {
	if a == Logical {
		return "logical"
	}
	return "physical"
}

// Geometry constants, in scene units. A switch cube has edge 1.
const (
	Half        = 0.5  // half the edge of a switch cube
	Pitch       = 2.5  // distance between neighbouring switches in a row or column
	PlanePitch  = 3.0  // least distance between planes in the planar layout
	TorusLayer  = 2.5  // how much further out each plane's torus is
	maxPortSize = 0.12 // largest port sphere radius
)

// faceBasis gives, per face, the outward normal and the two in-face axes
// (u across, v down) in the switch's own frame (x east, y north, z top).
var faceBasis = [6][3]Vec3{
	model.Top:    {{0, 0, 1}, {1, 0, 0}, {0, -1, 0}},
	model.Bottom: {{0, 0, -1}, {1, 0, 0}, {0, -1, 0}},
	model.North:  {{0, 1, 0}, {1, 0, 0}, {0, 0, -1}},
	model.South:  {{0, -1, 0}, {1, 0, 0}, {0, 0, -1}},
	model.East:   {{1, 0, 0}, {0, -1, 0}, {0, 0, -1}},
	model.West:   {{-1, 0, 0}, {0, -1, 0}, {0, 0, -1}},
}

// portPlace is a port's place in its switch's own frame.
type portPlace struct {
	Pos    Vec3
	Radius float32
}

// placePorts lays out each face's slots of a portdef in a near-square grid.
func placePorts(d *model.PortDef) []portPlace {
	var maxSlot [6]int
	for i := range maxSlot {
		maxSlot[i] = -1
	}
	for _, p := range d.Ports {
		if p.Role != model.Unused && p.Slot > maxSlot[p.Face] {
			maxSlot[p.Face] = p.Slot
		}
	}
	out := make([]portPlace, len(d.Ports))
	for i, p := range d.Ports {
		if p.Role == model.Unused {
			continue
		}
		n := maxSlot[p.Face] + 1
		cols := int(math.Ceil(math.Sqrt(float64(n))))
		rows := (n + cols - 1) / cols
		cell := float32(1) / float32(max(cols, rows))
		r := min(cell*0.36, maxPortSize)
		c, rw := p.Slot%cols, p.Slot/cols
		u := (float32(c) + 0.5 - float32(cols)/2) * cell
		v := (float32(rw) + 0.5 - float32(rows)/2) * cell
		b := faceBasis[p.Face]
		pos := b[0].Mul(Half + r*0.4).Add(b[1].Mul(u)).Add(b[2].Mul(v))
		out[i] = portPlace{Pos: pos, Radius: r}
	}
	return out
}

// Layout is where every switch and port of a model sits.
type Layout struct {
	Kind    LayoutKind
	Arrange Arrangement
	// Rows and Columns are the arranged grid's size: the model's, or the
	// number of logical rows and the longest one's width.
	Rows, Columns int
	Center        []Vec3  // by switch
	Frame         []Frame // by switch
	PortPos       []Vec3  // by PortRef (unused ports: the switch centre)
	Radius        []float32
	// PlaneGap is the distance between planes (planar only): PlanePitch,
	// or a quarter of the grid's width when that is more, so the planes of
	// a large grid stay apart in a perspective view.
	PlaneGap float32
	// Torus parameters (Torus only): major radius and each plane's minor radius.
	Major float32
	Minor []float32
}

// NewLayout places the switches and ports of m in its physical rows.
func NewLayout(m *model.Model, kind LayoutKind) *Layout {
	return NewArrangedLayout(m, kind, Physical)
}

// NewArrangedLayout places the switches and ports of m with its rows
// arranged physically or logically.
func NewArrangedLayout(m *model.Model, kind LayoutKind, arr Arrangement) *Layout {
	l := &Layout{
		Kind: kind, Arrange: arr, Rows: m.Rows, Columns: m.Columns,
		Center:  make([]Vec3, len(m.Switches)),
		Frame:   make([]Frame, len(m.Switches)),
		PortPos: make([]Vec3, m.NumPorts()),
		Radius:  make([]float32, m.NumPorts()),
	}
	if arr == Logical {
		l.Rows, l.Columns = len(m.LogicalRows()), m.LogicalColumns()
	}
	l.PlaneGap = max(PlanePitch, float32(max(l.Rows, l.Columns))*Pitch/4)
	if kind == Torus {
		l.torusSize(m)
	}
	places := map[*model.PortDef][]portPlace{}
	for si := range m.Switches {
		s := &m.Switches[si]
		c, f := l.place(m, s.Plane, s.Row, s.Col)
		l.Center[si], l.Frame[si] = c, f
		pl, ok := places[s.Def]
		if !ok {
			pl = placePorts(s.Def)
			places[s.Def] = pl
		}
		base := si * m.Ports
		for off := range pl {
			pp := &pl[off]
			l.PortPos[base+off] = c.Add(f.Apply(pp.Pos))
			l.Radius[base+off] = pp.Radius
		}
	}
	return l
}

// Apply turns a vector in the frame's own coordinates into world coordinates.
func (f *Frame) Apply(v Vec3) Vec3 {
	e, n, t := &f.East, &f.North, &f.Top
	return Vec3{
		e[0]*v[0] + n[0]*v[1] + t[0]*v[2],
		e[1]*v[0] + n[1]*v[1] + t[1]*v[2],
		e[2]*v[0] + n[2]*v[1] + t[2]*v[2],
	}
}

func (l *Layout) torusSize(m *model.Model) {
	r0 := max(float32(l.Rows)*Pitch/(2*math.Pi), 1.5)
	l.Minor = make([]float32, m.Planes)
	for p := range l.Minor {
		l.Minor[p] = r0 + float32(p)*TorusLayer
	}
	outer := l.Minor[m.Planes-1]
	l.Major = outer + max(float32(l.Columns)*Pitch/(2*math.Pi), 1.5)
}

// place is the centre and frame of a switch at a grid position.
func (l *Layout) place(m *model.Model, plane, row, col int) (Vec3, Frame) {
	if l.Arrange == Logical {
		row, col = m.LogicalPos(row, col)
	}
	if l.Kind == Planar {
		return Vec3{float32(col) * Pitch, -float32(row) * Pitch, float32(plane) * l.PlaneGap}, AxisFrame
	}
	th := 2 * math.Pi * float64(col) / float64(l.Columns)
	ph := -2 * math.Pi * float64(row) / float64(l.Rows)
	st, ct := math.Sincos(th)
	sp, cp := math.Sincos(ph)
	r := float64(l.Minor[plane])
	R := float64(l.Major)
	c := Vec3{float32((R + r*cp) * ct), float32((R + r*cp) * st), float32(r * sp)}
	f := Frame{
		East:  Vec3{float32(-st), float32(ct), 0},
		North: Vec3{float32(-sp * ct), float32(-sp * st), float32(cp)},
		Top:   Vec3{float32(cp * ct), float32(cp * st), float32(sp)},
	}
	return c, f
}

// PortNormal is the outward direction of a port's face in world coordinates.
func (l *Layout) PortNormal(m *model.Model, p model.PortRef) Vec3 {
	return l.Frame[m.SwitchOf(p)].Apply(faceBasis[m.Spec(p).Face][0])
}
