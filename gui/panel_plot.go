package gui

import (
	"fmt"
	"image"

	"github.com/inkyblackness/imgui-go/v4"

	"github.com/fabviz/fabviz/gui/ctl"
	"github.com/fabviz/fabviz/render/plot"
)

// plotState is the time-series panel's: the plot the core built for the
// state (rebuilt with the scene), its error, the export fields, and where
// the plot was last drawn (tests read it).
type plotState struct {
	pl       *plot.Plot
	err      string
	csv, png string
	msg      string
	frame    plot.Frame
	prims    []plot.Prim
	hover    int // step under the pointer, -1 for none
}

// plotPanel switches the plot on and off and exports it.
func (a *App) plotPanel() {
	st := &a.in.State
	p := &a.p.plot
	on := st.Plot
	if imgui.Checkbox("show the plot under the 3-D view", &on) {
		p.err = a.run(ctl.Cmd{"plot", ctl.OnOff(on)})
	}
	if p.pl == nil {
		textDisabled("select a port, switch, host or job (Jobs panel) with data loaded")
	}
	beginDisabled(st.Select == "")
	if imgui.Button("Keep the selection in the plot") && st.Select != "" {
		p.err = a.run(ctl.Cmd{"plot", "add", st.Select})
	}
	endDisabled()
	if len(st.Pins) > 0 {
		imgui.SameLine()
		if imgui.Button("Clear kept") {
			p.err = a.run(ctl.Cmd{"plot", "clear"})
		}
		imgui.Textf("kept: %v", st.Pins)
	}
	imgui.InputTextWithHint("##csv", "series.csv", &p.csv)
	imgui.SameLine()
	if imgui.Button("Export CSV") && p.csv != "" {
		p.err, p.msg = a.run(ctl.Cmd{"export", "series", p.csv}), "wrote "+p.csv
	}
	imgui.InputTextWithHint("##png", "plot.png", &p.png)
	imgui.SameLine()
	if imgui.Button("Export PNG") && p.png != "" {
		p.err, p.msg = a.run(ctl.Cmd{"export", "plot", p.png}), "wrote "+p.png
	}
	errText(p.err)
	if p.err == "" && p.msg != "" {
		imgui.Text(p.msg)
	}
}

// plotShown says whether the plot window is drawn: `plot on` with
// something to plot.
func (a *App) plotShown() bool { return a.in.State.Plot && a.p.plot.pl != nil }

// plotHeight is the share of the window's height the plot takes from the
// 3-D view.
const plotHeight = 0.32

// drawPlot draws the plot along the bottom of the 3-D view: the core's
// primitives painted with imgui; hovering shows step, time and values,
// a click moves to that step.
func (a *App) drawPlot() {
	p := &a.p.plot
	p.hover = -1
	if !a.plotShown() {
		return
	}
	x, _, w, h := a.viewport()
	ph := a.winSize()[1] - h
	imgui.SetNextWindowPosV(imgui.Vec2{X: x, Y: h}, imgui.ConditionAlways, imgui.Vec2{})
	imgui.SetNextWindowSizeV(imgui.Vec2{X: w, Y: ph}, imgui.ConditionAlways)
	imgui.BeginV("time series", nil, imgui.WindowFlagsNoMove|imgui.WindowFlagsNoResize|imgui.WindowFlagsNoCollapse|imgui.WindowFlagsNoTitleBar|imgui.WindowFlagsNoScrollbar)
	o, avail := imgui.CursorScreenPos(), imgui.ContentRegionAvail()
	r := image.Rect(int(o.X), int(o.Y), int(o.X+avail.X), int(o.Y+avail.Y))
	p.pl.Current = a.in.State.Step
	p.frame = plot.NewFrame(p.pl, r, 1)
	p.prims = plot.Draw(p.pl, r, 1, a.env.PlotStyle())
	paint(imgui.WindowDrawList(), p.prims)
	imgui.InvisibleButton("plot", avail)
	if imgui.IsItemHovered() {
		m := imgui.MousePos()
		if step, ok := p.frame.StepAt(float64(m.X), float64(m.Y)); ok {
			p.hover = step
			imgui.BeginTooltip()
			for _, l := range plot.Hover(p.pl, step) {
				imgui.Text(l)
			}
			imgui.EndTooltip()
			if imgui.IsItemClicked() {
				a.p.plot.err = a.run(ctl.Cmd{"step", fmt.Sprint(step)})
			}
		}
	}
	imgui.End()
}

// paint draws plot primitives with an imgui draw list.
func paint(dl imgui.DrawList, prims []plot.Prim) {
	for _, q := range prims {
		c := imgui.PackedColorFromVec4(imgui.Vec4{X: q.Color[0], Y: q.Color[1], Z: q.Color[2], W: q.Alpha})
		a, b := imgui.Vec2{X: float32(q.X0), Y: float32(q.Y0)}, imgui.Vec2{X: float32(q.X1), Y: float32(q.Y1)}
		switch q.Kind {
		case plot.Fill:
			dl.AddRectFilled(a, b, c)
		case plot.Seg:
			dl.AddLineV(a, b, c, float32(q.Width))
		case plot.Text:
			dl.AddText(a, c, q.Label)
		}
	}
}

// setPlot keeps the plot the core built for the state.
func (p *plotState) setPlot(pl *plot.Plot, err error) {
	p.pl = pl
	if err != nil {
		p.err = err.Error()
	}
}
