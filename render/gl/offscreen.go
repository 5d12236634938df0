package gl

import (
	"image"

	"github.com/fabviz/fabviz/render/scene"
)

// Render draws a scene offscreen at w×h through a camera and returns the
// picture. A camera with distance 0 is fitted to the scene first.
func Render(r *Renderer, s *scene.Scene, cam scene.Camera, w, h int, bg scene.Color) (*image.RGBA, error) {
	t, err := NewTarget(w, h)
	if err != nil {
		return nil, err
	}
	defer t.Release()
	aspect := float32(w) / float32(h)
	if cam.Distance <= 0 {
		cam.Fit(s, aspect)
	}
	centre, radius := s.Sphere()
	r.Upload(s)
	t.Bind()
	r.Draw(cam.View(), cam.Proj(aspect, centre, radius), bg, w, h)
	return t.Read(), nil
}
