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
	"github.com/fabviz/fabviz/routes"
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
	lines := []string{"init " + six + "fabviz.ini", "job " + six + "jobs.dat", "param " + six + "packets.dat", "step 10", "camera 0 89 0", "size 1600 1000", "legend off"}
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
	// A port of job 4 and one of another job, and, in the network view, a
	// port job 4's routes use and a busy one they do not: found from the
	// study's job file and routes, not written down, so the test follows
	// the data.
	own, other, onRoute, offRoute := jobPorts(t, s, 4, in.State.Step)
	in.ExecLine("view processor")
	before := [2]color.RGBA{pixel(own), pixel(other)}
	in.ExecLine("select job 4")
	after := [2]color.RGBA{pixel(own), pixel(other)}
	if !samePixel(before[0], after[0]) {
		t.Errorf("processor view: job 4's port %s went from %v to %v", own, before[0], after[0])
	}
	bg := s.Style().Background
	if toward(after[1], bg) >= toward(before[1], bg) {
		t.Errorf("processor view: another job's port %s not dimmed toward the background: %v then %v", other, before[1], after[1])
	}
	in.ExecLine("view network")
	in.ExecLine("select job 0")
	before = [2]color.RGBA{pixel(onRoute), pixel(offRoute)}
	in.ExecLine("select job 4")
	after = [2]color.RGBA{pixel(onRoute), pixel(offRoute)}
	if !samePixel(before[0], after[0]) {
		t.Errorf("network view: %s on job 4's routes went from %v to %v", onRoute, before[0], after[0])
	}
	if toward(after[1], bg) >= toward(before[1], bg) {
		t.Errorf("network view: %s, on none of job 4's routes, not dimmed toward the background: %v then %v", offRoute, before[1], after[1])
	}
}

// samePixel says two pixels are the same colour but for the few levels
// that multisampling at a small sphere's edge moves when its neighbours dim.
func samePixel(a, b color.RGBA) bool {
	d := func(x, y uint8) bool { return math.Abs(float64(x)-float64(y)) <= 8 }
	return d(a.R, b.R) && d(a.G, b.G) && d(a.B, b.B)
}

// jobPorts picks, at a step: a processor port of the job and one of another
// job; a network port the job's routes enter by (every pair of its nodes)
// and the busiest network port they do not use.
func jobPorts(t *testing.T, s *Session, job int64, step int) (own, other, onRoute, offRoute string) {
	t.Helper()
	m := s.Model()
	ids := make([]int64, m.NumPorts())
	s.Jobs().FillJobs(ids, step)
	var nodes []int
	for p, id := range ids {
		n, ok := m.Node(model.PortRef(p))
		switch {
		case !ok || id == 0:
		case id == job:
			nodes = append(nodes, n)
			if own == "" {
				own = m.Label(model.PortRef(p))
			}
		case other == "":
			other = m.Label(model.PortRef(p))
		}
	}
	set, err := routes.Open(m)
	if err != nil {
		t.Fatal(err)
	}
	used := map[model.PortRef]bool{}
	for _, a := range nodes {
		for _, b := range nodes {
			if hops, err := set.Trace(a, b); err == nil && a != b {
				for _, h := range hops {
					used[m.Port(h.Switch, h.In)], used[m.Port(h.Switch, h.Out)] = true, true
				}
			}
		}
	}
	var busiest int64 = -1
	for p := range m.NumPorts() {
		pr := model.PortRef(p)
		if m.Spec(pr).Role != model.Net {
			continue
		}
		if used[pr] && onRoute == "" {
			onRoute = m.Label(pr)
		}
		if v, _ := s.Param().Value(pr, step); !used[pr] && v > busiest {
			busiest, offRoute = v, m.Label(pr)
		}
	}
	if own == "" || other == "" || onRoute == "" || offRoute == "" {
		t.Fatalf("job %d at step %d: ports %q %q %q %q", job, step, own, other, onRoute, offRoute)
	}
	return own, other, onRoute, offRoute
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
