package scene

import (
	"fmt"
	"math"
	"slices"

	"github.com/fabviz/fabviz/model"
)

// Build makes the instance arrays for in.
func Build(in Input) (*Scene, error) {
	m := in.Model
	if m == nil {
		return nil, fmt.Errorf("scene: no model")
	}
	if err := in.check(); err != nil {
		return nil, err
	}
	l := in.Layout
	if l == nil || len(l.Center) != len(m.Switches) {
		l = NewArrangedLayout(m, in.Kind, in.Arrange)
	}
	s := &Scene{Model: m, Layout: l, style: in.Style}
	s.jobsOnly = in.JobColors != nil && in.PortColors == nil
	shown := in.shownSwitches()
	s.addSwitches(in, shown)
	s.addPorts(in, shown)
	if in.View == Network {
		s.addLinks(in, shown)
	}
	s.NumLinkCyls = s.Cylinders.Len()
	for _, r := range in.Routes {
		s.addRoute(r)
	}
	s.addHighlight(in, shown)
	s.bounds()
	s.index = newPickIndex(s)
	return s, nil
}

func (in *Input) check() error {
	m := in.Model
	n := m.NumPorts()
	if in.PortColors != nil && len(in.PortColors) != n {
		return fmt.Errorf("scene: %d port colours for %d ports", len(in.PortColors), n)
	}
	if in.JobColors != nil && len(in.JobColors) != n {
		return fmt.Errorf("scene: %d job colours for %d ports", len(in.JobColors), n)
	}
	if in.HasData != nil && len(in.HasData) != len(m.Switches) {
		return fmt.Errorf("scene: %d data flags for %d switches", len(in.HasData), len(m.Switches))
	}
	for i, r := range in.Routes {
		for _, p := range r.Ports {
			if p < 0 || int(p) >= n {
				return fmt.Errorf("scene: route %d: port %d out of range", i, p)
			}
		}
	}
	return nil
}

// shownSwitches says by switch whether it is drawn: its plane is shown and it
// has data (or no data is loaded).
func (in *Input) shownSwitches() []bool {
	m := in.Model
	out := make([]bool, len(m.Switches))
	for i := range m.Switches {
		p := m.Switches[i].Plane
		out[i] = (in.Hidden == nil || p >= len(in.Hidden) || !in.Hidden[p]) &&
			(in.HasData == nil || in.HasData[i])
	}
	return out
}

func (s *Scene) addSwitches(in Input, shown []bool) {
	n := 0
	for _, ok := range shown {
		if ok {
			n++
		}
	}
	s.Cubes.Xf = make([]float32, 0, 12*n)
	s.Cubes.Col = make([]float32, 0, 3*n)
	s.CubeSwitch = make([]int32, 0, n)
	for i, ok := range shown {
		if !ok {
			continue
		}
		c := in.Style.Switch
		if in.Select.Kind == model.KindSwitch && in.Select.Switch == i {
			c = in.Style.Select
		}
		s.Cubes.add(s.Layout.Frame[i], Vec3{1, 1, 1}, s.Layout.Center[i], c)
		s.CubeSwitch = append(s.CubeSwitch, int32(i))
	}
}

// wantRole is the port role the view shows.
func wantRole(v ViewKind) model.Role {
	if v == Processor {
		return model.Proc
	}
	return model.Net
}

func (s *Scene) addPorts(in Input, shown []bool) {
	m, l := s.Model, s.Layout
	role := wantRole(in.View)
	boxes := in.View == Processor && in.JobColors != nil && in.PortColors != nil
	est := 0
	for i, ok := range shown {
		if ok {
			if role == model.Proc {
				est += m.Switches[i].Def.NProc
			} else {
				est += m.Switches[i].Def.NNet
			}
		}
	}
	s.Spheres.Xf = make([]float32, 0, 12*est)
	s.Spheres.Col = make([]float32, 0, 3*est)
	s.SpherePort = make([]model.PortRef, 0, est)
	for si, ok := range shown {
		if !ok {
			continue
		}
		sw := &m.Switches[si]
		f := l.Frame[si]
		base := si * m.Ports
		for off := range sw.Def.Ports {
			spec := &sw.Def.Ports[off]
			if spec.Role != role {
				continue
			}
			p := model.PortRef(base + off)
			r := l.Radius[p]
			if in.selected(p) {
				r *= selectScale
			}
			s.Spheres.add(f, Vec3{r, r, r}, l.PortPos[p], s.portColor(in.PortColors, in.JobColors, p))
			s.SpherePort = append(s.SpherePort, p)
			if boxes {
				s.addBox(in, f, spec, p)
			}
		}
	}
}

// portColor is the colour of a port sphere: its data colour, or its job
// colour when only jobs are shown, or white.
func (s *Scene) portColor(pc, jc []Color, p model.PortRef) Color {
	if pc != nil {
		return pc[p]
	}
	if jc != nil && s.Model.Spec(p).Role == model.Proc {
		if c := jc[p]; c != NoJob {
			return c
		}
	}
	return White
}

