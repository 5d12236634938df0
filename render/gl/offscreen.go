package gl

import (
	"image"

	"github.com/fabviz/fabviz/data"
	"github.com/fabviz/fabviz/render/overlay"
	"github.com/fabviz/fabviz/render/scene"
)

// Render uploads a scene, draws it offscreen at w×h through a camera and
// returns the picture. A camera with distance 0 is fitted to the scene first.
func Render(r *Renderer, s *scene.Scene, cam scene.Camera, w, h int, bg scene.Color) (*image.RGBA, error) {
	r.Upload(s)
	return RenderUploaded(r, s, cam, w, h, bg)
}

// RenderUploaded is Render for a scene already uploaded (after Upload, or
// UpdateColors for a new time step).
func RenderUploaded(r *Renderer, s *scene.Scene, cam scene.Camera, w, h int, bg scene.Color) (*image.RGBA, error) {
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
	t.Bind()
	r.Draw(cam.View(), cam.Proj(aspect, centre, radius), bg, w, h)
	return t.Read(), nil
}

// RenderUploadedInset is RenderUploaded with the scene kept inside vp, a
// rectangle of the w×h picture (image coordinates, y down): the rest is
// background, left for the caption and legend. A camera with distance 0 is
// fitted to vp.
func RenderUploadedInset(r *Renderer, s *scene.Scene, cam scene.Camera, w, h int, bg scene.Color, vp image.Rectangle) (*image.RGBA, error) {
	vp = vp.Intersect(image.Rect(0, 0, w, h))
	if vp.Empty() {
		vp = image.Rect(0, 0, w, h)
	}
	t, err := NewTarget(w, h)
	if err != nil {
		return nil, err
	}
	defer t.Release()
	aspect := float32(vp.Dx()) / float32(vp.Dy())
	if cam.Distance <= 0 {
		cam.Fit(s, aspect)
	}
	centre, radius := s.Sphere()
	t.Bind()
	r.DrawViewport(cam.View(), cam.Proj(aspect, centre, radius), bg, vp.Min.X, h-vp.Max.Y, vp.Dx(), vp.Dy())
	return t.Read(), nil
}

// Picture draws an uploaded scene as a snapshot: at w×h, the scene kept
// clear of the caption and legend (overlay.SceneInset), which are then
// written over it. Both front ends' `snapshot` make their pictures here.
func Picture(r *Renderer, s *scene.Scene, cam scene.Camera, w, h int, bg scene.Color, caption []string, leg *data.Legend) (*image.RGBA, error) {
	img, err := RenderUploadedInset(r, s, cam, w, h, bg, overlay.SceneInset(w, h, len(caption), leg))
	if err != nil {
		return nil, err
	}
	overlay.Draw(img, caption, leg, overlay.TextColor(bg))
	return img, nil
}
