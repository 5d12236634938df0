package gl

import (
	"testing"

	"github.com/fabviz/fabviz/internal/testsupport/xvfb"
	"github.com/fabviz/fabviz/render/scene"
)

func TestWindowDrawsTheScene(t *testing.T) {
	xvfb.Start(t, 640, 480)
	w, err := NewWindow("fabviz test", 320, 240)
	if err != nil {
		t.Fatal(err)
	}
	defer w.Release()
	r, err := NewRenderer()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Release()
	m := loadModel(t, "ring4/ring4.fvm")
	s, err := scene.Build(scene.Input{Model: m, Style: scene.DefaultStyle})
	if err != nil {
		t.Fatal(err)
	}
	fw, fh := w.GetFramebufferSize()
	cam := scene.DefaultCamera()
	cam.Fit(s, float32(fw)/float32(fh))
	centre, radius := s.Sphere()
	r.Upload(s)
	w.BindDefault()
	r.Draw(cam.View(), cam.Proj(float32(fw)/float32(fh), centre, radius), scene.Color{0, 0, 0.2}, fw, fh)
	img := w.Read()
	x, y := project(cam, s, s.Cubes.Pos(1), fw, fh)
	if c := img.RGBAAt(x, y); c.R < 60 || c.R != c.G {
		t.Errorf("switch s1's centre pixel is %v, want the grey cube", c)
	}
	if c := img.RGBAAt(1, 1); c.B < 40 || c.R > 10 {
		t.Errorf("corner pixel %v, want the dark blue background", c)
	}
	w.SwapBuffers()
}
