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
	numKinds
)

// Sphere tessellation: finer for small scenes, coarser past this many ports.
const (
	fineSphereLimit = 20000
)

// batch is the GL side of one scene.Batch: a VAO over a mesh's vertex and
// index buffers plus the instance transform and colour buffers.
type batch struct {
	vao, verts, index, xf, col uint32
	nIndex                     int32
	count                      int32 // instances
	capXf, capCol              int   // buffer sizes in floats
}

// Renderer owns the shader program and the buffers of one scene.
type Renderer struct {
	prog        uint32
	uView       int32
	uProj       int32
	batches     [numKinds]batch
	meshes      [numKinds]mesh
	coarse      mesh
	coarseInUse bool
	released    bool
}

// NewRenderer compiles the shaders and makes empty batches. A GL context
// must be current.
func NewRenderer() (*Renderer, error) {
	prog, err := link("instanced", instancedVert, instancedFrag)
	if err != nil {
		return nil, err
	}
	r := &Renderer{prog: prog}
	r.uView = ogl.GetUniformLocation(prog, ogl.Str("uView\x00"))
	r.uProj = ogl.GetUniformLocation(prog, ogl.Str("uProj\x00"))
	r.meshes = [numKinds]mesh{cubeMesh(), sphereMesh(16, 10), cubeMesh(), cylinderMesh(10)}
	r.coarse = sphereMesh(8, 5)
	for k := range r.batches {
		r.initBatch(&r.batches[k], r.meshes[k])
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

func sceneBatches(s *scene.Scene) [numKinds]*scene.Batch {
	return [numKinds]*scene.Batch{&s.Cubes, &s.Spheres, &s.Boxes, &s.Cylinders}
}

// Upload replaces the instance data with a scene's.
func (r *Renderer) Upload(s *scene.Scene) {
	coarse := s.Spheres.Len() > fineSphereLimit
	if coarse != r.coarseInUse {
		m := r.meshes[kindSphere]
		if coarse {
			m = r.coarse
		}
		setMesh(&r.batches[kindSphere], m)
		r.coarseInUse = coarse
	}
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
	ogl.UseProgram(r.prog)
	ogl.UniformMatrix4fv(r.uView, 1, false, &view[0])
	ogl.UniformMatrix4fv(r.uProj, 1, false, &proj[0])
	for k := range r.batches {
		b := &r.batches[k]
		if b.count == 0 {
			continue
		}
		ogl.BindVertexArray(b.vao)
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
	ogl.DeleteProgram(r.prog)
}
