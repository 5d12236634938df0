package gui

import (
	"fmt"
	"strconv"

	"github.com/inkyblackness/imgui-go/v4"

	"github.com/fabviz/fabviz/data"
	"github.com/fabviz/fabviz/gui/ctl"
	"github.com/fabviz/fabviz/render/scene"
)

func (a *App) viewPanel() {
	st := &a.in.State
	if imgui.RadioButton("network", st.View == scene.Network) {
		a.run(ctl.Cmd{"view", "network"})
	}
	imgui.SameLine()
	if imgui.RadioButton("processor ports", st.View == scene.Processor) {
		a.run(ctl.Cmd{"view", "processor"})
	}
	if imgui.RadioButton("planar", st.Layout == scene.Planar) {
		a.run(ctl.Cmd{"layout", "planar"})
	}
	imgui.SameLine()
	if imgui.RadioButton("toroidal", st.Layout == scene.Torus) {
		a.run(ctl.Cmd{"layout", "torus"})
	}
	if m := a.env.Model(); m != nil && m.HasLogicalRows() {
		if imgui.RadioButton("physical rows", st.Arrange == scene.Physical) {
			a.run(ctl.Cmd{"arrange", "physical"})
		}
		imgui.SameLine()
		if imgui.RadioButton("logical rows", st.Arrange == scene.Logical) {
			a.run(ctl.Cmd{"arrange", "logical"})
		}
	}
	if m := a.env.Model(); m != nil && m.Planes > 1 {
		for p := 0; p < m.Planes; p++ {
			on := !st.Hidden[p]
			if p%4 != 0 {
				imgui.SameLine()
			}
			if imgui.Checkbox(fmt.Sprintf("plane %d", p), &on) {
				a.run(ctl.Cmd{"plane", strconv.Itoa(p), ctl.OnOff(on)})
			}
		}
	}
	if imgui.Button("Reset camera (F)") {
		a.fitAll()
	}
	c := st.Camera
	imgui.SameLine()
	imgui.Textf("az %.0f° el %.0f° dist %.1f", c.Azimuth, c.Elevation, c.Distance)
	names := make([]string, len(data.ColorMaps))
	cur := a.env.Init().Map
	for i, cm := range data.ColorMaps {
		names[i] = cm.Name
		if cm == cur {
			a.p.cmap = int32(i)
		}
	}
	if imgui.ComboV("colour map", &a.p.cmap, names, -1) {
		a.env.SetColorMap(data.ColorMaps[a.p.cmap])
		a.dirty = true
	}
}
