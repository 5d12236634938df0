package gui

import (
	"github.com/inkyblackness/imgui-go/v4"

	"github.com/fabviz/fabviz/gui/ctl"
)

func (a *App) selPanel() {
	st := &a.in.State
	s := &a.p.sel
	enter := imgui.InputTextWithHintV("label", "SW.PORT, switch or host", &s.typed, imgui.InputTextFlagsEnterReturnsTrue, nil)
	imgui.SameLine()
	if imgui.Button("Select") || enter {
		s.err = ""
		if err := a.command(ctl.Cmd{"select", s.typed}.Fields()); err != nil {
			s.err = err.Error()
		}
	}
	imgui.SameLine()
	if imgui.Button("Clear##sel") {
		st.Select, s.err = "", ""
		a.dirty = true
	}
	errText(s.err)
	m := a.env.Model()
	if m == nil || st.Select == "" {
		textDisabled("click a port or switch, or type its label")
		return
	}
	info, err := a.env.Selection(st)
	if err != nil {
		errText(err.Error())
		return
	}
	for _, kv := range info {
		imgui.Textf("%-7s %s", kv[0], kv[1])
	}
}
