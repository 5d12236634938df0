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
type platform struct {
	win      *glfw.Window
	io       imgui.IO
	last     float64
	pressed  [3]bool // a button went down since the last frame
	cursors  map[imgui.MouseCursorID]*glfw.Cursor
	wheel    float32    // wheel turns since the last frame, for the 3-D view
	keys     []glfw.Key // keys pressed since the last frame, for the viewer
	mods     []glfw.ModifierKey
	clipText string
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
	win.SetMouseButtonCallback(func(_ *glfw.Window, b glfw.MouseButton, a glfw.Action, _ glfw.ModifierKey) {
		if a == glfw.Press && int(b) < len(p.pressed) {
			p.pressed[b] = true
		}
	})
	win.SetScrollCallback(func(_ *glfw.Window, x, y float64) {
		io.AddMouseWheelDelta(float32(x), float32(y))
		p.wheel += float32(y)
	})
	win.SetKeyCallback(func(_ *glfw.Window, k glfw.Key, _ int, a glfw.Action, m glfw.ModifierKey) {
		if k >= 0 && k < 512 {
			switch a {
			case glfw.Press:
				io.KeyPress(int(k))
			case glfw.Release:
				io.KeyRelease(int(k))
			}
		}
		io.KeyCtrl(int(glfw.KeyLeftControl), int(glfw.KeyRightControl))
		io.KeyShift(int(glfw.KeyLeftShift), int(glfw.KeyRightShift))
		io.KeyAlt(int(glfw.KeyLeftAlt), int(glfw.KeyRightAlt))
		io.KeySuper(int(glfw.KeyLeftSuper), int(glfw.KeyRightSuper))
		if a == glfw.Press || a == glfw.Repeat {
			p.keys = append(p.keys, k)
			p.mods = append(p.mods, m)
		}
	})
	win.SetCharCallback(func(_ *glfw.Window, r rune) { io.AddInputCharacters(string(r)) })
	return p
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

// takeInput returns and forgets the wheel turns and key presses since the
// last call.
func (p *platform) takeInput() (wheel float32, keys []glfw.Key, mods []glfw.ModifierKey) {
	wheel, keys, mods = p.wheel, p.keys, p.mods
	p.wheel, p.keys, p.mods = 0, p.keys[:0:0], p.mods[:0:0]
	return
}

func (p *platform) release() {
	for _, c := range p.cursors {
		if c != nil {
			c.Destroy()
		}
	}
}
