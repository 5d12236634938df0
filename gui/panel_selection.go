package gui

import (
	"github.com/inkyblackness/imgui-go/v4"

	"github.com/fabviz/fabviz/gui/ctl"
)

// selState is what the Selection panel's fields hold between frames.
type selState struct {
	typed, err string
	clearEnd   float32 // right edge of the Clear button last drawn (tests)
}

// buttonWidth is the width of a button with a label.
func buttonWidth(label string) float32 {
	return imgui.CalcTextSize(label, true, 0).X + 2*imgui.CurrentStyle().FramePadding().X
}

// selPanel selects by label and lists what the core says of the
// selection: place, ids, link, node, and the value its colour shows.
func (a *App) selPanel() {
	st := &a.in.State
	s := &a.p.sel
	gap := imgui.CurrentStyle().ItemSpacing().X
	imgui.PushItemWidth(imgui.ContentRegionAvail().X - buttonWidth("Select") - buttonWidth("Clear") - 2*gap)
	enter := imgui.InputTextWithHintV("##label", "SW.PORT, switch or host", &s.typed, imgui.InputTextFlagsEnterReturnsTrue, nil)
	imgui.PopItemWidth()
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
	s.clearEnd = imgui.ItemRectMax().X
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
