package gl

import (
	"image"
	"image/color"
	"testing"

	"github.com/fabviz/fabviz/render/scene"
)

// drawTo draws the uploaded scene single-sampled at w×h through cam, with
// full or reduced detail, and reads the picture.
func drawTo(t *testing.T, r *Renderer, s *scene.Scene, cam scene.Camera, w, h int, reduced bool) *image.RGBA {
	t.Helper()
	tg, err := NewTargetSamples(w, h, 1)
	if err != nil {
		t.Fatal(err)
	}
	defer tg.Release()
	centre, radius := s.Sphere()
	view, proj := cam.View(), cam.Proj(float32(w)/float32(h), centre, radius)
	tg.Bind()
	if reduced {
		r.DrawViewportReduced(view, proj, scene.Color{}, 0, 0, w, h)
	} else {
		r.DrawViewport(view, proj, scene.Color{}, 0, 0, w, h)
	}
	return tg.Read()
}

// pixelsDiffer counts the pixels of two pictures that differ at all.
func pixelsDiffer(a, b *image.RGBA) int {
	n := 0
	for i := 0; i < len(a.Pix); i += 4 {
		if a.Pix[i] != b.Pix[i] || a.Pix[i+1] != b.Pix[i+1] || a.Pix[i+2] != b.Pix[i+2] {
			n++
		}
	}
	return n
}

// The reduced picture of a moving camera bundles the links and draws the
// ports as dots of their own colour; it leaves nothing behind, so the full
// picture drawn after it is the full picture drawn before it.
func TestReducedDetail(t *testing.T) {
	r := renderer(t)
	m := loadModel(t, "fattree/fattree.fvm")
	colors := make([]scene.Color, m.NumPorts())
	for p := range colors {
		v := float32(p%16) / 15
		colors[p] = scene.Color{v, 0.5, 1 - v}
	}
	s, err := scene.Build(scene.Input{Model: m, View: scene.Network, PortColors: colors, Style: scene.DefaultStyle})
	if err != nil {
		t.Fatal(err)
	}
	r.Upload(s)
	const w, h = 800, 600
	cam := scene.DefaultCamera()
	cam.Fit(s, float32(w)/h)

	if d := r.Reduction(); d.Reduces() {
		t.Fatalf("a fat tree of %d lines and %d spheres is reduced by the default limits: %+v", s.NumLinkCyls, s.Spheres.Len(), d)
	}
	full := drawTo(t, r, s, cam, w, h, false)
	if n := pixelsDiffer(full, drawTo(t, r, s, cam, w, h, true)); n != 0 {
		t.Errorf("below the limits the reduced picture differs from the full one in %d pixels", n)
	}

	r.Limits = Limits{BundleAbove: 10, MaxBundles: 20, DotsAbove: 10}
	d := r.Reduction()
	if d.Lines != s.NumLinkCyls || d.Bundles > 20 || d.Bundles < 2 || !d.Dots || !d.Reduces() {
		t.Fatalf("reduction %+v of %d link lines", d, s.NumLinkCyls)
	}
	reduced := drawTo(t, r, s, cam, w, h, true)
	if n := pixelsDiffer(full, reduced); n < 500 {
		t.Errorf("the reduced picture differs from the full one in only %d pixels", n)
	}
	// Each port whose colour the full picture shows at its centre (the
	// ones not hidden under a cube or behind link lines) shows it as a dot
	// too, but for a few the bundles cross.
	centre, radius := s.Sphere()
	mvp := cam.Proj(float32(w)/h, centre, radius).Mul(cam.View())
	seen, kept := 0, 0
	for i, p := range s.SpherePort {
		ndc := mvp.Apply(s.Spheres.Pos(i))
		x, y := int((ndc[0]+1)/2*w), int((1-ndc[1])/2*h)
		if x < 0 || y < 0 || x >= w || y >= h {
			continue
		}
		if is(full, x, y, colors[p]) {
			seen++
			if is(reduced, x, y, colors[p]) {
				kept++
			}
		}
	}
	if seen < len(s.SpherePort)/4 || kept < seen*9/10 {
		t.Errorf("of %d ports, %d show their colour at their centre in the full picture, %d of those in the reduced one", len(s.SpherePort), seen, kept)
	}
	if n := pixelsDiffer(full, drawTo(t, r, s, cam, w, h, false)); n != 0 {
		t.Errorf("the full picture after a reduced one differs from the one before in %d pixels", n)
	}
}

// is says whether a pixel next to (x, y) or on it is colour c (within
// rounding): the links start at a port's centre.
func is(img *image.RGBA, x, y int, c scene.Color) bool {
	for _, d := range [][2]int{{0, 0}, {-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
		if exactly(img.RGBAAt(x+d[0], y+d[1]), c) {
			return true
		}
	}
	return false
}

func exactly(px color.RGBA, c scene.Color) bool {
	for k, v := range []uint8{px.R, px.G, px.B} {
		if d := int(v) - int(c[k]*255+0.5); d > 2 || d < -2 {
			return false
		}
	}
	return true
}
