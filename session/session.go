package session

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/fabviz/fabviz/data"
	"github.com/fabviz/fabviz/model"
	"github.com/fabviz/fabviz/render/scene"
	"github.com/fabviz/fabviz/routes"
	"github.com/fabviz/fabviz/view"
)

// Session is the loaded session: model, routes, data, jobs and
// initialisation file, turned into scenes, captions and legends for a
// view.State. It needs no display; the front ends (headless, gui) draw
// what it builds. One goroutine at a time may use it.
type Session struct {
	// Warn receives problems that do not stop a snapshot (a route that
	// does not trace is left out and reported here).
	Warn io.Writer

	model   *model.Model
	routes  *routes.Set         // opened on the first route overlay
	notes   []RouteNote         // route summaries for the caption of the current snapshot
	layouts [2][2]*scene.Layout // by kind and arrangement
	style   scene.Style
	d       dataState
	logs    *logDir    // the log directory loaded by LoadLogs, nil when none
	stats   statsCache // job statistics (plot, Jobs panel)
	meta    metaCache  // job metadata (Jobs panel)
	jr      jobRouteCache
	last    *scene.Scene // the previous picture's scene, for recolouring
	lastKey string
	found   findings // what diagnose found in the loaded data
}

// New returns a session with no model loaded.
func New(warn io.Writer) *Session {
	if warn == nil {
		warn = io.Discard
	}
	return &Session{Warn: warn, style: scene.DefaultStyle}
}

// Model is the loaded model.
func (s *Session) Model() *model.Model { return s.model }

// LoadModel reads a model file, replacing the previous model.
func (s *Session) LoadModel(path string) error {
	m, err := model.Load(path)
	if err != nil {
		return err
	}
	s.SetModel(m)
	return nil
}

// SetModel replaces the model with one already read (the GUI reads files
// in the background and hands the result to its main thread).
func (s *Session) SetModel(m *model.Model) {
	s.model = m
	s.routes = nil
	s.d.param, s.d.jobs, s.d.palette = nil, nil, nil // bound to the old model
	s.logs = nil
	s.layouts = [2][2]*scene.Layout{}
}

// ErrNoRenderer is what Snapshot and Screenshot of a bare session return:
// pictures are the front ends' (headless.Session, the gui window).
var ErrNoRenderer = errors.New("pictures need a front end: fabviz snapshot, fabviz run or the window")

// Snapshot is the front ends': a bare session refuses it.
func (s *Session) Snapshot(string, *view.State) error { return ErrNoRenderer }

// Screenshot is the window's: a bare session refuses it.
func (s *Session) Screenshot(string, *view.State) error {
	return fmt.Errorf("screenshot needs the GUI window; use snapshot for the 3-D scene")
}

// layout returns the cached layout of a kind and arrangement for the model.
func (s *Session) layout(k scene.LayoutKind, a scene.Arrangement) *scene.Layout {
	if s.layouts[k][a] == nil {
		s.layouts[k][a] = scene.NewArrangedLayout(s.model, k, a)
	}
	return s.layouts[k][a]
}

// Scene builds the scene of a state (no GL needed).
func (s *Session) Scene(st *view.State) (*scene.Scene, error) {
	m := s.model
	if m == nil {
		return nil, fmt.Errorf("no model loaded")
	}
	in := scene.Input{
		Model: m, Layout: s.layout(st.Layout, st.Arrange), Kind: st.Layout, Arrange: st.Arrange, View: st.View,
		Hidden: st.HiddenPlanes(m.Planes), Style: s.style,
	}
	in.Select = model.Object{Kind: model.KindNone, Port: model.NoPort, Switch: -1}
	if st.Select != "" {
		o, ok := m.Lookup(st.Select)
		if !ok {
			return nil, fmt.Errorf("select: unknown label %q", st.Select)
		}
		in.Select = o
		in.SelectAlso = otherHostPorts(m, st.Select, o)
	}
	if err := s.applyData(st, &in); err != nil {
		return nil, err
	}
	in.Routes = append(s.traceAll(st), s.jobRoutes(st)...) // session/jobroutes.go
	return scene.Build(in)
}

// RouteNote describes one route overlay of the last scene: its caption
// line and the colour of each route or path it drew.
type RouteNote struct {
	Text   string
	Colors []scene.Color
}

// routePalette colours the second and later routes drawn (the first takes
// the initialisation file's route colour): far from each other, from the
// default route green, the selection cyan and grey.
var routePalette = []scene.Color{
	{1, 0.55, 0}, {0.35, 0.55, 1}, {1, 0.3, 0.85}, {0.75, 1, 0.25},
	{1, 1, 1}, {0.65, 0.35, 1}, {0.6, 0.3, 0.1}, {1, 0.45, 0.45},
}

