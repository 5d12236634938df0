package view

import (
	"fmt"
	"io"
	"maps"
	"math"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/fabviz/fabviz/internal/textio"
	"github.com/fabviz/fabviz/model"
	"github.com/fabviz/fabviz/render/scene"
)

// Env is what commands that touch files or loaded data need. Paths given to
// it are already resolved.
type Env interface {
	// Model is the loaded model, nil before one is loaded.
	Model() *model.Model
	LoadModel(path string) error
	LoadParam(path string) error
	LoadJob(path string) error
	LoadInit(path string) error
	// Steps is the number of time steps of the loaded data (0 = none).
	Steps() int
	Snapshot(path string, st *State) error
	Screenshot(path string, st *State) error
}

// Interp runs commands against a state and an environment.
type Interp struct {
	State State
	Env   Env
	// Dir is the directory relative paths are taken from ("" = working
	// directory): a script's own directory when running a script.
	Dir string
}

// New returns an interpreter in the initial state.
func New(env Env) *Interp { return &Interp{State: NewState(), Env: env} }

// maxScriptLine is the longest script line accepted.
const maxScriptLine = 64 << 10

// Run executes a script, stopping at the first bad command with a
// FILE:LINE: message error.
func (in *Interp) Run(file string, r io.Reader) error {
	lr := textio.NewLineReader(file, r, maxScriptLine)
	for {
		line, err := lr.Next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		fields, err := textio.Fields(line)
		if err != nil {
			return textio.Errorf(file, lr.Line(), "%v", err)
		}
		if err := in.Exec(fields); err != nil {
			return &textio.Error{File: file, Line: lr.Line(), Msg: err.Error(), Err: err}
		}
	}
}

// ExecLine executes one command given as text (the GUI's command line).
func (in *Interp) ExecLine(line string) error {
	fields, err := textio.Fields([]byte(line))
	if err != nil {
		return err
	}
	return in.Exec(fields)
}

// command is one entry of the vocabulary: its argument count and action.
type command struct {
	args  int
	usage string
	run   func(in *Interp, a []string) error
}

var commands map[string]command

func init() {
	commands = map[string]command{
		"model":          {1, "model PATH", func(in *Interp, a []string) error { return in.loadModel(a[0]) }},
		"param":          {1, "param PATH", func(in *Interp, a []string) error { return in.load(in.Env.LoadParam, a[0]) }},
		"job":            {1, "job PATH", func(in *Interp, a []string) error { return in.load(in.Env.LoadJob, a[0]) }},
		"init":           {1, "init PATH", func(in *Interp, a []string) error { return in.load(in.Env.LoadInit, a[0]) }},
		"step":           {1, "step N", (*Interp).step},
		"mode":           {1, "mode slice|running|total", (*Interp).mode},
		"range":          {2, "range MIN MAX", (*Interp).rangeCmd},
		"view":           {1, "view network|processor", (*Interp).view},
		"layout":         {1, "layout planar|torus", (*Interp).layout},
		"arrange":        {1, "arrange physical|logical", (*Interp).arrange},
		"plane":          {2, "plane P on|off", (*Interp).plane},
		"jobs":           {1, "jobs on|off", (*Interp).jobs},
		"route":          {2, "route SRC DST [LID-OFFSET]", (*Interp).route},
		"route-switches": {2, "route-switches A B", (*Interp).routeSwitches},
		"clear-routes":   {0, "clear-routes", func(in *Interp, _ []string) error { in.State.Routes = nil; return nil }},
		"select":         {1, "select LABEL | select job N", (*Interp).selectCmd},
		"camera":         {3, "camera AZIMUTH ELEVATION DISTANCE", (*Interp).camera},
		"size":           {2, "size W H", (*Interp).size},
		"snapshot":       {1, "snapshot PATH", func(in *Interp, a []string) error { return in.Env.Snapshot(in.path(a[0]), &in.State) }},
		"screenshot":     {1, "screenshot PATH", func(in *Interp, a []string) error { return in.Env.Screenshot(in.path(a[0]), &in.State) }},
		"diagnose":       {1, "diagnose N", (*Interp).diagnoseCmd},
	}
	maps.Copy(commands, analysisCommands()) // view/analysis.go
}

