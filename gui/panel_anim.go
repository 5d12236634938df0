package gui

import (
	"strconv"

	"github.com/inkyblackness/imgui-go/v4"

	"github.com/fabviz/fabviz/gui/ctl"
)

func (a *App) animPanel() {
	st := &a.in.State
	n := a.env.Steps()
	label := "Play"
	if a.player.Playing {
		label = "Pause"
	}
	if imgui.Button(label) {
		a.player.Toggle()
	}
	for _, b := range []struct {
		name  string
		delta int
	}{{"|<", -1 << 30}, {"<", -1}, {">", 1}, {">|", 1 << 30}} {
		imgui.SameLine()
		if imgui.Button(b.name) {
			a.run(ctl.Step(st.Step, b.delta, n))
		}
	}
	imgui.SameLine()
	imgui.Checkbox("loop", &a.player.Loop)
	pause := float32(a.player.Pause)
	imgui.PushItemWidth(120)
	if imgui.DragFloatV("pause (s)", &pause, 0.05, 0, 60, "%.2f", 0) {
		a.player.Pause = float64(max(0, pause))
	}
	if a.p.stepText == "" {
		a.p.stepText = strconv.Itoa(st.Step)
	}
	if imgui.InputTextV("step", &a.p.stepText, imgui.InputTextFlagsEnterReturnsTrue, nil) {
		if err := a.run(ctl.Cmd{"step", a.p.stepText}); err != "" {
			a.p.stepText = ""
		}
	}
	imgui.PopItemWidth()
	if !imgui.IsItemActive() {
		a.p.stepText = strconv.Itoa(st.Step)
	}
	if n > 0 {
		step := int32(st.Step)
		if imgui.SliderInt("##steps", &step, 0, int32(n-1)) {
			a.run(ctl.Cmd{"step", strconv.Itoa(int(step))})
		}
		imgui.Textf("step %d of %d (0..%d)", st.Step, n, n-1)
	} else {
		imgui.Textf("step %d (no data loaded)", st.Step)
	}
	if t, ok := a.env.StepTime(st.Step); ok {
		imgui.Text(t.UTC().Format("2006-01-02 15:04:05 UTC"))
	}
}
