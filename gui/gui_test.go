package gui

import (
	"errors"
	"image"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/go-gl/glfw/v3.3/glfw"

	"github.com/fabviz/fabviz/gui/ctl"
	"github.com/fabviz/fabviz/internal/testsupport/gltest"
	"github.com/fabviz/fabviz/internal/testsupport/xvfb"
	"github.com/fabviz/fabviz/internal/textio"
	"github.com/fabviz/fabviz/render/scene"
)

const (
	examples = "../examples/"
	fixtures = "../session/testdata/"
)

// abs is a path from the package directory made absolute, for scripts
// written into a temporary directory.
func abs(t *testing.T, p string) string {
	t.Helper()
	a, err := filepath.Abs(p)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// open starts the viewer on a private X server with the options; the
// caller runs a.loop() and the window is closed at the test's end.
func open(t *testing.T, opt Options) *App {
	t.Helper()
	xvfb.Start(t, 1280, 800)
	opt.Width, opt.Height = 1280, 800
	a, err := newApp(opt)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(a.release)
	if err := a.start(); err != nil {
		t.Fatal(err)
	}
	return a
}

func writeScript(t *testing.T, lines ...string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "test.fvcmd")
	if err := os.WriteFile(p, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// runScript runs a script of the lines in the window to its end.
func runScript(t *testing.T, lines ...string) *App {
	t.Helper()
	a := open(t, Options{Script: writeScript(t, lines...)})
	if err := a.loop(); err != nil {
		t.Fatal(err)
	}
	return a
}

// count counts the pixels of a region for which f holds.
func count(img *image.RGBA, r image.Rectangle, f func(r, g, b uint8) bool) int {
	n := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			c := img.RGBAAt(x, y)
			if f(c.R, c.G, c.B) {
				n++
			}
		}
	}
	return n
}

// Regions of a 1280×800 screenshot: the side panel and the 3-D view.
var (
	panelArea = image.Rect(0, 0, 370, 800)
	sceneArea = image.Rect(400, 0, 1280, 800)
)

func isPanelHeader(r, g, b uint8) bool { return b > r+40 && b > 80 && b < 200 } // imgui's dark blue headers
func isRoute(r, g, b uint8) bool       { return g > 200 && r < 60 && b < 60 }
func isGrey(r, g, b uint8) bool        { return r > 60 && r == g && g == b }
func isErrorText(r, g, b uint8) bool   { return r > 180 && g > 70 && g < 150 && b > 60 && b < 140 }

func TestScriptTour(t *testing.T) {
	dir := t.TempDir()
	shot1, shot2 := filepath.Join(dir, "planar.png"), filepath.Join(dir, "torus.png")
	a := runScript(t,
		"model "+abs(t, examples+"ring4/ring4.fvm"),
		"param "+abs(t, fixtures+"ring4.fvd"),
		"job "+abs(t, fixtures+"ring4.fvj"),
		"step 2",
		"mode running",
		"jobs on",
		"select s1.13",
		"route 0 40",
		"route-switches s0 s2",
		"panel routes open",
		"screenshot "+shot1,
		"layout torus",
		"view processor",
		"screenshot "+shot2,
	)
	st := a.in.State
	if st.Step != 2 || st.Mode.String() != "running" || !st.Jobs || st.Select != "s1.13" || len(st.Routes) != 2 {
		t.Errorf("state after the tour: %+v", st)
	}
	img := gltest.ReadPNG(t, shot1)
	if got := img.Bounds().Size(); got != image.Pt(1280, 800) {
		t.Fatalf("screenshot is %v, want the whole 1280×800 window", got)
	}
	if n := count(img, panelArea, isPanelHeader); n < 2000 {
		t.Errorf("panel area has %d header-blue pixels: the panels are not in the screenshot", n)
	}
	if n := count(img, sceneArea, isRoute); n < 200 {
		t.Errorf("3-D view has %d route-green pixels", n)
	}
	if n := count(img, sceneArea, isGrey); n < 2000 {
		t.Errorf("3-D view has %d grey switch pixels", n)
	}
	notes := strings.Join(a.caption, "\n")
	if !strings.Contains(notes, "route 0 40: 2 hops") || !strings.Contains(notes, "route-switches s0 s2:") {
		t.Errorf("caption lacks the routes:\n%s", notes)
	}
	img2 := gltest.ReadPNG(t, shot2)
	if diff := count(img2, sceneArea, func(r, g, b uint8) bool { return r|g|b != 0 }); diff < 2000 {
		t.Errorf("torus screenshot nearly blank: %d lit pixels", diff)
	}
}

