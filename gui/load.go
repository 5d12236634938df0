package gui

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"time"

	"github.com/fabviz/fabviz/data"
	"github.com/fabviz/fabviz/gui/ctl"
	"github.com/fabviz/fabviz/internal/pngfile"
	"github.com/fabviz/fabviz/model"
	"github.com/fabviz/fabviz/render/gl"
	"github.com/fabviz/fabviz/render/overlay"
	"github.com/fabviz/fabviz/session"
	"github.com/fabviz/fabviz/view"
)

// env is the viewer's view.Env: the headless session's loading, scene
// building and captions, with a window screenshot, and files that a
// background load has already read handed over instead of read again.
type env struct {
	*session.Session
	app   *App
	ready map[string]any // "kind\x00path" → *model.Model or *data.Series
}

func (e *env) take(kind, path string) (any, bool) {
	v, ok := e.ready[kind+"\x00"+path]
	delete(e.ready, kind+"\x00"+path)
	return v, ok
}

func (e *env) LoadModel(path string) error {
	if v, ok := e.take("model", path); ok {
		e.Session.SetModel(v.(*model.Model))
		return nil
	}
	return e.Session.LoadModel(path)
}

func (e *env) LoadParam(path string) error {
	if v, ok := e.take("param", path); ok {
		return e.Session.SetParam(v.(*data.Series))
	}
	return e.Session.LoadParam(path)
}

func (e *env) LoadJob(path string) error {
	if v, ok := e.take("job", path); ok {
		return e.Session.SetJob(v.(*data.Series))
	}
	return e.Session.LoadJob(path)
}

// Snapshot draws the state's 3-D scene with its caption and legend, as
// `fabviz snapshot` does, with the window's GL context, and writes it.
func (e *env) Snapshot(path string, st *view.State) error {
	a := e.app
	sc, recoloured, err := e.Frame(st)
	if err != nil {
		return err
	}
	a.install(sc, recoloured)
	pl, ph, err := e.PlotStrip(st)
	if err != nil {
		return err
	}
	img, err := gl.Picture(a.r, sc, st.Camera, st.Width, st.Height-ph, e.Style().Background, e.Caption(st), e.PictureLegend(st))
	if err == nil && pl != nil {
		img = overlay.StackPlot(img, pl, ph, e.PlotStyle())
	}
	a.win.BindDefault()
	if err != nil {
		return err
	}
	a.redraw()
	return pngfile.Write(path, img)
}

// Screenshot asks the window for a picture of its next complete frame.
func (e *env) Screenshot(path string, _ *view.State) error {
	e.app.shot = &shot{path: path, frames: shotFrames}
	return nil
}

// load starts reading a file in the background (Files panel, follow mode);
// init files are small and read at once.
func (a *App) load(kind, path string, follow bool) {
	if a.busy != nil {
		return
	}
	if kind == "init" {
		a.loaded(kind, path, a.exec(ctl.Cmd{"init", path}))
		return
	}
	if a.in.Dir != "" && !filepath.IsAbs(path) {
		path = filepath.Join(a.in.Dir, path)
	}
	if abs, err := filepath.Abs(path); err == nil {
		path = abs // the command that installs it must not resolve it again
	}
	a.busy = startLoad(kind, path, a.env.Model())
	a.busy.follow = follow
}

// pollTask installs a finished background load through its command; an
// error leaves the previous state and is shown in the Files panel.
func (a *App) pollTask() {
	t := a.busy
	if t == nil {
		return
	}
	select {
	case r := <-t.done:
		a.busy = nil
		if r.err == nil {
			a.env.ready[t.kind+"\x00"+t.path] = r.v
			r.err = a.exec(ctl.Cmd{t.kind, t.path})
			delete(a.env.ready, t.kind+"\x00"+t.path)
		}
		if r.err == nil && t.follow {
			if n := a.env.Steps(); n > 0 {
				a.exec(ctl.Cmd{"step", fmt.Sprint(n - 1)})
			}
		}
		if !t.follow || r.err != nil {
			a.loaded(t.kind, t.path, r.err)
		}
	default:
	}
}

