package jobmap

import (
	"bytes"
	"fmt"
	"math"
	"os"
	"time"

	"github.com/fabviz/fabviz/data"
	"github.com/fabviz/fabviz/model"
)

// Grid is a time grid: step k is the interval [Start + k·Step,
// Start + (k+1)·Step). A zero Step is a grid without times (one step for
// `JOBID HOSTLIST` input, where every job covers it).
type Grid struct {
	Start time.Time
	Step  time.Duration
	Steps int
}

// MaxSteps bounds a grid, as the data package bounds a log.
const MaxSteps = data.MaxLogCells

// Check says what is wrong with a grid given by flags.
func (g Grid) Check() error {
	switch {
	case g.Steps < 1 || g.Steps > MaxSteps:
		return fmt.Errorf("steps %d: want 1..%d", g.Steps, MaxSteps)
	case g.Step < 0:
		return fmt.Errorf("step %v is negative", g.Step)
	case g.Step > 0 && g.Start.IsZero():
		return fmt.Errorf("a grid with a step needs a start time")
	case g.Step > 0 && time.Duration(g.Steps) > math.MaxInt64/g.Step:
		return fmt.Errorf("%d steps of %v: the grid may span at most 290 years", g.Steps, g.Step)
	}
	return nil
}

// Covers gives the steps first..last whose intervals overlap [start, end);
// a zero end means still running (to the end of the grid). ok is false
// when the job overlaps no step (it ran before or after the grid, or for
// no time at all).
func (g Grid) Covers(start, end time.Time) (first, last int, ok bool) {
	if g.Step == 0 {
		return 0, g.Steps - 1, true
	}
	if !end.IsZero() && !end.After(start) {
		return 0, 0, false
	}
	gridEnd := g.Start.Add(time.Duration(g.Steps) * g.Step)
	if !start.Before(gridEnd) || !end.IsZero() && !end.After(g.Start) {
		return 0, 0, false
	}
	first = 0
	if start.After(g.Start) {
		first = int(start.Sub(g.Start) / g.Step)
	}
	last = g.Steps - 1
	if !end.IsZero() && end.Before(gridEnd) {
		d := end.Sub(g.Start)
		last = int((d+g.Step-1)/g.Step) - 1
	}
	return first, last, true
}

// Overlap is how long [start, end) overlaps step k (end zero: running).
func (g Grid) Overlap(k int, start, end time.Time) time.Duration {
	if g.Step == 0 {
		return 1
	}
	s0 := g.Start.Add(time.Duration(k) * g.Step)
	s1 := s0.Add(g.Step)
	if start.After(s0) {
		s0 = start
	}
	if !end.IsZero() && end.Before(s1) {
		s1 = end
	}
	return max(0, s1.Sub(s0))
}

// GridFromFile takes the grid of a collector log (§5, its #! interval) or
// of a §3 file with a `#! steps` header: its start, step and number of
// steps, so the job file fits it step for step.
func GridFromFile(path string, m *model.Model) (Grid, error) {
	head := make([]byte, 64)
	if f, err := os.Open(path); err == nil {
		n, _ := f.Read(head)
		head = head[:n]
		f.Close()
	}
	var h data.Header
	var steps int
	if bytes.HasPrefix(head, []byte("#! fabviz-log")) {
		lg, err := data.LoadLog(path)
		if err != nil {
			return Grid{}, err
		}
		h, steps = lg.Header, lg.Steps()
	} else {
		s, err := data.Load(path, m, data.Options{Lenient: true})
		if err != nil {
			return Grid{}, err
		}
		h, steps = s.Header, s.Steps()
	}
	if h.Start.IsZero() || h.Step <= 0 {
		return Grid{}, fmt.Errorf("%s has no time grid: a log needs #! interval, a §3 file #! steps (give -start, -step and -steps instead)", path)
	}
	return Grid{Start: h.Start, Step: h.Step, Steps: steps}, nil
}