// addBox puts a shallow job box on the face under a processor port. Ports
// without a job get a box in the switch colour, so it does not show; that
// keeps the box array fixed while jobs change from step to step.
func (s *Scene) addBox(in Input, f Frame, spec *model.PortSpec, p model.PortRef) {
	r := s.Layout.Radius[p]
	b := faceBasis[spec.Face]
	// The box lies flat on the face: its own top axis along the face normal.
	bf := Frame{East: f.Apply(b[1]), North: f.Apply(b[2]).Mul(-1), Top: f.Apply(b[0])}
	centre := s.Layout.Center[s.Model.SwitchOf(p)]
	at := s.Layout.PortPos[p].Sub(centre)
	n := bf.Top
	at = at.Sub(n.Mul(at.Dot(n))).Add(n.Mul(Half + boxDepth/2)).Add(centre)
	s.Boxes.add(bf, Vec3{r * 2.6, r * 2.6, boxDepth}, at, s.boxColor(in.JobColors, p))
	s.BoxPort = append(s.BoxPort, p)
}

func (s *Scene) boxColor(jc []Color, p model.PortRef) Color {
	if c := jc[p]; c != NoJob {
		return c
	}
	return s.style.Switch
}

// SetColors recolours ports and job boxes for a new time step without
// touching geometry. pc and jc follow Input.PortColors and Input.JobColors
// and must be nil or non-nil as they were when the scene was built.
func (s *Scene) SetColors(pc, jc []Color) {
	col := s.Spheres.Col
	switch {
	case pc != nil:
		for i, p := range s.SpherePort {
			c := &pc[p]
			col[i*3], col[i*3+1], col[i*3+2] = c[0], c[1], c[2]
		}
	case jc != nil:
		for i, p := range s.SpherePort {
			c := s.portColor(nil, jc, p)
			col[i*3], col[i*3+1], col[i*3+2] = c[0], c[1], c[2]
		}
	}
	if jc != nil {
		for i, p := range s.BoxPort {
			c := s.boxColor(jc, p)
			s.Boxes.Col[i*3], s.Boxes.Col[i*3+1], s.Boxes.Col[i*3+2] = c[0], c[1], c[2]
		}
	}
}

// selected says whether port p is highlighted: the selected port, or
// another port of the selected host.
func (in *Input) selected(p model.PortRef) bool {
	if in.Select.Kind == model.KindSwitch || in.Select.Kind == model.KindNone {
		return false
	}
	return in.Select.Port == p || slices.Contains(in.SelectAlso, p)
}

// addHighlight rings the selected port (and the selected host's other
// ports) in the selection colour: a tube circle in the plane of its face,
// clear of the (enlarged) sphere, so the port keeps its own colour and
// still stands out. Drawn after the routes.
func (s *Scene) addHighlight(in Input, shown []bool) {
	o := in.Select
	if o.Kind == model.KindSwitch || o.Kind == model.KindNone || o.Port == model.NoPort {
		return
	}
	s.ring(in, shown, o.Port)
	for _, p := range in.SelectAlso {
		s.ring(in, shown, p)
	}
}

// ring draws the selection ring around one port, if it is shown.
func (s *Scene) ring(in Input, shown []bool, p model.PortRef) {
	m, l := s.Model, s.Layout
	if sw := m.SwitchOf(p); !shown[sw] || m.Spec(p).Role != wantRole(in.View) {
		return
	}
	b := faceBasis[m.Spec(p).Face]
	f := l.Frame[m.SwitchOf(p)]
	u, v := f.Apply(b[1]), f.Apply(b[2])
	r := l.Radius[p]
	at := l.PortPos[p]
	ring := make([]Vec3, 0, highlightSides+1)
	for i := 0; i <= highlightSides; i++ {
		a := 2 * math.Pi * float64(i) / highlightSides
		c, sn := float32(math.Cos(a)), float32(math.Sin(a))
		ring = append(ring, at.Add(u.Mul(c*r*highlightRing)).Add(v.Mul(sn*r*highlightRing)))
	}
	s.addPath(ring, r*0.3, in.Style.Select, true)
}

// The selection ring: sides of its polygon, radius in port radii.
const (
	highlightSides = 20
	highlightRing  = 2.6
)

func (s *Scene) addLinks(in Input, shown []bool) {
	m := s.Model
	s.Cylinders.Xf = make([]float32, 0, 12*m.NumLinks())
	s.Cylinders.Col = make([]float32, 0, 3*m.NumLinks())
	var buf [6]Vec3
	for p := range m.NumPorts() {
		a := model.PortRef(p)
		b := m.Peer(a)
		if b <= a || !shown[m.SwitchOf(a)] || !shown[m.SwitchOf(b)] {
			continue
		}
		s.addPath(s.linkPathInto(buf[:0], a, b), LinkRadius, in.Style.Link, false)
	}
}

func (s *Scene) addRoute(r Route) {
	for i := 0; i+1 < len(r.Ports); i++ {
		a, b := r.Ports[i], r.Ports[i+1]
		var path []Vec3
		if s.Model.SwitchOf(a) == s.Model.SwitchOf(b) {
			path = []Vec3{s.Layout.PortPos[a], s.Layout.PortPos[b]}
		} else {
			path = s.linkPath(a, b)
		}
		if r.Lanes > 1 {
			path = laneShift(path, r.Lane, r.Lanes)
		}
		s.addPath(path, RouteRadius, r.Color, true)
	}
}

