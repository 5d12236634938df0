package session

import (
	"cmp"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"slices"
	"time"

	"github.com/fabviz/fabviz/data"
	"github.com/fabviz/fabviz/model"
	"github.com/fabviz/fabviz/render/scene"
	"github.com/fabviz/fabviz/view"
)

// dataState is what the data commands loaded: the initialisation file, the
// parameter and job series bound to the model, and the job palette.
type dataState struct {
	init    *data.Init
	param   *data.Series
	jobs    *data.Series
	palette *data.JobPalette
	scale   *data.Scale // of the last picture, for its legend
	rgb     []data.RGB  // per-port colours, reused
	ids     []int64     // per-port job ids, reused
}

// styleOf is the scene style of an initialisation file's colours.
func styleOf(in *data.Init) scene.Style {
	c := in.Colors
	st := scene.DefaultStyle
	st.Switch, st.Link, st.Route, st.Background = c.Switch, c.Link, c.Route, c.Background
	return st
}

// LoadInit reads an initialisation file (§4). Named by a command, the file
// must exist.
func (s *Session) LoadInit(path string) error {
	if _, err := os.Stat(path); errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("%s: no such file", path)
	}
	in, err := data.LoadInit(path)
	if err != nil {
		return err
	}
	s.d.init = in
	s.style = styleOf(in)
	s.d.palette = nil
	return nil
}

func (s *Session) needModel() (*model.Model, error) {
	if s.model == nil {
		return nil, fmt.Errorf("no model loaded (use `model PATH` first)")
	}
	return s.model, nil
}

// LoadParam reads a parameter file or counter log for the model.
func (s *Session) LoadParam(path string) error {
	m, err := s.needModel()
	if err != nil {
		return err
	}
	p, err := data.Load(path, m, data.Options{Kind: data.Param})
	if err != nil {
		return err
	}
	return s.SetParam(p)
}

// SetParam installs a parameter series already read for the model. A job
// series of another number of steps belongs to another study: it is
// unloaded, with a note on Warn, so the files of a study load in any order.
func (s *Session) SetParam(p *data.Series) error {
	if s.d.jobs != nil && data.CheckJobs(p, s.d.jobs) != nil {
		fmt.Fprintf(s.Warn, "%s: %d steps, the job file %s %d: the job file is unloaded\n", p.File, p.Steps(), s.d.jobs.File, s.d.jobs.Steps())
		s.d.jobs, s.d.palette = nil, nil
	}
	s.d.param = p
	if s.logs != nil {
		s.logs.shown = "" // a file of its own, not one of the directory's counters
	}
	return nil
}

// LoadJob reads a job file or job log for the model.
func (s *Session) LoadJob(path string) error {
	m, err := s.needModel()
	if err != nil {
		return err
	}
	j, err := data.Load(path, m, data.Options{Kind: data.Job})
	if err != nil {
		return err
	}
	return s.SetJob(j)
}

// SetJob installs a job series already read for the model; a parameter
// series of another number of steps is unloaded, as in SetParam.
func (s *Session) SetJob(j *data.Series) error {
	if s.d.param != nil && data.CheckJobs(s.d.param, j) != nil {
		fmt.Fprintf(s.Warn, "%s: %d steps, the parameter file %s %d: the parameter file is unloaded\n", j.File, j.Steps(), s.d.param.File, s.d.param.Steps())
		s.d.param = nil
	}
	s.d.jobs, s.d.palette = j, nil
	return nil
}

// Steps is the number of time steps of the loaded data (0 = none).
func (s *Session) Steps() int {
	switch {
	case s.d.param != nil:
		return s.d.param.Steps()
	case s.d.jobs != nil:
		return s.d.jobs.Steps()
	}
	return 0
}

// applyData fills the scene input's colours, data flags and job colours
// for the state's step, mode and range.
func (s *Session) applyData(st *view.State, in *scene.Input) error {
	m := s.model
	if n := s.Steps(); n > 0 && st.Step >= n {
		return fmt.Errorf("step %d is beyond the data: it has %d steps (0..%d)", st.Step, n, n-1)
	}
	s.d.scale = nil
	if p := s.d.param; p != nil {
		sc, err := s.scaleFor(st)
		if err != nil {
			return err
		}
		s.d.scale = sc
		s.d.rgb = grow(s.d.rgb, m.NumPorts())
		p.Colorize(s.d.rgb, st.Step, data.Mode(st.Mode), sc)
		in.PortColors = s.d.rgb
		in.HasData = make([]bool, len(m.Switches))
		p.HasData(in.HasData)
	}
	if st.Jobs && s.d.jobs != nil {
		in.JobColors = s.jobColors(st.Step)
	}
	s.dimOthers(st, in) // session/jobs.go
	return nil
}

