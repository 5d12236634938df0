package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/fabviz/fabviz/headless"
	"github.com/fabviz/fabviz/internal/textio"
	"github.com/fabviz/fabviz/view"
)

// multi is a repeatable string flag.
type multi []string

func (m *multi) String() string     { return strings.Join(*m, " ") }
func (m *multi) Set(s string) error { *m = append(*m, s); return nil }

// snapFlags are the snapshot flags: one per §6 command, plus -steps and -o.
type snapFlags struct {
	param, job, init, step, mode, rng, view, layout, arrange, hide, sel, camera, size, steps, out string
	logs, counter, selJob                                                                         string
	jobs, plot, jobRoutes                                                                         bool
	routes, routeSw                                                                               multi
	prom                                                                                          promFlags
}

func (f *snapFlags) define(fs *flag.FlagSet) {
	fs.StringVar(&f.param, "param", "", "parameter file or log (§3, §5)")
	fs.StringVar(&f.job, "job", "", "job file or log")
	fs.StringVar(&f.logs, "logs", "", "a collector's log directory: every counter log and the job log")
	fs.StringVar(&f.counter, "counter", "", "the counter of -logs to show (default: the first by name)")
	fs.StringVar(&f.selJob, "select-job", "", "select job N: its ports in colour, the rest dimmed, its band in the plot")
	fs.BoolVar(&f.plot, "plot", false, "draw the time-series plot of the selection below the scene")
	fs.BoolVar(&f.jobRoutes, "job-routes", false, "draw the links the jobs' routes use in the jobs' colours")
	fs.StringVar(&f.init, "init", "", "initialisation file (§4); default ./fabviz.ini when present")
	fs.StringVar(&f.step, "step", "", "time step N (0-based)")
	fs.StringVar(&f.mode, "mode", "", "display mode: slice, running or total")
	fs.StringVar(&f.rng, "range", "", "range of interest MIN,MAX")
	fs.StringVar(&f.view, "view", "", "network or processor")
	fs.StringVar(&f.layout, "layout", "", "planar or torus")
	fs.StringVar(&f.arrange, "arrange", "", "physical or logical rows (model's logical-row lines)")
	fs.StringVar(&f.hide, "hide-planes", "", "planes to hide, e.g. 0,2")
	fs.BoolVar(&f.jobs, "jobs", false, "colour by job (job boxes when -param is given too)")
	fs.Var(&f.routes, "route", "overlay the route SRC:DST between two nodes, or SRC:DST:K to DST's LID offset K (repeatable)")
	fs.Var(&f.routeSw, "route-switches", "overlay the routes A:B between two switches (repeatable)")
	fs.StringVar(&f.sel, "select", "", "highlight a port, switch or host by label")
	fs.StringVar(&f.camera, "camera", "", "AZ,EL,DIST in degrees, degrees, scene units (DIST 0 = fit all)")
	fs.StringVar(&f.size, "size", "", "image size WxH")
	fs.StringVar(&f.steps, "steps", "", "render steps A-B, one file each; -o needs a %d verb such as frame%04d.png")
	fs.StringVar(&f.out, "o", "", "output PNG")
	f.prom.register(fs)
}

// parseSnapshotArgs accepts MODEL before, after or between the flags.
func parseSnapshotArgs(args []string, stderr io.Writer) (*snapFlags, string, error) {
	var f snapFlags
	fs := flag.NewFlagSet("fabviz snapshot", flag.ContinueOnError)
	fs.SetOutput(stderr)
	f.define(fs)
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: fabviz snapshot MODEL [flags] -o OUT.png")
		fs.PrintDefaults()
	}
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, "", err
		}
		if fs.NArg() == 0 {
			break
		}
		pos = append(pos, fs.Arg(0))
		args = fs.Args()[1:]
	}
	if len(pos) != 1 {
		fs.Usage()
		return nil, "", fmt.Errorf("want exactly one MODEL, got %d", len(pos))
	}
	if f.out == "" {
		return nil, "", errors.New("-o OUT.png is required")
	}
	return &f, pos[0], nil
}

// cmdLine is one §6 command made from a flag, with the flag for messages.
type cmdLine struct {
	flag   string
	fields []string
}

