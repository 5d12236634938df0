package gui

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	ogl "github.com/go-gl/gl/v4.1-core/gl"
	"github.com/go-gl/glfw/v3.3/glfw"
	"github.com/inkyblackness/imgui-go/v4"

	"github.com/fabviz/fabviz/gui/ctl"
	"github.com/fabviz/fabviz/internal/textio"
	"github.com/fabviz/fabviz/model"
	"github.com/fabviz/fabviz/render/gl"
	"github.com/fabviz/fabviz/render/overlay"
	"github.com/fabviz/fabviz/render/scene"
	"github.com/fabviz/fabviz/render/snapshot"
	"github.com/fabviz/fabviz/view"
)

// Options start the viewer.
type Options struct {
	Model, Param, Job, Init string // files to load at start ("" = none)
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
	legend      *overlay.Legend
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
	paths   map[string]string     // kind → path loaded

	mouse mouseState
	p     panels
}

// shotFrames is how many frames are drawn before a screenshot is read:
// imgui sizes new windows on their first frames.
const shotFrames = 3

type shot struct {
	path     string
	frames   int
	lastTick float64
	line     int // script line that asked, for its error
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

// loop draws frames until the window closes, the script ends or
// Options.Frames frames are drawn; it returns the script's error.
func (a *App) loop() error {
	for !a.quit && !a.win.ShouldClose() {
		a.frame()
		a.frames++
		if a.opt.Frames > 0 && a.frames >= a.opt.Frames {
			break
		}
	}
	return a.err
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
	a := &App{opt: opt, win: win, player: ctl.NewPlayer(), watches: map[string]*ctl.Watch{}, paths: map[string]string{}}
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
	a.env = &env{Session: snapshot.New(opt.Stderr), app: a, ready: map[string]any{}}
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
	for _, c := range []struct{ kind, path string }{{"init", a.opt.Init}, {"model", a.opt.Model}, {"param", a.opt.Param}, {"job", a.opt.Job}} {
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
}

// frame is one turn of the main loop.
func (a *App) frame() {
	if a.idle() {
		glfw.WaitEventsTimeout(0.1) // nothing moves: sleep until input (or a follow look)
	} else {
		glfw.PollEvents()
	}
	a.pollTask()
	if a.busy == nil {
		a.pollFollow()
		if st, moved := a.player.Tick(a.dt(), a.in.State.Step, a.env.Steps()); moved {
			a.exec(ctl.Cmd{"step", fmt.Sprint(st)})
		}
		if a.shot == nil {
			a.scriptStep()
		}
	}
	if a.busy == nil && a.dirty {
		a.rebuild()
	}
	a.plat.newFrame()
	imgui.NewFrame()
	a.input()
	a.drawPanels()
	imgui.Render()
	a.draw3D()
	a.ui.draw(a.winSize(), a.fbSize(), imgui.RenderedDrawData())
	a.takeShot()
	a.win.SwapBuffers()
}

func (a *App) winSize() [2]float32 {
	w, h := a.win.GetSize()
	return [2]float32{float32(w), float32(h)}
}

func (a *App) fbSize() [2]float32 {
	w, h := a.win.GetFramebufferSize()
	return [2]float32{float32(w), float32(h)}
}

// viewport is the 3-D area right of the panels, in screen units.
func (a *App) viewport() (x, y, w, h float32) {
	ws := a.winSize()
	x = min(a.p.width, ws[0]-1)
	return x, 0, max(1, ws[0]-x), max(1, ws[1])
}

// rebuild makes or recolours the scene after a change.
func (a *App) rebuild() {
	a.dirty = false
	st := &a.in.State
	m := a.env.Model()
	if m == nil {
		a.sc, a.caption, a.legend = nil, []string{"no model loaded: choose one in the Files panel"}, nil
		return
	}
	if m != a.lastModel {
		a.win.SetTitle("fabviz — " + m.Name)
	}
	if m != a.lastModel || st.Layout != a.lastKind || st.Arrange != a.lastArrange {
		st.Camera = scene.DefaultCamera() // a new model or layout: fit it
		a.lastModel, a.lastKind, a.lastArrange = m, st.Layout, st.Arrange
	}
	sc, recoloured, err := a.env.Frame(st)
	if err != nil {
		a.frameErr = err.Error()
		return
	}
	a.frameErr = ""
	if recoloured {
		a.r.UpdateColors(sc)
	} else {
		a.r.Upload(sc)
		a.geom++
	}
	a.gen++
	a.sc = sc
	a.caption = a.env.Caption(st)
	a.legend = a.env.Legend(st)
}

// draw3D draws the scene into the viewport, fitting the camera first when
// its distance is 0.
func (a *App) draw3D() {
	fb, ws := a.fbSize(), a.winSize()
	bg := a.env.Style().Background
	if a.sc == nil || fb[0] <= 0 || ws[0] <= 0 {
		clear(bg)
		return
	}
	sx, sy := fb[0]/ws[0], fb[1]/ws[1]
	x, _, w, h := a.viewport()
	aspect := w / h
	cam := &a.in.State.Camera
	if a.busy == nil && cam.Distance <= 0 {
		cam.Fit(a.sc, aspect)
	}
	c := *cam
	if c.Distance <= 0 {
		c.Fit(a.sc, aspect)
	}
	centre, radius := a.sc.Sphere()
	px, pw, ph := int(x*sx), int(w*sx), int(h*sy)
	view, proj := c.View(), c.Proj(aspect, centre, radius)
	if a.moving() && a.animatingLines() && a.ensureLayers(int(fb[0]), int(fb[1])) {
		// Playing a model with many links: the links and cubes do not change
		// from step to step, so they are drawn once into a layer and only the
		// recoloured ports are drawn each frame over a copy of it.
		key := drawn{c, a.sc, a.geom, [3]int{px, pw, ph}, bg}
		if key != a.layerDrawn {
			a.static.Bind()
			clear3D(bg)
			a.r.DrawParts(view, proj, px, 0, pw, ph, gl.StaticParts)
			a.layerDrawn = key
		}
		clear(bg)
		a.static.CopyTo(a.work, px, 0, pw, ph)
		a.work.Bind()
		a.r.DrawParts(view, proj, px, 0, pw, ph, gl.DynamicParts)
		a.work.BlitTo(px, 0, pw, ph)
		return
	}
	if a.moving() || !a.ensureTarget(int(fb[0]), int(fb[1])) {
		// Animating or dragging: single-sampled, straight into the window.
		a.win.BindDefault()
		a.r.DrawViewport(view, proj, bg, px, 0, pw, ph)
		return
	}
	// Still: multisampled offscreen, resolved into the window. The target
	// keeps the picture, so it is drawn again only when something changed.
	clear(bg)
	key := drawn{c, a.sc, a.gen, [3]int{px, pw, ph}, bg}
	if key != a.drawn {
		a.target.Bind()
		a.r.DrawViewport(view, proj, bg, px, 0, pw, ph)
		a.drawn = key
	}
	a.target.BlitTo(px, 0, pw, ph)
}

// drawn is what the multisampled target holds a picture of.
type drawn struct {
	cam scene.Camera
	sc  *scene.Scene
	gen int
	vp  [3]int
	bg  scene.Color
}

// moving says whether the picture changes every frame: the animation is
// playing or the camera is being dragged. Then the scene is drawn without
// multisampling, which costs llvmpipe about half the frame on big models.
func (a *App) moving() bool { return a.player.Playing || (a.mouse.drag >= 0 && a.mouse.moved) }

// animatingLines says whether the static layer pays: the animation is
// playing (the camera is not being dragged) and the scene has many links.
func (a *App) animatingLines() bool {
	return a.player.Playing && !(a.mouse.drag >= 0 && a.mouse.moved) && a.r.NumLines() >= layerLines
}

// layerLines is how many links make the static layer worth its two copies
// a frame (measured on the fat tree: 16,384 links cost llvmpipe ~75 ms).
var layerLines = 2000

// ensureLayers keeps the two single-sampled targets of the static layer.
func (a *App) ensureLayers(w, h int) bool {
	if a.static != nil && a.static.W == w && a.static.H == h {
		return true
	}
	a.static.Release()
	a.work.Release()
	a.static, a.work, a.layerDrawn = nil, nil, drawn{}
	s, err := gl.NewTargetSamples(w, h, 1)
	if err != nil {
		return false
	}
	wk, err := gl.NewTargetSamples(w, h, 1)
	if err != nil {
		s.Release()
		return false
	}
	a.static, a.work = s, wk
	return true
}

// clear3D clears the bound framebuffer to the background.
func clear3D(bg scene.Color) {
	ogl.ClearColor(bg[0], bg[1], bg[2], 1)
	ogl.Clear(ogl.COLOR_BUFFER_BIT | ogl.DEPTH_BUFFER_BIT)
}

// ensureTarget keeps a multisampled target of the framebuffer's size.
func (a *App) ensureTarget(w, h int) bool {
	if a.target != nil && a.target.W == w && a.target.H == h {
		return true
	}
	a.target.Release()
	a.target = nil
	t, err := gl.NewTarget(w, h)
	if err != nil {
		return false
	}
	a.target, a.drawn = t, drawn{}
	return true
}

// takeShot writes a pending screenshot once enough frames are drawn; the
// back buffer holds the whole window, panels included.
func (a *App) takeShot() {
	if a.shot == nil {
		return
	}
	if a.shot.frames--; a.shot.frames > 0 {
		return
	}
	s := a.shot
	a.shot = nil
	if err := snapshot.WritePNG(s.path, a.win.Read()); err != nil {
		a.scriptFail(s.line, fmt.Errorf("screenshot: %w", err))
		a.p.console.Add("screenshot: "+err.Error(), true)
		return
	}
	a.p.console.Add("wrote "+s.path, false)
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
	a.p.files.msg = fmt.Sprintf("%s %s loaded", kind, filepath.Base(path))
	a.p.console.Add(ctl.Cmd{kind, path}.String(), false)
}

// pollFollow re-reads a followed log that has grown and goes to its last
// step.
func (a *App) pollFollow() {
	if !a.follow {
		return
	}
	now := time.Now()
	for _, kind := range []string{"param", "job"} {
		if w := a.watches[kind]; w != nil && w.Changed(now) {
			a.load(kind, w.Path, true)
			return
		}
	}
}

// script is a script being run in the window, a line a frame.
type script struct {
	file  string
	lines []scriptLine
	next  int
}

type scriptLine struct {
	n int
	f []textio.Field
}

func readScript(path string) (*script, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	s := &script{file: path}
	lr := textio.NewLineReader(path, f, 64<<10)
	for {
		line, err := lr.Next()
		if err == io.EOF {
			return s, nil
		}
		if err != nil {
			return nil, err
		}
		fields, err := textio.Fields(line)
		if err != nil {
			return nil, textio.Errorf(path, lr.Line(), "%v", err)
		}
		if len(fields) > 0 {
			s.lines = append(s.lines, scriptLine{lr.Line(), fields})
		}
	}
}

// scriptStep runs the next script line; at the end the window closes.
func (a *App) scriptStep() {
	s := a.script
	if s == nil {
		return
	}
	if s.next >= len(s.lines) {
		a.quit = true
		return
	}
	l := s.lines[s.next]
	s.next++
	words := make(ctl.Cmd, len(l.f))
	for i, f := range l.f {
		words[i] = f.Text
	}
	a.p.console.Add(fmt.Sprintf("%s:%d> %s", filepath.Base(s.file), l.n, words), false)
	if err := a.command(l.f); err != nil {
		a.p.console.Add(err.Error(), true)
		a.scriptFail(l.n, err)
	}
	if a.shot != nil {
		a.shot.line = l.n
	}
}

func (a *App) scriptFail(line int, err error) {
	if a.script == nil {
		return
	}
	a.err = &textio.Error{File: a.script.file, Line: line, Msg: err.Error(), Err: err}
	a.quit = true
}

// command runs one command of a script or the console: §6 commands through
// the interpreter, and the GUI's own (see docs/guide.md).
func (a *App) command(f []textio.Field) error {
	if len(f) == 0 {
		return nil
	}
	words := make(ctl.Cmd, len(f))
	for i, x := range f {
		words[i] = x.Text
	}
	if gc, ok := guiCommands[words[0]]; ok {
		if len(words)-1 != gc.args {
			return fmt.Errorf("%s: want %d argument(s), got %d (usage: %s)", words[0], gc.args, len(words)-1, gc.usage)
		}
		if err := gc.run(a, words[1:]); err != nil {
			return fmt.Errorf("%s: %w", words[0], err)
		}
		return nil
	}
	err := a.exec(words)
	if err == nil && words[0] == "select" {
		a.lookAt(words[1])
	}
	return err
}

type guiCommand struct {
	args  int
	usage string
	run   func(a *App, w []string) error
}

// guiCommands are commands of the window only (scripts run by `fabviz run`
// do not know them).
var guiCommands = map[string]guiCommand{
	// open loads a file as the Files panel does: in the background, an
	// error shown in the panel and the previous state kept; a script goes
	// on after it.
	"open": {2, "open model|param|job|init PATH", func(a *App, w []string) error {
		if _, err := choose(w[0], ctl.Kinds); err != nil {
			return err
		}
		a.load(w[0], w[1], false)
		return nil
	}},
	"panel": {2, "panel NAME open|closed", func(a *App, w []string) error {
		i, err := choose(w[0], panelNames)
		if err != nil {
			return err
		}
		j, err := choose(w[1], []string{"closed", "open"})
		if err != nil {
			return err
		}
		a.p.setOpen[i] = j + 1
		return nil
	}},
	"play":  {0, "play", func(a *App, _ []string) error { a.player.Playing = true; return nil }},
	"pause": {0, "pause", func(a *App, _ []string) error { a.player.Playing = false; return nil }},
	"follow": {1, "follow on|off", func(a *App, w []string) error {
		j, err := choose(w[0], []string{"off", "on"})
		a.follow = err == nil && j == 1
		return err
	}},
	"quit": {0, "quit", func(a *App, _ []string) error { a.quit = true; return nil }},
}

func choose(s string, names []string) (int, error) {
	for i, n := range names {
		if s == n {
			return i, nil
		}
	}
	return 0, fmt.Errorf("%q: want %s", s, strings.Join(names, " or "))
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

func textioFields(line string) ([]textio.Field, error) { return textio.Fields([]byte(line)) }

// dt is the time since the last frame, in seconds.
func (a *App) dt() float64 {
	now := glfw.GetTime()
	d := now - a.lastTick
	a.lastTick = now
	return d
}

// idle says whether the next frame can wait for input: nothing plays,
// loads, runs or is being dragged.
func (a *App) idle() bool {
	return !a.spin && !a.moving() && a.busy == nil && a.script == nil && a.shot == nil && a.mouse.drag < 0 && !a.dirty
}