// routeColor is the colour of the i-th route drawn (0-based).
func (s *Session) routeColor(i int) scene.Color {
	if i == 0 {
		return s.style.Route
	}
	return routePalette[(i-1)%len(routePalette)]
}

// traceAll traces the requested overlays, each route or path in its own
// colour; one that fails is reported on Warn and left out.
func (s *Session) traceAll(st *view.State) []scene.Route {
	var out []scene.Route
	s.notes = s.notes[:0]
	for _, r := range st.Routes {
		got, note, err := s.trace(r)
		if err != nil {
			fmt.Fprintf(s.Warn, "%s: %v; drawn without it\n", r, err)
			continue
		}
		for i := range got {
			got[i].Color = s.routeColor(len(out) + i)
			note.Colors = append(note.Colors, got[i].Color)
		}
		out = append(out, got...)
		s.notes = append(s.notes, note)
	}
	return out
}

// routeSet opens the model's routes on first use.
func (s *Session) routeSet() (*routes.Set, error) {
	if s.routes == nil {
		set, err := routes.Open(s.model)
		if err != nil {
			return nil, err
		}
		s.routes = set
	}
	return s.routes, nil
}

// trace turns a route request into overlay routes: the one route between
// two nodes, or every distinct path between two switches.
func (s *Session) trace(r view.RouteReq) ([]scene.Route, RouteNote, error) {
	m := s.model
	if _, err := s.routeSet(); err != nil {
		return nil, RouteNote{}, err
	}
	if r.Switches {
		a, okA := m.SwitchByLabel(r.A)
		b, okB := m.SwitchByLabel(r.B)
		if !okA || !okB {
			return nil, RouteNote{}, fmt.Errorf("unknown switch")
		}
		paths, err := s.routes.Between(a, b)
		if err != nil {
			return nil, RouteNote{}, err
		}
		out := make([]scene.Route, 0, len(paths))
		counts := make([]string, 0, len(paths))
		for _, p := range paths {
			out = append(out, scene.Route{Ports: hopPorts(m, p.Hops)})
			counts = append(counts, fmt.Sprint(p.Routes))
		}
		return out, RouteNote{Text: fmt.Sprintf("%s: %d distinct paths (routes on each: %s)", r, len(paths), strings.Join(counts, ", "))}, nil
	}
	src, okS := m.NodeByName(r.A)
	dst, okD := m.NodeByName(r.B)
	if !okS || !okD {
		return nil, RouteNote{}, fmt.Errorf("unknown node")
	}
	hops, err := s.routes.TraceOffset(src, dst, r.Offset)
	if err != nil {
		return nil, RouteNote{}, err
	}
	return []scene.Route{{Ports: hopPorts(m, hops)}}, RouteNote{Text: fmt.Sprintf("%s: %d hops", r, len(hops))}, nil
}

// RouteNotes are the route overlays of the last scene built, in order.
func (s *Session) RouteNotes() []RouteNote { return s.notes }

// hopPorts lists the ports a route passes through: each hop's entry and
// exit port. Ports given as -1 (a path's unknown end) are left out.
func hopPorts(m *model.Model, hops []routes.Hop) []model.PortRef {
	out := make([]model.PortRef, 0, 2*len(hops))
	for _, h := range hops {
		for _, n := range [2]int{h.In, h.Out} {
			if p := m.Port(h.Switch, n); n >= 0 && p != model.NoPort {
				out = append(out, p)
			}
		}
	}
	return out
}

// sceneKey names everything a scene's geometry depends on: all of the
// state but the step, camera and size, and the loaded files.
func (s *Session) sceneKey(st *view.State) string {
	hidden := make([]int, 0, len(st.Hidden))
	for p := range st.Hidden {
		hidden = append(hidden, p)
	}
	slices.Sort(hidden)
	return fmt.Sprintf("%p %p %p %p %v %v %v %v %v %v %v %v %v %q",
		s.model, s.d.param, s.d.jobs, s.d.init, s.style, st.Layout, st.Arrange, st.View, st.Mode, st.Range, st.HasRange, st.Jobs, hidden, fmt.Sprint(st.Routes, st.Job, jobRouteKey(st))+"|"+st.Select)
}

