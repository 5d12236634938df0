package gl

import "math"

// mesh is a unit shape: interleaved position and normal (6 floats a
// vertex) and triangle indices.
type mesh struct {
	verts []float32
	index []uint32
}

func (m *mesh) vertex(p, n [3]float32) uint32 {
	m.verts = append(m.verts, p[0], p[1], p[2], n[0], n[1], n[2])
	return uint32(len(m.verts)/6 - 1)
}

// cubeMesh is the cube [-0.5, 0.5]³ with flat faces.
func cubeMesh() mesh {
	var m mesh
	for axis := 0; axis < 3; axis++ {
		for _, sign := range []float32{-1, 1} {
			var n [3]float32
			n[axis] = sign
			u, v := (axis+1)%3, (axis+2)%3
			var corner [4]uint32
			for i, uv := range [4][2]float32{{-1, -1}, {1, -1}, {1, 1}, {-1, 1}} {
				var p [3]float32
				p[axis] = sign * 0.5
				p[u], p[v] = uv[0]*0.5, uv[1]*0.5
				corner[i] = m.vertex(p, n)
			}
			if sign > 0 { // counter-clockwise seen from outside
				m.index = append(m.index, corner[0], corner[1], corner[2], corner[0], corner[2], corner[3])
			} else {
				m.index = append(m.index, corner[0], corner[2], corner[1], corner[0], corner[3], corner[2])
			}
		}
	}
	return m
}

// quadMesh is the square [-1, 1]² in the x–y plane, for sphere impostors.
func quadMesh() mesh {
	var m mesh
	n := [3]float32{0, 0, 1}
	for _, c := range [4][2]float32{{-1, -1}, {1, -1}, {1, 1}, {-1, 1}} {
		m.vertex([3]float32{c[0], c[1], 0}, n)
	}
	m.index = []uint32{0, 1, 2, 0, 2, 3}
	return m
}

// cylinderMesh is the open cylinder of radius 1 around z from 0 to 1.
func cylinderMesh(sides int) mesh {
	var m mesh
	for j := 0; j <= sides; j++ {
		th := 2 * math.Pi * float64(j) / float64(sides)
		st, ct := math.Sincos(th)
		n := [3]float32{float32(ct), float32(st), 0}
		m.vertex([3]float32{n[0], n[1], 0}, n)
		m.vertex([3]float32{n[0], n[1], 1}, n)
	}
	for j := uint32(0); j < uint32(sides); j++ {
		a := 2 * j
		m.index = append(m.index, a, a+2, a+1, a+1, a+2, a+3)
	}
	return m
}
