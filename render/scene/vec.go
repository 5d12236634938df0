package scene

import "math"

// Vec3 is a point or direction in scene units.
type Vec3 [3]float32

// Add returns a+b.
func (a Vec3) Add(b Vec3) Vec3 { return Vec3{a[0] + b[0], a[1] + b[1], a[2] + b[2]} }

// Sub returns a−b.
func (a Vec3) Sub(b Vec3) Vec3 { return Vec3{a[0] - b[0], a[1] - b[1], a[2] - b[2]} }

// Mul returns a scaled by s.
func (a Vec3) Mul(s float32) Vec3 { return Vec3{a[0] * s, a[1] * s, a[2] * s} }

// Dot is the dot product.
func (a Vec3) Dot(b Vec3) float32 { return a[0]*b[0] + a[1]*b[1] + a[2]*b[2] }

// Cross is the cross product a×b.
func (a Vec3) Cross(b Vec3) Vec3 {
	return Vec3{a[1]*b[2] - a[2]*b[1], a[2]*b[0] - a[0]*b[2], a[0]*b[1] - a[1]*b[0]}
}

// Len is the Euclidean length.
func (a Vec3) Len() float32 { return float32(math.Sqrt(float64(a.Dot(a)))) }

// Norm returns a scaled to unit length (a itself when it is zero).
func (a Vec3) Norm() Vec3 {
	l := a.Len()
	if l == 0 {
		return a
	}
	return a.Mul(1 / l)
}

// Mat4 is a 4×4 matrix in column-major order, as OpenGL takes it.
type Mat4 [16]float32

// Identity is the identity matrix.
func Identity() Mat4 { return Mat4{1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1} }

// Mul returns a·b.
func (a Mat4) Mul(b Mat4) Mat4 {
	var r Mat4
	for c := 0; c < 4; c++ {
		for row := 0; row < 4; row++ {
			var s float32
			for k := 0; k < 4; k++ {
				s += a[k*4+row] * b[c*4+k]
			}
			r[c*4+row] = s
		}
	}
	return r
}

// Apply transforms a point (w = 1) and divides by w.
func (a Mat4) Apply(p Vec3) Vec3 {
	x := a[0]*p[0] + a[4]*p[1] + a[8]*p[2] + a[12]
	y := a[1]*p[0] + a[5]*p[1] + a[9]*p[2] + a[13]
	z := a[2]*p[0] + a[6]*p[1] + a[10]*p[2] + a[14]
	w := a[3]*p[0] + a[7]*p[1] + a[11]*p[2] + a[15]
	if w != 0 && w != 1 {
		x, y, z = x/w, y/w, z/w
	}
	return Vec3{x, y, z}
}

// Perspective is a right-handed projection like gluPerspective; fovy in radians.
func Perspective(fovy, aspect, near, far float32) Mat4 {
	f := float32(1 / math.Tan(float64(fovy)/2))
	return Mat4{
		f / aspect, 0, 0, 0,
		0, f, 0, 0,
		0, 0, (far + near) / (near - far), -1,
		0, 0, 2 * far * near / (near - far), 0,
	}
}

// LookAt is a right-handed view matrix from eye toward center.
func LookAt(eye, center, up Vec3) Mat4 {
	f := center.Sub(eye).Norm()
	s := f.Cross(up).Norm()
	u := s.Cross(f)
	return Mat4{
		s[0], u[0], -f[0], 0,
		s[1], u[1], -f[1], 0,
		s[2], u[2], -f[2], 0,
		-s.Dot(eye), -u.Dot(eye), f.Dot(eye), 1,
	}
}

// Frame is an orthonormal orientation: the world directions of a switch's
// own east, north and top axes (east × north = top).
type Frame struct{ East, North, Top Vec3 }

// AxisFrame is the planar layout's frame: east = +x, north = +y, top = +z.
var AxisFrame = Frame{East: Vec3{1, 0, 0}, North: Vec3{0, 1, 0}, Top: Vec3{0, 0, 1}}