// sceneFor returns the scene of a state: the previous one recoloured when
// only the step changed (recoloured = true), else a new one.
func (s *Session) sceneFor(st *view.State) (sc *scene.Scene, recoloured bool, err error) {
	key := s.sceneKey(st)
	if s.last != nil && s.lastKey == key {
		in := scene.Input{Model: s.model}
		if err := s.applyData(st, &in); err != nil {
			return nil, false, err
		}
		s.last.SetColors(in.PortColors, in.JobColors)
		return s.last, true, nil
	}
	sc, err = s.Scene(st)
	if err != nil {
		return nil, false, err
	}
	s.last, s.lastKey = sc, key
	return sc, false, nil
}

// caption is the text in the top-left corner.
func (s *Session) caption(st *view.State) []string {
	m := s.model
	lines := []string{m.Name}
	step := fmt.Sprintf("step %d", st.Step)
	if n := s.Steps(); n > 0 {
		step += fmt.Sprintf(" of %d", n)
	}
	if t, ok := s.stepTime(st.Step); ok {
		step += "  " + t.UTC().Format("2006-01-02 15:04:05 UTC")
	}
	layout := st.Layout.String() + " layout"
	if st.Arrange == scene.Logical {
		layout += " by logical rows"
	}
	lines = append(lines, fmt.Sprintf("%s   %s, %s view", step, layout, st.View))
	if st.Select != "" {
		lines = append(lines, "selected: "+describe(m, st.Select))
	}
	if st.Finding != "" {
		lines = append(lines, st.Finding)
	}
	if st.Job != 0 {
		lines = append(lines, fmt.Sprintf("job %d: its ports at this step in colour, the others dimmed", st.Job))
	}
	for _, n := range s.notes {
		lines = append(lines, n.Text)
	}
	if st.JobRoutes && s.jr.note != "" {
		lines = append(lines, s.jr.note)
	}
	return lines
}

// otherHostPorts are the ports of a selected host name other than the one
// Lookup gave (its first): nil unless the label names a host of several
// ports.
func otherHostPorts(m *model.Model, label string, o model.Object) []model.PortRef {
	if o.Kind != model.KindNode {
		return nil
	}
	var out []model.PortRef
	for _, n := range m.HostNodes(label) {
		if p := m.NodePort(n); p != model.NoPort && p != o.Port {
			out = append(out, p)
		}
	}
	return out
}

// hostPorts says, for a host name of several ports, how many and which
// ("" for anything else).
func hostPorts(m *model.Model, label string, o model.Object) string {
	also := otherHostPorts(m, label, o)
	if len(also) == 0 {
		return ""
	}
	names := []string{m.Label(o.Port)}
	for _, p := range also {
		names = append(names, m.Label(p))
	}
	return fmt.Sprintf("host %s: %d ports (%s)", label, len(names), strings.Join(names, ", "))
}

// describe says what a label is, for the caption.
func describe(m *model.Model, label string) string {
	o, ok := m.Lookup(label)
	if !ok {
		return label
	}
	sw := &m.Switches[o.Switch]
	if o.Kind == model.KindSwitch {
		d := fmt.Sprintf("switch %s (plane %d row %d column %d)", sw.Label, sw.Plane, sw.Row, sw.Col)
		return d + hwsw(sw)
	}
	if h := hostPorts(m, label, o); h != "" {
		return h + "; the first: " + describePort(m, o)
	}
	return describePort(m, o)
}

// describePort says what a port is, for the caption.
func describePort(m *model.Model, o model.Object) string {
	spec := m.Spec(o.Port)
	d := fmt.Sprintf("port %s (%s, %s face)", m.Label(o.Port), spec.Role, spec.Face)
	if n, ok := m.Node(o.Port); ok {
		d += fmt.Sprintf(", node %d", n)
		if h := m.HostName(n); h != "" {
			d += " " + h
		}
	}
	if p := m.Peer(o.Port); p != model.NoPort {
		d += ", linked to " + m.Label(p)
	}
	return d
}

func hwsw(sw *model.Switch) string {
	var d string
	if sw.HW != "" {
		d += " hw " + sw.HW
	}
	if sw.SW != "" {
		d += " sw " + sw.SW
	}
	return d
}

// Frame is the scene of a state for an interactive viewer: the previous
// scene recoloured when only the step changed (recoloured = true: upload
// the colours only), else a newly built one.
func (s *Session) Frame(st *view.State) (sc *scene.Scene, recoloured bool, err error) {
	return s.sceneFor(st)
}

// Caption is the caption of the last scene built or recoloured: model
// name, step and time, layout and view, selection, route overlays.
func (s *Session) Caption(st *view.State) []string { return s.caption(st) }

// Legend is the legend of the last scene built or recoloured, nil when no
// data is shown.
func (s *Session) Legend(st *view.State) *data.Legend { return s.legend(st) }

// Style is the colours in use (the init file's, else the defaults).
func (s *Session) Style() scene.Style { return s.style }
