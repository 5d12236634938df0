package gui

import (
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"time"

	"github.com/go-gl/glfw/v3.3/glfw"
	"github.com/inkyblackness/imgui-go/v4"

	"github.com/fabviz/fabviz/data"
	"github.com/fabviz/fabviz/gui/ctl"
	"github.com/fabviz/fabviz/model"
	"github.com/fabviz/fabviz/render/gl"
	"github.com/fabviz/fabviz/render/scene"
	"github.com/fabviz/fabviz/session"
	"github.com/fabviz/fabviz/view"
)

// Options start the viewer.
type Options struct {
	Model, Param, Job, Init string // files to load at start ("" = none)
	Logs                    string // a collector's log directory to load at start
	Script                  string // run this script in the window, then close
	Width, Height           int    // window size in screen units (0 = 1280×800)
	Stderr                  io.Writer
	// Frames, when > 0, closes the window after that many frames (tests
	// and benchmarks).
	Frames int
}

// App is the running viewer. Everything in it belongs to the main thread,
// the one that opened the window; only task goroutines read files.
type App struct {
	opt          Options
	win          *gl.Window
	ctx          *imgui.Context
	io           imgui.IO
	plat         *platform
	ui           *uiRenderer
	r            *gl.Renderer
	target       *gl.Target // multisampled 3-D pass when the picture is still
	drawn        drawn      // what target holds
	gen          int        // counts scene uploads and recolourings
	geom         int        // counts scene uploads (new geometry)
	static, work *gl.Target // the static layer and the frame drawn over its copy
	layerDrawn   drawn      // what static holds
	env          *env
	in           *view.Interp

	sc          *scene.Scene // the scene uploaded to r
	dirty       bool         // the state or the data changed: rebuild or recolour
	lastModel   *model.Model
	lastKind    scene.LayoutKind
	lastArrange scene.Arrangement
	caption     []string
	legend      *data.Legend
	frameErr    string

	busy     *task
	shot     *shot
	script   *script
	err      error // the script's error, returned by Run
	quit     bool
	frames   int
	lastTick float64
	spin     bool // never wait for input (benchmarks)

	player  ctl.Player
	follow  bool
	watches map[string]*ctl.Watch // kind → watch on the loaded log
	// followers read only what a followed log appended (kind → follower
	// of the log loaded as that kind)
	followers map[string]*data.LogFollower
	paths     map[string]string // kind → path loaded

	mouse mouseState
	// camSeen is the camera at the last look (reducing); camMovedAt is
	// when the user last moved it (glfw time); reduced says the last 3-D
	// picture was of a moving camera (reduced detail, or single-sampled),
	// so a still one must follow.
	camSeen    scene.Camera
	camMovedAt float64
	reduced    bool
	p          panels

	notes        []string // the core's notes since the last load was reported
	toDraw       int      // frames still to draw after a change
	seenInput    int      // the platform's input count at the last look
	drawsDone    int      // frames drawn and skipped (tests, docs/benchmarks.md)
	drawsSkipped int
}

// Run opens the viewer and returns when the window is closed or the script
// ends (with the script's error, if any).
func Run(opt Options) error {
	a, err := newApp(opt)
	if err != nil {
		return err
	}
	defer a.release()
	if err := a.start(); err != nil {
		return err
	}
	return a.loop()
}

