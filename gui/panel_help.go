package gui

import (
	"github.com/inkyblackness/imgui-go/v4"

	"github.com/fabviz/fabviz/view"
)

// helpPanel lists the mouse and key bindings and every command the
// command line takes.
func (a *App) helpPanel() {
	for _, b := range bindings {
		imgui.Textf("%-22s %s", b[0], b[1])
	}
	imgui.Separator()
	imgui.Text("Commands (scripts and command line):")
	for _, u := range view.Usages() {
		imgui.Bullet()
		imgui.SameLine()
		imgui.Text(u)
	}
	imgui.Text("Window-only commands (scripts and command line):")
	for _, n := range []string{"open", "panel", "play", "pause", "follow", "quit"} {
		imgui.Bullet()
		imgui.SameLine()
		imgui.Text(guiCommands[n].usage)
	}
}
