package gui

import (
	"fmt"
	"strconv"

	"github.com/inkyblackness/imgui-go/v4"

	"github.com/fabviz/fabviz/data"
	"github.com/fabviz/fabviz/gui/ctl"
	"github.com/fabviz/fabviz/render/scene"
)

func (a *App) dataPanel() {
	st := &a.in.State
	d := &a.p.data
	param := a.env.Param()
	switch lg := a.legend; {
	case st.HasRange:
		d.lo, d.hi = float32(st.Range[0]), float32(st.Range[1])
	case lg != nil && lg.Bar != nil:
		d.lo, d.hi = float32(lg.Min), float32(lg.Max)
	}
	if !d.editing && a.legend != nil && a.legend.Bar != nil {
		// The fields show the range in use until the user types in them.
		d.min, d.max = strconv.FormatInt(a.legend.Min, 10), strconv.FormatInt(a.legend.Max, 10)
	}
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

// drawLegend draws the colour bar with its range and the jobs shown.
func (a *App) drawLegend() {
	lg := a.legend
	if lg == nil {
		return
	}
	imgui.Textf("%s, %s", lg.Title, lg.Mode)
	if len(lg.Bar) > 0 {
		dl := imgui.WindowDrawList()
		p := imgui.CursorScreenPos()
		w := imgui.ContentRegionAvail().X - 40
		h := float32(16)
		box := func(x0, x1 float32, c scene.Color) {
			dl.AddRectFilled(imgui.Vec2{X: x0, Y: p.Y}, imgui.Vec2{X: x1, Y: p.Y + h}, imgui.PackedColorFromVec4(vec4(c)))
		}
		box(p.X, p.X+14, lg.Below)
		n := float32(len(lg.Bar))
		for i, c := range lg.Bar {
			x := p.X + 20 + w*float32(i)/n
			box(x, x+w/n+0.5, c)
		}
		box(p.X+26+w, p.X+40+w, lg.Above)
		imgui.Dummy(imgui.Vec2{X: w + 40, Y: h})
		imgui.Textf("below %s", data.FormatValue(lg.Min))
		imgui.SameLineV(w-40, 0)
		imgui.Textf("above %s", data.FormatValue(lg.Max))
	}
	for i, j := range lg.Jobs {
		if i == 12 {
			imgui.Textf("… %d more jobs", len(lg.Jobs)-12)
			break
		}
		imgui.ColorButton(fmt.Sprintf("job %d", j.ID), vec4(j.Color), 0, imgui.Vec2{X: 12, Y: 12})
		imgui.SameLine()
		imgui.Textf("job %d", j.ID)
	}
}
