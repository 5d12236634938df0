package gui

import (
	"image"
	"os"
	"path/filepath"
	"testing"

	"github.com/fabviz/fabviz/gui/ctl"
	"github.com/fabviz/fabviz/internal/testsupport/gltest"
	"github.com/fabviz/fabviz/render/plot"
)

// The time-series window: a script loads the log directory, selects a
// port and a job and turns the plot on; the window paints the core's
// primitives (the selection's line among them, in cyan in the screenshot);
// hovering a step's column and clicking moves the view to that step.
func TestPlotWindow(t *testing.T) {
	shot := filepath.Join(t.TempDir(), "w.png")
	a := runScript(t, "model "+abs(t, examples+"ring4/ring4.fvm"), "logs "+abs(t, fixtures+"ring4logs"),
		"select s0.0", "select job 9", "plot on", "screenshot "+shot)
	p := &a.p.plot
	if p.pl == nil || len(p.prims) == 0 {
		t.Fatal("no plot drawn")
	}
	lines := 0
	for _, q := range p.prims {
		if q.Kind == plot.Seg && q.Color == a.env.Style().Select {
			lines++
		}
	}
	if lines != 2 { // s0.0: steps 0→1 and 3→4; step 2 is a gap
		t.Errorf("%d cyan segments, want 2", lines)
	}
	img := gltest.ReadPNG(t, shot)
	r := p.frame.Area
	cyan := count(img, image.Rect(r.Min.X, r.Min.Y, r.Max.X, r.Max.Y), func(r, g, b uint8) bool { return r < 60 && g > 200 && b > 200 })
	if cyan < 20 {
		t.Errorf("%d cyan pixels in the plot area of the screenshot", cyan)
	}
	x, y := p.frame.X(3), float64(r.Min.Y+r.Dy()/2)
	a.win.SetCursorPos(x, y)
	a.frame()
	a.frame()
	if p.hover != 3 {
		t.Errorf("hovering step 3's column: hover %d", p.hover)
	}
	a.plat.mouseButton(0, true, x, y)
	a.plat.mouseButton(0, false, x, y)
	a.frame()
	a.frame()
	if a.in.State.Step != 3 {
		t.Errorf("a click on step 3's column left step %d", a.in.State.Step)
	}
	os.Remove(shot)
}

// `fabviz MODEL -logs DIR`: the window starts with the directory's
// counters, and `counter NAME` switches the legend's counter.
func TestStartWithLogs(t *testing.T) {
	a := open(t, Options{Model: examples + "ring4/ring4.fvm", Logs: fixtures + "ring4logs"})
	settle(a)
	if got := a.env.Counters(); len(got) != 2 || a.env.Counter() != "port_xmit_data" {
		t.Fatalf("counters %v, shown %q", got, a.env.Counter())
	}
	if err := a.exec(ctl.Cmd{"counter", "symbol_error"}); err != nil {
		t.Fatal(err)
	}
	settle(a)
	if a.legend == nil || a.legend.Title != "symbol_error" {
		t.Errorf("legend %+v after counter symbol_error", a.legend)
	}
}
