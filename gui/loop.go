package gui

import (
	"fmt"

	"github.com/go-gl/glfw/v3.3/glfw"
	"github.com/inkyblackness/imgui-go/v4"

	"github.com/fabviz/fabviz/gui/ctl"
	"github.com/fabviz/fabviz/render/scene"
)

// loop draws frames until the window closes, the script ends or
// Options.Frames frames are drawn; it returns the script's error.
func (a *App) loop() error {
	for !a.quit && !a.win.ShouldClose() {
		a.frame()
		a.frames++
		if a.opt.Frames > 0 && a.frames >= a.opt.Frames {
			break
		}
	}
	return a.err
}

// idleWait is the longest sleep of an idle window, in seconds: follow
// mode looks at its logs about once a second.
const idleWait = 0.5

// redrawFrames is how many frames are drawn after a change: imgui sizes
// and places new widgets over its next frames.
const redrawFrames = 3

// redraw asks for the next few frames to be drawn.
func (a *App) redraw() { a.toDraw = max(a.toDraw, redrawFrames) }

// frame is one turn of the main loop. An idle window sleeps until input
// and draws nothing unless something changed: input arrived, the state or
// data changed, or something plays, loads, runs or is dragged.
func (a *App) frame() {
	if a.idle() {
		glfw.WaitEventsTimeout(idleWait) // nothing moves: sleep until input (or a follow look)
	} else {
		glfw.PollEvents()
	}
	if a.plat.input != a.seenInput {
		a.seenInput = a.plat.input
		a.redraw()
	}
	a.pollTask()
	if a.busy == nil {
		a.pollFollow()
		if st, moved := a.player.Tick(a.dt(), a.in.State.Step, a.env.Steps()); moved {
			a.exec(ctl.Cmd{"step", fmt.Sprint(st)})
		}
		if a.shot == nil {
			a.scriptStep()
		}
	}
	if a.busy == nil && a.dirty {
		a.rebuild()
		a.redraw()
	}
	if !a.mustDraw() {
		a.drawsSkipped++
		return
	}
	a.toDraw--
	a.drawsDone++
	a.plat.newFrame()
	imgui.NewFrame()
	a.input()
	a.drawPanels()
	imgui.Render()
	a.draw3D()
	a.ui.draw(a.winSize(), a.fbSize(), imgui.RenderedDrawData())
	a.takeShot()
	a.win.SwapBuffers()
}

// rebuild makes or recolours the scene after a change.
func (a *App) rebuild() {
	a.dirty = false
	st := &a.in.State
	m := a.env.Model()
	if m == nil {
		a.sc, a.caption, a.legend = nil, []string{"no model loaded: choose one in the Files panel"}, nil
		return
	}
	if m != a.lastModel {
		a.win.SetTitle("fabviz — " + m.Name)
		a.p.forgetModel()
	}
	if m != a.lastModel || st.Layout != a.lastKind || st.Arrange != a.lastArrange {
		st.Camera = scene.DefaultCamera() // a new model or layout: fit it
		a.lastModel, a.lastKind, a.lastArrange = m, st.Layout, st.Arrange
	}
	sc, recoloured, err := a.env.Frame(st)
	if err != nil {
		a.frameErr = err.Error()
		return
	}
	a.frameErr = ""
	a.install(sc, recoloured)
	a.caption = a.env.Caption(st)
	a.legend = a.env.Legend(st)
	a.p.plot.setPlot(a.env.Plot(st))
	a.p.jobs.stale, a.p.drill.stale = true, true // made when their panels are drawn
}

// dt is the time since the last frame, in seconds.
func (a *App) dt() float64 {
	now := glfw.GetTime()
	d := now - a.lastTick
	a.lastTick = now
	return d
}

// idle says whether the next frame can wait for input: nothing plays,
// loads, runs or is being dragged, and no change waits to be drawn.
func (a *App) idle() bool {
	return !a.spin && !a.moving() && !a.reduced && a.busy == nil && a.script == nil && a.shot == nil && a.mouse.drag < 0 && !a.dirty && a.toDraw <= 0
}

// mustDraw says whether this frame is drawn: something changed in the
// last few frames, or the picture moves, or the last one had reduced
// detail (the full picture follows when the camera settles).
func (a *App) mustDraw() bool {
	return a.toDraw > 0 || a.spin || a.moving() || a.reduced || a.busy != nil || a.script != nil || a.shot != nil || a.mouse.drag >= 0
}

// install hands a scene to the renderer: only its colours when it was
// recoloured, else all of it.
func (a *App) install(sc *scene.Scene, recoloured bool) {
	if recoloured {
		a.r.UpdateColors(sc)
	} else {
		a.r.Upload(sc)
		a.r.PrepareReduced() // the link bundles of a moving camera, in the background
		a.geom++
	}
	a.gen++ // the kept picture is redrawn from the uploaded scene
	a.sc = sc
}
