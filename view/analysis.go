package view

import (
	"fmt"
	"slices"
	"strconv"
)

// LogEnv is what an Env that reads a collector's log directory adds
// (the core does): `logs DIR` and `counter NAME`.
type LogEnv interface {
	LoadLogs(dir string) error
	SetCounter(name string) error
}

// AnalysisEnv is what an Env that plots and lists jobs adds (the core
// does): `select job N` checks the job, `export series` writes the plot's
// series.
type AnalysisEnv interface {
	// HasJob reports whether the loaded job data runs job id at some step.
	HasJob(id int64) bool
	ExportSeries(path string, st *State) error
}

// PlotImageEnv is what a front end that draws adds: the time-series plot
// of a state written as a PNG of the state's size (`export plot`).
type PlotImageEnv interface {
	ExportPlot(path string, st *State) error
}

// moreArgs are the optional arguments a command takes after its fixed
// ones.
var moreArgs = map[string]int{"select": 1, "plot": 1, "route": 1}

// analysisCommands are the commands of the analysis tools (issue 20).
func analysisCommands() map[string]command {
	return map[string]command{
		"logs": {1, "logs DIR", func(in *Interp, a []string) error {
			return in.logEnv(func(e LogEnv) error { return e.LoadLogs(in.path(a[0])) })
		}},
		"counter": {1, "counter NAME", func(in *Interp, a []string) error {
			return in.logEnv(func(e LogEnv) error { return e.SetCounter(a[0]) })
		}},
		"plot": {1, "plot on|off", (*Interp).plot},
		"legend": {1, "legend on|off", func(in *Interp, a []string) error {
			on, err := onOff(a[0])
			if err == nil {
				in.State.NoLegend = !on
			}
			return err
		}},
		"job-routes": {1, "job-routes on|off", func(in *Interp, a []string) error {
			on, err := onOff(a[0])
			in.State.JobRoutes = on && err == nil
			return err
		}},
		"export": {2, "export series PATH.csv", (*Interp).export},
	}
}

func (in *Interp) logEnv(f func(LogEnv) error) error {
	e, ok := in.Env.(LogEnv)
	if !ok {
		return fmt.Errorf("this viewer cannot read log directories")
	}
	if _, err := in.needModel(); err != nil {
		return err
	}
	return f(e)
}

func (in *Interp) analysisEnv() (AnalysisEnv, error) {
	e, ok := in.Env.(AnalysisEnv)
	if !ok {
		return nil, fmt.Errorf("this viewer has no job or series analysis")
	}
	return e, nil
}

func (in *Interp) plot(a []string) error {
	switch {
	case a[0] == "clear" && len(a) == 1:
		in.State.Pins = nil
		return nil
	case a[0] == "add" && len(a) == 2:
		m, err := in.needModel()
		if err != nil {
			return err
		}
		if _, ok := m.Lookup(a[1]); !ok {
			return fmt.Errorf("unknown label %q (want a port SWITCH.PORT, a switch or a host name)", a[1])
		}
		if !slices.Contains(in.State.Pins, a[1]) {
			in.State.Pins = append(in.State.Pins, a[1])
		}
		return nil
	case len(a) != 1:
		return fmt.Errorf("want `plot on|off`, `plot add LABEL` or `plot clear`")
	}
	on, err := onOff(a[0])
	if err == nil {
		in.State.Plot = on
	}
	return err
}

func (in *Interp) export(a []string) error {
	switch a[0] {
	case "plot":
		e, ok := in.Env.(PlotImageEnv)
		if !ok {
			return fmt.Errorf("this viewer cannot draw pictures")
		}
		return e.ExportPlot(in.path(a[1]), &in.State)
	case "series":
	default:
		return fmt.Errorf("%q: want `export series PATH.csv` or `export plot PATH.png`", a[0])
	}
	e, err := in.analysisEnv()
	if err != nil {
		return err
	}
	return e.ExportSeries(in.path(a[1]), &in.State)
}

// selectJob is `select job N`: N 0 clears the job selection.
func (in *Interp) selectJob(a []string) error {
	if a[0] != "job" {
		return fmt.Errorf("%q %q: want `select LABEL` or `select job N`", a[0], a[1])
	}
	id, err := strconv.ParseInt(a[1], 10, 64)
	if err != nil || id < 0 {
		return fmt.Errorf("job %q: want a job id, 0 or more", a[1])
	}
	if id != 0 {
		e, err := in.analysisEnv()
		if err != nil {
			return err
		}
		if !e.HasJob(id) {
			return fmt.Errorf("job %d: the loaded job data never runs it", id)
		}
	}
	in.State.Job = id
	return nil
}
