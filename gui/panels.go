package gui

import (
	"fmt"
	"path/filepath"
	"strconv"

	"github.com/inkyblackness/imgui-go/v4"

	"github.com/fabviz/fabviz/data"
	"github.com/fabviz/fabviz/gui/ctl"
	"github.com/fabviz/fabviz/render/scene"
	"github.com/fabviz/fabviz/view"
)

// panelNames name the panels for the `panel` command, in display order.
var panelNames = []string{"files", "view", "data", "animation", "selection", "routes", "command", "help"}

// panelOpen says which panels are open at start.
var panelOpen = []bool{false, true, true, true, true, false, false, false}

// panels holds what the panels' fields hold between frames.
type panels struct {
	width   float32
	setOpen []int // by panel: 0 leave, 1 close, 2 open (next frame)
	help    bool
	files   struct {
		kind     int32
		path     string
		browser  *ctl.Browser
		err, msg string
	}
	data struct {
		min, max string
		lo, hi   float32
		err      string
		editing  bool
	}
	stepText string
	sel      struct{ typed, err string }
	routes   struct{ src, dst, swA, swB, err string }
	console  *ctl.Console
	line     string
	cmap     int32
}

func newPanels() panels {
	p := panels{width: 390, setOpen: make([]int, len(panelNames)), console: ctl.NewConsole(200)}
	return p
}

var red = imgui.Vec4{X: 1, Y: 0.45, Z: 0.4, W: 1}

func errText(s string) {
	if s != "" {
		imgui.PushTextWrapPos()
		imgui.PushStyleColor(imgui.StyleColorText, red)
		imgui.Text(s)
		imgui.PopStyleColor()
		imgui.PopTextWrapPos()
	}
}

// header opens a panel's collapsing header, applying a `panel` command.
func (a *App) header(i int, title string) bool {
	if o := a.p.setOpen[i]; o != 0 {
		imgui.SetNextItemOpen(o == 2, imgui.ConditionAlways)
		a.p.setOpen[i] = 0
	}
	var flags imgui.TreeNodeFlags
	if panelOpen[i] {
		flags = imgui.TreeNodeFlagsDefaultOpen
	}
	if i == 7 && a.p.help {
		imgui.SetNextItemOpen(true, imgui.ConditionAlways)
		a.p.help = false
	}
	return imgui.CollapsingHeaderV(title, flags)
}

// drawPanels lays out the side panel and the caption over the 3-D view.
func (a *App) drawPanels() {
	ws := a.winSize()
	imgui.SetNextWindowPosV(imgui.Vec2{}, imgui.ConditionAlways, imgui.Vec2{})
	imgui.SetNextWindowSizeV(imgui.Vec2{X: a.p.width, Y: ws[1]}, imgui.ConditionAlways)
	imgui.BeginV("fabviz", nil, imgui.WindowFlagsNoMove|imgui.WindowFlagsNoResize|imgui.WindowFlagsNoCollapse|imgui.WindowFlagsNoTitleBar)
	if t := a.busy; t != nil && !t.follow {
		imgui.Text("reading " + filepath.Base(t.path) + " …")
		imgui.ProgressBarV(t.progress(), imgui.Vec2{X: -1, Y: 0}, fmt.Sprintf("%.0f%%", 100*t.progress()))
	}
	sections := []func(){a.filesPanel, a.viewPanel, a.dataPanel, a.animPanel, a.selPanel, a.routesPanel, a.consolePanel, a.helpPanel}
	titles := []string{"Files", "View", "Data", "Animation", "Selection", "Routes", "Command line", "Help"}
	for i, f := range sections {
		imgui.PushIDInt(i)
		if a.header(i, titles[i]) {
			f()
		}
		imgui.PopID()
	}
	imgui.End()
	a.drawCaption()
}

// drawCaption writes the caption in the 3-D view's top-left corner.
func (a *App) drawCaption() {
	dl := imgui.ForegroundDrawList()
	x, _, _, _ := a.viewport()
	y := float32(8)
	fg := imgui.PackedColorFromVec4(textColor(a.env.Style().Background))
	for _, l := range a.caption {
		dl.AddText(imgui.Vec2{X: x + 10, Y: y}, fg, l)
		y += imgui.TextLineHeightWithSpacing()
	}
	if a.frameErr != "" {
		dl.AddText(imgui.Vec2{X: x + 10, Y: y}, imgui.PackedColorFromVec4(red), a.frameErr)
	}
}

func textColor(bg scene.Color) imgui.Vec4 {
	if 0.3*bg[0]+0.59*bg[1]+0.11*bg[2] > 0.5 {
		return imgui.Vec4{W: 1}
	}
	return imgui.Vec4{X: 1, Y: 1, Z: 1, W: 1}
}

// beginDisabled greys the widgets up to endDisabled when off is true (this
// imgui-go leaves imgui's own disabled groups out); callers ignore their
// clicks.
func beginDisabled(off bool) {
	alpha := float32(1)
	if off {
		alpha = 0.45
	}
	imgui.PushStyleVarFloat(imgui.StyleVarAlpha, alpha)
}

