package gui

import (
	"fmt"
	"math"

	"github.com/inkyblackness/imgui-go/v4"

	"github.com/fabviz/fabviz/data"
	"github.com/fabviz/fabviz/gui/ctl"
	"github.com/fabviz/fabviz/render/plot"
	"github.com/fabviz/fabviz/session"
)

// drillState is the Drill-down panel's: the path, the machine summary
// the core made for the step, and the rows last drawn (tests click them).
type drillState struct {
	d   ctl.Drill
	sum *session.Summary
	err string
	at  map[string]imgui.Vec2 // middle of each clickable row by its text
	// stale: the state changed since the summary was made (it is made
	// when the panel is drawn, not every animation frame)
	stale bool
}

// setSummary keeps the core's summary of the step.
func (d *drillState) setSummary(s *session.Summary, err error) {
	d.sum = s
	if err != nil {
		d.err = err.Error()
	}
}

// drillPanel is the drill-down: the machine at this step (distribution,
// top ports, jobs) → a job (its hosts' values) → a host's port history,
// with the path as buttons to go back.
func (a *App) drillPanel() {
	d := &a.p.drill
	d.at = map[string]imgui.Vec2{}
	if d.stale {
		d.err = ""
		d.setSummary(a.env.MachineSummary(&a.in.State))
		d.stale = false
	}
	path := d.d.Path()
	for i, l := range path {
		if i > 0 {
			imgui.SameLine()
			imgui.Text(">")
			imgui.SameLine()
		}
		if imgui.Button(l.Name()) && i < len(path)-1 {
			a.drillTo(i, path[i])
		}
		d.at["crumb "+l.Name()] = itemMiddle()
	}
	errText(d.err)
	switch l := d.d.At(); {
	case l.Label != "":
		imgui.PushTextWrapPos()
		imgui.Text("the history of " + l.Label + " is in the plot under the 3-D view; hover it for values, click to go to a step")
		imgui.PopTextWrapPos()
	case l.Job != 0:
		a.drillJob(l.Job)
	default:
		a.drillMachine()
	}
}

// drillTo goes back to level i of the path.
func (a *App) drillTo(i int, l ctl.Level) {
	a.p.drill.d.Back(i)
	a.showLevel(l)
}

// drillInto goes one level down.
func (a *App) drillInto(l ctl.Level) {
	a.p.drill.d.Into(l)
	a.showLevel(l)
}

func (a *App) showLevel(l ctl.Level) {
	a.p.drill.err = ""
	for _, c := range l.Commands() {
		if e := a.run(c); e != "" {
			a.p.drill.err = e
		}
	}
}

// row draws a clickable line and records where it is.
func (a *App) row(text string) bool {
	clicked := imgui.Selectable(text)
	a.p.drill.at[text] = itemMiddle()
	return clicked
}

func (a *App) drillMachine() {
	s := a.p.drill.sum
	if s == nil {
		textDisabled("load parameter data (a file or a log directory)")
		return
	}
	imgui.Textf("%s at step %d: %d ports with a sample, %d without", s.Counter, s.Step, s.Ports, s.Gaps)
	if s.Ports == 0 {
		return
	}
	st := s.Stat
	imgui.Textf("mean %s  p10 %s  p50 %s  p90 %s", plot.Num(st.Mean), plot.Num(st.P10), plot.Num(st.P50), plot.Num(st.P90))
	imgui.Textf("min %s  max %s", data.FormatExact(st.Min), data.FormatExact(st.Max))
	h := make([]float32, len(s.Hist))
	for i, n := range s.Hist {
		h[i] = float32(n)
	}
	imgui.PlotHistogramV("##hist", h, 0, "ports by value, min to max", 0, math.MaxFloat32, imgui.Vec2{X: imgui.ContentRegionAvail().X, Y: 60})
	imgui.Text("top ports:")
	for _, p := range s.Top {
		if a.row(fmt.Sprintf("%s  %s", p.Label, data.FormatExact(p.Value))) {
			a.drillInto(ctl.Level{Label: a.env.Model().Label(p.Port)})
		}
	}
	imgui.Text("jobs by mean at this step:")
	rows := append([]session.JobRow(nil), a.jobRows()...)
	session.SortJobRows(rows, "mean", true)
	for _, r := range rows {
		mean := "-"
		if r.Has {
			mean = plot.Num(r.Stat.Mean)
		}
		if a.row(fmt.Sprintf("job %d  mean %s  on %d ports", r.ID, mean, r.Ports)) {
			a.drillInto(ctl.Level{Job: r.ID})
		}
	}
}

func (a *App) drillJob(id int64) {
	ports := a.env.JobPorts(&a.in.State, id)
	if len(ports) == 0 {
		textDisabled(fmt.Sprintf("job %d runs on no port at this step", id))
		return
	}
	imgui.Textf("job %d's hosts at step %d, largest first:", id, a.in.State.Step)
	for _, p := range ports {
		v := "no sample"
		if p.Has {
			v = data.FormatExact(p.Value)
		}
		if a.row(fmt.Sprintf("%s  %s", p.Label, v)) {
			a.drillInto(ctl.Level{Job: id, Label: a.env.Model().Label(p.Port)})
		}
	}
}

// itemMiddle is the middle of the last widget drawn (tests click there).
func itemMiddle() imgui.Vec2 {
	lo, hi := imgui.ItemRectMin(), imgui.ItemRectMax()
	return imgui.Vec2{X: (lo.X + hi.X) / 2, Y: (lo.Y + hi.Y) / 2}
}
