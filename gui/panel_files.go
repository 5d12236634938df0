package gui

import (
	"path/filepath"

	"github.com/inkyblackness/imgui-go/v4"

	"github.com/fabviz/fabviz/gui/ctl"
)

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
					f.path = p
					f.kind = int32(index(ctl.Kinds, ctl.KindOf(p)))
				}
			}
		}
	}
	imgui.EndChild()
	enter := imgui.InputTextV("path", &f.path, imgui.InputTextFlagsEnterReturnsTrue, nil)
	beginDisabled(a.busy != nil || f.path == "")
	if (imgui.Button("Load "+kind) || enter) && a.busy == nil && f.path != "" {
		a.load(kind, f.path, false)
	}
	endDisabled()
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