// script turns the flags into §6 commands, in the order they must run.
func (f *snapFlags) script(modelPath string) ([]cmdLine, error) {
	var out []cmdLine
	add := func(flag string, fields ...string) { out = append(out, cmdLine{flag, fields}) }
	if f.init != "" {
		add("-init", "init", f.init)
	}
	add("MODEL", "model", modelPath)
	if f.logs != "" {
		add("-logs", "logs", f.logs)
	}
	if f.counter != "" {
		add("-counter", "counter", f.counter)
	}
	if f.param != "" {
		add("-param", "param", f.param)
	}
	if f.job != "" {
		add("-job", "job", f.job)
	}
	pairs := []struct{ flag, cmd, val string }{
		{"-mode", "mode", f.mode}, {"-view", "view", f.view}, {"-layout", "layout", f.layout}, {"-arrange", "arrange", f.arrange},
		{"-select", "select", f.sel},
	}
	for _, p := range pairs {
		if p.val != "" {
			add(p.flag, p.cmd, p.val)
		}
	}
	if f.rng != "" {
		add("-range", append([]string{"range"}, strings.Split(f.rng, ",")...)...)
	}
	if f.hide != "" {
		for _, p := range strings.Split(f.hide, ",") {
			add("-hide-planes", "plane", strings.TrimSpace(p), "off")
		}
	}
	if f.jobs {
		add("-jobs", "jobs", "on")
	}
	if f.selJob != "" {
		add("-select-job", "select", "job", f.selJob)
	}
	if f.plot {
		add("-plot", "plot", "on")
	}
	if f.jobRoutes {
		add("-job-routes", "job-routes", "on")
	}
	for _, r := range f.routes {
		ends := strings.Split(r, ":")
		if len(ends) != 2 && len(ends) != 3 {
			return nil, fmt.Errorf("-route %q: want SRC:DST or SRC:DST:LID-OFFSET", r)
		}
		add("-route", append([]string{"route"}, ends...)...)
	}
	for _, r := range f.routeSw {
		a, b, ok := strings.Cut(r, ":")
		if !ok {
			return nil, fmt.Errorf("-route-switches %q: want A:B", r)
		}
		add("-route-switches", "route-switches", a, b)
	}
	if f.camera != "" {
		add("-camera", append([]string{"camera"}, strings.Split(f.camera, ",")...)...)
	}
	if f.size != "" {
		w, h, ok := strings.Cut(strings.ToLower(f.size), "x")
		if !ok {
			return nil, fmt.Errorf("-size %q: want WxH, e.g. 1920x1080", f.size)
		}
		add("-size", "size", w, h)
	}
	if f.step != "" {
		add("-step", "step", f.step)
	}
	return out, nil
}

// frames are the steps to draw and the file each goes to.
func (f *snapFlags) frames() ([]int, []string, error) {
	if f.steps == "" {
		return []int{-1}, []string{f.out}, nil
	}
	a, b, ok := strings.Cut(f.steps, "-")
	lo, err1 := strconv.Atoi(a)
	hi, err2 := strconv.Atoi(b)
	if !ok || err1 != nil || err2 != nil || lo < 0 || hi < lo {
		return nil, nil, fmt.Errorf("-steps %q: want A-B with 0 <= A <= B", f.steps)
	}
	if !strings.Contains(f.out, "%") {
		return nil, nil, fmt.Errorf("-o %q: with -steps the name needs a step verb such as frame%%04d.png", f.out)
	}
	var steps []int
	var names []string
	for s := lo; s <= hi; s++ {
		steps = append(steps, s)
		names = append(names, fmt.Sprintf(f.out, s))
	}
	return steps, names, nil
}

func snapshotCmd(args []string, stderr io.Writer) int {
	f, modelPath, err := parseSnapshotArgs(args, stderr)
	if err != nil {
		if err == flag.ErrHelp {
			return 0
		}
		fmt.Fprintf(stderr, "fabviz snapshot: %v\n", err)
		return 2
	}
	if err := snapshotRun(f, modelPath, stderr); err != nil {
		fmt.Fprintf(stderr, "fabviz snapshot: %v\n", err)
		return 1
	}
	return 0
}

func snapshotRun(f *snapFlags, modelPath string, stderr io.Writer) error {
	if f.prom.url != "" {
		if f.param != "" {
			return errors.New("-prom takes the place of -param")
		}
		path, cleanup, err := f.prom.fetch(modelPath, stderr)
		if err != nil {
			return fmt.Errorf("-prom: %w", err)
		}
		defer cleanup()
		f.param = path
	}
	cmds, err := f.script(modelPath)
	if err != nil {
		return err
	}
	steps, names, err := f.frames()
	if err != nil {
		return err
	}
	s := headless.New(stderr)
	defer s.Release()
	if f.init == "" {
		if err := s.LoadDefaultInit(); err != nil {
			return err
		}
	}
	in := view.New(s)
	for _, c := range cmds {
		if err := in.Exec(fields(c.fields)); err != nil {
			return fmt.Errorf("%s: %w", c.flag, err)
		}
	}
	for i, step := range steps {
		if step >= 0 {
			if err := in.Exec(fields([]string{"step", strconv.Itoa(step)})); err != nil {
				return fmt.Errorf("-steps: %w", err)
			}
		}
		if err := in.Exec(fields([]string{"snapshot", names[i]})); err != nil {
			return err
		}
	}
	return nil
}

func fields(s []string) []textio.Field {
	out := make([]textio.Field, len(s))
	for i, t := range s {
		out[i] = textio.Field{Text: t, Col: 1}
	}
	return out
}