func TestBadFileInFilesPanelKeepsTheModel(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.fvm")
	os.WriteFile(bad, []byte("name bad\nrows 1\nfrobnicate 3\n"), 0o644)
	shot := filepath.Join(dir, "files.png")
	a := runScript(t,
		"model "+abs(t, examples+"ring4/ring4.fvm"),
		"panel files open",
		"open model "+bad,
		"select s1.5", // still ring4: its labels are known
		"screenshot "+shot,
	)
	if m := a.env.Model(); m == nil || m.Name != "four switches in a ring" {
		t.Fatalf("model after a bad file: %v", m)
	}
	if !strings.Contains(a.p.files.err, "bad.fvm:3:") || !strings.Contains(a.p.files.err, "frobnicate") {
		t.Errorf("Files panel error %q, want the file, line and keyword", a.p.files.err)
	}
	if n := count(gltest.ReadPNG(t, shot), panelArea, isErrorText); n < 30 {
		t.Errorf("the error text is not in the screenshot (%d reddish pixels)", n)
	}
}

func TestBackgroundLoadInstallsTheFile(t *testing.T) {
	a := open(t, Options{Model: examples + "ring4/ring4.fvm"})
	a.load("param", fixtures+"ring4.fvd", false)
	for i := 0; i < 500 && (a.busy != nil || a.env.Param() == nil); i++ {
		a.frame()
	}
	if a.env.Param() == nil || a.env.Steps() != 3 {
		t.Fatalf("parameter file not installed (steps %d, err %q)", a.env.Steps(), a.p.files.err)
	}
	if a.paths["param"] == "" || a.p.files.err != "" {
		t.Errorf("paths %v, err %q", a.paths, a.p.files.err)
	}
}

func TestScriptErrorNamesTheLine(t *testing.T) {
	script := writeScript(t, "model "+abs(t, examples+"ring4/ring4.fvm"), "mode fast", "step 1")
	a := open(t, Options{Script: script})
	err := a.loop()
	var te *textio.Error
	if !errors.As(err, &te) || te.Line != 2 || !strings.Contains(err.Error(), `mode: "fast"`) {
		t.Fatalf("error %v, want test.fvcmd:2: mode: ...", err)
	}
	if a.in.State.Step != 0 {
		t.Errorf("the script went on after the bad line")
	}
}

func TestConsoleRunsEveryCommand(t *testing.T) {
	a := open(t, Options{Model: examples + "ring4/ring4.fvm", Param: fixtures + "ring4.fvd"})
	for _, l := range []string{"step 1", "mode total", "range 1 9", "view processor", "layout torus", "plane 0 off",
		"jobs on", "route 0 n13", "route-switches s0 s3", "select s2.13", "camera 10 20 30", "size 64 48", "clear-routes", "plane 0 on"} {
		a.consoleLine(l)
		if last := a.p.console.Lines[len(a.p.console.Lines)-1]; last.Err {
			t.Errorf("%q: %s", l, last.Text)
		}
	}
	a.consoleLine("frob")
	if last := a.p.console.Lines[len(a.p.console.Lines)-1]; !last.Err || !strings.Contains(last.Text, `unknown command "frob"`) {
		t.Errorf("unknown command logged as %+v", last)
	}
	st := a.in.State
	if st.Step != 1 || !st.HasRange || st.Range != [2]int64{1, 9} || st.Select != "s2.13" || st.Camera.Distance != 30 {
		t.Errorf("state %+v", st)
	}
	a.frame()
	if a.frameErr != "" {
		t.Errorf("frame: %s", a.frameErr)
	}
}

