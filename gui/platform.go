package gui

import (
	"math"

	"github.com/go-gl/glfw/v3.3/glfw"
	"github.com/inkyblackness/imgui-go/v4"
)

// platform feeds GLFW's input to imgui: window and framebuffer sizes, time,
// mouse position, buttons and wheel, keys and typed characters, the
// clipboard and the mouse cursor shape. It also keeps what the 3-D view
// needs of the mouse (wheel turns and key presses imgui did not want).
//
// Input is queued, never polled: a press and release that both fall
// between two frames (a tap, or a click during a slow frame) reach imgui
// as a press on one frame and a release on the next, and the 3-D view as
// two events in order.
type platform struct {
	win     *glfw.Window
	io      imgui.IO
	last    float64
	pressed [3]bool // a button went down since the last frame
	cursors map[imgui.MouseCursorID]*glfw.Cursor
	wheel   float32       // wheel turns since the last frame, for the 3-D view
	wheelAt [2]float64    // where the pointer was at the last wheel turn
	keys    []glfw.Key    // keys pressed since the last frame, for the viewer
	buttons []buttonEvent // mouse presses and releases since the last frame
	// Key releases held back a frame because their key went down in the
	// same frame: those of this frame, those for the next newFrame.
	keyDown   map[glfw.Key]bool
	holdNow   []glfw.Key
	holdFrame []glfw.Key
	input     int // counts events: the window draws again after one
}

// buttonEvent is one mouse press or release, where and when it happened.
type buttonEvent struct {
	button int
	press  bool
	x, y   float64
	t      float64
}

// imgui key → GLFW key, for imgui's key map.
var keyMap = map[int]glfw.Key{
	imgui.KeyTab: glfw.KeyTab, imgui.KeyLeftArrow: glfw.KeyLeft, imgui.KeyRightArrow: glfw.KeyRight,
	imgui.KeyUpArrow: glfw.KeyUp, imgui.KeyDownArrow: glfw.KeyDown, imgui.KeyPageUp: glfw.KeyPageUp,
	imgui.KeyPageDown: glfw.KeyPageDown, imgui.KeyHome: glfw.KeyHome, imgui.KeyEnd: glfw.KeyEnd,
	imgui.KeyInsert: glfw.KeyInsert, imgui.KeyDelete: glfw.KeyDelete, imgui.KeyBackspace: glfw.KeyBackspace,
	imgui.KeySpace: glfw.KeySpace, imgui.KeyEnter: glfw.KeyEnter, imgui.KeyEscape: glfw.KeyEscape,
	imgui.KeyKeyPadEnter: glfw.KeyKPEnter, imgui.KeyA: glfw.KeyA, imgui.KeyC: glfw.KeyC,
	imgui.KeyV: glfw.KeyV, imgui.KeyX: glfw.KeyX, imgui.KeyY: glfw.KeyY, imgui.KeyZ: glfw.KeyZ,
}

func newPlatform(win *glfw.Window, io imgui.IO) *platform {
	p := &platform{win: win, io: io, last: glfw.GetTime()}
	for k, g := range keyMap {
		io.KeyMap(k, int(g))
	}
	io.SetBackendFlags(io.GetBackendFlags() | imgui.BackendFlagsHasMouseCursors)
	io.SetClipboard(clipboard{win})
	p.cursors = map[imgui.MouseCursorID]*glfw.Cursor{
		imgui.MouseCursorArrow:      glfw.CreateStandardCursor(glfw.ArrowCursor),
		imgui.MouseCursorTextInput:  glfw.CreateStandardCursor(glfw.IBeamCursor),
		imgui.MouseCursorResizeNS:   glfw.CreateStandardCursor(glfw.VResizeCursor),
		imgui.MouseCursorResizeEW:   glfw.CreateStandardCursor(glfw.HResizeCursor),
		imgui.MouseCursorHand:       glfw.CreateStandardCursor(glfw.HandCursor),
		imgui.MouseCursorResizeAll:  glfw.CreateStandardCursor(glfw.CrosshairCursor),
		imgui.MouseCursorResizeNESW: glfw.CreateStandardCursor(glfw.CrosshairCursor),
		imgui.MouseCursorResizeNWSE: glfw.CreateStandardCursor(glfw.CrosshairCursor),
	}
	p.keyDown = map[glfw.Key]bool{}
	win.SetMouseButtonCallback(func(w *glfw.Window, b glfw.MouseButton, a glfw.Action, _ glfw.ModifierKey) {
		x, y := w.GetCursorPos()
		p.mouseButton(int(b), a == glfw.Press, x, y)
	})
	win.SetScrollCallback(func(w *glfw.Window, x, y float64) {
		cx, cy := w.GetCursorPos()
		p.scroll(float32(x), float32(y), cx, cy)
	})
	win.SetKeyCallback(func(_ *glfw.Window, k glfw.Key, _ int, a glfw.Action, _ glfw.ModifierKey) { p.key(k, a) })
	win.SetCharCallback(func(_ *glfw.Window, r rune) { io.AddInputCharacters(string(r)); p.input++ })
	win.SetCursorPosCallback(func(*glfw.Window, float64, float64) { p.input++ })
	win.SetSizeCallback(func(*glfw.Window, int, int) { p.input++ })
	win.SetFocusCallback(func(*glfw.Window, bool) { p.input++ })
	win.SetCursorEnterCallback(func(*glfw.Window, bool) { p.input++ })
	win.SetRefreshCallback(func(*glfw.Window) { p.input++ })
	return p
}

