package scene

import (
	"math"
	"testing"

	"github.com/fabviz/fabviz/model"
)

func load(t testing.TB, path string) *model.Model {
	t.Helper()
	m, err := model.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func ring4(t testing.TB) *model.Model { return load(t, "../../examples/ring4/ring4.fvm") }

func build(t testing.TB, in Input) *Scene {
	t.Helper()
	if in.Style == (Style{}) {
		in.Style = DefaultStyle
	}
	s, err := Build(in)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func near(a, b Vec3) bool { return a.Sub(b).Len() < 1e-4 }

func port(t testing.TB, m *model.Model, label string) model.PortRef {
	t.Helper()
	p, ok := m.PortByLabel(label)
	if !ok {
		t.Fatalf("no port %s", label)
	}
	return p
}

func TestPlanarRing4Network(t *testing.T) {
	m := ring4(t)
	s := build(t, Input{Model: m})
	if s.Cubes.Len() != 4 {
		t.Fatalf("cubes = %d, want 4", s.Cubes.Len())
	}
	for i := 0; i < 4; i++ {
		if want := (Vec3{float32(i) * Pitch, 0, 0}); !near(s.Cubes.Pos(i), want) {
			t.Errorf("cube %d at %v, want %v", i, s.Cubes.Pos(i), want)
		}
		if s.Cubes.Color(i) != DefaultStyle.Switch {
			t.Errorf("cube %d colour %v", i, s.Cubes.Color(i))
		}
	}
	if s.Spheres.Len() != 16 {
		t.Fatalf("network view: %d port spheres, want 16", s.Spheres.Len())
	}
	for i, p := range s.SpherePort {
		if m.Spec(p).Role != model.Net {
			t.Errorf("sphere %d is %s, a %s port", i, m.Label(p), m.Spec(p).Role)
		}
		if s.Spheres.Color(i) != White {
			t.Errorf("port %s colour %v before data, want white", m.Label(p), s.Spheres.Color(i))
		}
		// East ports sit beyond the cube's east face, west ones beyond the west.
		c := s.Layout.Center[m.SwitchOf(p)]
		d := s.Spheres.Pos(i).Sub(c)
		if f := m.Spec(p).Face; (f == model.East) != (d[0] > Half) || (f == model.West) != (d[0] < -Half) {
			t.Errorf("port %s (%s) at offset %v", m.Label(p), f, d)
		}
	}
	// 8 links: 6 straight between neighbours, 2 wrap links of 5 legs each.
	if got := s.Cylinders.Len(); got != 6+2*5 || s.NumLinkCyls != got {
		t.Fatalf("link cylinders = %d (links %d), want 16", got, s.NumLinkCyls)
	}
	behind := 0
	for i := 0; i < s.Cylinders.Len(); i++ {
		if z := s.Cylinders.Pos(i)[2]; z < -Half {
			behind++
		}
	}
	// Per wrap link, the leg under the row and the leg climbing back up start below the cubes.
	if behind != 4 {
		t.Errorf("%d cylinder legs start behind the row, want 4", behind)
	}
}

func TestWrapPathStaysInsideRow(t *testing.T) {
	m := ring4(t)
	s := build(t, Input{Model: m})
	path := s.linkPath(port(t, m, "s3.12"), port(t, m, "s0.14"))
	if len(path) != 6 {
		t.Fatalf("wrap path has %d points, want 6", len(path))
	}
	for _, p := range path {
		if p[0] < -Half-0.5 || p[0] > 3*Pitch+Half+0.5 {
			t.Errorf("wrap path point %v leaves the row's extent", p)
		}
	}
	if path[2][2] >= -Half || path[3][2] >= -Half {
		t.Errorf("wrap path does not run behind the row: %v", path)
	}
	straight := s.linkPath(port(t, m, "s0.12"), port(t, m, "s1.14"))
	if len(straight) != 2 {
		t.Errorf("neighbour link path has %d points, want 2", len(straight))
	}
}

func TestProcessorViewAndColours(t *testing.T) {
	m := ring4(t)
	pc := make([]Color, m.NumPorts())
	for i := range pc {
		pc[i] = Color{float32(i) / 64, 0, 1}
	}
	s := build(t, Input{Model: m, View: Processor, PortColors: pc})
	if s.Spheres.Len() != 48 {
		t.Fatalf("processor view: %d spheres, want 48", s.Spheres.Len())
	}
	if s.Cylinders.Len() != 0 {
		t.Errorf("processor view draws %d link cylinders, want none", s.Cylinders.Len())
	}
	for i, p := range s.SpherePort {
		if m.Spec(p).Role != model.Proc || s.Spheres.Pos(i)[2] <= Half {
			t.Errorf("sphere %d: %s at %v, want a proc port above the top face", i, m.Label(p), s.Spheres.Pos(i))
		}
		if s.Spheres.Color(i) != pc[p] {
			t.Errorf("port %s colour %v, want %v", m.Label(p), s.Spheres.Color(i), pc[p])
		}
	}
	next := make([]Color, len(pc))
	next[port(t, m, "s2.5")] = Color{1, 0, 0}
	s.SetColors(next, nil)
	for i, p := range s.SpherePort {
		if s.Spheres.Color(i) != next[p] {
			t.Errorf("after SetColors port %s is %v, want %v", m.Label(p), s.Spheres.Color(i), next[p])
		}
	}
}

func TestNoDataSwitchKeepsItsPlace(t *testing.T) {
	m := ring4(t)
	has := []bool{true, false, true, true}
	s := build(t, Input{Model: m, HasData: has, PortColors: make([]Color, m.NumPorts())})
	if s.Cubes.Len() != 3 {
		t.Fatalf("cubes = %d, want 3", s.Cubes.Len())
	}
	if !near(s.Cubes.Pos(1), Vec3{2 * Pitch, 0, 0}) {
		t.Errorf("s2 moved to %v", s.Cubes.Pos(1))
	}
	for _, p := range s.SpherePort {
		if m.SwitchOf(p) == 1 {
			t.Errorf("port %s of a switch without data is drawn", m.Label(p))
		}
	}
	// Links touching s1 (s0–s1, s1–s2: 4) are gone; 2 straight + 2 wraps remain.
	if got := s.Cylinders.Len(); got != 2+2*5 {
		t.Errorf("cylinders = %d, want 12", got)
	}
}

func TestHiddenPlanes(t *testing.T) {
	m := load(t, "../../examples/planes/planes.fvm")
	all := build(t, Input{Model: m})
	s := build(t, Input{Model: m, Hidden: []bool{true, false}})
	if all.Cubes.Len() != 8 || s.Cubes.Len() != 4 {
		t.Fatalf("cubes: %d all, %d with plane 0 hidden; want 8 and 4", all.Cubes.Len(), s.Cubes.Len())
	}
	for i, sw := range s.CubeSwitch {
		if m.Switches[sw].Plane != 1 || s.Cubes.Pos(i)[2] != PlanePitch {
			t.Errorf("cube of %s at %v shown", m.Switches[sw].Label, s.Cubes.Pos(i))
		}
	}
	for _, p := range s.SpherePort {
		if m.Switches[m.SwitchOf(p)].Plane == 0 {
			t.Errorf("port %s of hidden plane drawn", m.Label(p))
		}
	}
}

func TestRotatedSwitchPorts(t *testing.T) {
	m := load(t, "../../examples/planes/planes.fvm")
	l := NewLayout(m, Planar)
	// p0r1c1 uses portdef B: its port 3 is on the west face.
	p := port(t, m, "p0r1c1.3")
	if d := l.PortPos[p].Sub(l.Center[m.SwitchOf(p)]); d[0] >= -Half {
		t.Errorf("rotated switch's port 3 at offset %v, want on the west face", d)
	}
	q := port(t, m, "p0r1c0.3")
	if d := l.PortPos[q].Sub(l.Center[m.SwitchOf(q)]); d[0] <= Half {
		t.Errorf("plain switch's port 3 at offset %v, want on the east face", d)
	}
}

func TestTorusLayout(t *testing.T) {
	m := load(t, "../../examples/planes/planes.fvm")
	l := NewLayout(m, Torus)
	for i := range m.Switches {
		sw := &m.Switches[i]
		c, f := l.Center[i], l.Frame[i]
		// Orthonormal and right-handed, like the planar frame.
		if !near(f.East.Cross(f.North), f.Top) || math.Abs(float64(f.East.Dot(f.North))) > 1e-5 {
			t.Errorf("%s: frame %v not right-handed orthonormal", sw.Label, f)
		}
		// The centre lies on plane p's torus, top pointing away from its core.
		ring := Vec3{c[0], c[1], 0}.Norm().Mul(l.Major)
		if r := c.Sub(ring).Len(); math.Abs(float64(r-l.Minor[sw.Plane])) > 1e-3 {
			t.Errorf("%s: %.3f from the torus core, want %.3f", sw.Label, r, l.Minor[sw.Plane])
		}
		if !near(c.Sub(ring).Norm(), f.Top) {
			t.Errorf("%s: top %v is not the outward normal %v", sw.Label, f.Top, c.Sub(ring).Norm())
		}
	}
	if l.Minor[1] <= l.Minor[0] {
		t.Errorf("plane 1 torus (%.2f) not outside plane 0 (%.2f)", l.Minor[1], l.Minor[0])
	}
	// A row is a ring: switches of row 0, plane 0 share a height and radius.
	a, b := l.Center[0], l.Center[1]
	if math.Abs(float64(a[2]-b[2])) > 1e-4 || math.Abs(float64(Vec3{a[0], a[1], 0}.Len()-Vec3{b[0], b[1], 0}.Len())) > 1e-4 {
		t.Errorf("row 0 switches %v and %v are not on one ring", a, b)
	}
	s := build(t, Input{Model: m, Kind: Torus})
	if s.Cylinders.Len() != m.NumLinks() {
		t.Errorf("torus: %d link cylinders for %d links (no detours expected)", s.Cylinders.Len(), m.NumLinks())
	}
}

func TestRoutesAndJobs(t *testing.T) {
	m := ring4(t)
	route := Route{Color: Color{0, 1, 0}, Ports: []model.PortRef{
		port(t, m, "s3.0"), port(t, m, "s3.12"), port(t, m, "s0.14"), port(t, m, "s0.3")}}
	s := build(t, Input{Model: m, Routes: []Route{route}})
	legs := s.Cylinders.Len() - s.NumLinkCyls
	if legs != 1+5+1 {
		t.Fatalf("route drawn with %d legs, want 7 (in switch, 5-leg wrap, in switch)", legs)
	}
	for i := s.NumLinkCyls; i < s.Cylinders.Len(); i++ {
		x := s.Cylinders.Xf[i*12:]
		if r := (Vec3{x[0], x[4], x[8]}).Len(); math.Abs(float64(r-RouteRadius)) > 1e-5 || s.Cylinders.Color(i) != route.Color {
			t.Errorf("route leg %d radius %.3f colour %v", i, r, s.Cylinders.Color(i))
		}
	}
	jc := make([]Color, m.NumPorts())
	for i := range jc {
		jc[i] = NoJob
	}
	j := port(t, m, "s1.4")
	jc[j] = Color{0.2, 0.9, 0.1}
	only := build(t, Input{Model: m, View: Processor, JobColors: jc})
	if only.Boxes.Len() != 0 {
		t.Errorf("jobs alone: %d boxes, want none", only.Boxes.Len())
	}
	for i, p := range only.SpherePort {
		want := White
		if p == j {
			want = jc[j]
		}
		if only.Spheres.Color(i) != want {
			t.Errorf("jobs alone: port %s colour %v, want %v", m.Label(p), only.Spheres.Color(i), want)
		}
	}
	pc := make([]Color, m.NumPorts())
	both := build(t, Input{Model: m, View: Processor, JobColors: jc, PortColors: pc})
	if both.Boxes.Len() != 48 {
		t.Fatalf("jobs with data: %d boxes, want 48", both.Boxes.Len())
	}
	for i, p := range both.BoxPort {
		want := DefaultStyle.Switch
		if p == j {
			want = jc[j]
			if z := both.Boxes.Pos(i)[2]; z <= Half || z > Half+boxDepth {
				t.Errorf("job box at height %.3f, want on the top face", z)
			}
		}
		if both.Boxes.Color(i) != want {
			t.Errorf("box of %s colour %v, want %v", m.Label(p), both.Boxes.Color(i), want)
		}
	}
}

func TestPickRing4(t *testing.T) {
	m := ring4(t)
	s := build(t, Input{Model: m, View: Processor})
	for i, p := range s.SpherePort {
		at := s.Spheres.Pos(i)
		h := s.Pick(Ray{Origin: at.Add(Vec3{0.01, 0.02, 10}), Dir: Vec3{0, 0, -1}})
		if h.Kind != model.KindPort || h.Port != p {
			t.Errorf("ray down onto %s picked %+v", m.Label(p), h)
		}
	}
	// From the south, level with the cubes: no proc ports there, the switch is hit.
	h := s.Pick(Ray{Origin: Vec3{2 * Pitch, -20, 0}, Dir: Vec3{0, 1, 0}})
	if h.Kind != model.KindSwitch || h.Switch != 2 || math.Abs(float64(h.T-(20-Half))) > 1e-3 {
		t.Errorf("ray at s2's south face picked %+v", h)
	}
	if h := s.Pick(Ray{Origin: Vec3{Pitch / 2, -20, 0}, Dir: Vec3{0, 1, 0}}); h.Kind != model.KindNone {
		t.Errorf("ray between cubes picked %+v", h)
	}
	// Through the camera: the pixel at the centre of a fitted view of one port.
	c := DefaultCamera()
	c.Fit(s, 1)
	target := s.Layout.PortPos[port(t, m, "s1.5")]
	c.Target = target
	h = s.Pick(c.Ray(99.5, 99.5, 200, 200))
	if h.Kind != model.KindPort || h.Port != port(t, m, "s1.5") {
		t.Errorf("camera ray at s1.5 picked %+v", h)
	}
}

func TestPickTorusAllPorts(t *testing.T) {
	m := load(t, "../../examples/planes/planes.fvm")
	s := build(t, Input{Model: m, Kind: Torus})
	for i, p := range s.SpherePort {
		n := s.Layout.PortNormal(m, p)
		at := s.Spheres.Pos(i)
		h := s.Pick(Ray{Origin: at.Add(n.Mul(0.3)), Dir: n.Mul(-1)})
		if h.Kind != model.KindPort || h.Port != p {
			t.Errorf("ray into %s picked %+v", m.Label(p), h)
		}
	}
}

func TestBuildRejectsBadInput(t *testing.T) {
	m := ring4(t)
	if _, err := Build(Input{Model: m, PortColors: make([]Color, 3)}); err == nil {
		t.Error("short colour slice accepted")
	}
	if _, err := Build(Input{Model: m, Routes: []Route{{Ports: []model.PortRef{999}}}}); err == nil {
		t.Error("route through port 999 accepted")
	}
	if _, err := Build(Input{}); err == nil {
		t.Error("no model accepted")
	}
}

// TestSelectedPortIsRinged checks the selection stands out: a ring of
// tubes in the selection colour circles the selected port, in its face's
// plane, clear of its sphere; the port keeps its own colour.
func TestSelectedPortIsRinged(t *testing.T) {
	m := ring4(t)
	p := port(t, m, "s1.13")
	plain := build(t, Input{Model: m})
	sel := build(t, Input{Model: m, Select: model.Object{Kind: model.KindPort, Port: p, Switch: 1}})
	ring := sel.Cylinders.Len() - sel.NumLinkCyls
	if plain.Cylinders.Len() != plain.NumLinkCyls || ring != highlightSides {
		t.Fatalf("%d ring tubes, want %d", ring, highlightSides)
	}
	r := sel.Layout.Radius[p]
	for i := sel.NumLinkCyls; i < sel.Cylinders.Len(); i++ {
		if c := sel.Cylinders.Color(i); c != DefaultStyle.Select {
			t.Errorf("ring tube %d is %v, want the selection colour", i, c)
		}
		d := sel.Cylinders.Pos(i).Sub(sel.Layout.PortPos[p]).Len()
		if d < r*selectScale*1.2 || d > r*highlightRing*1.01 {
			t.Errorf("ring tube %d is %.3f from the port (radius %.3f)", i, d, r)
		}
	}
	for i, q := range sel.SpherePort {
		if q == p && sel.Spheres.Color(i) != White {
			t.Errorf("the selected port lost its own colour: %v", sel.Spheres.Color(i))
		}
	}
	other := build(t, Input{Model: m, View: Processor, Select: model.Object{Kind: model.KindPort, Port: p, Switch: 1}})
	if other.Cylinders.Len() != other.NumLinkCyls {
		t.Error("a ring drawn round a port the view does not show")
	}
}
