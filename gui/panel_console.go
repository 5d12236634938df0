package gui

import (
	"github.com/inkyblackness/imgui-go/v4"
)

func (a *App) consolePanel() {
	c := a.p.console
	if imgui.BeginChildV("log", imgui.Vec2{Y: 150}, true, 0) {
		imgui.PushTextWrapPos()
		for _, l := range c.Lines {
			if l.Err {
				imgui.PushStyleColor(imgui.StyleColorText, red)
				imgui.Text(l.Text)
				imgui.PopStyleColor()
			} else {
				imgui.Text(l.Text)
			}
		}
		imgui.PopTextWrapPos()
		if imgui.ScrollY() >= imgui.ScrollMaxY() {
			imgui.SetScrollHereY(1)
		}
	}
	imgui.EndChild()
	imgui.PushItemWidth(-1)
	if imgui.InputTextWithHintV("##cmd", "a command, e.g. step 3 (list in Help)", &a.p.line, imgui.InputTextFlagsEnterReturnsTrue, nil) {
		a.consoleLine(a.p.line)
		a.p.line = ""
		imgui.SetKeyboardFocusHereV(-1)
	}
	imgui.PopItemWidth()
	if imgui.Button("Previous") {
		a.p.line = c.Recall(-1)
	}
	imgui.SameLine()
	if imgui.Button("Next") {
		a.p.line = c.Recall(1)
	}
}

// consoleLine runs a typed command and logs it and its outcome.
func (a *App) consoleLine(line string) {
	c := a.p.console
	c.Typed(line)
	c.Add("> "+line, false)
	f, err := textioFields(line)
	if err == nil {
		err = a.command(f)
	}
	if err != nil {
		c.Add(err.Error(), true)
	}
}
