package gl

import (
	"fmt"

	ogl "github.com/go-gl/gl/v4.1-core/gl"

	"github.com/fabviz/fabviz/render/scene"
)

// kinds of primitive, one instanced draw each.
const (
	kindCube = iota
	kindSphere
	kindBox
	kindCylinder
	kindLine
	numKinds
)

// batch is the GL side of one scene.Batch: a VAO over a mesh's vertex and
// index buffers plus the instance transform and colour buffers.
type batch struct {
	vao, verts, index, xf, col uint32
	nIndex                     int32
	count                      int32 // instances
	capXf, capCol              int   // buffer sizes in floats
}

// program is a linked shader program and its two uniforms.
type program struct {
	id           uint32
	uView, uProj int32
}

func newProgram(name, vert, frag string) (program, error) {
	id, err := link(name, vert, frag)
	if err != nil {
		return program{}, err
	}
	return program{id, ogl.GetUniformLocation(id, ogl.Str("uView\x00")), ogl.GetUniformLocation(id, ogl.Str("uProj\x00"))}, nil
}

// Renderer owns the shader programs and the buffers of one scene. Cubes,
// boxes and cylinders are meshes; spheres are quads shaded as spheres.
type Renderer struct {
	mesh, sphere program
	batches      [numKinds]batch
	uUnlit       int32
	released     bool
}

// NewRenderer compiles the shaders and makes empty batches. A GL context
// must be current.
func NewRenderer() (*Renderer, error) {
	r := &Renderer{}
	var err error
	if r.mesh, err = newProgram("instanced", instancedVert, instancedFrag); err != nil {
		return nil, err
	}
	if r.sphere, err = newProgram("sphere", sphereVert, sphereFrag); err != nil {
		ogl.DeleteProgram(r.mesh.id)
		return nil, err
	}
	r.uUnlit = ogl.GetUniformLocation(r.mesh.id, ogl.Str("uUnlit\x00"))
	meshes := [numKinds]mesh{cubeMesh(), quadMesh(), cubeMesh(), cylinderMesh(8), lineMesh()}
	for k := range r.batches {
		r.initBatch(&r.batches[k], meshes[k])
	}
	if e := ogl.GetError(); e != ogl.NO_ERROR {
		r.Release()
		return nil, fmt.Errorf("GL error 0x%x setting up the renderer", e)
	}
	return r, nil
}

func (r *Renderer) initBatch(b *batch, m mesh) {
	ogl.GenVertexArrays(1, &b.vao)
	ogl.BindVertexArray(b.vao)
	ogl.GenBuffers(1, &b.verts)
	ogl.GenBuffers(1, &b.index)
	ogl.GenBuffers(1, &b.xf)
	ogl.GenBuffers(1, &b.col)
	setMesh(b, m)
	ogl.BindVertexArray(b.vao)
	ogl.BindBuffer(ogl.ARRAY_BUFFER, b.verts)
	ogl.EnableVertexAttribArray(0)
	ogl.VertexAttribPointerWithOffset(0, 3, ogl.FLOAT, false, 24, 0)
	ogl.EnableVertexAttribArray(1)
	ogl.VertexAttribPointerWithOffset(1, 3, ogl.FLOAT, false, 24, 12)
	ogl.BindBuffer(ogl.ARRAY_BUFFER, b.xf)
	for row := uint32(0); row < 3; row++ {
		ogl.EnableVertexAttribArray(2 + row)
		ogl.VertexAttribPointerWithOffset(2+row, 4, ogl.FLOAT, false, 48, uintptr(16*row))
		ogl.VertexAttribDivisor(2+row, 1)
	}
	ogl.BindBuffer(ogl.ARRAY_BUFFER, b.col)
	ogl.EnableVertexAttribArray(5)
	ogl.VertexAttribPointerWithOffset(5, 3, ogl.FLOAT, false, 12, 0)
	ogl.VertexAttribDivisor(5, 1)
	ogl.BindVertexArray(0)
}

// setMesh uploads a mesh into a batch's vertex and index buffers.
func setMesh(b *batch, m mesh) {
	ogl.BindVertexArray(b.vao)
	ogl.BindBuffer(ogl.ARRAY_BUFFER, b.verts)
	ogl.BufferData(ogl.ARRAY_BUFFER, 4*len(m.verts), ogl.Ptr(m.verts), ogl.STATIC_DRAW)
	ogl.BindBuffer(ogl.ELEMENT_ARRAY_BUFFER, b.index)
	ogl.BufferData(ogl.ELEMENT_ARRAY_BUFFER, 4*len(m.index), ogl.Ptr(m.index), ogl.STATIC_DRAW)
	b.nIndex = int32(len(m.index))
	ogl.BindVertexArray(0)
}

