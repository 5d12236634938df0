package data

import (
	"math"
	"time"

	"github.com/fabviz/fabviz/model"
)

// Kind says whether a series holds counter values or job ids.
type Kind uint8

const (
	Param Kind = iota // a parameter file or counter log: values
	Job               // a job file or job log: job ids, 0 = no job
)

func (k Kind) String() string {
	if k == Job {
		return "job"
	}
	return "parameter"
}

// Mode is a display mode (FORMATS.md §3).
type Mode uint8

const (
	Slice   Mode = iota // the value at the current step
	Running             // the sum from step 0 to the current step
	Total               // the sum over all steps
)

var modeNames = [...]string{"slice", "running", "total"}

func (m Mode) String() string {
	if int(m) < len(modeNames) {
		return modeNames[m]
	}
	return "mode?"
}

// ParseMode reads "slice", "running" or "total".
func ParseMode(s string) (Mode, bool) {
	for i, n := range modeNames {
		if n == s {
			return Mode(i), true
		}
	}
	return 0, false
}

// Header is what the `#!` header lines of a file say. Zero values mean the
// file did not say.
type Header struct {
	Start   time.Time     // time of step 0
	Step    time.Duration // step length
	Counter string        // what the values are
	Unit    string
}

// ckptEvery is the spacing, in steps, of the stored running sums. A running
// sum at step s is the checkpoint at or below s plus fewer than ckptEvery
// slices, so memory stays at 8/ckptEvery bytes per value.
const ckptEvery = 64

// segment holds the values of n consecutive columns for every step,
// step-major: value (step s, column col0+i) is at s*n+i. Exactly one of v32
// and v64 is in use, the narrowest that holds every value of the segment.
type segment struct {
	col0, n int
	v32     []int32
	v64     []int64
	gaps    []uint64 // bit s*n+i set: no sample; nil when the segment has none
	ckpt    []int64  // running sum before step k*ckptEvery at k*n+i
}

func (g *segment) at(idx int) int64 {
	if g.v32 != nil {
		return int64(g.v32[idx])
	}
	return g.v64[idx]
}

func (g *segment) gap(idx int) bool {
	return g.gaps != nil && g.gaps[idx>>6]&(1<<(idx&63)) != 0
}

// Series is a parameter or job time series bound to a model: a value for
// every port and step. Ports the file does not list have the value 0 at every
// step. It is read-only after loading, except for the running-sum cache used
// by the Running mode (see Fill), so one goroutine at a time may call Fill or
// Colorize with Running.
type Series struct {
	File   string
	Kind   Kind
	Header Header
	Model  *model.Model
	// Warnings are the problems --lenient let through (unknown labels),
	// one summary line each.
	Warnings []string

	steps     int
	cols      []model.PortRef // listed ports, in file order
	colLine   []int32         // the line that listed each column
	colOf     []int32         // by PortRef: column, or -1
	unlisted  []model.PortRef
	segs      []segment
	firstData []int32 // by column: first step with a sample, steps if none
	total     []int64 // by column, gaps as 0, saturating
	stepMin   []int64
	stepMax   []int64
	stepHas   []bool
	switchHas []bool

	// hostPorts: the ports each host name used as a label stood for, in
	// column order (the column cache checks the model still agrees)
	hostPorts map[string][]model.PortRef

	runStep int     // step of run, -1 when not computed
	run     []int64 // running sums by column at runStep
}

// Steps is the number of time steps.
func (s *Series) Steps() int { return s.steps }

// Columns is the number of ports the file lists.
func (s *Series) Columns() int { return len(s.cols) }

// Listed reports whether the file lists port p.
func (s *Series) Listed(p model.PortRef) bool { return s.colOf[p] >= 0 }

// SwitchHasData reports whether the file lists any port of switch sw. A
// switch without data is not drawn (its layout place stays empty).
func (s *Series) SwitchHasData(sw int) bool { return s.switchHas[sw] }

// HasData fills dst (indexed by switch) with SwitchHasData.
func (s *Series) HasData(dst []bool) { copy(dst, s.switchHas) }