func TestViewerStartsOnEachExample(t *testing.T) {
	models, _ := filepath.Glob(examples + "*/*.fvm")
	if len(models) < 4 {
		t.Fatalf("found %d examples", len(models))
	}
	xvfb.Start(t, 1280, 800)
	for _, m := range models {
		t.Run(filepath.Base(m), func(t *testing.T) {
			a, err := newApp(Options{Model: m, Frames: 3})
			if err != nil {
				t.Fatal(err)
			}
			defer a.release()
			if err := a.start(); err != nil {
				t.Fatal(err)
			}
			if err := a.loop(); err != nil {
				t.Fatal(err)
			}
			if a.sc == nil || a.frameErr != "" || len(a.sc.CubeSwitch) == 0 {
				t.Errorf("no scene drawn (err %q)", a.frameErr)
			}
			if a.in.State.Camera.Distance <= 0 {
				t.Errorf("camera not fitted")
			}
		})
	}
}

func TestFollowReReadsAGrowingLog(t *testing.T) {
	dir := t.TempDir()
	lg := filepath.Join(dir, "ctr.fvlog")
	head := "#! fabviz-log 1\n#! counter port_xmit_data bytes\n#! interval 60s\n#! ports s0.12 s1.12\n"
	os.WriteFile(lg, []byte(head+"2026-11-21T10:00:00Z 1 2\n2026-11-21T10:01:00Z 3 4\n"), 0o644)
	a := open(t, Options{Model: examples + "ring4/ring4.fvm", Param: lg})
	if a.watches["param"] == nil {
		t.Fatal("a loaded log is not watched")
	}
	if err := a.command(ctl.Cmd{"follow", "on"}.Fields()); err != nil {
		t.Fatal(err)
	}
	a.frame()
	f, _ := os.OpenFile(lg, os.O_APPEND|os.O_WRONLY, 0)
	f.WriteString("2026-11-21T10:02:00Z 5 6\n2026-11-21T10:03:00Z 7 8\n")
	f.Close()
	deadline := time.Now().Add(10 * time.Second)
	for a.env.Steps() != 4 && time.Now().Before(deadline) {
		a.frame()
	}
	if a.env.Steps() != 4 || a.in.State.Step != 3 {
		t.Fatalf("after two appended lines: %d steps, at step %d; want 4 steps, at step 3", a.env.Steps(), a.in.State.Step)
	}
	if p := a.env.Param(); p == nil {
		t.Fatal("no data")
	} else if v, _ := p.Value(a.env.Model().Port(1, 12), 3); v != 8 {
		t.Errorf("s1.12 at step 3 = %d, want 8", v)
	}
	// Again, through the follower that read the first two appended lines:
	// a third and a missing interval (10:05 after 10:03) read as a gap.
	if a.followers["param"] == nil {
		t.Fatal("no follower for the followed log")
	}
	f, _ = os.OpenFile(lg, os.O_APPEND|os.O_WRONLY, 0)
	f.WriteString("2026-11-21T10:05:00Z 9 10\n")
	f.Close()
	for a.env.Steps() != 6 && time.Now().Before(deadline.Add(10*time.Second)) {
		a.frame()
	}
	p := a.env.Param()
	if a.env.Steps() != 6 {
		t.Fatalf("%d steps after 10:05, want 6 (10:04 a gap)", a.env.Steps())
	}
	if _, ok := p.Value(a.env.Model().Port(0, 12), 4); ok {
		t.Error("the missing interval 10:04 holds a value")
	}
	if v, _ := p.Value(a.env.Model().Port(0, 12), 5); v != 9 {
		t.Errorf("s0.12 at step 5 = %d, want 9", v)
	}
}

func TestKeysDriveTheView(t *testing.T) {
	a := open(t, Options{Model: examples + "ring4/ring4.fvm", Param: fixtures + "ring4.fvd"})
	a.frame()
	for _, k := range []glfw.Key{glfw.KeyRight, glfw.KeyRight, glfw.KeyRight, glfw.KeyLeft} {
		a.key(k)
	}
	if a.in.State.Step != 1 { // 0 → 1 → 2 → 2 (the last of 3 steps) → 1
		t.Errorf("step %d after → → → ←, want 1", a.in.State.Step)
	}
	a.key(glfw.KeyEnd)
	a.key(glfw.KeyT)
	a.key(glfw.KeyP)
	a.key(glfw.KeySpace)
	st := a.in.State
	if st.Step != 2 || st.Layout != scene.Torus || st.View != scene.Processor || !a.player.Playing {
		t.Errorf("End T P Space: step %d layout %v view %v playing %v", st.Step, st.Layout, st.View, a.player.Playing)
	}
	a.frame()
	cam := a.in.State.Camera
	a.in.State.Camera.Orbit(40, 10)
	a.key(glfw.KeyF)
	a.frame()
	if got := a.in.State.Camera; got.Azimuth != cam.Azimuth || got.Distance != cam.Distance {
		t.Errorf("F: camera %+v, want the fitted %+v again", got, cam)
	}
}