func endDisabled() { imgui.PopStyleVar() }

func textDisabled(s string) {
	imgui.PushStyleColor(imgui.StyleColorText, imgui.Vec4{X: 0.6, Y: 0.6, Z: 0.6, W: 1})
	imgui.Text(s)
	imgui.PopStyleColor()
}

func vec4(c scene.Color) imgui.Vec4 { return imgui.Vec4{X: c[0], Y: c[1], Z: c[2], W: 1} }

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

func index(list []string, s string) int {
	for i, x := range list {
		if x == s {
			return i
		}
	}
	return 0
}

// run executes a panel's command; an error goes to the console and is
// returned for the panel to show.
func (a *App) run(c ctl.Cmd) string {
	if err := a.exec(c); err != nil {
		a.p.console.Add(err.Error(), true)
		return err.Error()
	}
	return ""
}

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

func (a *App) dataPanel() {
	st := &a.in.State
	d := &a.p.data
	param := a.env.Param()
	switch lg := a.legend; {
	case st.HasRange:
		d.lo, d.hi = float32(st.Range[0]), float32(st.Range[1])
	case lg != nil && lg.Ramp != nil:
		d.lo, d.hi = float32(lg.Min), float32(lg.Max)
	}
	if !d.editing && a.legend != nil && a.legend.Ramp != nil {
		// The fields show the range in use until the user types in them.
		d.min, d.max = strconv.FormatInt(a.legend.Min, 10), strconv.FormatInt(a.legend.Max, 10)
	}
	imgui.PushItemWidth(110)
	e1 := imgui.InputTextV("MIN", &d.min, imgui.InputTextFlagsEnterReturnsTrue, nil)
	act := imgui.IsItemActive()
	imgui.SameLine()
	e2 := imgui.InputTextV("MAX", &d.max, imgui.InputTextFlagsEnterReturnsTrue, nil)
	d.editing = act || imgui.IsItemActive()
	imgui.PopItemWidth()
	if imgui.Button("Apply range") || e1 || e2 {
		c, err := ctl.Range(d.min, d.max)
		if err == nil {
			d.err = a.run(c)
		} else {
			d.err = err.Error()
		}
		if d.err == "" {
			d.lo, d.hi = float32(st.Range[0]), float32(st.Range[1])
		}
	}
	imgui.SameLine()
	if imgui.Button("Automatic") {
		st.HasRange = false
		d.err = ""
		a.dirty = true
	}
	speed := max(1, (d.hi-d.lo)/200)
	if imgui.DragFloatRange2V("drag", &d.lo, &d.hi, speed, 0, 0, "%.0f", "%.0f", 0) && d.lo < d.hi {
		lo, hi := int64(d.lo), int64(d.hi)
		if lo < hi {
			d.min, d.max = strconv.FormatInt(lo, 10), strconv.FormatInt(hi, 10)
			d.err = a.run(ctl.Cmd{"range", d.min, d.max})
		}
	}
	errText(d.err)
	for i, name := range []string{"slice", "running", "total"} {
		if i > 0 {
			imgui.SameLine()
		}
		if imgui.RadioButton(name, int(st.Mode) == i) {
			a.run(ctl.Cmd{"mode", name})
		}
	}
	jobs := st.Jobs
	beginDisabled(a.env.Jobs() == nil)
	if imgui.Checkbox("show jobs", &jobs) && a.env.Jobs() != nil {
		a.run(ctl.Cmd{"jobs", ctl.OnOff(jobs)})
	}
	endDisabled()
	if param == nil && a.env.Jobs() == nil {
		textDisabled("no parameter or job data loaded")
	}
	a.drawLegend()
}

// drawLegend draws the colour bar with its range and the jobs shown.
func (a *App) drawLegend() {
	lg := a.legend
	if lg == nil {
		return
	}
	imgui.Textf("%s, %s", lg.Title, lg.Mode)
	if len(lg.Ramp) > 0 {
		dl := imgui.WindowDrawList()
		p := imgui.CursorScreenPos()
		w := imgui.ContentRegionAvail().X - 40
		h := float32(16)
		box := func(x0, x1 float32, c scene.Color) {
			dl.AddRectFilled(imgui.Vec2{X: x0, Y: p.Y}, imgui.Vec2{X: x1, Y: p.Y + h}, imgui.PackedColorFromVec4(vec4(c)))
		}
		box(p.X, p.X+14, lg.Below)
		n := float32(len(lg.Ramp))
		for i, c := range lg.Ramp {
			x := p.X + 20 + w*float32(i)/n
			box(x, x+w/n+0.5, c)
		}
		box(p.X+26+w, p.X+40+w, lg.Above)
		imgui.Dummy(imgui.Vec2{X: w + 40, Y: h})
		imgui.Textf("below %s", data.FormatValue(lg.Min))
		imgui.SameLineV(w-40, 0)
		imgui.Textf("above %s", data.FormatValue(lg.Max))
	}
	for i, j := range lg.Jobs {
		if i == 12 {
			imgui.Textf("… %d more jobs", len(lg.Jobs)-12)
			break
		}
		imgui.ColorButton(fmt.Sprintf("job %d", j.ID), vec4(j.Color), 0, imgui.Vec2{X: 12, Y: 12})
		imgui.SameLine()
		imgui.Textf("job %d", j.ID)
	}
}

