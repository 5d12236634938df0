package xtest

// #cgo LDFLAGS: -lX11 -lXtst
// #include <stdlib.h>
// #include <X11/Xlib.h>
// #include <X11/extensions/XTest.h>
import "C"

import (
	"testing"
	"unsafe"
)

// Display is a connection to the X display named by $DISPLAY.
type Display struct{ d *C.Display }

// Open connects to $DISPLAY and checks it has the XTEST extension; the
// connection closes at the test's end.
func Open(t testing.TB) *Display {
	t.Helper()
	d := C.XOpenDisplay(nil)
	if d == nil {
		t.Fatal("xtest: cannot open $DISPLAY")
	}
	var ev, er, major, minor C.int
	if C.XTestQueryExtension(d, &ev, &er, &major, &minor) == 0 {
		C.XCloseDisplay(d)
		t.Fatal("xtest: the X server has no XTEST extension")
	}
	t.Cleanup(func() { C.XCloseDisplay(d) })
	return &Display{d}
}

// Move puts the pointer at (x, y) on the screen.
func (d *Display) Move(x, y int) {
	C.XTestFakeMotionEvent(d.d, -1, C.int(x), C.int(y), 0)
	C.XSync(d.d, 0)
}

// Click presses and releases a mouse button (1 left, 2 middle, 3 right)
// at once: both events reach the server before the caller goes on.
func (d *Display) Click(button int) {
	C.XTestFakeButtonEvent(d.d, C.uint(button), 1, 0)
	C.XTestFakeButtonEvent(d.d, C.uint(button), 0, 0)
	C.XSync(d.d, 0)
}

// Tap presses and releases the key of an X keysym name ("Right", "p").
func (d *Display) Tap(t testing.TB, keysym string) {
	t.Helper()
	cs := C.CString(keysym)
	defer C.free(unsafe.Pointer(cs))
	sym := C.XStringToKeysym(cs)
	code := C.XKeysymToKeycode(d.d, sym)
	if sym == 0 || code == 0 {
		t.Fatalf("xtest: no key for %q", keysym)
	}
	C.XTestFakeKeyEvent(d.d, C.uint(code), 1, 0)
	C.XTestFakeKeyEvent(d.d, C.uint(code), 0, 0)
	C.XSync(d.d, 0)
}