// mouseButton queues a press or release at (x, y) in screen units.
func (p *platform) mouseButton(b int, press bool, x, y float64) {
	p.input++
	if press && b < len(p.pressed) {
		p.pressed[b] = true
	}
	p.buttons = append(p.buttons, buttonEvent{button: b, press: press, x: x, y: y, t: glfw.GetTime()})
}

// scroll queues wheel turns with the pointer's place.
func (p *platform) scroll(x, y float32, cx, cy float64) {
	p.input++
	p.io.AddMouseWheelDelta(x, y)
	p.wheel += y
	p.wheelAt = [2]float64{cx, cy}
}

// key passes a key to imgui, holding back a release whose press came in
// the same frame, and queues presses and repeats for the viewer.
func (p *platform) key(k glfw.Key, a glfw.Action) {
	p.input++
	if k >= 0 && k < 512 {
		switch a {
		case glfw.Press:
			p.io.KeyPress(int(k))
			p.keyDown[k] = true
		case glfw.Release:
			if p.keyDown[k] {
				p.holdNow = append(p.holdNow, k)
			} else {
				p.io.KeyRelease(int(k))
			}
		}
	}
	p.modifiers()
	if a == glfw.Press || a == glfw.Repeat {
		p.keys = append(p.keys, k)
	}
}

// modifiers gives imgui the state of Ctrl, Shift, Alt and Super.
func (p *platform) modifiers() {
	p.io.KeyCtrl(int(glfw.KeyLeftControl), int(glfw.KeyRightControl))
	p.io.KeyShift(int(glfw.KeyLeftShift), int(glfw.KeyRightShift))
	p.io.KeyAlt(int(glfw.KeyLeftAlt), int(glfw.KeyRightAlt))
	p.io.KeySuper(int(glfw.KeyLeftSuper), int(glfw.KeyRightSuper))
}

// releaseHeld lets imgui see the key releases held back a frame ago, and
// holds this frame's for the next.
func (p *platform) releaseHeld() {
	for _, k := range p.holdFrame {
		p.io.KeyRelease(int(k))
	}
	p.holdFrame, p.holdNow = p.holdNow, nil
	for k := range p.keyDown {
		delete(p.keyDown, k)
	}
}

// clipboard is the system clipboard through GLFW.
type clipboard struct{ win *glfw.Window }

func (c clipboard) Text() (string, error) { return c.win.GetClipboardString(), nil }
func (c clipboard) SetText(s string)      { c.win.SetClipboardString(s) }

// newFrame hands imgui this frame's sizes, time and mouse state.
func (p *platform) newFrame() {
	w, h := p.win.GetSize()
	fw, fh := p.win.GetFramebufferSize()
	p.io.SetDisplaySize(imgui.Vec2{X: float32(w), Y: float32(h)})
	if w > 0 && h > 0 {
		p.io.SetDisplayFrameBufferScale(imgui.Vec2{X: float32(fw) / float32(w), Y: float32(fh) / float32(h)})
	}
	now := glfw.GetTime()
	dt := float32(now - p.last)
	if dt <= 0 {
		dt = 1e-4
	}
	p.io.SetDeltaTime(dt)
	p.last = now
	if p.win.GetAttrib(glfw.Focused) != 0 {
		x, y := p.win.GetCursorPos()
		p.io.SetMousePosition(imgui.Vec2{X: float32(x), Y: float32(y)})
	} else {
		p.io.SetMousePosition(imgui.Vec2{X: -math.MaxFloat32, Y: -math.MaxFloat32})
	}
	for i := range p.pressed {
		// A click shorter than a frame still counts as a press.
		down := p.pressed[i] || p.win.GetMouseButton(glfw.MouseButton(i)) == glfw.Press
		p.io.SetMouseButtonDown(i, down)
		p.pressed[i] = false
	}
	p.releaseHeld()
	p.updateCursor()
}

func (p *platform) updateCursor() {
	c := imgui.MouseCursor()
	if c == imgui.MouseCursorNone {
		p.win.SetInputMode(glfw.CursorMode, glfw.CursorHidden)
		return
	}
	p.win.SetInputMode(glfw.CursorMode, glfw.CursorNormal)
	if cur, ok := p.cursors[c]; ok && cur != nil {
		p.win.SetCursor(cur)
	} else {
		p.win.SetCursor(p.cursors[imgui.MouseCursorArrow])
	}
}

// frameInput is what the 3-D view gets of one frame's input.
type frameInput struct {
	wheel   float32
	wheelAt [2]float64
	keys    []glfw.Key
	buttons []buttonEvent
}

// takeInput returns and forgets the input queued since the last call.
func (p *platform) takeInput() frameInput {
	in := frameInput{p.wheel, p.wheelAt, p.keys, p.buttons}
	p.wheel, p.keys, p.buttons = 0, nil, nil
	return in
}

func (p *platform) release() {
	for _, c := range p.cursors {
		if c != nil {
			c.Destroy()
		}
	}
}
