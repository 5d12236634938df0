package gui

import (
	"path/filepath"

	"github.com/inkyblackness/imgui-go/v4"

	"github.com/fabviz/fabviz/gui/ctl"
)

// logsPart is the Files panel's log-directory part: load the directory in
// the path field (or the one the browser shows) as a collector run, and
// the counter chooser, which switches counter without reading again.
func (a *App) logsPart() {
	f := &a.p.files
	dir := f.path
	if dir == "" {
		dir = f.browser.Dir
	}
	beginDisabled(a.busy != nil || dir == "")
	if imgui.Button("Load log directory") && a.busy == nil && dir != "" {
		f.err = a.run(ctl.Cmd{"logs", dir})
		if f.err == "" {
			f.msg = "logs: " + filepath.Base(dir)
			a.dirty = true
		}
	}
	endDisabled()
	names := a.env.Counters()
	if len(names) == 0 {
		return
	}
	cur := int32(index(names, a.env.Counter()))
	if a.env.Counter() == "" {
		imgui.Text("counter: a file of its own (choose one to go back)")
	}
	if imgui.ComboV("counter", &cur, names, -1) {
		f.err = a.run(ctl.Cmd{"counter", names[cur]})
		a.dirty = true
	}
	if p := a.env.JobLogPath(); p != "" {
		imgui.Textf("job log: %s", filepath.Base(p))
	}
}
