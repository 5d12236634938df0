package gui

import (
	"math"

	ogl "github.com/go-gl/gl/v4.1-core/gl"
	"github.com/go-gl/glfw/v3.3/glfw"

	"github.com/fabviz/fabviz/gui/ctl"
	"github.com/fabviz/fabviz/render/scene"
	"github.com/fabviz/fabviz/session"
)

// clear fills the window with the background (no scene to draw).
func clear(bg scene.Color) {
	ogl.BindFramebuffer(ogl.FRAMEBUFFER, 0)
	clear3D(bg)
}

// mouseState follows a drag in the 3-D view.
type mouseState struct {
	drag      int // button dragging (-1 none)
	lastX     float64
	lastY     float64
	pressX    float64
	pressY    float64
	moved     bool
	started   bool
	double    bool    // the press was the second of a double click
	lastPress float64 // time of the last left press, for double clicks
}

// Mouse and key bindings of the 3-D view, listed by the Help panel.
var bindings = [][2]string{
	{"left drag", "orbit the camera"},
	{"right or middle drag", "pan"},
	{"wheel", "zoom"},
	{"click", "select a port or switch"},
	{"double-click", "select and centre on it"},
	{"Right / Left  (. / ,)", "step forward / back"},
	{"Page Up / Page Down", "ten steps forward / back"},
	{"Home / End", "first / last step"},
	{"Space", "play / pause"},
	{"F", "fit all (reset the camera)"},
	{"T", "planar / toroidal layout"},
	{"P", "network / processor ports"},
	{"Escape", "clear the selection"},
	{"F1 or H", "show / hide this help"},
}

// input handles the mouse and keys imgui does not want.
func (a *App) input() {
	in := a.plat.takeInput()
	if a.busy != nil {
		return
	}
	if !a.io.WantCaptureKeyboard() {
		for _, k := range in.keys {
			a.key(k)
		}
	}
	a.mouseInput(in)
}

func (a *App) key(k glfw.Key) {
	st := &a.in.State
	n := a.env.Steps()
	switch k {
	case glfw.KeyRight, glfw.KeyPeriod:
		a.exec(ctl.Step(st.Step, 1, n))
	case glfw.KeyLeft, glfw.KeyComma:
		a.exec(ctl.Step(st.Step, -1, n))
	case glfw.KeyPageUp:
		a.exec(ctl.Step(st.Step, 10, n))
	case glfw.KeyPageDown:
		a.exec(ctl.Step(st.Step, -10, n))
	case glfw.KeyHome:
		a.exec(ctl.Step(0, 0, n))
	case glfw.KeyEnd:
		a.exec(ctl.Step(n, 0, n))
	case glfw.KeySpace:
		a.player.Toggle()
	case glfw.KeyF:
		a.fitAll()
	case glfw.KeyT:
		a.exec(ctl.Cmd{"layout", map[scene.LayoutKind]string{scene.Planar: "torus", scene.Torus: "planar"}[st.Layout]})
	case glfw.KeyP:
		a.exec(ctl.Cmd{"view", map[scene.ViewKind]string{scene.Network: "processor", scene.Processor: "network"}[st.View]})
	case glfw.KeyEscape:
		st.Select = ""
		a.dirty = true
	case glfw.KeyF1, glfw.KeyH:
		a.p.help = !a.p.help
	}
}

// fitAll puts the camera back to its default place, fitted to the scene.
func (a *App) fitAll() { a.in.State.Camera = scene.DefaultCamera() }

// doubleClick is the longest time between the presses of a double click,
// in seconds, and the farthest they may be apart, in screen units.
const (
	doubleClickTime = 0.4
	doubleClickGap  = 4
)

// mouseInput zooms toward the pointer on a wheel turn, takes the queued
// presses and releases in order (a click shorter than a frame is a click)
// and orbits or pans while a button is held.
func (a *App) mouseInput(in frameInput) {
	ms := &a.mouse
	vx, _, vw, vh := a.viewport()
	cam := &a.in.State.Camera
	over := func(x float64) bool { return !a.io.WantCaptureMouse() && float32(x) >= vx }
	if in.wheel != 0 && over(in.wheelAt[0]) && cam.Distance > 0 {
		cam.ZoomAt(float32(math.Pow(0.9, float64(in.wheel))), float32(in.wheelAt[0])-vx, float32(in.wheelAt[1]), int(vw), int(vh))
		a.camMovedAt = glfw.GetTime()
		a.redraw()
	}
	if !ms.started {
		ms.drag, ms.started = -1, true
	}
	for _, e := range in.buttons {
		switch {
		case e.press && ms.drag < 0 && e.button < 3 && over(e.x):
			ms.double = e.button == 0 && e.t-ms.lastPress < doubleClickTime &&
				math.Abs(e.x-ms.pressX)+math.Abs(e.y-ms.pressY) <= doubleClickGap
			if e.button == 0 {
				ms.lastPress = e.t
			}
			ms.drag, ms.moved = e.button, false
			ms.pressX, ms.pressY, ms.lastX, ms.lastY = e.x, e.y, e.x, e.y
		case !e.press && e.button == ms.drag:
			if ms.drag == 0 && !ms.moved && math.Abs(e.x-ms.pressX)+math.Abs(e.y-ms.pressY) <= 3 {
				a.click(float32(e.x)-vx, float32(e.y), vw, vh, ms.double)
			}
			ms.drag = -1
		}
	}
	if ms.drag < 0 {
		return
	}
	x, y := a.win.GetCursorPos()
	dx, dy := float32(x-ms.lastX), float32(y-ms.lastY)
	ms.lastX, ms.lastY = x, y
	if math.Abs(x-ms.pressX)+math.Abs(y-ms.pressY) > 3 {
		ms.moved = true
	}
	if !ms.moved || cam.Distance <= 0 {
		return
	}
	if ms.drag == 0 {
		cam.Orbit(-dx*0.4, dy*0.4)
	} else {
		cam.Pan(dx/vh, dy/vh)
	}
}

// click selects what is under the pointer; a double click also centres
// the camera on it. A click on empty space clears the selection.
func (a *App) click(x, y, w, h float32, double bool) {
	if a.sc == nil {
		return
	}
	cam := a.in.State.Camera
	if cam.Distance <= 0 {
		return
	}
	hit := a.sc.Pick(cam.Ray(x, y, int(w), int(h)))
	label := session.PickLabel(a.env.Model(), hit)
	if label == "" {
		if !double {
			a.in.State.Select = ""
			a.dirty = true
		}
		return
	}
	a.exec(ctl.Cmd{"select", label})
	a.p.sel.typed = label
	if double {
		a.lookAt(label)
	}
}
