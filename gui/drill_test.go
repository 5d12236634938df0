package gui

import (
	"testing"
)

// clickAt clicks a window point and lets the window settle.
func clickAt(t *testing.T, a *App, x, y float32) {
	t.Helper()
	a.win.SetCursorPos(float64(x), float64(y))
	a.frame()
	a.plat.mouseButton(0, true, float64(x), float64(y))
	a.plat.mouseButton(0, false, float64(x), float64(y))
	a.frame()
	settle(a)
}

// The drill-down by mouse: machine → job 9 → its host's port (selected,
// plot on with the port's line and the job's band) → back to the machine
// (job cleared).
func TestDrillDown(t *testing.T) {
	a := runScript(t, "model "+abs(t, examples+"ring4/ring4.fvm"), "logs "+abs(t, fixtures+"ring4logs"), "step 1",
		"panel selection closed", "panel view closed", "panel data closed", "panel animation closed", "panel drill open")
	settle(a)
	d := &a.p.drill
	if d.sum == nil || d.sum.Ports != 5 {
		t.Fatalf("summary %+v", d.sum)
	}
	step := func(text string) {
		t.Helper()
		at, ok := d.at[text]
		if !ok {
			t.Fatalf("no row %q drawn (rows: %v)", text, d.at)
		}
		clickAt(t, a, at.X, at.Y)
	}
	step("job 9  mean 85  on 2 ports")
	if a.in.State.Job != 9 || d.d.At().Job != 9 {
		t.Fatalf("job level: state job %d, level %+v", a.in.State.Job, d.d.At())
	}
	a.frame()
	step("s2.1 n25  90")
	if a.in.State.Select != "s2.1" || !a.in.State.Plot {
		t.Fatalf("host level: select %q plot %v", a.in.State.Select, a.in.State.Plot)
	}
	if pl := a.p.plot.pl; pl == nil || len(pl.Lines) == 0 || len(pl.Bands) != 1 {
		t.Fatal("the plot lacks the port's line or the job's band")
	}
	if len(d.d.Path()) != 3 {
		t.Fatalf("path %v", d.d.Path())
	}
	step("crumb machine")
	if len(d.d.Path()) != 1 || a.in.State.Job != 0 {
		t.Errorf("the machine button: path %v, job %d selected", d.d.Path(), a.in.State.Job)
	}
}