// Exec executes one command given as fields; an empty list does nothing.
func (in *Interp) Exec(f []textio.Field) error {
	if len(f) == 0 {
		return nil
	}
	name := f[0].Text
	c, ok := commands[name]
	if !ok {
		return fmt.Errorf("unknown command %q", name)
	}
	if n := len(f) - 1; n < c.args || n > c.args+moreArgs[name] {
		return fmt.Errorf("%s: want %d argument(s), got %d (usage: %s)", name, c.args, len(f)-1, c.usage)
	}
	args := make([]string, len(f)-1)
	for i := range args {
		args[i] = f[i+1].Text
	}
	if err := c.run(in, args); err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	return nil
}

// path resolves a relative path against Dir.
func (in *Interp) path(p string) string {
	if in.Dir == "" || filepath.IsAbs(p) {
		return p
	}
	return filepath.Join(in.Dir, p)
}

func (in *Interp) load(f func(string) error, p string) error { return f(in.path(p)) }

// loadModel loads a model and forgets what belonged to the previous one.
func (in *Interp) loadModel(p string) error {
	if err := in.Env.LoadModel(in.path(p)); err != nil {
		return err
	}
	in.State.Hidden = map[int]bool{}
	in.State.Routes = nil
	in.State.Select = ""
	in.State.Finding = ""
	in.State.Job = 0
	in.State.Pins = nil
	in.State.Step = 0
	return nil
}

func (in *Interp) needModel() (*model.Model, error) {
	m := in.Env.Model()
	if m == nil {
		return nil, fmt.Errorf("no model loaded (use `model PATH` first)")
	}
	return m, nil
}

func (in *Interp) step(a []string) error {
	n, err := strconv.Atoi(a[0])
	if err != nil || n < 0 {
		return fmt.Errorf("step %q: want a step number 0 or more", a[0])
	}
	if steps := in.Env.Steps(); steps > 0 && n >= steps {
		return fmt.Errorf("step %d is beyond the data: it has %d steps (0..%d)", n, steps, steps-1)
	}
	in.State.Step = n
	return nil
}

func choose(s string, names ...string) (int, error) {
	for i, n := range names {
		if s == n {
			return i, nil
		}
	}
	return 0, fmt.Errorf("%q: want %s", s, strings.Join(names, " or "))
}

func (in *Interp) mode(a []string) error {
	i, err := choose(a[0], modeNames[:]...)
	in.State.Mode = Mode(i)
	return err
}

func (in *Interp) rangeCmd(a []string) error {
	lo, err1 := strconv.ParseInt(a[0], 10, 64)
	hi, err2 := strconv.ParseInt(a[1], 10, 64)
	if err1 != nil || err2 != nil {
		return fmt.Errorf("%q %q: want two integers", a[0], a[1])
	}
	if lo >= hi {
		return fmt.Errorf("MIN %d must be less than MAX %d", lo, hi)
	}
	in.State.Range, in.State.HasRange = [2]int64{lo, hi}, true
	return nil
}

func (in *Interp) view(a []string) error {
	i, err := choose(a[0], "network", "processor")
	if err == nil {
		in.State.View = scene.ViewKind(i)
	}
	return err
}

func (in *Interp) layout(a []string) error {
	i, err := choose(a[0], "planar", "torus")
	if err == nil {
		in.State.Layout = scene.LayoutKind(i)
	}
	return err
}

func (in *Interp) arrange(a []string) error {
	i, err := choose(a[0], "physical", "logical")
	if err == nil {
		in.State.Arrange = scene.Arrangement(i)
	}
	return err
}

func onOff(s string) (bool, error) {
	i, err := choose(s, "off", "on")
	return i == 1, err
}

