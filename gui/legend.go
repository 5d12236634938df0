package gui

import (
	"fmt"

	"github.com/inkyblackness/imgui-go/v4"

	"github.com/fabviz/fabviz/data"
	"github.com/fabviz/fabviz/render/scene"
)

// maxJobsListed is how many jobs the window's legend names.
const maxJobsListed = 12

// drawLegend is the window's drawer of the core's legend (render/overlay
// is the pictures'): the colour bar between its below and above boxes,
// MIN and MAX in full under its ends, and the jobs shown.
func (a *App) drawLegend() {
	lg := a.legend
	if lg == nil {
		return
	}
	imgui.Textf("%s, %s", lg.Title, lg.Mode)
	if len(lg.Bar) > 0 {
		dl := imgui.WindowDrawList()
		p, x0 := imgui.CursorScreenPos(), imgui.CursorPosX()
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
		lo, hi := data.FormatExact(lg.Min), data.FormatExact(lg.Max)
		imgui.Text(lo)
		imgui.SameLineV(x0+20+w-imgui.CalcTextSize(hi, false, 0).X, 0)
		imgui.Text(hi)
	}
	for i, j := range lg.Jobs {
		if i == maxJobsListed {
			imgui.Textf("… %d more jobs", len(lg.Jobs)-i)
			break
		}
		imgui.ColorButton(fmt.Sprintf("job %d", j.ID), vec4(j.Color), 0, imgui.Vec2{X: 12, Y: 12})
		imgui.SameLine()
		imgui.Textf("job %d", j.ID)
	}
}
