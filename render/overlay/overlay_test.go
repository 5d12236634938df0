package overlay

import (
	"image"
	"image/color"
	"testing"

	"github.com/fabviz/fabviz/data"
	"github.com/fabviz/fabviz/render/scene"
)

func count(img *image.RGBA, r image.Rectangle, want color.RGBA) int {
	n := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if img.RGBAAt(x, y) == want {
				n++
			}
		}
	}
	return n
}

func TestCaptionAndLegend(t *testing.T) {
	img := image.NewRGBA(image.Rect(0, 0, 640, 400))
	leg := &data.Legend{Title: "port_xmit_data (bytes)", Mode: "slice", Min: 10, Max: 90,
		Bar:   []scene.Color{{0, 0, 1}, {1, 0, 0}},
		Below: scene.Color{0.5, 0.5, 0.5}, Above: scene.Color{1, 1, 0},
		Jobs: []data.LegendJob{{ID: 7, Color: scene.Color{0, 1, 0}}}}
	Draw(img, []string{"four switches in a ring", "step 3 of 4"}, leg, scene.Color{1, 1, 1})
	white := color.RGBA{255, 255, 255, 255}
	if n := count(img, image.Rect(0, 0, 320, 40), white); n < 100 {
		t.Errorf("caption: %d white pixels in the top-left corner", n)
	}
	bottomRight := image.Rect(320, 200, 640, 400)
	for name, c := range map[string]color.RGBA{
		"MIN blue": {0, 0, 255, 255}, "MAX red": {255, 0, 0, 255},
		"below grey": {128, 128, 128, 255}, "above yellow": {255, 255, 0, 255}, "job green": {0, 255, 0, 255},
	} {
		if n := count(img, bottomRight, c); n < 10 {
			t.Errorf("legend: %s drawn on %d pixels", name, n)
		}
	}
	if n := count(img, image.Rect(0, 200, 320, 400), white); n != 0 {
		t.Errorf("%d pixels drawn in the bottom-left corner", n)
	}
}

func TestScaleGrowsWithTheImage(t *testing.T) {
	small := image.NewRGBA(image.Rect(0, 0, 100, 100))
	big := image.NewRGBA(image.Rect(0, 0, 1920, 2160))
	if Scale(small) != 1 || Scale(big) != 4 {
		t.Errorf("scale %d and %d, want 1 and 4", Scale(small), Scale(big))
	}
	if Width("abc", 2) != 2*Width("abc", 1) {
		t.Error("width does not scale")
	}
}

// TestSceneInsetLeavesTheLegendFree checks the legend's box lies outside
// the part of the picture the scene is drawn into, for wide, tall and
// small pictures, with and without jobs.
func TestSceneInsetLeavesTheLegendFree(t *testing.T) {
	jobs := make([]data.LegendJob, 12)
	for _, leg := range []*data.Legend{{Bar: make([]scene.Color, 2)}, {Bar: make([]scene.Color, 2), Jobs: jobs}} {
		for _, sz := range [][2]int{{800, 500}, {500, 800}, {1920, 1080}, {640, 400}} {
			w, h := sz[0], sz[1]
			in := SceneInset(w, h, 4, leg)
			lw, lh := legendSize(leg, Scale(image.Rect(0, 0, w, h)))
			box := image.Rect(w-lw, h-lh, w, h)
			if in.Overlaps(box) {
				t.Errorf("%dx%d, %d jobs: scene %v overlaps legend %v", w, h, len(leg.Jobs), in, box)
			}
			if s := Scale(image.Rect(0, 0, w, h)); in.Min.Y < (4+15*4)*s {
				t.Errorf("%dx%d: scene %v overlaps the 4-line caption", w, h, in)
			}
			if in.Dx()*in.Dy() < w*h/4 {
				t.Errorf("%dx%d: scene keeps only %v", w, h, in)
			}
		}
	}
	if got := SceneInset(800, 500, 0, nil); got != image.Rect(0, 0, 800, 500) {
		t.Errorf("no legend: %v", got)
	}
}
