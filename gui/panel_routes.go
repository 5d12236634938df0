package gui

import (
	"fmt"

	"github.com/inkyblackness/imgui-go/v4"

	"github.com/fabviz/fabviz/gui/ctl"
	"github.com/fabviz/fabviz/session"
)

func (a *App) routesPanel() {
	r := &a.p.routes
	m := a.env.Model()
	sel := a.in.State.Select
	imgui.PushItemWidth(120)
	imgui.InputText("source", &r.src)
	imgui.SameLine()
	if imgui.Button("selected##src") && m != nil {
		r.src, _ = session.RouteEnd(m, sel)
	}
	imgui.InputText("destination", &r.dst)
	imgui.SameLine()
	if imgui.Button("selected##dst") && m != nil {
		r.dst, _ = session.RouteEnd(m, sel)
	}
	if imgui.Button("Draw route") {
		r.err = a.run(ctl.Cmd{"route", r.src, r.dst})
	}
	imgui.InputText("switch A", &r.swA)
	imgui.SameLine()
	if imgui.Button("selected##a") && m != nil {
		_, r.swA = session.RouteEnd(m, sel)
	}
	imgui.InputText("switch B", &r.swB)
	imgui.SameLine()
	if imgui.Button("selected##b") && m != nil {
		_, r.swB = session.RouteEnd(m, sel)
	}
	imgui.PopItemWidth()
	if imgui.Button("Routes between switches") {
		r.err = a.run(ctl.Cmd{"route-switches", r.swA, r.swB})
	}
	imgui.SameLine()
	if imgui.Button("Clear routes") {
		r.err = a.run(ctl.Cmd{"clear-routes"})
	}
	errText(r.err)
	imgui.PushTextWrapPos()
	for i, n := range a.env.RouteNotes() {
		for k, c := range n.Colors {
			if k == 8 {
				break // a few swatches tell the colours; the text counts the paths
			}
			imgui.ColorButton(fmt.Sprintf("route %d.%d", i, k), vec4(c), 0, imgui.Vec2{X: 12, Y: 12})
			imgui.SameLineV(0, 2)
		}
		imgui.Text(n.Text)
	}
	imgui.PopTextWrapPos()
}
