package gui

import (
	"image"
	"testing"

	"github.com/go-gl/glfw/v3.3/glfw"

	"github.com/fabviz/fabviz/render/gl"
)

// picture draws the 3-D pass as the frame would and reads the window.
func picture(a *App) *image.RGBA {
	a.draw3D()
	return a.win.Read()
}

// Dragging the camera draws a big scene with reduced detail; once the
// camera has been still for settleTime a frame follows by itself, with
// the full picture: the same as one drawn afresh.
func TestMovingCameraReducesDetail(t *testing.T) {
	a := open(t, Options{Model: examples + "fattree/fattree.fvm"})
	// The example is small: reduce it all the same.
	a.r.Limits = gl.Limits{BundleAbove: 10, MaxBundles: 20, DotsAbove: 10}
	settle(a)
	if a.reduced {
		t.Fatal("reduced detail before the camera moved")
	}
	vx, _, w, h := a.viewport()
	x, y := float64(vx+w/2), float64(h/2)
	a.win.SetCursorPos(x, y)
	a.frame()
	a.plat.mouseButton(0, true, x, y)
	a.frame()
	cam := a.in.State.Camera
	for i := 1; i <= 3; i++ {
		a.win.SetCursorPos(x+float64(10*i), y)
		a.frame()
	}
	if a.in.State.Camera == cam {
		t.Fatal("the drag did not move the camera")
	}
	if !a.reduced {
		t.Fatal("a frame of a dragged camera has full detail")
	}
	a.camMovedAt = glfw.GetTime() // however slow the frames were
	moving := picture(a)
	a.shot = &shot{path: "unused.png", frames: shotFrames} // a screenshot is due
	forShot := picture(a)
	a.shot = nil

	a.plat.mouseButton(0, false, x+30, y)
	a.camMovedAt -= 2 * settleTime // still long enough
	done := a.drawsDone
	a.frame()
	if a.drawsDone == done || a.reduced {
		t.Fatalf("after the camera stopped: %d frames drawn, reduced %v; want one with full detail", a.drawsDone-done, a.reduced)
	}
	still := picture(a)
	a.drawn = drawn{} // forget the kept picture
	fresh := picture(a)
	vp := image.Rect(int(vx), 0, int(vx+w), int(h))
	if n := differ(still, fresh, vp); n != 0 {
		t.Errorf("the still picture after the drag differs from a fresh full one in %d pixels", n)
	}
	if n := differ(moving, still, vp); n < 1000 {
		t.Errorf("the moving picture differs from the still one in only %d pixels", n)
	}
	// The links are bundled: far fewer pixels of the link colour.
	isLink := func(r, g, b uint8) bool { return r == 204 && g == 204 && b == 204 }
	m, s := count(moving, vp, isLink), count(still, vp, isLink)
	if m == 0 || m > s/3 {
		t.Errorf("%d pixels of the link colour moving, %d still: the links are not bundled", m, s)
	}
	if f := count(forShot, vp, isLink); f < s/2 {
		t.Errorf("%d pixels of the link colour in a screenshot's frame while moving, %d still: reduced", f, s)
	}

	// A turn of the wheel: a reduced frame, and when the camera has
	// settled, a full one though nothing asks for it.
	settle(a)
	a.plat.scroll(0, 1, x, y)
	a.frame()
	if !a.reduced {
		t.Fatal("a frame zoomed by the wheel has full detail")
	}
	a.toDraw = 0
	a.camMovedAt -= 2 * settleTime
	done = a.drawsDone
	a.frame()
	if a.drawsDone == done || a.reduced {
		t.Fatalf("after the zoom: %d frames drawn, reduced %v; want one with full detail", a.drawsDone-done, a.reduced)
	}
	for i := 0; i < redrawFrames+1; i++ {
		a.frame()
	}
	if !a.idle() {
		t.Error("the window keeps drawing after the camera settled")
	}
}

// differ counts the pixels of r that differ between two pictures.
func differ(a, b *image.RGBA, r image.Rectangle) int {
	n := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if a.RGBAAt(x, y) != b.RGBAAt(x, y) {
				n++
			}
		}
	}
	return n
}

func TestReducedNote(t *testing.T) {
	for _, c := range []struct {
		d    gl.Reduction
		want string
	}{
		{gl.Reduction{Lines: 16384, Bundles: 368, Dots: true}, "moving: reduced detail (16384 link lines as 368 bundles, ports as dots)"},
		{gl.Reduction{Lines: 5000, Bundles: 900}, "moving: reduced detail (5000 link lines as 900 bundles)"},
		{gl.Reduction{Lines: 100, Bundles: 100, Dots: true}, "moving: reduced detail (ports as dots)"},
		{gl.Reduction{Lines: 100, Bundles: 100}, ""},
	} {
		if got := reducedNote(c.d); got != c.want {
			t.Errorf("%+v: %q, want %q", c.d, got, c.want)
		}
	}
}