// Value is the sample of port p at step; ok is false for a gap (`-`). An
// unlisted port has the value 0.
func (s *Series) Value(p model.PortRef, step int) (v int64, ok bool) {
	c := s.colOf[p]
	if c < 0 {
		return 0, true
	}
	g, i := s.locate(int(c))
	idx := step*g.n + i
	return g.at(idx), !g.gap(idx)
}

func (s *Series) locate(col int) (*segment, int) {
	lo, hi := 0, len(s.segs)-1
	for lo < hi {
		mid := (lo + hi + 1) / 2
		if s.segs[mid].col0 <= col {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	g := &s.segs[lo]
	return g, col - g.col0
}

// Total is the sum of port p over all steps (gaps count 0; saturating at the
// int64 limits).
func (s *Series) Total(p model.PortRef) int64 {
	if c := s.colOf[p]; c >= 0 {
		return s.total[c]
	}
	return 0
}

// Running is the sum of port p from step 0 to step (gaps count 0).
func (s *Series) Running(p model.PortRef, step int) int64 {
	c := s.colOf[p]
	if c < 0 {
		return 0
	}
	g, i := s.locate(int(c))
	k := step / ckptEvery
	sum := g.ckpt[k*g.n+i]
	for t := k * ckptEvery; t <= step; t++ {
		sum = satAdd(sum, g.at(t*g.n+i))
	}
	return sum
}

// StepRange is the smallest and largest sample at a step over the listed
// ports, gaps left out; ok is false when the step has no sample.
func (s *Series) StepRange(step int) (lo, hi int64, ok bool) {
	return s.stepMin[step], s.stepMax[step], s.stepHas[step]
}

// Range is the smallest and largest displayed value over the listed ports
// in a mode at a step (for an automatic range of interest). Running computes
// the running sums of that step.
func (s *Series) Range(step int, mode Mode) (lo, hi int64, ok bool) {
	switch mode {
	case Slice:
		return s.StepRange(step)
	case Running:
		return minMax(s.runningAt(step))
	}
	return minMax(s.total)
}

func minMax(v []int64) (lo, hi int64, ok bool) {
	if len(v) == 0 {
		return 0, 0, false
	}
	lo, hi = v[0], v[0]
	for _, x := range v[1:] {
		lo = min(lo, x)
		hi = max(hi, x)
	}
	return lo, hi, true
}

// runningAt returns the running sums (by column) at step, reusing the cache:
// stepping forward by one costs one slice, any other jump at most
// ckptEvery slices from the nearest checkpoint.
func (s *Series) runningAt(step int) []int64 {
	if s.run == nil {
		s.run = make([]int64, len(s.cols))
		s.runStep = -1
	}
	from, jump := s.runStep+1, s.runStep < 0 || step < s.runStep || step-s.runStep > ckptEvery
	k := step / ckptEvery
	if jump {
		from = k * ckptEvery
	}
	s.parallel(func(g0, g1 int) {
		for gi := g0; gi < g1; gi++ {
			g := &s.segs[gi]
			if jump {
				copy(s.run[g.col0:g.col0+g.n], g.ckpt[k*g.n:(k+1)*g.n])
			}
			for t := from; t <= step; t++ {
				addRow(s.run[g.col0:], g, t)
			}
		}
	})
	s.runStep = step
	return s.run
}

func addRow(acc []int64, g *segment, t int) {
	acc = acc[:g.n]
	if g.v32 != nil { // sums of fewer than 2³² 32-bit values cannot overflow
		for i, v := range g.v32[t*g.n : (t+1)*g.n] {
			acc[i] += int64(v)
		}
		return
	}
	for i, v := range g.v64[t*g.n : (t+1)*g.n] {
		acc[i] = satAdd(acc[i], v)
	}
}

// satAdd adds without wrapping around: it sticks at the int64 limits.
func satAdd(a, b int64) int64 {
	c := a + b
	if (c > a) != (b > 0) {
		if b > 0 {
			return math.MaxInt64
		}
		return math.MinInt64
	}
	return c
}
