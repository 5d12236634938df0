package scene

import "math"

// Camera orbits a target point: azimuth (degrees about the world z axis, 0 =
// looking north from the south), elevation (degrees above the x–y plane)
// and distance (scene units).
type Camera struct {
	Azimuth, Elevation, Distance float32
	Target                       Vec3
	Fovy                         float32 // vertical field of view, degrees
}

// DefaultCamera looks at the scene from the south-east, above the planes.
func DefaultCamera() Camera {
	return Camera{Azimuth: 20, Elevation: 50, Fovy: 40}
}

const maxElevation = 89.5

func rad(d float32) float64 { return float64(d) * math.Pi / 180 }

// Dir is the unit vector from the target toward the eye.
func (c Camera) Dir() Vec3 {
	sa, ca := math.Sincos(rad(c.Azimuth))
	se, ce := math.Sincos(rad(c.Elevation))
	return Vec3{float32(ce * sa), float32(-ce * ca), float32(se)}
}

// Eye is the camera position.
func (c Camera) Eye() Vec3 { return c.Target.Add(c.Dir().Mul(c.Distance)) }

// basis is the camera's forward, right and up vectors.
func (c Camera) basis() (f, r, u Vec3) {
	f = c.Dir().Mul(-1)
	r = f.Cross(Vec3{0, 0, 1}).Norm()
	u = r.Cross(f)
	return
}

// View is the view matrix.
func (c Camera) View() Mat4 {
	_, _, u := c.basis()
	return LookAt(c.Eye(), c.Target, u)
}

// Proj is the projection matrix for an image of the given aspect (w/h),
// with near and far planes fitted around the scene's bounding sphere.
func (c Camera) Proj(aspect float32, centre Vec3, radius float32) Mat4 {
	d := c.Eye().Sub(centre).Len()
	far := d + radius + 1
	near := max(d-radius-1, far/2000, 0.01)
	return Perspective(float32(rad(c.Fovy)), aspect, near, far)
}

// Orbit turns the camera about its target.
func (c *Camera) Orbit(dAz, dEl float32) {
	c.Azimuth = float32(math.Mod(float64(c.Azimuth+dAz), 360))
	c.Elevation = max(-maxElevation, min(maxElevation, c.Elevation+dEl))
}

// Pan moves the target across the view by fractions of the view's height.
func (c *Camera) Pan(dx, dy float32) {
	_, r, u := c.basis()
	h := 2 * c.Distance * float32(math.Tan(rad(c.Fovy)/2))
	c.Target = c.Target.Add(r.Mul(-dx * h)).Add(u.Mul(dy * h))
}

// Zoom multiplies the distance by f.
func (c *Camera) Zoom(f float32) { c.Distance = max(c.Distance*f, 0.01) }

// ZoomAt multiplies the distance by f toward the point under pixel (x, y)
// of a w×h view (y down): that point, taken in the plane through the
// target facing the camera, stays under the pixel.
func (c *Camera) ZoomAt(f, x, y float32, w, h int) {
	r := c.Ray(x, y, w, h)
	back := c.Dir()
	den := -r.Dir.Dot(back) // the ray's progress toward the target plane
	if den <= 1e-6 || f <= 0 {
		c.Zoom(f)
		return
	}
	p := r.Origin.Add(r.Dir.Mul(c.Distance / den))
	d := max(c.Distance*f, 0.01)
	k := d / c.Distance
	c.Target = p.Add(c.Target.Sub(p).Mul(k))
	c.Distance = d
}

// Fit centres the camera on a scene and moves it back until the scene's
// bounding sphere fits the view at the given aspect.
func (c *Camera) Fit(s *Scene, aspect float32) {
	centre, radius := s.Sphere()
	c.Target = centre
	half := rad(c.Fovy) / 2
	if aspect < 1 {
		half = math.Atan(math.Tan(half) * float64(aspect))
	}
	c.Distance = radius / float32(math.Sin(half)) * 1.02
	c.Elevation = max(-maxElevation, min(maxElevation, c.Elevation))
	// The sphere is loose for long rows: pull in until the corners of the
	// bounding box fill about nine tenths of the view.
	for i := 0; i < 4; i++ {
		reach := c.boxReach(s.Min, s.Max, aspect, centre, radius)
		if reach <= 0 {
			return
		}
		c.Distance *= 0.5 + 0.5*reach/0.9
	}
}

// boxReach is the largest |x| or |y| in normalised device coordinates of a
// box's corners as seen by the camera; 0 when a corner is behind the eye.
func (c Camera) boxReach(lo, hi Vec3, aspect float32, centre Vec3, radius float32) float32 {
	vp := c.Proj(aspect, centre, radius).Mul(c.View())
	var reach float32
	for i := 0; i < 8; i++ {
		p := lo
		for k := 0; k < 3; k++ {
			if i&(1<<k) != 0 {
				p[k] = hi[k]
			}
		}
		if c.Dir().Dot(p.Sub(c.Eye())) >= 0 {
			return 0
		}
		q := vp.Apply(p)
		reach = max(reach, abs32(q[0]), abs32(q[1]))
	}
	return reach
}

func abs32(x float32) float32 {
	if x < 0 {
		return -x
	}
	return x
}

// Ray is a half-line from Origin along the unit vector Dir.
type Ray struct{ Origin, Dir Vec3 }

// Ray is the ray from the eye through pixel (x, y) of a w×h image (y down).
func (c Camera) Ray(x, y float32, w, h int) Ray {
	f, r, u := c.basis()
	t := float32(math.Tan(rad(c.Fovy) / 2))
	nx := (2*(x+0.5)/float32(w) - 1) * t * float32(w) / float32(h)
	ny := (1 - 2*(y+0.5)/float32(h)) * t
	return Ray{Origin: c.Eye(), Dir: f.Add(r.Mul(nx)).Add(u.Mul(ny)).Norm()}
}
