package snapshot

import (
	"fmt"
	"image"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/fabviz/fabviz/model"
	"github.com/fabviz/fabviz/render/gl"
	"github.com/fabviz/fabviz/render/overlay"
	"github.com/fabviz/fabviz/render/scene"
	"github.com/fabviz/fabviz/routes"
	"github.com/fabviz/fabviz/view"
)

// Session is a headless viewer. Its GL context is made on the first
// snapshot, on the calling goroutine's thread; every later call must come
// from the same goroutine. Release frees it.
type Session struct {
	// Warn receives problems that do not stop a snapshot (a route that
	// does not trace is left out and reported here).
	Warn io.Writer

	model   *model.Model
	routes  *routes.Set         // opened on the first route overlay
	notes   []string            // route summaries for the caption of the current snapshot
	layouts [2][2]*scene.Layout // by kind and arrangement
	style   scene.Style
	d       dataState
	last    *scene.Scene // the previous picture's scene, for recolouring
	lastKey string
	ctx     *gl.Headless
	r       *gl.Renderer
}

// New returns a session with no model loaded.
func New(warn io.Writer) *Session {
	if warn == nil {
		warn = io.Discard
	}
	return &Session{Warn: warn, style: scene.DefaultStyle}
}

// Release frees the GL renderer and context.
func (s *Session) Release() {
	if s.ctx != nil {
		s.ctx.MakeCurrent() // free our objects, not another context's
	}
	if s.r != nil {
		s.r.Release()
		s.r = nil
	}
	if s.ctx != nil {
		s.ctx.Release()
		s.ctx = nil
	}
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
	s.layouts = [2][2]*scene.Layout{}
}

// Screenshot is GUI-only.
func (s *Session) Screenshot(path string, _ *view.State) error {
	return fmt.Errorf("screenshot needs the GUI window; use snapshot for the 3-D scene")
}

// Snapshot renders the state and writes it as a PNG.
func (s *Session) Snapshot(path string, st *view.State) error {
	img, err := s.Render(st)
	if err != nil {
		return err
	}
	return WritePNG(path, img)
}

// WritePNG writes through a temporary file so a failed write leaves no
// half-written picture.
func WritePNG(path string, img image.Image) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), ".fabviz-*.png")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if err := png.Encode(tmp, img); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if err := os.Chmod(tmp.Name(), 0o644); err != nil { // CreateTemp made it private
		return err
	}
	return os.Rename(tmp.Name(), path)
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
	}
	if err := s.applyData(st, &in); err != nil {
		return nil, err
	}
	in.Routes = s.traceAll(st)
	return scene.Build(in)
}

// traceAll traces the requested overlays; one that fails is reported on
// Warn and left out.
func (s *Session) traceAll(st *view.State) []scene.Route {
	var out []scene.Route
	s.notes = s.notes[:0]
	for _, r := range st.Routes {
		got, err := s.trace(r)
		if err != nil {
			fmt.Fprintf(s.Warn, "%s: %v; drawn without it\n", r, err)
			continue
		}
		out = append(out, got...)
	}
	return out
}

// trace turns a route request into overlay routes: the one route between
// two nodes, or every distinct path between two switches.
func (s *Session) trace(r view.RouteReq) ([]scene.Route, error) {
	m := s.model
	if s.routes == nil {
		set, err := routes.Open(m)
		if err != nil {
			return nil, err
		}
		s.routes = set
	}
	if r.Switches {
		a, okA := m.SwitchByLabel(r.A)
		b, okB := m.SwitchByLabel(r.B)
		if !okA || !okB {
			return nil, fmt.Errorf("unknown switch")
		}
		paths, err := s.routes.Between(a, b)
		if err != nil {
			return nil, err
		}
		out := make([]scene.Route, 0, len(paths))
		counts := make([]string, 0, len(paths))
		for _, p := range paths {
			out = append(out, scene.Route{Ports: hopPorts(m, p.Hops), Color: s.style.Route})
			counts = append(counts, fmt.Sprint(p.Routes))
		}
		s.notes = append(s.notes, fmt.Sprintf("%s: %d distinct paths (routes on each: %s)", r, len(paths), strings.Join(counts, ", ")))
		return out, nil
	}
	src, okS := m.NodeByName(r.A)
	dst, okD := m.NodeByName(r.B)
	if !okS || !okD {
		return nil, fmt.Errorf("unknown node")
	}
	hops, err := s.routes.Trace(src, dst)
	if err != nil {
		return nil, err
	}
	s.notes = append(s.notes, fmt.Sprintf("%s: %d hops", r, len(hops)))
	return []scene.Route{{Ports: hopPorts(m, hops), Color: s.style.Route}}, nil
}

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

// Render draws a state into a picture with caption and legend.
// When only the step differs from the previous picture (movie frames), the
// scene and its GL buffers are kept and only the colours are rewritten.
func (s *Session) Render(st *view.State) (*image.RGBA, error) {
	if err := s.initGL(); err != nil {
		return nil, err
	}
	sc, recoloured, err := s.sceneFor(st)
	if err != nil {
		return nil, err
	}
	if recoloured {
		s.r.UpdateColors(sc)
	} else {
		s.r.Upload(sc)
	}
	img, err := gl.RenderUploaded(s.r, sc, st.Camera, st.Width, st.Height, s.style.Background)
	if err != nil {
		return nil, err
	}
	overlay.Draw(img, s.caption(st), s.legend(st), textColor(s.style.Background))
	return img, nil
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
		s.model, s.d.param, s.d.jobs, s.d.init, s.style, st.Layout, st.Arrange, st.View, st.Mode, st.Range, st.HasRange, st.Jobs, hidden, fmt.Sprint(st.Routes)+"|"+st.Select)
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

func (s *Session) initGL() error {
	if s.r != nil {
		return s.ctx.MakeCurrent()
	}
	ctx, err := gl.NewHeadless()
	if err != nil {
		return err
	}
	r, err := gl.NewRenderer()
	if err != nil {
		ctx.Release()
		return err
	}
	s.ctx, s.r = ctx, r
	return nil
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
	return append(lines, s.notes...)
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

// textColor is black or white, whichever stands out on the background.
func textColor(bg scene.Color) scene.Color {
	if 0.3*bg[0]+0.59*bg[1]+0.11*bg[2] > 0.5 {
		return scene.Color{0, 0, 0}
	}
	return scene.Color{1, 1, 1}
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
func (s *Session) Legend(st *view.State) *overlay.Legend { return s.legend(st) }

// Style is the colours in use (the init file's, else the defaults).
func (s *Session) Style() scene.Style { return s.style }
