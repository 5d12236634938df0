package gui

import (
	"strings"
	"testing"
)

// The Jobs panel lists the jobs at the step with metadata and statistics;
// a click on job 9's row selects it: the caption says so, the plot gets
// its band, and Frame turns the camera to its ports.
func TestJobsPanelSelects(t *testing.T) {
	a := runScript(t, "model "+abs(t, examples+"ring4/ring4.fvm"), "logs "+abs(t, fixtures+"ring4logs"),
		"select s0.0", "plot on", "step 1", "panel selection closed", "panel view closed", "panel data closed", "panel animation closed", "panel jobs open")
	settle(a)
	j := &a.p.jobs
	if len(j.rows) != 2 || j.rows[1].Meta == nil || j.rows[1].Meta.User != "bob" {
		t.Fatalf("rows %+v", j.rows)
	}
	at, ok := j.at[9]
	if !ok {
		t.Fatal("job 9's row was not drawn")
	}
	x, y := float64(at.X), float64(at.Y)
	a.win.SetCursorPos(x, y)
	a.frame()
	a.plat.mouseButton(0, true, x, y)
	a.plat.mouseButton(0, false, x, y)
	a.frame()
	settle(a)
	if a.in.State.Job != 9 {
		t.Fatalf("a click on job 9's row selected job %d", a.in.State.Job)
	}
	if !strings.Contains(strings.Join(a.caption, "\n"), "job 9") {
		t.Errorf("caption %q", a.caption)
	}
	if pl := a.p.plot.pl; pl == nil || len(pl.Bands) != 1 {
		t.Error("the plot has no band for the job")
	}
	c, ok := a.env.JobCentre(&a.in.State, 9)
	if !ok || c == a.in.State.Camera.Target {
		t.Fatalf("job centre %v %v", c, ok)
	}
}