// sceneBatches splits a scene's instances by how they are drawn: links are
// drawn as lines (thin, and cheap for a software rasteriser even when they
// cross the whole picture), routes as cylinders.
func sceneBatches(s *scene.Scene) [numKinds]scene.Batch {
	n := s.NumLinkCyls
	links := scene.Batch{Xf: s.Cylinders.Xf[:12*n], Col: s.Cylinders.Col[:3*n]}
	routes := scene.Batch{Xf: s.Cylinders.Xf[12*n:], Col: s.Cylinders.Col[3*n:]}
	return [numKinds]scene.Batch{s.Cubes, s.Spheres, s.Boxes, routes, links}
}

// Upload replaces the instance data with a scene's.
func (r *Renderer) Upload(s *scene.Scene) {
	for k, sb := range sceneBatches(s) {
		b := &r.batches[k]
		b.count = int32(sb.Len())
		upload(b.xf, sb.Xf, &b.capXf)
		upload(b.col, sb.Col, &b.capCol)
	}
}

// UpdateColors re-uploads only the colour buffers (after scene.SetColors).
func (r *Renderer) UpdateColors(s *scene.Scene) {
	for k, sb := range sceneBatches(s) {
		upload(r.batches[k].col, sb.Col, &r.batches[k].capCol)
	}
}

// upload writes data into a buffer, growing it when it is too small.
func upload(buf uint32, data []float32, capacity *int) {
	ogl.BindBuffer(ogl.ARRAY_BUFFER, buf)
	if len(data) == 0 {
		return
	}
	if len(data) > *capacity {
		ogl.BufferData(ogl.ARRAY_BUFFER, 4*len(data), ogl.Ptr(data), ogl.DYNAMIC_DRAW)
		*capacity = len(data)
		return
	}
	ogl.BufferSubData(ogl.ARRAY_BUFFER, 0, 4*len(data), ogl.Ptr(data))
}

// Draw clears the bound framebuffer to bg and draws every batch.
func (r *Renderer) Draw(view, proj scene.Mat4, bg scene.Color, w, h int) {
	ogl.Viewport(0, 0, int32(w), int32(h))
	ogl.ClearColor(bg[0], bg[1], bg[2], 1)
	ogl.Clear(ogl.COLOR_BUFFER_BIT | ogl.DEPTH_BUFFER_BIT)
	ogl.Enable(ogl.DEPTH_TEST)
	ogl.Enable(ogl.MULTISAMPLE)
	for k := range r.batches {
		b := &r.batches[k]
		if b.count == 0 {
			continue
		}
		p := &r.mesh
		if k == kindSphere {
			p = &r.sphere
		}
		ogl.UseProgram(p.id)
		ogl.UniformMatrix4fv(p.uView, 1, false, &view[0])
		ogl.UniformMatrix4fv(p.uProj, 1, false, &proj[0])
		ogl.BindVertexArray(b.vao)
		// Closed meshes wound counter-clockwise outward: skip their back faces.
		if k == kindCube || k == kindBox || k == kindCylinder {
			ogl.Enable(ogl.CULL_FACE)
		} else {
			ogl.Disable(ogl.CULL_FACE)
		}
		if k == kindLine {
			ogl.Uniform1i(r.uUnlit, 1)
			ogl.DrawElementsInstanced(ogl.LINES, b.nIndex, ogl.UNSIGNED_INT, nil, b.count)
			ogl.Uniform1i(r.uUnlit, 0)
			continue
		}
		ogl.DrawElementsInstanced(ogl.TRIANGLES, b.nIndex, ogl.UNSIGNED_INT, nil, b.count)
	}
	ogl.BindVertexArray(0)
}

// Release frees the program and buffers. The renderer is unusable after.
func (r *Renderer) Release() {
	if r == nil || r.released {
		return
	}
	r.released = true
	for k := range r.batches {
		b := &r.batches[k]
		bufs := []uint32{b.verts, b.index, b.xf, b.col}
		ogl.DeleteBuffers(int32(len(bufs)), &bufs[0])
		ogl.DeleteVertexArrays(1, &b.vao)
	}
	ogl.DeleteProgram(r.mesh.id)
	ogl.DeleteProgram(r.sphere.id)
}
