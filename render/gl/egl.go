package gl

/*
#cgo LDFLAGS: -lEGL
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <stdlib.h>

#ifndef EGL_PLATFORM_SURFACELESS_MESA
#define EGL_PLATFORM_SURFACELESS_MESA 0x31DD
#endif

// fv_egl_open makes a surfaceless OpenGL 4.1+ core context current on the
// calling thread. It returns NULL on success, else what failed; *code gets
// eglGetError().
static const char *fv_egl_open(EGLDisplay *dpy_out, EGLContext *ctx_out, EGLint *code) {
	*code = EGL_SUCCESS;
	PFNEGLGETPLATFORMDISPLAYEXTPROC get_display =
		(PFNEGLGETPLATFORMDISPLAYEXTPROC)eglGetProcAddress("eglGetPlatformDisplayEXT");
	if (!get_display) return "eglGetPlatformDisplayEXT is not available";
	EGLDisplay dpy = get_display(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
	if (dpy == EGL_NO_DISPLAY) { *code = eglGetError(); return "no surfaceless EGL display"; }
	EGLint major, minor;
	if (!eglInitialize(dpy, &major, &minor)) { *code = eglGetError(); return "eglInitialize failed"; }
	if (!eglBindAPI(EGL_OPENGL_API)) { *code = eglGetError(); eglTerminate(dpy); return "eglBindAPI(EGL_OPENGL_API) failed"; }
	EGLint cfg_attr[] = {EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT, EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_NONE};
	EGLConfig cfg = NULL;
	EGLint n = 0;
	if (!eglChooseConfig(dpy, cfg_attr, &cfg, 1, &n) || n < 1) cfg = (EGLConfig)0; // EGL_NO_CONFIG_KHR
	EGLint ctx_attr[] = {
		EGL_CONTEXT_MAJOR_VERSION, 4, EGL_CONTEXT_MINOR_VERSION, 1,
		EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT,
		EGL_NONE};
	EGLContext ctx = eglCreateContext(dpy, cfg, EGL_NO_CONTEXT, ctx_attr);
	if (ctx == EGL_NO_CONTEXT) { *code = eglGetError(); eglTerminate(dpy); return "cannot create an OpenGL 4.1 core context"; }
	if (!eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx)) {
		*code = eglGetError(); eglDestroyContext(dpy, ctx); eglTerminate(dpy);
		return "eglMakeCurrent without a surface failed";
	}
	*dpy_out = dpy;
	*ctx_out = ctx;
	return NULL;
}

static void fv_egl_close(EGLDisplay dpy, EGLContext ctx) {
	eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
	eglDestroyContext(dpy, ctx);
	eglTerminate(dpy);
}

static int fv_egl_current(EGLDisplay dpy, EGLContext ctx) {
	return eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx);
}

static void *fv_egl_proc(const char *name) { return (void *)eglGetProcAddress(name); }
*/
import "C"

import (
	"fmt"
	"runtime"
	"unsafe"

	ogl "github.com/go-gl/gl/v4.1-core/gl"
)

// Headless is an EGL surfaceless OpenGL context, current on the thread of
// the goroutine that made it.
type Headless struct {
	dpy C.EGLDisplay
	ctx C.EGLContext
}

// NewHeadless creates a surfaceless context and makes it current. The
// calling goroutine is locked to its OS thread until Release.
func NewHeadless() (*Headless, error) {
	runtime.LockOSThread()
	var h Headless
	var code C.EGLint
	if msg := C.fv_egl_open(&h.dpy, &h.ctx, &code); msg != nil {
		runtime.UnlockOSThread()
		return nil, fmt.Errorf("EGL: %s (error 0x%x)", C.GoString(msg), int(code))
	}
	if err := ogl.InitWithProcAddrFunc(eglProc); err != nil {
		h.Release()
		return nil, fmt.Errorf("EGL: loading OpenGL functions: %w", err)
	}
	return &h, nil
}

func eglProc(name string) unsafe.Pointer {
	cs := C.CString(name)
	defer C.free(unsafe.Pointer(cs))
	return C.fv_egl_proc(cs)
}

// MakeCurrent makes this context the current one again (when a thread has
// several, e.g. two sessions); it must be called from the thread that made it.
func (h *Headless) MakeCurrent() error {
	if C.fv_egl_current(h.dpy, h.ctx) == 0 {
		return fmt.Errorf("EGL: eglMakeCurrent failed (error 0x%x)", int(C.eglGetError()))
	}
	return nil
}

// Release destroys the context and unlocks the goroutine's thread.
func (h *Headless) Release() {
	if h == nil || h.ctx == nil {
		return
	}
	C.fv_egl_close(h.dpy, h.ctx)
	h.ctx = nil
	runtime.UnlockOSThread()
}

// Info names the GL version and renderer, e.g. for a report.
func Info() string {
	return ogl.GoStr(ogl.GetString(ogl.VERSION)) + " / " + ogl.GoStr(ogl.GetString(ogl.RENDERER))
}
