package headless

import (
	"image"
	"image/color"
	"math"
	"testing"

	"github.com/fabviz/fabviz/data"
	"github.com/fabviz/fabviz/internal/testsupport/gltest"
	"github.com/fabviz/fabviz/model"
	"github.com/fabviz/fabviz/render/overlay"
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

// TestJobHighlightBothViews: the six-jobs study at step 40 with job 4
// selected. Processor view: a port of job 4 keeps its colour, a port of
// job 5 is dimmed. Network view: a network port on job 4's routes keeps
// its colour, one on none of them is dimmed.
func TestJobHighlightBothViews(t *testing.T) {
	gltest.Need(t)
	const six = "../examples/sixjobs/"
	lines := []string{"init " + six + "fabviz.ini", "job " + six + "jobs.dat", "param " + six + "packets.dat", "step 40", "camera 0 89 0", "size 1600 1000", "legend off"}
	s, in := newSession(t, "../examples/cplant/cplant.fvm", lines...)
	m := s.Model()
	pixel := func(label string) color.RGBA {
		t.Helper()
		img, err := s.Render(&in.State)
		if err != nil {
			t.Fatal(err)
		}
		sc, _, _ := s.Frame(&in.State)
		box := overlay.SceneInset(1600, 1000, len(s.Caption(&in.State)), nil)
		aspect := float32(box.Dx()) / float32(box.Dy())
		cam := in.State.Camera
		cam.Fit(sc, aspect)
		centre, radius := sc.Sphere()
		q := cam.Proj(aspect, centre, radius).Mul(cam.View()).Apply(sc.Layout.PortPos[portOf(t, m, label)])
		return img.RGBAAt(box.Min.X+int((q[0]+1)/2*float32(box.Dx())), box.Min.Y+int((1-q[1])/2*float32(box.Dy())))
	}
	// n321 runs job 4, n376 job 5 (examples/sixjobs/sixjobs.fvcmd).
	in.ExecLine("view processor")
	own, other := m.Label(m.NodePort(321)), m.Label(m.NodePort(376))
	before := [2]color.RGBA{pixel(own), pixel(other)}
	in.ExecLine("select job 4")
	after := [2]color.RGBA{pixel(own), pixel(other)}
	if before[0] != after[0] {
		t.Errorf("processor view: job 4's port %s went from %v to %v", own, before[0], after[0])
	}
	bg := s.Style().Background
	if toward(after[1], bg) >= toward(before[1], bg) {
		t.Errorf("processor view: job 5's port %s not dimmed toward the background: %v then %v", other, before[1], after[1])
	}
	in.ExecLine("view network")
	// sw47.10 carries job 4's routes west (sixjobs.fvcmd); sw00.12 is far
	// from job 4 (row 0).
	in.ExecLine("select job 0")
	before = [2]color.RGBA{pixel("sw47.10"), pixel("sw00.12")}
	in.ExecLine("select job 4")
	after = [2]color.RGBA{pixel("sw47.10"), pixel("sw00.12")}
	if before[0] != after[0] {
		t.Errorf("network view: sw47.10 on job 4's routes went from %v to %v", before[0], after[0])
	}
	if toward(after[1], bg) >= toward(before[1], bg) {
		t.Errorf("network view: sw00.12 not dimmed toward the background: %v then %v", before[1], after[1])
	}
}

func portOf(t *testing.T, m interface {
	PortByLabel(string) (model.PortRef, bool)
}, label string) model.PortRef {
	t.Helper()
	p, ok := m.PortByLabel(label)
	if !ok {
		t.Fatalf("no port %s", label)
	}
	return p
}

// toward is how far a pixel is from a colour (sum of channel distances).
func toward(c color.RGBA, bg data.RGB) float64 {
	d := 0.0
	for k, v := range [3]uint8{c.R, c.G, c.B} {
		d += math.Abs(float64(v) - float64(bg[k])*255)
	}
	return d
}
