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

// batch is the GL side of one scene.Batch: a VAO over a mesh's vertex and
// index buffers plus the instance transform and colour buffers.
type batch struct {
	vao, verts, index, xf, col uint32
	nIndex                     int32
	count                      int32 // instances
	capXf, capCol              int   // buffer sizes in floats
}

// program is a linked shader program and its uniforms (-1 where it has
// no such uniform).
type program struct {
	id                  uint32
	uView, uProj, uHalf int32
}

func newProgram(name, vert, frag string) (program, error) {
	id, err := LinkProgram(name, vert, frag)
	if err != nil {
		return program{}, err
	}
	return program{id, ogl.GetUniformLocation(id, ogl.Str("uView\x00")), ogl.GetUniformLocation(id, ogl.Str("uProj\x00")),
		ogl.GetUniformLocation(id, ogl.Str("uHalfHeight\x00"))}, nil
}

// Renderer owns the shader programs and the buffers of one scene. Cubes,
// boxes and cylinders are meshes; spheres are quads shaded as spheres.
// While the camera moves a big scene may be drawn with less detail
// (DrawViewportReduced): links bundled, port spheres as dots.
type Renderer struct {
	mesh, sphere, line, point program
	batches                   [numKinds]batch
	lines                     lineBuf
	// dots is a VAO over the sphere batch's instance buffers that reads
	// one sphere a vertex, to draw spheres as points.
	dots uint32
	// bundles are the links' reduced picture, made from scene (the one
	// uploaded) when first drawn or by a job PrepareReduced started;
	// bundled is the MaxBundles they were made for (0: not made).
	bundles  lineBuf
	scene    *scene.Scene
	bundled  int
	job      *bundleJob
	released bool
	// Limits say when the reduced detail leaves something out.
	Limits Limits
}

// lineBuf holds the links as plain (not instanced) lines: position and
// colour for both ends of each. A software rasteriser runs its vertex
// stage once per instance, which costs far more than two vertices.
type lineBuf struct {
	vao, vbo uint32
	n        int32 // vertices
	capacity int   // floats
	data     []float32
}

