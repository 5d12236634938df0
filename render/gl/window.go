package gl

import (
	"fmt"
	"image"
	"runtime"

	ogl "github.com/go-gl/gl/v4.1-core/gl"
	"github.com/go-gl/glfw/v3.3/glfw"
)

// Window is a GLFW window with an OpenGL 4.1 core context (4× multisampled),
// for the GUI. Like Headless, it locks the calling goroutine to its thread
// until Release; GLFW also wants that thread to be the main one on some
// systems, so the GUI should create it from main.
type Window struct {
	*glfw.Window
}

// NewWindow opens a window of w×h screen units. It needs a display.
func NewWindow(title string, w, h int) (*Window, error) {
	return NewWindowSamples(title, w, h, DefaultSamples)
}

// NewWindowSamples opens a window whose framebuffer has the given number
// of samples a pixel (0 = not multisampled: the GUI draws its panels
// single-sampled and multisamples the 3-D scene in a Target).
func NewWindowSamples(title string, w, h, samples int) (*Window, error) {
	runtime.LockOSThread()
	if err := glfw.Init(); err != nil {
		runtime.UnlockOSThread()
		return nil, fmt.Errorf("GLFW: %w", err)
	}
	glfw.WindowHint(glfw.ContextVersionMajor, 4)
	glfw.WindowHint(glfw.ContextVersionMinor, 1)
	glfw.WindowHint(glfw.OpenGLProfile, glfw.OpenGLCoreProfile)
	glfw.WindowHint(glfw.OpenGLForwardCompatible, glfw.True)
	glfw.WindowHint(glfw.Samples, samples)
	win, err := glfw.CreateWindow(w, h, title, nil, nil)
	if err != nil {
		glfw.Terminate()
		runtime.UnlockOSThread()
		return nil, fmt.Errorf("GLFW: cannot open a %d×%d OpenGL 4.1 window: %w", w, h, err)
	}
	win.MakeContextCurrent()
	if err := ogl.InitWithProcAddrFunc(glfw.GetProcAddress); err != nil {
		win.Destroy()
		glfw.Terminate()
		runtime.UnlockOSThread()
		return nil, fmt.Errorf("GLFW: loading OpenGL functions: %w", err)
	}
	return &Window{win}, nil
}

// BindDefault makes the window's own framebuffer the draw target.
func (w *Window) BindDefault() { ogl.BindFramebuffer(ogl.FRAMEBUFFER, 0) }

// Read returns what the window's back buffer holds, top row first (for the
// GUI's `screenshot`, before SwapBuffers).
func (w *Window) Read() *image.RGBA {
	fw, fh := w.GetFramebufferSize()
	img := image.NewRGBA(image.Rect(0, 0, fw, fh))
	ogl.BindFramebuffer(ogl.READ_FRAMEBUFFER, 0)
	ogl.ReadBuffer(ogl.BACK)
	ogl.PixelStorei(ogl.PACK_ALIGNMENT, 1)
	ogl.ReadPixels(0, 0, int32(fw), int32(fh), ogl.RGBA, ogl.UNSIGNED_BYTE, ogl.Ptr(img.Pix))
	flipRows(img)
	return img
}

// Release closes the window, ends GLFW and unlocks the thread.
func (w *Window) Release() {
	if w == nil || w.Window == nil {
		return
	}
	w.Destroy()
	w.Window = nil
	glfw.Terminate()
	runtime.UnlockOSThread()
}
