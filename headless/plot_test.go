package headless

import (
	"image"
	"image/color"
	"math"
	"testing"

	"github.com/fabviz/fabviz/data"
	"github.com/fabviz/fabviz/internal/testsupport/gltest"
	"github.com/fabviz/fabviz/render/plot"
)

// TestPlotInSnapshot: with `plot on` the picture keeps its size and its
// bottom third is the plot: the selected port's line in the selection
// colour, job 9's band in the job's colour, the current-step marker.
func TestPlotInSnapshot(t *testing.T) {
	gltest.Need(t)
	s, in := newSession(t, ring4, "logs "+fixtures+"ring4logs", "select s0.0", "select job 9", "size 600 450", "step 1")
	off, err := s.Render(&in.State)
	if err != nil {
		t.Fatal(err)
	}
	in.ExecLine("plot on")
	img, err := s.Render(&in.State)
	if err != nil {
		t.Fatal(err)
	}
	if img.Bounds() != off.Bounds() {
		t.Fatalf("size %v with the plot, %v without", img.Bounds(), off.Bounds())
	}
	pl, err := s.Plot(&in.State)
	if err != nil || pl == nil {
		t.Fatalf("plot %v %v", pl, err)
	}
	strip := image.Rect(0, 300, 600, 450)
	f := plot.NewFrame(pl, strip, 1)
	// The selected port at step 3 (200 bytes) is on its line.
	if !near(img, int(f.X(3)), int(f.Y(200)), s.Style().Select) {
		t.Error("no selection-coloured line at s0.0's step-3 value")
	}
	// The band's median at step 0 (40) in the job's colour.
	if !near(img, int(f.X(0)), int(f.Y(40)), pl.Bands[0].Color) {
		t.Error("no job-coloured median at job 9's step-0 value")
	}
	// The step-2 column is a gap: nothing of the port's colour in it.
	for y := f.Area.Min.Y; y < f.Area.Max.Y; y++ {
		if close(img.RGBAAt(int(f.X(2)), y), s.Style().Select) {
			t.Fatalf("the gap at step 2 is drawn over at y=%d", y)
		}
	}
	// The current-step marker at step 1.
	if !near(img, int(f.X(1)), (f.Area.Min.Y+f.Area.Max.Y)/2, s.PlotStyle().Current) {
		t.Error("no current-step marker at step 1")
	}
}

// close reports whether a pixel is within a few levels of a colour.
func close(c color.RGBA, want data.RGB) bool {
	d := func(a uint8, b float32) bool { return math.Abs(float64(a)-float64(b)*255) <= 6 }
	return d(c.R, want[0]) && d(c.G, want[1]) && d(c.B, want[2])
}

// near reports whether a pixel within 2 of (x, y) has the colour.
func near(img *image.RGBA, x, y int, want data.RGB) bool {
	for dy := -2; dy <= 2; dy++ {
		for dx := -2; dx <= 2; dx++ {
			if close(img.RGBAAt(x+dx, y+dy), want) {
				return true
			}
		}
	}
	return false
}

// `legend off`: the picture has no legend, so the scene takes its place.
func TestLegendOff(t *testing.T) {
	gltest.Need(t)
	s, in := newSession(t, ring4, "param "+fixtures+"ring4.fvd", "size 600 400")
	if _, err := s.Render(&in.State); err != nil {
		t.Fatal(err)
	}
	if s.PictureLegend(&in.State) == nil {
		t.Fatal("no legend with parameter data")
	}
	in.ExecLine("legend off")
	if _, err := s.Render(&in.State); err != nil {
		t.Fatal(err)
	}
	if s.PictureLegend(&in.State) != nil {
		t.Fatal("legend off kept the legend")
	}
}
