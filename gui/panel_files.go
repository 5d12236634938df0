package gui

import (
	"path/filepath"

	"github.com/inkyblackness/imgui-go/v4"

	"github.com/fabviz/fabviz/gui/ctl"
)

// filesState is what the Files panel's fields hold between frames.
type filesState struct {
	kind     int32 // index in ctl.Kinds
	path     string
	browser  *ctl.Browser
	err, msg string
}

// setPath puts a chosen or typed path in the field, with the kind the file
// is of (its first lines, else its name), not the kind last used.
func (f *filesState) setPath(p string) {
	f.path = p
	f.kind = int32(index(ctl.Kinds, ctl.KindOf(p)))
}

// filesPanel loads a model, parameter, job or initialisation file chosen
// in the browser, typed or dropped on the window.
func (a *App) filesPanel() {
	f := &a.p.files
	imgui.ComboV("kind", &f.kind, ctl.Kinds, -1)
	kind := ctl.Kinds[f.kind]
	if imgui.Button("model dir") {
		f.browser.Open(a.startDir("model"))
	}
	imgui.SameLine()
	if imgui.Button("data dir") {
		f.browser.Open(a.startDir("param"))
	}
	imgui.PushTextWrapPos()
	imgui.Text(f.browser.Dir)
	imgui.PopTextWrapPos()
	if f.browser.Err != nil {
		errText(f.browser.Err.Error())
	}
	if imgui.BeginChildV("browser", imgui.Vec2{Y: 140}, true, 0) {
		for _, e := range f.browser.Entries {
			name := e.Name
			if e.Dir {
				name += "/"
			}
			if imgui.Selectable(name) {
				if p := f.browser.Choose(e); p != "" {
					f.setPath(p)
				}
			}
		}
	}
	imgui.EndChild()
	path := f.path
	enter := imgui.InputTextV("path", &path, imgui.InputTextFlagsEnterReturnsTrue, nil)
	if path != f.path {
		f.setPath(path)
	}
	beginDisabled(a.busy != nil || f.path == "")
	if (imgui.Button("Load "+kind) || enter) && a.busy == nil && f.path != "" {
		a.load(kind, f.path, false)
	}
	endDisabled()
	a.logsPart() // gui/panel_logs.go
	errText(f.err)
	if f.err == "" && f.msg != "" {
		imgui.Text(f.msg)
	}
	for _, k := range ctl.Kinds {
		if p := a.paths[k]; p != "" {
			imgui.Textf("%s: %s", k, filepath.Base(p))
		}
	}
	beginDisabled(len(a.watches) == 0)
	follow := a.follow
	if imgui.Checkbox("follow (re-read a growing log)", &follow) && len(a.watches) > 0 {
		a.follow = follow
	}
	endDisabled()
	if len(a.watches) == 0 {
		textDisabled("follow needs a parameter or job log (§5)")
	}
}