func (in *Interp) plane(a []string) error {
	m, err := in.needModel()
	if err != nil {
		return err
	}
	p, err := strconv.Atoi(a[0])
	if err != nil || p < 0 || p >= m.Planes {
		return fmt.Errorf("plane %q: the model has planes 0..%d", a[0], m.Planes-1)
	}
	on, err := onOff(a[1])
	if err != nil {
		return err
	}
	if on {
		delete(in.State.Hidden, p)
	} else {
		in.State.Hidden[p] = true
	}
	return nil
}

func (in *Interp) jobs(a []string) error {
	on, err := onOff(a[0])
	in.State.Jobs = on && err == nil
	return err
}

func (in *Interp) route(a []string) error {
	m, err := in.needModel()
	if err != nil {
		return err
	}
	req := RouteReq{A: a[0], B: a[1]}
	if len(a) == 3 {
		k, err := strconv.Atoi(a[2])
		if err != nil || k < 0 || k > 127 {
			return fmt.Errorf("LID offset %q: want 0..127 (a node with LMC k has offsets 0..2^k-1)", a[2])
		}
		req.Offset = k
	}
	var notes []string
	for i, n := range a[:2] {
		node, ok := m.NodeByName(n)
		if !ok {
			return fmt.Errorf("unknown node %q (want a node id, host name or processor port SWITCH.PORT)", n)
		}
		if ns := m.HostNodes(n); len(ns) > 1 {
			notes = append(notes, fmt.Sprintf("%s has %d ports: %s its first, %s", n, len(ns), [2]string{"from", "to"}[i], m.Label(m.NodePort(node))))
		}
	}
	req.Note = strings.Join(notes, "; ")
	in.State.Routes = append(in.State.Routes, req)
	return nil
}

func (in *Interp) routeSwitches(a []string) error {
	m, err := in.needModel()
	if err != nil {
		return err
	}
	for _, n := range a {
		if _, ok := m.SwitchByLabel(n); !ok {
			return fmt.Errorf("unknown switch %q", n)
		}
	}
	in.State.Routes = append(in.State.Routes, RouteReq{Switches: true, A: a[0], B: a[1]})
	return nil
}

func (in *Interp) selectCmd(a []string) error {
	m, err := in.needModel()
	if err != nil {
		return err
	}
	if len(a) == 2 {
		return in.selectJob(a)
	}
	if _, ok := m.Lookup(a[0]); !ok {
		return fmt.Errorf("unknown label %q (want a port SWITCH.PORT, a switch or a host name)", a[0])
	}
	in.State.Select = a[0]
	return nil
}

func (in *Interp) camera(a []string) error {
	var v [3]float64
	for i, s := range a {
		f, err := strconv.ParseFloat(s, 64)
		if err != nil || math.IsNaN(f) || math.IsInf(f, 0) || math.Abs(f) > 1e9 {
			return fmt.Errorf("%q: want a number", s)
		}
		v[i] = f
	}
	if v[1] < -90 || v[1] > 90 {
		return fmt.Errorf("elevation %g: want -90..90 degrees", v[1])
	}
	if v[2] < 0 {
		return fmt.Errorf("distance %g: want 0 (fit all) or more", v[2])
	}
	c := &in.State.Camera
	c.Azimuth, c.Elevation, c.Distance = float32(v[0]), float32(v[1]), float32(v[2])
	return nil
}

func (in *Interp) size(a []string) error {
	w, err1 := strconv.Atoi(a[0])
	h, err2 := strconv.Atoi(a[1])
	if err1 != nil || err2 != nil {
		return fmt.Errorf("%q %q: want two whole numbers", a[0], a[1])
	}
	if w < 1 || h < 1 || w > MaxSide || h > MaxSide || w*h > MaxPixels {
		return fmt.Errorf("%d×%d: each side must be 1..%d and the image at most %d pixels", w, h, MaxSide, MaxPixels)
	}
	in.State.Width, in.State.Height = w, h
	return nil
}

// Usages lists the usage of every command, sorted by name (the GUI's Help
// panel shows them).
func Usages() []string {
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	slices.Sort(names)
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = commands[n].usage
	}
	return out
}
