package gui

import (
	ogl "github.com/go-gl/gl/v4.1-core/gl"
	"github.com/go-gl/glfw/v3.3/glfw"

	"github.com/fabviz/fabviz/render/gl"
	"github.com/fabviz/fabviz/render/scene"
)

func (a *App) winSize() [2]float32 {
	w, h := a.win.GetSize()
	return [2]float32{float32(w), float32(h)}
}

func (a *App) fbSize() [2]float32 {
	w, h := a.win.GetFramebufferSize()
	return [2]float32{float32(w), float32(h)}
}

// viewport is the 3-D area right of the panels, in screen units.
func (a *App) viewport() (x, y, w, h float32) {
	ws := a.winSize()
	x = min(a.p.width, ws[0]-1)
	h = ws[1]
	if a.plotShown() { // the time-series plot takes the bottom (gui/panel_plot.go)
		h *= 1 - plotHeight
	}
	return x, 0, max(1, ws[0]-x), max(1, h)
}

// draw3D draws the scene into the viewport, fitting the camera first when
// its distance is 0.
func (a *App) draw3D() {
	fb, ws := a.fbSize(), a.winSize()
	bg := a.env.Style().Background
	if a.sc == nil || fb[0] <= 0 || ws[0] <= 0 {
		clear(bg)
		return
	}
	sx, sy := fb[0]/ws[0], fb[1]/ws[1]
	x, _, w, h := a.viewport()
	aspect := w / h
	cam := &a.in.State.Camera
	if a.busy == nil && cam.Distance <= 0 {
		cam.Fit(a.sc, aspect)
	}
	c := *cam
	if c.Distance <= 0 {
		c.Fit(a.sc, aspect)
	}
	centre, radius := a.sc.Sphere()
	px, pw, ph := int(x*sx), int(w*sx), int(h*sy)
	py := int(fb[1]) - ph // GL counts from the bottom; the view is the window's top
	view, proj := c.View(), c.Proj(aspect, centre, radius)
	moving := a.reducing()
	a.reduced = moving // the picture of a moving camera: a still one follows
	if moving && a.shot == nil && a.r.Reduction().Reduces() {
		// The camera moves: a big scene is drawn with less detail (links
		// bundled, ports as dots), single-sampled, until it has been still
		// for settleTime. A screenshot is always taken of the full picture.
		a.win.BindDefault()
		a.r.DrawViewportReduced(view, proj, bg, px, py, pw, ph)
		return
	}
	if a.moving() && a.animatingLines() && a.ensureLayers(int(fb[0]), int(fb[1])) {
		// Playing a model with many links: the links and cubes do not change
		// from step to step, so they are drawn once into a layer and only the
		// recoloured ports are drawn each frame over a copy of it.
		key := drawn{c, a.sc, a.geom, [3]int{px, pw, ph}, bg}
		if key != a.layerDrawn {
			a.static.Bind()
			clear3D(bg)
			a.r.DrawParts(view, proj, px, py, pw, ph, gl.StaticParts)
			a.layerDrawn = key
		}
		clear(bg)
		a.static.CopyTo(a.work, px, py, pw, ph)
		a.work.Bind()
		a.r.DrawParts(view, proj, px, py, pw, ph, gl.DynamicParts)
		a.work.BlitTo(px, py, pw, ph)
		return
	}
	if a.player.Playing || moving || !a.ensureTarget(int(fb[0]), int(fb[1])) {
		// Animating, or the camera moving: single-sampled, straight into
		// the window. (A button held still keeps the picture below.)
		a.win.BindDefault()
		a.r.DrawViewport(view, proj, bg, px, py, pw, ph)
		return
	}
	// Still: multisampled offscreen, resolved into the window. The target
	// keeps the picture, so it is drawn again only when something changed.
	clear(bg)
	key := drawn{c, a.sc, a.gen, [3]int{px, pw, ph}, bg}
	if key != a.drawn {
		a.target.Bind()
		a.r.DrawViewport(view, proj, bg, px, py, pw, ph)
		a.drawn = key
	}
	a.target.BlitTo(px, py, pw, ph)
}

// drawn is what the multisampled target holds a picture of.
type drawn struct {
	cam scene.Camera
	sc  *scene.Scene
	gen int
	vp  [3]int
	bg  scene.Color
}

// moving says whether the picture changes every frame: the animation is
// playing or the camera is being dragged. While the picture moves the
// scene is drawn without multisampling, which costs llvmpipe about half
// the frame on big models (draw3D).
func (a *App) moving() bool { return a.player.Playing || (a.mouse.drag >= 0 && a.mouse.moved) }

// settleTime is how long, in seconds, the camera must have stayed still
// after the user moved it (drag, wheel) before a big scene is drawn in
// full detail again.
const settleTime = 0.2

// reducing says whether the user moved the camera less than settleTime
// ago: then a big scene is drawn with reduced detail. A drag that moved
// the camera since the last call counts as a move; the wheel notes its
// zoom in mouseInput.
func (a *App) reducing() bool {
	now := glfw.GetTime()
	if c := a.in.State.Camera; c != a.camSeen {
		if a.mouse.drag >= 0 && a.mouse.moved {
			a.camMovedAt = now
		}
		a.camSeen = c
	}
	return now-a.camMovedAt < settleTime
}

// animatingLines says whether the static layer pays: the animation is
// playing (the camera is not being dragged) and the scene has many links.
func (a *App) animatingLines() bool {
	return a.player.Playing && !(a.mouse.drag >= 0 && a.mouse.moved) && a.r.NumLines() >= layerLines
}

// layerLines is how many links make the static layer worth its two copies
// a frame (measured on the fat tree: 16,384 links cost llvmpipe ~75 ms).
var layerLines = 2000

// ensureLayers keeps the two single-sampled targets of the static layer.
func (a *App) ensureLayers(w, h int) bool {
	if a.static != nil && a.static.W == w && a.static.H == h {
		return true
	}
	a.static.Release()
	a.work.Release()
	a.static, a.work, a.layerDrawn = nil, nil, drawn{}
	s, err := gl.NewTargetSamples(w, h, 1)
	if err != nil {
		return false
	}
	wk, err := gl.NewTargetSamples(w, h, 1)
	if err != nil {
		s.Release()
		return false
	}
	a.static, a.work = s, wk
	return true
}

// clear3D clears the bound framebuffer to the background.
func clear3D(bg scene.Color) {
	ogl.ClearColor(bg[0], bg[1], bg[2], 1)
	ogl.Clear(ogl.COLOR_BUFFER_BIT | ogl.DEPTH_BUFFER_BIT)
}

// ensureTarget keeps a multisampled target of the framebuffer's size.
func (a *App) ensureTarget(w, h int) bool {
	if a.target != nil && a.target.W == w && a.target.H == h {
		return true
	}
	a.target.Release()
	a.target = nil
	t, err := gl.NewTarget(w, h)
	if err != nil {
		return false
	}
	a.target, a.drawn = t, drawn{}
	return true
}