// loaded reports a load in the Files panel and the console.
func (a *App) loaded(kind, path string, err error) {
	if err != nil {
		a.p.files.err = err.Error()
		a.p.console.Add(err.Error(), true)
		return
	}
	a.p.files.err = ""
	a.p.files.msg = strings.Join(append([]string{fmt.Sprintf("%s %s loaded", kind, filepath.Base(path))}, a.notes...), "\n")
	a.notes = nil
	a.p.console.Add(ctl.Cmd{kind, path}.String(), false)
}

// noteWriter takes the core's notes (a route left out, a file of another
// study unloaded): each line goes to the console and stderr, and is kept
// for the Files panel's message of the load that caused it.
type noteWriter struct{ a *App }

func (w noteWriter) Write(b []byte) (int, error) {
	w.a.opt.Stderr.Write(b)
	for _, l := range strings.Split(strings.TrimRight(string(b), "\n"), "\n") {
		w.a.p.console.Add(l, true)
		w.a.notes = append(w.a.notes, l)
	}
	return len(b), nil
}

// pollFollow re-reads a followed log that has grown and goes to its last
// step.
func (a *App) pollFollow() {
	if !a.follow {
		return
	}
	now := time.Now()
	for _, kind := range []string{"param", "job"} {
		if w := a.watches[kind]; w != nil && w.Changed(now) && a.busy == nil && a.env.Model() != nil {
			f := a.followers[kind]
			if f == nil {
				f = data.FollowLog(w.Path)
				a.followers[kind] = f
			}
			a.busy = startFollow(kind, w.Path, a.env.Model(), f)
			return
		}
	}
}

// task is a file being read in the background. The reading goroutine
// touches nothing of the viewer's; the result comes back on done and the
// main thread installs it through the §6 command of its kind.
type task struct {
	kind, path string
	total      int64
	read       atomic.Int64
	done       chan result
	follow     bool // a follow-mode re-read: go to the last step after
}

type result struct {
	v   any
	err error
}

// progress is how much of the file has been read, 0..1.
func (t *task) progress() float32 {
	if t.total <= 0 {
		return 0
	}
	return min(1, float32(t.read.Load())/float32(t.total))
}

// counter counts the bytes read through it.
type counter struct {
	r io.Reader
	n *atomic.Int64
}

func (c counter) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n.Add(int64(n))
	return n, err
}

// startLoad reads a model, parameter or job file in the background; m is
// the model data files are bound to (read-only in the goroutine).
func startLoad(kind, path string, m *model.Model) *task {
	t := &task{kind: kind, path: path, done: make(chan result, 1)}
	if fi, err := os.Stat(path); err == nil {
		t.total = fi.Size()
	}
	go func() {
		v, err := read(t, m)
		t.done <- result{v, err}
	}()
	return t
}

// startFollow reads what a followed log appended since the last look, in
// the background, and binds the whole log to the model again: no line is
// parsed twice.
func startFollow(kind, path string, m *model.Model, f *data.LogFollower) *task {
	t := &task{kind: kind, path: path, done: make(chan result, 1), follow: true}
	go func() {
		lg, _, _, err := f.Poll()
		if err != nil {
			t.done <- result{nil, err}
			return
		}
		k := data.Param
		if kind == "job" {
			k = data.Job
		}
		s, err := lg.Bind(m, data.Options{Kind: k})
		t.done <- result{s, err}
	}()
	return t
}

func read(t *task, m *model.Model) (any, error) {
	f, err := os.Open(t.path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	r := counter{f, &t.read}
	switch t.kind {
	case "model":
		return model.Parse(t.path, r)
	case "param", "job":
		if m == nil {
			return nil, fmt.Errorf("no model loaded (load a model first)")
		}
		k := data.Param
		if t.kind == "job" {
			k = data.Job
		}
		return data.Read(t.path, r, m, data.Options{Kind: k})
	}
	return nil, fmt.Errorf("%s files are read directly", t.kind)
}

// ExportPlot writes the state's time-series plot alone as a PNG, drawn as
// the pictures draw it.
func (e *env) ExportPlot(path string, st *view.State) error {
	pl, err := e.NeedPlot(st)
	if err != nil {
		return err
	}
	return pngfile.Write(path, overlay.PlotImage(pl, st.Width, st.Height, e.PlotStyle()))
}