func newApp(opt Options) (*App, error) {
	if opt.Width <= 0 || opt.Height <= 0 {
		opt.Width, opt.Height = 1280, 800
	}
	if opt.Stderr == nil {
		opt.Stderr = os.Stderr
	}
	win, err := gl.NewWindowSamples("fabviz", opt.Width, opt.Height, 0)
	if err != nil {
		return nil, err
	}
	glfw.SwapInterval(1)
	a := &App{opt: opt, win: win, player: ctl.NewPlayer(), watches: map[string]*ctl.Watch{}, followers: map[string]*data.LogFollower{}, paths: map[string]string{},
		camMovedAt: math.Inf(-1)}
	a.ctx = imgui.CreateContext(nil)
	a.io = imgui.CurrentIO()
	a.io.SetIniFilename("") // panel places are ours, not a file's
	imgui.StyleColorsDark()
	a.plat = newPlatform(win.Window, a.io)
	if a.ui, err = newUIRenderer(a.io); err != nil {
		a.release()
		return nil, err
	}
	if a.r, err = gl.NewRenderer(); err != nil {
		a.release()
		return nil, err
	}
	a.env = &env{Session: session.New(noteWriter{a}), app: a, ready: map[string]any{}}
	a.in = view.New(a.env)
	a.p = newPanels()
	// Files dropped on the window load as if chosen in the Files panel,
	// their kind guessed from the name.
	win.SetDropCallback(func(_ *glfw.Window, names []string) {
		if len(names) > 0 {
			a.load(ctl.KindOf(names[0]), names[0], false)
		}
	})
	return a, nil
}

func (a *App) release() {
	if a.r != nil {
		a.r.Release()
	}
	a.target.Release()
	a.static.Release()
	a.work.Release()
	if a.ui != nil {
		a.ui.release()
	}
	if a.plat != nil {
		a.plat.release()
	}
	if a.ctx != nil {
		a.ctx.Destroy()
	}
	a.win.Release()
}

// start loads the files named on the command line (in the order init,
// model, param, job, as `fabviz snapshot` does) and reads the script.
func (a *App) start() error {
	if a.opt.Init == "" {
		if err := a.env.LoadDefaultInit(); err != nil {
			return err
		}
	}
	for _, c := range []struct{ kind, path string }{{"init", a.opt.Init}, {"model", a.opt.Model}, {"logs", a.opt.Logs}, {"param", a.opt.Param}, {"job", a.opt.Job}} {
		if c.path == "" {
			continue
		}
		if err := a.exec(ctl.Cmd{c.kind, c.path}); err != nil {
			return fmt.Errorf("-%s: %w", c.kind, err)
		}
	}
	a.p.files.browser = ctl.NewBrowser(a.startDir("model"))
	if a.opt.Script != "" {
		s, err := readScript(a.opt.Script)
		if err != nil {
			return err
		}
		a.script = s
		a.in.Dir = filepath.Dir(a.opt.Script)
	}
	a.dirty = true
	return nil
}

func (a *App) startDir(kind string) string {
	in := a.env.Init()
	wd, _ := os.Getwd()
	return ctl.StartDir(kind, in.ModelDir, in.DataDir, wd)
}

// exec runs a command through the interpreter and remembers the files
// loaded (for follow mode).
func (a *App) exec(c ctl.Cmd) error {
	err := a.in.Exec(c.Fields())
	a.dirty = true
	if err == nil && len(c) == 2 {
		switch c[0] {
		case "model":
			a.paths = map[string]string{"model": c[1]}
			a.watches = map[string]*ctl.Watch{}
		case "param", "job":
			a.paths[c[0]] = c[1]
			a.watch(c[0], c[1])
		}
	}
	return err
}

// watch starts following a loaded file when it is a §5 log.
func (a *App) watch(kind, path string) {
	delete(a.watches, kind)
	p := path
	if a.in.Dir != "" && !filepath.IsAbs(p) {
		p = filepath.Join(a.in.Dir, p)
	}
	if ctl.IsLog(p) {
		a.watches[kind] = ctl.NewWatch(p, time.Second)
	}
	if f := a.followers[kind]; f != nil && f.Path() != p {
		delete(a.followers, kind) // another file: follow it from its start
	}
}

// lookAt turns the camera to a labelled object (keeping its distance).
func (a *App) lookAt(label string) {
	m := a.env.Model()
	if m == nil || a.sc == nil {
		return
	}
	o, ok := m.Lookup(label)
	if !ok {
		return
	}
	if p, ok := a.sc.Locate(o); ok {
		cam := &a.in.State.Camera
		if cam.Distance <= 0 {
			_, _, w, h := a.viewport()
			cam.Fit(a.sc, w/h)
		}
		cam.Target = p
	}
}
