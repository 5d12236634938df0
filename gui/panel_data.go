package gui

import (
	"strconv"

	"github.com/inkyblackness/imgui-go/v4"

	"github.com/fabviz/fabviz/data"
	"github.com/fabviz/fabviz/gui/ctl"
	"github.com/fabviz/fabviz/view"
)

// dataState is what the Data panel's range fields hold between frames.
type dataState struct {
	min, max string  // the typed MIN and MAX
	lo, hi   float32 // the drag range
	err      string
	editing  bool // a MIN or MAX field has the keyboard
}

// show puts the range in use in the fields: the `range` command's, else
// the legend's (the automatic range); typed text stays while being edited.
func (d *dataState) show(st *view.State, lg *data.Legend) {
	switch {
	case st.HasRange:
		d.lo, d.hi = float32(st.Range[0]), float32(st.Range[1])
	case lg != nil && lg.Bar != nil:
		d.lo, d.hi = float32(lg.Min), float32(lg.Max)
	}
	if !d.editing && lg != nil && lg.Bar != nil {
		d.min, d.max = strconv.FormatInt(lg.Min, 10), strconv.FormatInt(lg.Max, 10)
	}
}

// dataPanel sets the range of interest, the display mode and job colours,
// and shows the legend.
func (a *App) dataPanel() {
	st := &a.in.State
	d := &a.p.data
	param := a.env.Param()
	d.show(st, a.legend)
	imgui.PushItemWidth(110)
	e1 := imgui.InputTextV("MIN", &d.min, imgui.InputTextFlagsEnterReturnsTrue, nil)
	act := imgui.IsItemActive()
	imgui.SameLine()
	e2 := imgui.InputTextV("MAX", &d.max, imgui.InputTextFlagsEnterReturnsTrue, nil)
	d.editing = act || imgui.IsItemActive()
	imgui.PopItemWidth()
	if imgui.Button("Apply range") || e1 || e2 {
		c, err := ctl.Range(d.min, d.max)
		if err == nil {
			d.err = a.run(c)
		} else {
			d.err = err.Error()
		}
		if d.err == "" {
			d.lo, d.hi = float32(st.Range[0]), float32(st.Range[1])
		}
	}
	imgui.SameLine()
	if imgui.Button("Automatic") {
		st.HasRange = false
		d.err = ""
		a.dirty = true
	}
	speed := max(1, (d.hi-d.lo)/200)
	if imgui.DragFloatRange2V("drag", &d.lo, &d.hi, speed, 0, 0, "%.0f", "%.0f", 0) && d.lo < d.hi {
		lo, hi := int64(d.lo), int64(d.hi)
		if lo < hi {
			d.min, d.max = strconv.FormatInt(lo, 10), strconv.FormatInt(hi, 10)
			d.err = a.run(ctl.Cmd{"range", d.min, d.max})
		}
	}
	errText(d.err)
	for i, name := range []string{"slice", "running", "total"} {
		if i > 0 {
			imgui.SameLine()
		}
		if imgui.RadioButton(name, int(st.Mode) == i) {
			a.run(ctl.Cmd{"mode", name})
		}
	}
	jobs := st.Jobs
	beginDisabled(a.env.Jobs() == nil)
	if imgui.Checkbox("show jobs", &jobs) && a.env.Jobs() != nil {
		a.run(ctl.Cmd{"jobs", ctl.OnOff(jobs)})
	}
	endDisabled()
	if param == nil && a.env.Jobs() == nil {
		textDisabled("no parameter or job data loaded")
	}
	a.drawLegend()
}