// NewRenderer compiles the shaders and makes empty batches. A GL context
// must be current.
func NewRenderer() (*Renderer, error) {
	r := &Renderer{Limits: DefaultLimits}
	var err error
	if r.mesh, err = newProgram("instanced", instancedVert, instancedFrag); err != nil {
		return nil, err
	}
	if r.sphere, err = newProgram("sphere", sphereVert, sphereFrag); err != nil {
		ogl.DeleteProgram(r.mesh.id)
		return nil, err
	}
	if r.line, err = newProgram("line", lineVert, lineFrag); err != nil {
		ogl.DeleteProgram(r.mesh.id)
		ogl.DeleteProgram(r.sphere.id)
		return nil, err
	}
	if r.point, err = newProgram("point", pointVert, pointFrag); err != nil {
		ogl.DeleteProgram(r.mesh.id)
		ogl.DeleteProgram(r.sphere.id)
		ogl.DeleteProgram(r.line.id)
		return nil, err
	}
	meshes := [numKinds]mesh{cubeMesh(), quadMesh(), cubeMesh(), cylinderMesh(8)}
	for k := range r.batches {
		r.initBatch(&r.batches[k], meshes[k])
	}
	initLines(&r.lines)
	initLines(&r.bundles)
	r.initDots()
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

func initLines(l *lineBuf) {
	ogl.GenVertexArrays(1, &l.vao)
	ogl.GenBuffers(1, &l.vbo)
	ogl.BindVertexArray(l.vao)
	ogl.BindBuffer(ogl.ARRAY_BUFFER, l.vbo)
	ogl.EnableVertexAttribArray(0)
	ogl.VertexAttribPointerWithOffset(0, 3, ogl.FLOAT, false, 24, 0)
	ogl.EnableVertexAttribArray(5)
	ogl.VertexAttribPointerWithOffset(5, 3, ogl.FLOAT, false, 24, 12)
	ogl.BindVertexArray(0)
}

// initDots makes the VAO that reads the sphere batch's transforms and
// colours once a vertex (not once an instance).
func (r *Renderer) initDots() {
	b := &r.batches[kindSphere]
	ogl.GenVertexArrays(1, &r.dots)
	ogl.BindVertexArray(r.dots)
	ogl.BindBuffer(ogl.ARRAY_BUFFER, b.xf)
	for row := uint32(0); row < 3; row++ {
		ogl.EnableVertexAttribArray(2 + row)
		ogl.VertexAttribPointerWithOffset(2+row, 4, ogl.FLOAT, false, 48, uintptr(16*row))
	}
	ogl.BindBuffer(ogl.ARRAY_BUFFER, b.col)
	ogl.EnableVertexAttribArray(5)
	ogl.VertexAttribPointerWithOffset(5, 3, ogl.FLOAT, false, 12, 0)
	ogl.BindVertexArray(0)
}

// uploadLines turns the scene's link legs (the first NumLinkCyls
// cylinders) into line vertices: a leg's ends are its translation and the
// translation plus its z axis.
func (r *Renderer) uploadLines(s *scene.Scene) {
	l := &r.lines
	n := s.NumLinkCyls
	l.data = l.data[:0]
	for i := 0; i < n; i++ {
		x, c := s.Cylinders.Xf[i*12:i*12+12], s.Cylinders.Col[i*3:i*3+3]
		l.data = append(l.data,
			x[3], x[7], x[11], c[0], c[1], c[2],
			x[3]+x[2], x[7]+x[6], x[11]+x[10], c[0], c[1], c[2])
	}
	l.n = int32(2 * n)
	upload(l.vbo, l.data, &l.capacity)
}

// sceneBatches are a scene's instanced batches: links are drawn as lines
// (see uploadLines), so the cylinders drawn are the routes'.
func sceneBatches(s *scene.Scene) [numKinds]scene.Batch {
	n := s.NumLinkCyls
	routes := scene.Batch{Xf: s.Cylinders.Xf[12*n:], Col: s.Cylinders.Col[3*n:]}
	return [numKinds]scene.Batch{s.Cubes, s.Spheres, s.Boxes, routes}
}

// Upload replaces the instance data with a scene's.
func (r *Renderer) Upload(s *scene.Scene) {
	r.uploadLines(s)
	r.scene, r.bundled = s, 0
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
	r.DrawViewport(view, proj, bg, 0, 0, w, h)
}

// DrawViewport clears the whole bound framebuffer to bg and draws every
// batch into the w×h viewport whose lower left corner is (x, y) (the GUI
// keeps the scene beside its panels).
func (r *Renderer) DrawViewport(view, proj scene.Mat4, bg scene.Color, x, y, w, h int) {
	clearViewport(bg, x, y, w, h)
	r.draw(view, proj, x, y, w, h, AllParts, false)
}

// DrawViewportReduced is DrawViewport with the reduced detail of a moving
// camera where the scene is big enough for it to pay (see Reduction):
// links bundled, port spheres drawn as dots. Snapshots and a still
// camera use DrawViewport.
func (r *Renderer) DrawViewportReduced(view, proj scene.Mat4, bg scene.Color, x, y, w, h int) {
	clearViewport(bg, x, y, w, h)
	r.draw(view, proj, x, y, w, h, AllParts, true)
}

func clearViewport(bg scene.Color, x, y, w, h int) {
	ogl.Viewport(int32(x), int32(y), int32(w), int32(h))
	ogl.ClearColor(bg[0], bg[1], bg[2], 1)
	ogl.Clear(ogl.COLOR_BUFFER_BIT | ogl.DEPTH_BUFFER_BIT)
}

// Parts of a scene, for DrawParts.
const (
	// StaticParts keep their colour from step to step: switch cubes,
	// route tubes and links.
	StaticParts = 1 << iota
	// DynamicParts are recoloured every step: port spheres (and route
	// joints) and job boxes.
	DynamicParts
	AllParts = StaticParts | DynamicParts
)

// Limits are the thresholds of the reduced detail (DrawViewportReduced).
type Limits struct {
	// BundleAbove is the number of link lines above which they are
	// bundled, into at most MaxBundles lines.
	BundleAbove, MaxBundles int
	// DotsAbove is the number of spheres above which they are dots.
	DotsAbove int
}

// DefaultLimits are a new Renderer's, chosen on the 16,384-host fat tree
// on llvmpipe, where a link line costs about 0.8 µs mostly whatever its
// length and a frame of spheres drawn as dots about half of one drawn as
// quads (docs/benchmarks.md, Viewer).
var DefaultLimits = Limits{BundleAbove: 2000, MaxBundles: 1024, DotsAbove: 10000}

// Reduction says what DrawViewportReduced leaves out of the uploaded
// scene: Lines link lines are drawn as Bundles lines (equal when links
// are not bundled), and whether port spheres are drawn as dots.
type Reduction struct {
	Lines, Bundles int
	Dots           bool
}

// Reduces says whether the reduced picture differs from the full one.
func (d Reduction) Reduces() bool { return d.Bundles < d.Lines || d.Dots }

// Reduction is what DrawViewportReduced does to the uploaded scene. It
// makes the link bundles if they are not made yet.
func (r *Renderer) Reduction() Reduction {
	d := Reduction{Lines: r.NumLines(), Dots: int(r.batches[kindSphere].count) > r.Limits.DotsAbove}
	d.Bundles = d.Lines
	if d.Lines > r.Limits.BundleAbove {
		d.Bundles = int(r.bundleLines())
	}
	return d
}

// bundleJob makes the bundles of a scene's links on another goroutine
// (the scene's cylinders do not change once built).
type bundleJob struct {
	s    *scene.Scene
	most int
	done chan scene.Bundles
}

func startBundles(s *scene.Scene, most int) *bundleJob {
	j := &bundleJob{s, most, make(chan scene.Bundles, 1)}
	go func() { j.done <- s.BundleLinks(most) }()
	return j
}

// PrepareReduced starts making the uploaded scene's link bundles in the
// background when it has enough links to be bundled, so that the first
// reduced frame need not wait for them (the fat tree's 81,920 link lines
// take a tenth of a second or more).
func (r *Renderer) PrepareReduced() {
	most := max(1, r.Limits.MaxBundles)
	if r.scene == nil || r.NumLines() <= r.Limits.BundleAbove || r.bundled == most ||
		(r.job != nil && r.job.s == r.scene && r.job.most == most) {
		return
	}
	r.job = startBundles(r.scene, most)
}

// bundleLines makes the bundles of the uploaded scene's links, once per
// upload and limit, and returns their number.
func (r *Renderer) bundleLines() int32 {
	l := &r.bundles
	most := max(1, r.Limits.MaxBundles)
	if r.bundled == most || r.scene == nil {
		return l.n / 2
	}
	if r.job == nil || r.job.s != r.scene || r.job.most != most {
		r.job = startBundles(r.scene, most)
	}
	b := <-r.job.done
	r.job = nil
	l.data = l.data[:0]
	for i, c := range b.Color {
		a, e := b.Ends[2*i], b.Ends[2*i+1]
		l.data = append(l.data, a[0], a[1], a[2], c[0], c[1], c[2], e[0], e[1], e[2], c[0], c[1], c[2])
	}
	l.n = int32(2 * b.Len())
	upload(l.vbo, l.data, &l.capacity)
	r.bundled = most
	return l.n / 2
}

// DrawParts draws some parts of the scene into the viewport without
// clearing, depth-tested against what the framebuffer holds. The GUI
// draws the static parts once into a Target and, while animating, only the
// dynamic ones over a copy of it each frame.
func (r *Renderer) DrawParts(view, proj scene.Mat4, x, y, w, h, parts int) {
	r.draw(view, proj, x, y, w, h, parts, false)
}

func (r *Renderer) draw(view, proj scene.Mat4, x, y, w, h, parts int, reduced bool) {
	ogl.Viewport(int32(x), int32(y), int32(w), int32(h))
	ogl.Enable(ogl.DEPTH_TEST)
	ogl.Enable(ogl.MULTISAMPLE)
	var less Reduction
	if reduced {
		less = r.Reduction()
	}
	for k := range r.batches {
		b := &r.batches[k]
		dynamic := k == kindSphere || k == kindBox
		if b.count == 0 || (dynamic && parts&DynamicParts == 0) || (!dynamic && parts&StaticParts == 0) {
			continue
		}
		if k == kindSphere && less.Dots {
			r.drawDots(view, proj, h)
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
		ogl.DrawElementsInstanced(ogl.TRIANGLES, b.nIndex, ogl.UNSIGNED_INT, nil, b.count)
	}
	lines := &r.lines
	if less.Bundles < less.Lines {
		lines = &r.bundles
	}
	if lines.n > 0 && parts&StaticParts != 0 {
		ogl.Disable(ogl.CULL_FACE)
		ogl.UseProgram(r.line.id)
		ogl.UniformMatrix4fv(r.line.uView, 1, false, &view[0])
		ogl.UniformMatrix4fv(r.line.uProj, 1, false, &proj[0])
		ogl.BindVertexArray(lines.vao)
		// Links are one-pixel lines: multisampling them buys little on
		// screen and, on llvmpipe, costs most of a big fabric's frame (the
		// 16,384-link fat tree draws 1.7 times faster without it).
		ogl.Disable(ogl.MULTISAMPLE)
		ogl.DrawArrays(ogl.LINES, 0, lines.n)
	}
	ogl.BindVertexArray(0)
}

// drawDots draws the sphere batch as points as wide as the spheres, in a
// viewport h pixels high.
func (r *Renderer) drawDots(view, proj scene.Mat4, h int) {
	p := &r.point
	ogl.Disable(ogl.CULL_FACE)
	ogl.Enable(ogl.PROGRAM_POINT_SIZE)
	ogl.UseProgram(p.id)
	ogl.UniformMatrix4fv(p.uView, 1, false, &view[0])
	ogl.UniformMatrix4fv(p.uProj, 1, false, &proj[0])
	ogl.Uniform1f(p.uHalf, float32(h)/2)
	ogl.BindVertexArray(r.dots)
	ogl.DrawArrays(ogl.POINTS, 0, r.batches[kindSphere].count)
}

// NumLines is the number of links drawn as lines (the costly part of a
// big network view on a software rasteriser).
func (r *Renderer) NumLines() int { return int(r.lines.n / 2) }

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
	for _, l := range []*lineBuf{&r.lines, &r.bundles} {
		ogl.DeleteBuffers(1, &l.vbo)
		ogl.DeleteVertexArrays(1, &l.vao)
	}
	ogl.DeleteVertexArrays(1, &r.dots)
	ogl.DeleteProgram(r.point.id)
	ogl.DeleteProgram(r.mesh.id)
	ogl.DeleteProgram(r.sphere.id)
	ogl.DeleteProgram(r.line.id)
}
