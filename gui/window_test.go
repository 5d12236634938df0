package gui

import (
	"image"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/go-gl/glfw/v3.3/glfw"
	"github.com/inkyblackness/imgui-go/v4"

	"github.com/fabviz/fabviz/data"
	"github.com/fabviz/fabviz/gui/ctl"
	"github.com/fabviz/fabviz/internal/testsupport/gltest"
	"github.com/fabviz/fabviz/internal/testsupport/xtest"
	"github.com/fabviz/fabviz/render/scene"
	"github.com/fabviz/fabviz/view"
)

// settle draws frames until nothing is left to draw.
func settle(a *App) {
	for i := 0; i < 20 && (a.toDraw > 0 || a.dirty || a.busy != nil); i++ {
		a.frame()
	}
}

// aimAt turns the camera to a switch and returns the middle of the 3-D
// view in window coordinates, which then lies on its cube.
func aimAt(t *testing.T, a *App, label string) (x, y float64) {
	t.Helper()
	sw, ok := a.env.Model().SwitchByLabel(label)
	if !ok {
		t.Fatalf("no switch %s", label)
	}
	a.in.State.Camera.Target = a.sc.Layout.Center[sw]
	vx, _, w, h := a.viewport()
	// The pick ray goes through pixel centres: (w/2, h/2) of the view.
	return float64(vx + w/2), float64(h / 2)
}

// A press and release that both arrive between two frames still click:
// the events are queued, not read from the button state at frame time.
func TestQuickClickSelects(t *testing.T) {
	a := open(t, Options{Model: examples + "ring4/ring4.fvm", Param: fixtures + "ring4.fvd"})
	settle(a)
	x, y := aimAt(t, a, "s2")
	a.win.SetCursorPos(x, y)
	a.frame() // imgui sees the pointer over the 3-D view
	a.plat.mouseButton(0, true, x, y)
	a.plat.mouseButton(0, false, x, y)
	a.frame()
	if sel := a.in.State.Select; sel != "s2" && !strings.HasPrefix(sel, "s2.") {
		t.Fatalf("a click within one frame selected %q, want s2 or one of its ports", sel)
	}
	// Keys likewise: a tap of → steps once, and imgui sees the key down
	// for one frame, then up.
	a.plat.key(glfw.KeyRight, glfw.Press)
	a.plat.key(glfw.KeyRight, glfw.Release)
	a.frame()
	if a.in.State.Step != 1 {
		t.Errorf("a tap of → left step %d, want 1", a.in.State.Step)
	}
	if !imgui.IsKeyDown(int(glfw.KeyRight)) {
		t.Error("imgui never saw the tapped key down")
	}
	a.frame()
	if imgui.IsKeyDown(int(glfw.KeyRight)) {
		t.Error("imgui still sees the tapped key down a frame later")
	}
}

// The same through the X server: the pointer moved, then a press and a
// release sent at once (XTEST), arriving within one frame, select; a key
// tapped likewise steps.
func TestRealQuickClickSelects(t *testing.T) {
	a := open(t, Options{Model: examples + "ring4/ring4.fvm", Param: fixtures + "ring4.fvd"})
	settle(a)
	x, y := aimAt(t, a, "s2")
	wx, wy := a.win.GetPos()
	d := xtest.Open(t)
	d.Move(wx+int(x), wy+int(y))
	a.frame()
	d.Click(1)
	a.frame()
	if sel := a.in.State.Select; sel != "s2" && !strings.HasPrefix(sel, "s2.") {
		t.Fatalf("a click sent through X within one frame selected %q, want s2 or one of its ports", sel)
	}
	d.Tap(t, "Right")
	a.frame()
	if a.in.State.Step != 1 {
		t.Errorf("a tap of Right through X left step %d, want 1", a.in.State.Step)
	}
}

// An untouched window draws nothing; input makes it draw again.
func TestIdleWindowDrawsNothing(t *testing.T) {
	a := open(t, Options{Model: examples + "ring4/ring4.fvm"})
	settle(a)
	drawn := a.drawsDone
	for i := 0; i < 3; i++ {
		a.frame()
	}
	if a.drawsDone != drawn || a.drawsSkipped < 3 {
		t.Errorf("idle: %d frames drawn, %d skipped; want 0 drawn", a.drawsDone-drawn, a.drawsSkipped)
	}
	a.plat.key(glfw.KeyP, glfw.Press) // processor view
	a.frame()
	if a.drawsDone == drawn {
		t.Error("a key press drew nothing")
	}
}

// The wheel zooms toward the pointer: the target moves toward the point
// under it, not only the distance shrinks.
func TestWheelZoomsTowardThePointer(t *testing.T) {
	a := open(t, Options{Model: examples + "ring4/ring4.fvm"})
	settle(a)
	vx, _, w, h := a.viewport()
	x, y := int(vx+w*0.85), int(h*0.5)
	wx, wy := a.win.GetPos()
	d := xtest.Open(t)
	d.Move(wx+x, wy+y)
	a.frame()
	before := a.in.State.Camera
	d.Click(4) // one notch of the wheel, away from the user
	a.frame()
	after := a.in.State.Camera
	if after.Distance >= before.Distance*0.91 || after.Distance < before.Distance*0.89 {
		t.Errorf("distance %v → %v, want ×0.9", before.Distance, after.Distance)
	}
	right := before.Dir().Mul(-1).Cross(scene.Vec3{0, 0, 1}).Norm() // the view's right
	if moved := after.Target.Sub(before.Target).Dot(right); moved <= 0 {
		t.Errorf("a zoom right of the centre moved the target %v along the view's right", moved)
	}
}