func (a *App) animPanel() {
	st := &a.in.State
	n := a.env.Steps()
	label := "Play"
	if a.player.Playing {
		label = "Pause"
	}
	if imgui.Button(label) {
		a.player.Toggle()
	}
	for _, b := range []struct {
		name  string
		delta int
	}{{"|<", -1 << 30}, {"<", -1}, {">", 1}, {">|", 1 << 30}} {
		imgui.SameLine()
		if imgui.Button(b.name) {
			a.run(ctl.Step(st.Step, b.delta, n))
		}
	}
	imgui.SameLine()
	imgui.Checkbox("loop", &a.player.Loop)
	pause := float32(a.player.Pause)
	imgui.PushItemWidth(120)
	if imgui.DragFloatV("pause (s)", &pause, 0.05, 0, 60, "%.2f", 0) {
		a.player.Pause = float64(max(0, pause))
	}
	if a.p.stepText == "" {
		a.p.stepText = strconv.Itoa(st.Step)
	}
	if imgui.InputTextV("step", &a.p.stepText, imgui.InputTextFlagsEnterReturnsTrue, nil) {
		if err := a.run(ctl.Cmd{"step", a.p.stepText}); err != "" {
			a.p.stepText = ""
		}
	}
	imgui.PopItemWidth()
	if !imgui.IsItemActive() {
		a.p.stepText = strconv.Itoa(st.Step)
	}
	if n > 0 {
		step := int32(st.Step)
		if imgui.SliderInt("##steps", &step, 0, int32(n-1)) {
			a.run(ctl.Cmd{"step", strconv.Itoa(int(step))})
		}
		imgui.Textf("step %d of %d (0..%d)", st.Step, n, n-1)
	} else {
		imgui.Textf("step %d (no data loaded)", st.Step)
	}
	if t, ok := a.env.StepTime(st.Step); ok {
		imgui.Text(t.UTC().Format("2006-01-02 15:04:05 UTC"))
	}
}

func (a *App) selPanel() {
	st := &a.in.State
	s := &a.p.sel
	enter := imgui.InputTextWithHintV("label", "SW.PORT, switch or host", &s.typed, imgui.InputTextFlagsEnterReturnsTrue, nil)
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
	errText(s.err)
	m := a.env.Model()
	if m == nil || st.Select == "" {
		textDisabled("click a port or switch, or type its label")
		return
	}
	info, err := ctl.Info(m, st.Select, a.env.Param(), a.env.Jobs(), st.Step)
	if err != nil {
		errText(err.Error())
		return
	}
	for _, kv := range info {
		imgui.Textf("%-7s %s", kv[0], kv[1])
	}
}

func (a *App) routesPanel() {
	r := &a.p.routes
	m := a.env.Model()
	sel := a.in.State.Select
	imgui.PushItemWidth(120)
	imgui.InputText("source", &r.src)
	imgui.SameLine()
	if imgui.Button("selected##src") && m != nil {
		r.src, _ = ctl.RouteEnd(m, sel)
	}
	imgui.InputText("destination", &r.dst)
	imgui.SameLine()
	if imgui.Button("selected##dst") && m != nil {
		r.dst, _ = ctl.RouteEnd(m, sel)
	}
	if imgui.Button("Draw route") {
		r.err = a.run(ctl.Cmd{"route", r.src, r.dst})
	}
	imgui.InputText("switch A", &r.swA)
	imgui.SameLine()
	if imgui.Button("selected##a") && m != nil {
		_, r.swA = ctl.RouteEnd(m, sel)
	}
	imgui.InputText("switch B", &r.swB)
	imgui.SameLine()
	if imgui.Button("selected##b") && m != nil {
		_, r.swB = ctl.RouteEnd(m, sel)
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
	for _, l := range routeNotes(a.caption, &a.in.State) {
		imgui.Text(l)
	}
	imgui.PopTextWrapPos()
}

// routeNotes are the caption's route lines (after name, step and
// selection): hops of a route, distinct paths between switches and the
// routes on each.
func routeNotes(caption []string, st *view.State) []string {
	start := 2
	if st.Select != "" {
		start = 3
	}
	if len(caption) <= start {
		return nil
	}
	return caption[start:]
}

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
	if imgui.InputTextWithHintV("##cmd", "a §6 command, e.g. step 3", &a.p.line, imgui.InputTextFlagsEnterReturnsTrue, nil) {
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

func (a *App) helpPanel() {
	for _, b := range bindings {
		imgui.Textf("%-22s %s", b[0], b[1])
	}
	imgui.Separator()
	imgui.Text("Window-only commands (scripts and command line):")
	for _, n := range []string{"open", "panel", "play", "pause", "follow", "quit"} {
		imgui.Bullet()
		imgui.SameLine()
		imgui.Text(guiCommands[n].usage)
	}
}
