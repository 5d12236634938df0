package gui

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/inkyblackness/imgui-go/v4"

	"github.com/fabviz/fabviz/gui/ctl"
	"github.com/fabviz/fabviz/render/gl"
	"github.com/fabviz/fabviz/render/overlay"
	"github.com/fabviz/fabviz/render/scene"
)

// panelNames name the panels for the `panel` command, in display order.
var panelNames = []string{"files", "view", "data", "animation", "selection", "routes", "problems", "plot", "jobs", "drill", "command", "help"}

// panelOpen says which panels are open at start.
var panelOpen = []bool{false, true, true, true, true, false, false, false, false, false, false, false}

// panels holds what the panels' fields hold between frames.
type panels struct {
	width    float32
	setOpen  []int // by panel: 0 leave, 1 close, 2 open (next frame)
	help     bool
	files    filesState
	data     dataState
	stepText string
	sel      selState
	routes   struct{ src, dst, swA, swB, err string }
	problems problemsState
	console  *ctl.Console
	line     string
	cmap     int32
	plot     plotState  // gui/panel_plot.go
	jobs     jobsState  // gui/panel_jobs.go
	drill    drillState // gui/panel_drill.go
}

// forgetModel empties the fields that name the previous model's objects
// (selection, route ends) and their messages, when another model loads.
func (p *panels) forgetModel() {
	p.sel.typed, p.sel.err = "", ""
	p.routes.src, p.routes.dst, p.routes.swA, p.routes.swB, p.routes.err = "", "", "", "", ""
	p.data.err = ""
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
	if panelNames[i] == "help" && a.p.help {
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
	sections := []func(){a.filesPanel, a.viewPanel, a.dataPanel, a.animPanel, a.selPanel, a.routesPanel, a.problemsPanel, a.plotPanel, a.jobsPanel, a.drillPanel, a.consolePanel, a.helpPanel}
	titles := []string{"Files", "View", "Data", "Animation", "Selection", "Routes", "Problems", "Time series", "Jobs", "Drill-down", "Command line", "Help"}
	for i, f := range sections {
		imgui.PushIDInt(i)
		if a.header(i, titles[i]) {
			f()
		}
		imgui.PopID()
	}
	imgui.End()
	a.drawPlot() // gui/panel_plot.go
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
		y += imgui.TextLineHeightWithSpacing()
	}
	if a.sc != nil && a.shot == nil && a.reducing() {
		if l := reducedNote(a.r.Reduction()); l != "" {
			dl.AddText(imgui.Vec2{X: x + 10, Y: y}, fg, l)
		}
	}
}

// reducedNote is the caption's line while a moving camera draws less
// detail ("" when it draws all).
func reducedNote(d gl.Reduction) string {
	var what []string
	if d.Bundles < d.Lines {
		what = append(what, fmt.Sprintf("%d link lines as %d bundles", d.Lines, d.Bundles))
	}
	if d.Dots {
		what = append(what, "ports as dots")
	}
	if len(what) == 0 {
		return ""
	}
	return "moving: reduced detail (" + strings.Join(what, ", ") + ")"
}

// textColor is the caption's colour on a background: the pictures'.
func textColor(bg scene.Color) imgui.Vec4 { return vec4(overlay.TextColor(bg)) }

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