// The static layer (links and cubes drawn once, ports over a copy each
// frame) must give the picture of drawing everything at once.
func TestStaticLayerDrawsTheSamePicture(t *testing.T) {
	a := open(t, Options{Model: examples + "torus3d/torus3d.fvm", Param: "../docs/viewer.fvd"})
	a.exec(ctl.Cmd{"route", "0", "n200"})
	a.frame()
	a.player = ctl.Player{Playing: true, Pause: 1e9} // "playing", but the step stays
	picture := func(lines int) *image.RGBA {
		defer func(n int) { layerLines = n }(layerLines)
		layerLines = lines
		a.draw3D()
		return a.win.Read()
	}
	direct := picture(1 << 30)
	layered := picture(0)
	if a.static == nil {
		t.Fatal("the layered path was not taken")
	}
	differ, lit := 0, 0
	for i := 0; i < len(direct.Pix); i += 4 {
		d := 0
		for c := 0; c < 3; c++ {
			x := int(direct.Pix[i+c]) - int(layered.Pix[i+c])
			d = max(d, x, -x)
		}
		if d > 24 {
			differ++
		}
		if direct.Pix[i]|direct.Pix[i+1]|direct.Pix[i+2] != 0 {
			lit++
		}
	}
	if lit < 20000 || differ > lit/500 {
		t.Errorf("%d of %d lit pixels differ between the layered and the direct picture", differ, lit)
	}
}

func TestClipboardThroughGLFW(t *testing.T) {
	a := open(t, Options{})
	cb := clipboard{a.win.Window}
	cb.SetText("s1.13")
	if got, err := cb.Text(); err != nil || got != "s1.13" {
		t.Errorf("clipboard holds %q (%v), want s1.13", got, err)
	}
}

// A click on a switch selects it; a double click also turns the camera
// to it; a click on empty space clears the selection.
func TestClickAndDoubleClick(t *testing.T) {
	a := open(t, Options{Model: examples + "ring4/ring4.fvm"})
	a.frame()
	_, _, w, h := a.viewport()
	cam := a.in.State.Camera
	// Aim the camera at switch s2's cube: the middle of the view is on it.
	s2, _ := a.env.Model().SwitchByLabel("s2")
	pos := a.sc.Layout.Center[s2]
	a.in.State.Camera.Target = pos
	a.click(w/2, h/2, w, h, false)
	if sel := a.in.State.Select; sel != "s2" && !strings.HasPrefix(sel, "s2.") {
		t.Fatalf("click on s2 selected %q", sel)
	}
	// Double click: aim a little beside s1's centre, still on its cube.
	a.in.State.Select = ""
	s1, _ := a.env.Model().SwitchByLabel("s1")
	off := a.sc.Layout.Center[s1].Add(scene.Vec3{0.2, 0.1, 0})
	a.in.State.Camera.Target = off
	a.click(w/2, h/2, w, h, true)
	sel := a.in.State.Select
	if sel != "s1" && !strings.HasPrefix(sel, "s1.") {
		t.Fatalf("double click on s1 selected %q", sel)
	}
	o, _ := a.env.Model().Lookup(sel)
	if p, _ := a.sc.Locate(o); a.in.State.Camera.Target != p {
		t.Errorf("double click on %s left the camera at %v, want %v", sel, a.in.State.Camera.Target, p)
	}
	a.in.State.Camera = cam
	a.click(2, 2, w, h, false) // a corner: nothing there
	if a.in.State.Select != "" {
		t.Errorf("click on empty space kept the selection %q", a.in.State.Select)
	}
}
