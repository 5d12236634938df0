package scene

import (
	"math"
	"testing"
)

func TestFitShowsEverything(t *testing.T) {
	for _, path := range []string{"../../examples/ring4/ring4.fvm", "../../examples/planes/planes.fvm"} {
		m := load(t, path)
		for _, kind := range []LayoutKind{Planar, Torus} {
			s := build(t, Input{Model: m, Kind: kind})
			for _, aspect := range []float32{0.5, 1, 16.0 / 9} {
				c := DefaultCamera()
				c.Fit(s, aspect)
				centre, radius := s.Sphere()
				vp := c.Proj(aspect, centre, radius).Mul(c.View())
				reach := float32(0)
				for i := 0; i < s.Cubes.Len(); i++ {
					q := vp.Apply(s.Cubes.Pos(i))
					if math.Abs(float64(q[0])) > 1 || math.Abs(float64(q[1])) > 1 || q[2] < -1 || q[2] > 1 {
						t.Errorf("%s %s aspect %.2f: cube %d at NDC %v, outside the view", m.Name, kind, aspect, i, q)
					}
					reach = max(reach, abs32(q[0]), abs32(q[1]))
				}
				if reach < 0.3 {
					t.Errorf("%s %s aspect %.2f: scene fills only %.2f of the view", m.Name, kind, aspect, reach)
				}
			}
		}
	}
}

func TestRayThroughProjectedPoint(t *testing.T) {
	s := build(t, Input{Model: ring4(t)})
	c := DefaultCamera()
	c.Fit(s, 1.5)
	c.Orbit(35, -20)
	c.Pan(0.1, -0.05)
	const w, h = 600, 400
	centre, radius := s.Sphere()
	vp := c.Proj(float32(w)/h, centre, radius).Mul(c.View())
	p := s.Cubes.Pos(2)
	q := vp.Apply(p)
	x, y := (q[0]+1)/2*w-0.5, (1-q[1])/2*h-0.5
	r := c.Ray(x, y, w, h)
	// Distance from p to the ray.
	d := p.Sub(r.Origin)
	off := d.Sub(r.Dir.Mul(d.Dot(r.Dir))).Len()
	if off > 1e-3*d.Len() {
		t.Errorf("ray through the pixel of %v passes %.4f away", p, off)
	}
}

func TestOrbitPanZoom(t *testing.T) {
	c := DefaultCamera()
	c.Distance = 10
	c.Orbit(400, 100)
	if c.Azimuth != 60 || c.Elevation != maxElevation {
		t.Errorf("orbit: azimuth %v elevation %v, want 60 and %v", c.Azimuth, c.Elevation, maxElevation)
	}
	before := c.Target
	eye := c.Eye()
	c.Pan(0.5, 0)
	moved := c.Target.Sub(before)
	if moved.Len() == 0 || math.Abs(float64(moved.Dot(c.Dir()))) > 1e-4 {
		t.Errorf("pan moved the target by %v, want a move across the view", moved)
	}
	if got := c.Eye().Sub(eye); !near(got, moved) {
		t.Errorf("pan moved the eye by %v and the target by %v", got, moved)
	}
	c.Zoom(0.5)
	if c.Distance != 5 {
		t.Errorf("zoom: distance %v, want 5", c.Distance)
	}
}

// TestZoomAtKeepsThePointUnderThePointer checks the wheel zooms toward the
// pointer: the point of the target plane under a pixel stays under it.
func TestZoomAtKeepsThePointUnderThePointer(t *testing.T) {
	c := DefaultCamera()
	c.Distance = 20
	c.Target = Vec3{3, 1, 0}
	const w, h = 800, 500
	x, y := float32(650), float32(120)
	hit := func(c Camera) Vec3 {
		r := c.Ray(x, y, w, h)
		back := c.Dir()
		return r.Origin.Add(r.Dir.Mul(c.Distance / -r.Dir.Dot(back)))
	}
	before := hit(c)
	c.ZoomAt(0.5, x, y, w, h)
	if c.Distance != 10 {
		t.Fatalf("distance %v, want 10", c.Distance)
	}
	// The old point, seen from the new camera, is still under (x, y).
	r := c.Ray(x, y, w, h)
	to := before.Sub(r.Origin).Norm()
	if to.Sub(r.Dir).Len() > 1e-4 {
		t.Errorf("the point moved off the pointer: ray %v, point direction %v", r.Dir, to)
	}
	centre := DefaultCamera()
	centre.Distance, centre.Target = 20, Vec3{3, 1, 0}
	centre.ZoomAt(0.5, w/2-0.5, h/2-0.5, w, h)
	if centre.Target.Sub(Vec3{3, 1, 0}).Len() > 1e-4 {
		t.Errorf("zoom at the centre moved the target to %v", centre.Target)
	}
}
