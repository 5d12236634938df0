package gui

import (
	"fmt"
	"strings"

	"github.com/inkyblackness/imgui-go/v4"

	"github.com/fabviz/fabviz/gui/ctl"
)

// problemsState is the Problems panel's between frames.
type problemsState struct {
	err string
}

// problemsPanel lists what `fabnet diagnose` finds in the loaded data,
// most severe first; a click on one runs `diagnose N`, which selects its
// port, goes to its first step and sets a range that shows it.
func (a *App) problemsPanel() {
	ps := &a.p.problems
	fs, err := a.env.Findings()
	if err != nil {
		imgui.PushTextWrapPos()
		imgui.Text(err.Error())
		imgui.PopTextWrapPos()
		return
	}
	if len(fs) == 0 {
		imgui.Text("no findings in the loaded data")
		return
	}
	if len(fs) == 1 {
		imgui.Text("1 finding:")
	} else {
		imgui.Text(fmt.Sprintf("%d findings, most severe first:", len(fs)))
	}
	for i, f := range fs {
		label := fmt.Sprintf("%d. %s  %s##finding%d", i+1, f.Kind, strings.Join(f.Ports, " - "), i)
		if len(f.Ports) > 3 {
			label = fmt.Sprintf("%d. %s  %s … (%d ports)##finding%d", i+1, f.Kind, f.Ports[0], len(f.Ports), i)
		}
		if imgui.Selectable(label) {
			ps.err = a.showFinding(i + 1)
		}
		if imgui.IsItemHovered() {
			imgui.BeginTooltip()
			imgui.PushTextWrapPos()
			for _, e := range f.Evidence {
				imgui.Text(e)
			}
			imgui.Text("threshold: " + f.Threshold)
			imgui.PopTextWrapPos()
			imgui.EndTooltip()
		}
	}
	errText(ps.err)
}

// findingZoom is how much closer the camera comes to a finding's port than
// the view of the whole fabric.
const findingZoom = 0.3

// showFinding runs `diagnose n` and turns the camera to the finding's
// port, closer than the whole fabric, so a small cable can be seen.
func (a *App) showFinding(n int) string {
	if err := a.run(ctl.Cmd{"diagnose", fmt.Sprint(n)}); err != "" {
		return err
	}
	a.lookAt(a.in.State.Select)
	if cam := &a.in.State.Camera; cam.Distance > 0 {
		cam.Distance *= findingZoom
	}
	return ""
}
