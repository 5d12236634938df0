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
			m.index = append(m.index, corner[0], corner[1], corner[2], corner[0], corner[2], corner[3])
		}
	}
	return m
}

// sphereMesh is the unit sphere as a latitude–longitude grid.
func sphereMesh(slices, stacks int) mesh {
	var m mesh
	for i := 0; i <= stacks; i++ {
		phi := math.Pi * float64(i) / float64(stacks)
		sp, cp := math.Sincos(phi)
		for j := 0; j <= slices; j++ {
			th := 2 * math.Pi * float64(j) / float64(slices)
			st, ct := math.Sincos(th)
			p := [3]float32{float32(sp * ct), float32(sp * st), float32(cp)}
			m.vertex(p, p)
		}
	}
	row := uint32(slices + 1)
	for i := 0; i < stacks; i++ {
		for j := 0; j < slices; j++ {
			a := uint32(i)*row + uint32(j)
			b := a + row
			if i > 0 {
				m.index = append(m.index, a, b, a+1)
			}
			if i < stacks-1 {
				m.index = append(m.index, a+1, b, b+1)
			}
		}
	}
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