// laneShift moves a path sideways to lane k of n, lanes one route
// diameter apart and centred on the path, across its first leg.
func laneShift(path []Vec3, k, n int) []Vec3 {
	d := path[len(path)-1].Sub(path[0])
	if d.Len() == 0 {
		return path
	}
	up := Vec3{0, 0, 1}
	side := d.Norm().Cross(up)
	if side.Len() < 0.1 {
		side = d.Norm().Cross(Vec3{1, 0, 0})
	}
	off := side.Norm().Mul(2 * RouteRadius * (float32(k) - float32(n-1)/2))
	out := make([]Vec3, len(path))
	for i, p := range path {
		out[i] = p.Add(off)
	}
	return out
}

// linkPath is the polyline a link between ports a and b is drawn along:
// straight, except in the planar layout when the two ports face away from
// each other (a wrap-around link), where it goes out of each port and runs
// behind the plane (or, for links between planes, beside the column).
func (s *Scene) linkPath(a, b model.PortRef) []Vec3 { return s.linkPathInto(nil, a, b) }

// linkPathInto is linkPath appending to buf.
func (s *Scene) linkPathInto(buf []Vec3, a, b model.PortRef) []Vec3 {
	l, m := s.Layout, s.Model
	pa, pb := l.PortPos[a], l.PortPos[b]
	if l.Kind != Planar {
		return append(buf, pa, pb)
	}
	na, nb := l.PortNormal(m, a), l.PortNormal(m, b)
	if pb.Sub(pa).Dot(na) >= 0 || pa.Sub(pb).Dot(nb) >= 0 {
		return append(buf, pa, pb)
	}
	const out = 0.45
	oa, ob := pa.Add(na.Mul(out)), pb.Add(nb.Mul(out))
	var off Vec3
	if na[2] > 0.5 || na[2] < -0.5 {
		// Between planes: step aside, east, into the gap between columns.
		c := l.Center[m.SwitchOf(a)]
		off = Vec3{c[0] + Pitch/2 - oa[0], 0, 0}
	} else {
		// In a plane: drop behind it, below the cubes' bottom faces.
		c := l.Center[m.SwitchOf(a)]
		off = Vec3{0, 0, c[2] - Half - 0.6 - oa[2]}
	}
	return append(buf, pa, oa, oa.Add(off), ob.Add(off), ob, pb)
}

// addPath adds one cylinder per leg of a polyline; route paths get a joint
// sphere at every inner corner so thick bends look closed.
func (s *Scene) addPath(path []Vec3, r float32, c Color, joints bool) {
	for i := 0; i+1 < len(path); i++ {
		s.addCylinder(path[i], path[i+1], r, c)
		if joints && i > 0 {
			s.Spheres.add(AxisFrame, Vec3{r, r, r}, path[i], c)
		}
	}
}

func (s *Scene) addCylinder(a, b Vec3, r float32, c Color) {
	d := b.Sub(a)
	if d.Len() == 0 {
		return
	}
	z := d.Norm()
	h := Vec3{1, 0, 0}
	if float32(math.Abs(float64(z[0]))) > 0.9 {
		h = Vec3{0, 1, 0}
	}
	x := z.Cross(h).Norm()
	y := z.Cross(x)
	s.Cylinders.add(Frame{East: x, North: y, Top: d}, Vec3{r, r, 1}, a, c)
}

// bounds sets Min and Max over every drawn instance's centre, padded by a
// cube's size; with nothing drawn, over the whole layout.
func (s *Scene) bounds() {
	inf := float32(math.Inf(1))
	lo, hi := Vec3{inf, inf, inf}, Vec3{-inf, -inf, -inf}
	grow := func(p Vec3) {
		for k := 0; k < 3; k++ {
			lo[k] = min(lo[k], p[k])
			hi[k] = max(hi[k], p[k])
		}
	}
	for i := 0; i < s.Cubes.Len(); i++ {
		grow(s.Cubes.Pos(i))
	}
	for i := 0; i < s.Cylinders.Len(); i++ {
		grow(s.Cylinders.Pos(i))
		x := s.Cylinders.Xf[i*12:]
		grow(Vec3{x[3] + x[2], x[7] + x[6], x[11] + x[10]})
	}
	if lo[0] > hi[0] {
		for _, c := range s.Layout.Center {
			grow(c)
		}
	}
	if lo[0] > hi[0] {
		lo, hi = Vec3{}, Vec3{}
	}
	pad := Vec3{1, 1, 1}
	s.Min, s.Max = lo.Sub(pad), hi.Add(pad)
}

// Sphere is the bounding sphere of the scene.
func (s *Scene) Sphere() (centre Vec3, radius float32) {
	c := s.Min.Add(s.Max).Mul(0.5)
	return c, s.Max.Sub(s.Min).Len() / 2
}
