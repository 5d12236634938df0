package plot

import (
	"math"
	"time"

	"github.com/fabviz/fabviz/data"
)

// Line is one plotted series of exact samples: V[step], Has[step] false
// for a gap (no sample), drawn as a break in the line.
type Line struct {
	Name  string
	Color data.RGB
	V     []int64
	Has   []bool
}

// Band is a job's distribution over its ports step by step (PerSyst's
// numbers): the p10–p90 band shaded, the median drawn, min and max as
// thin lines. Has[step] false: the job has no sample at that step.
type Band struct {
	Name  string // "job 4711"
	Color data.RGB
	Has   []bool
	Min   []int64
	Max   []int64
	P     [9][]float64 // P[k] is the (k+1)·10th percentile
	Mean  []float64
}

// Plot is what the time-series panel shows: the selection's series over
// all steps of the loaded data.
type Plot struct {
	Title    string        // counter and unit, e.g. "port_xmit_data (bytes per interval)"
	Steps    int           // number of steps (x axis 0..Steps-1)
	Start    time.Time     // time of step 0; zero = unknown
	Interval time.Duration // step length; 0 = unknown
	Current  int           // the step shown in the 3-D view
	Lines    []Line
	Bands    []Band
}

// Empty reports whether there is nothing to plot.
func (p *Plot) Empty() bool { return p == nil || p.Steps == 0 || len(p.Lines)+len(p.Bands) == 0 }

// Time is the time of a step when the data say it.
func (p *Plot) Time(step int) (time.Time, bool) {
	if p.Start.IsZero() {
		return time.Time{}, false
	}
	return p.Start.Add(time.Duration(step) * p.Interval), true
}

// YRange is the smallest and largest value plotted (band min/max
// included), gaps left out; ok false when nothing has a sample.
func (p *Plot) YRange() (lo, hi float64, ok bool) {
	lo, hi = math.Inf(1), math.Inf(-1)
	see := func(v float64) { lo, hi = min(lo, v), max(hi, v) }
	for _, l := range p.Lines {
		for s, v := range l.V {
			if l.Has[s] {
				see(float64(v))
			}
		}
	}
	for _, b := range p.Bands {
		for s := range b.Has {
			if b.Has[s] {
				see(float64(b.Min[s]))
				see(float64(b.Max[s]))
			}
		}
	}
	return lo, hi, lo <= hi
}