// Loading another model empties the fields naming the old one's objects.
func TestAnotherModelEmptiesTheFields(t *testing.T) {
	a := open(t, Options{Model: examples + "ring4/ring4.fvm"})
	settle(a)
	a.p.sel.typed, a.p.routes.src, a.p.routes.swA = "s1.5", "17", "s1"
	if err := a.exec(ctl.Cmd{"model", examples + "planes/planes.fvm"}); err != nil {
		t.Fatal(err)
	}
	settle(a)
	if a.p.sel.typed != "" || a.p.routes.src != "" || a.p.routes.swA != "" {
		t.Errorf("after planes: selection %q, route source %q, switch A %q", a.p.sel.typed, a.p.routes.src, a.p.routes.swA)
	}
}

// A path typed in the Files panel is loaded as the kind its file is, not
// as the kind used last; a parameter file of another model gets one line.
func TestTypedPathTakesItsFilesKind(t *testing.T) {
	a := open(t, Options{Model: examples + "ring4/ring4.fvm"})
	settle(a)
	dir := t.TempDir()
	ini := filepath.Join(dir, "colours.txt")
	os.WriteFile(ini, []byte("color background 0.2 0.2 0.2\n"), 0o644)
	a.p.files.setPath(abs(t, fixtures+"ring4.fvd"))
	if k := ctl.Kinds[a.p.files.kind]; k != "param" {
		t.Fatalf("ring4.fvd typed: kind %s", k)
	}
	a.p.files.setPath(ini)
	if k := ctl.Kinds[a.p.files.kind]; k != "init" {
		t.Errorf("an init file typed after a parameter file: kind %s, want init", k)
	}
	a.load("param", abs(t, "../examples/badcable/bad.dat"), false)
	settle(a)
	if n := strings.Count(a.p.files.err, "\n") + 1; n != 1 || !strings.Contains(a.p.files.err, "the file is for another model") {
		t.Errorf("another model's parameter file: %d lines: %q", n, a.p.files.err)
	}
}

// The Selection panel shows its buttons whole, and the ring and route
// colours stand out in the picture.
func TestSelectionPanelAndHighlight(t *testing.T) {
	shot := filepath.Join(t.TempDir(), "sel.png")
	a := runScript(t,
		"model "+abs(t, examples+"ring4/ring4.fvm"),
		"param "+abs(t, fixtures+"ring4.fvd"),
		"mode total",
		"select s0.13",
		"route 0 40",
		"route 13 30",
		"panel selection open",
		"panel routes open",
		"screenshot "+shot,
	)
	if end := a.p.sel.clearEnd; end <= 0 || end > a.p.width-4 {
		t.Errorf("the Clear button ends at x=%v, beyond the panel (%v wide)", end, a.p.width)
	}
	img := gltest.ReadPNG(t, shot)
	cyan := count(img, sceneArea, func(r, g, b uint8) bool { return r < 60 && g > 180 && b > 180 })
	orange := count(img, sceneArea, func(r, g, b uint8) bool { return r > 200 && g > 100 && g < 170 && b < 60 })
	if cyan < 50 || orange < 50 {
		t.Errorf("%d cyan ring pixels, %d orange second-route pixels", cyan, orange)
	}
	t.Logf("screenshot: %s", shot)
	if os.Getenv("FABVIZ_KEEP_SHOT") != "" {
		data, _ := os.ReadFile(shot)
		os.WriteFile(os.Getenv("FABVIZ_KEEP_SHOT"), data, 0o644)
	}
}

// The Data panel's fields show the range in use, and keep typed text.
func TestDataFieldsShowTheRangeInUse(t *testing.T) {
	var d dataState
	st := view.NewState()
	lg := &data.Legend{Min: 15000, Max: 100000, Bar: make([]data.RGB, 2)}
	d.show(&st, lg)
	if d.min != "15000" || d.max != "100000" || d.lo != 15000 || d.hi != 100000 {
		t.Errorf("automatic range: %+v", d)
	}
	st.Range, st.HasRange = [2]int64{1, 150}, true
	d.editing, d.min = true, "7"
	d.show(&st, &data.Legend{Min: 1, Max: 150, Bar: lg.Bar})
	if d.min != "7" || d.lo != 1 || d.hi != 150 {
		t.Errorf("while typing: %+v", d)
	}
}

// `snapshot` in the window draws the 3-D scene with caption and legend
// at the state's size, as `fabviz snapshot` does, and the window goes on.
func TestSnapshotInTheWindow(t *testing.T) {
	out := filepath.Join(t.TempDir(), "snap.png")
	a := runScript(t,
		"model "+abs(t, examples+"ring4/ring4.fvm"),
		"param "+abs(t, fixtures+"ring4.fvd"),
		"view processor",
		"size 400 300",
		"snapshot "+out,
		"step 1",
	)
	img := gltest.ReadPNG(t, out)
	if got := img.Bounds().Size(); got.X != 400 || got.Y != 300 {
		t.Fatalf("snapshot is %v, want 400×300", got)
	}
	blue := count(img, img.Bounds(), func(r, g, b uint8) bool { return r < 40 && g < 40 && b > 200 })
	white := count(img, image.Rect(0, 0, 200, 40), func(r, g, b uint8) bool { return r > 200 && g > 200 && b > 200 })
	if blue < 20 || white < 50 {
		t.Errorf("snapshot: %d blue (ports, legend) and %d white caption pixels", blue, white)
	}
	if a.in.State.Step != 1 || a.frameErr != "" {
		t.Errorf("after the snapshot: step %d, frame error %q", a.in.State.Step, a.frameErr)
	}
}
