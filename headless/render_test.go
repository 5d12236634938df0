package headless

import (
	"image"
	"testing"

	"github.com/fabviz/fabviz/internal/testsupport/gltest"
	"github.com/fabviz/fabviz/render/overlay"
	"github.com/fabviz/fabviz/view"
)

const ring4 = "../examples/ring4/ring4.fvm"

// fixtures are the application core's test files.
const fixtures = "../session/testdata/"

func newSession(t *testing.T, modelPath string, lines ...string) (*Session, *view.Interp) {
	t.Helper()
	s := New(nil)
	t.Cleanup(s.Release)
	in := view.New(s)
	for _, l := range append([]string{"model " + modelPath}, lines...) {
		if err := in.ExecLine(l); err != nil {
			t.Fatalf("%s: %v", l, err)
		}
	}
	return s, in
}

// lastScene is the scene the session keeps for recolouring.
func lastScene(t *testing.T, s *Session, st *view.State) any {
	t.Helper()
	sc, recoloured, err := s.Frame(st)
	if err != nil || !recoloured {
		t.Fatalf("the picture's scene was not kept (err %v)", err)
	}
	return sc
}

// TestPictureColours is the last check on real pixels: with a
// parameter file, a port at MIN is blue, at MAX red, above MAX the init
// file's above colour; the caption and legend are drawn.
func TestPictureColours(t *testing.T) {
	gltest.Need(t)
	s, in := newSession(t, ring4, "init "+fixtures+"fabviz.ini", "param "+fixtures+"ring4.fvd",
		"view processor", "size 800 500", "camera 0 89 0")
	img, err := s.Render(&in.State)
	if err != nil {
		t.Fatal(err)
	}
	sc, err := s.Scene(&in.State)
	if err != nil {
		t.Fatal(err)
	}
	// The scene keeps clear of the legend: it is drawn into the inset.
	box := overlay.SceneInset(800, 500, len(s.Caption(&in.State)), s.Legend(&in.State))
	if box == image.Rect(0, 0, 800, 500) {
		t.Fatal("the scene is drawn under the legend")
	}
	aspect := float32(box.Dx()) / float32(box.Dy())
	cam := in.State.Camera
	cam.Fit(sc, aspect)
	centre, radius := sc.Sphere()
	vp := cam.Proj(aspect, centre, radius).Mul(cam.View())
	m := s.Model()
	for label, want := range map[string][3]uint8{"s0.0": {0, 0, 255}, "s0.1": {255, 0, 0}, "s0.2": {255, 255, 0}} {
		p, _ := m.PortByLabel(label)
		q := vp.Apply(sc.Layout.PortPos[p])
		x, y := box.Min.X+int((q[0]+1)/2*float32(box.Dx())), box.Min.Y+int((1-q[1])/2*float32(box.Dy()))
		c := img.RGBAAt(x, y)
		got := [3]uint8{c.R, c.G, c.B}
		for k := range got {
			if d := int(got[k]) - int(want[k]); d > 40 || d < -40 {
				t.Errorf("%s at (%d,%d) is %v, want about %v", label, x, y, got, want)
				break
			}
		}
	}
	// The legend's colour bar: pure blue and pure red pixels at its ends.
	blue, red := 0, 0
	for y := 250; y < 500; y++ {
		for x := 400; x < 800; x++ {
			switch c := img.RGBAAt(x, y); {
			case c.R == 0 && c.G == 0 && c.B == 255:
				blue++
			case c.R == 255 && c.G == 0 && c.B == 0:
				red++
			}
		}
	}
	if blue == 0 || red == 0 {
		t.Errorf("legend bar: %d pure blue, %d pure red pixels", blue, red)
	}
}

// TestStepRecolours checks the movie path: a picture at step 1 drawn by
// recolouring the step-0 scene equals one drawn from scratch.
func TestStepRecolours(t *testing.T) {
	gltest.Need(t)
	lines := []string{"init " + fixtures + "fabviz.ini", "param " + fixtures + "ring4.fvd", "job " + fixtures + "ring4.fvj",
		"jobs on", "view processor", "size 320 200"}
	s, in := newSession(t, ring4, lines...)
	if _, err := s.Render(&in.State); err != nil {
		t.Fatal(err)
	}
	first := lastScene(t, s, &in.State)
	in.ExecLine("step 1")
	got, err := s.Render(&in.State)
	if err != nil {
		t.Fatal(err)
	}
	if lastScene(t, s, &in.State) != first {
		t.Fatal("the step change rebuilt the scene")
	}
	fresh, in2 := newSession(t, ring4, append(lines, "step 1")...)
	want, err := fresh.Render(&in2.State)
	if err != nil {
		t.Fatal(err)
	}
	if string(got.Pix) != string(want.Pix) {
		t.Error("recoloured step 1 differs from step 1 drawn from scratch")
	}
	in.ExecLine("view network")
	if _, err := s.Render(&in.State); err != nil || lastScene(t, s, &in.State) == first {
		t.Errorf("a view change reused the old scene (err %v)", err)
	}
}