func grow[T any](b []T, n int) []T {
	if cap(b) < n {
		return make([]T, n)
	}
	return b[:n]
}

// scaleFor is the colour scale: the `range` command's, else the
// initialisation file's, else the data's own minimum and maximum in the
// display mode.
func (s *Session) scaleFor(st *view.State) (*data.Scale, error) {
	in := s.initFile()
	if st.HasRange {
		return data.NewScale(st.Range[0], st.Range[1], in.Map, in.Colors)
	}
	lo, hi, ok := s.d.param.Range(st.Step, data.Mode(st.Mode))
	if !ok {
		lo, hi = 0, 0
	}
	return in.Scale(lo, hi)
}

func (s *Session) initFile() *data.Init {
	if s.d.init == nil {
		s.d.init = data.DefaultInit()
	}
	return s.d.init
}

// jobColors are the job colours of every port at a step (NoJob for none).
func (s *Session) jobColors(step int) []scene.Color {
	m := s.model
	if s.d.palette == nil {
		c := s.initFile().Colors
		s.d.palette = data.NewJobPalette(s.d.jobs.JobIDs(), s.initFile().JobSeed, c.Below, c.Above, c.NoData, c.Background, c.Switch)
	}
	s.d.ids = grow(s.d.ids, m.NumPorts())
	s.d.jobs.FillJobs(s.d.ids, step)
	out := make([]scene.Color, m.NumPorts())
	for p, id := range s.d.ids {
		out[p] = scene.NoJob
		if c, ok := s.d.palette.Color(id); ok {
			out[p] = c
		}
	}
	return out
}

// legend is the colour legend of the last built scene, or nil with no data.
func (s *Session) legend(st *view.State) *data.Legend {
	var lg *data.Legend
	if sc := s.d.scale; sc != nil {
		d := sc.Legend(64, 5)
		h := s.d.param.Header
		d.Title = h.Counter
		if h.Unit != "" {
			d.Title += " (" + h.Unit + ")"
		}
		if d.Title == "" {
			d.Title = "values"
		}
		d.Mode = st.Mode.String()
		lg = &d
	}
	if st.Jobs && s.d.jobs != nil {
		if lg == nil {
			lg = &data.Legend{Title: "jobs", Mode: st.Mode.String()}
		}
		seen := map[int64]bool{}
		for _, id := range s.d.ids {
			if id != 0 && !seen[id] {
				seen[id] = true
				c, _ := s.d.palette.Color(id)
				lg.Jobs = append(lg.Jobs, data.LegendJob{ID: id, Color: c})
			}
		}
		slices.SortFunc(lg.Jobs, func(a, b data.LegendJob) int { return cmp.Compare(a.ID, b.ID) })
	}
	return lg
}

// stepTime is the time of a step when the data's header gives it.
func (s *Session) stepTime(step int) (time.Time, bool) {
	p := s.d.param
	if p == nil {
		p = s.d.jobs
	}
	if p == nil || p.Header.Start.IsZero() {
		return time.Time{}, false
	}
	return p.Header.Start.Add(time.Duration(step) * p.Header.Step), true
}

// DefaultInitFile is the initialisation file read from the working
// directory at start (§4).
const DefaultInitFile = "fabviz.ini"

// LoadDefaultInit reads fabviz.ini from the working directory when there
// is one; without it the built-in defaults stay.
func (s *Session) LoadDefaultInit() error {
	if _, err := os.Stat(DefaultInitFile); err != nil {
		return nil
	}
	return s.LoadInit(DefaultInitFile)
}

// Param and Jobs are the loaded parameter and job series (nil when none).
func (s *Session) Param() *data.Series { return s.d.param }

// Jobs is the loaded job series (nil when none).
func (s *Session) Jobs() *data.Series { return s.d.jobs }

// Init is the initialisation file in use (the defaults without one).
func (s *Session) Init() *data.Init { return s.initFile() }

// SetColorMap switches the colour map of the initialisation file in use.
func (s *Session) SetColorMap(cm *data.ColorMap) {
	in := *s.initFile()
	in.Map = cm
	s.d.init = &in
}

// StepTime is the time of a step when the data's header gives it.
func (s *Session) StepTime(step int) (time.Time, bool) { return s.stepTime(step) }
