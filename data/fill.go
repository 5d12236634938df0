package data

import (
	"runtime"
	"sync"

	"github.com/fabviz/fabviz/model"
)

// FillWhite colours every port white: what §3 shows when no data is loaded.
func FillWhite(dst []RGB) {
	for i := range dst {
		dst[i] = White
	}
}

// Colorize fills dst (indexed by model.PortRef, len ≥ NumPorts) with the
// colour of every port at step in the display mode. A gap is drawn in the
// scale's NoData colour: in Slice mode when the sample is `-`, in Running
// mode when every sample up to step is, in Total mode when every sample is.
// Gaps count 0 in sums. Unlisted ports have the value 0. A nil Series
// fills white.
func (s *Series) Colorize(dst []RGB, step int, mode Mode, sc *Scale) {
	if s == nil {
		FillWhite(dst)
		return
	}
	dst = dst[:s.Model.NumPorts()]
	zero := sc.Color(0)
	for _, p := range s.unlisted {
		dst[p] = zero
	}
	sums, step := s.sumsFor(step, mode)
	s.parallel(func(g0, g1 int) {
		for gi := g0; gi < g1; gi++ {
			g := &s.segs[gi]
			if sums == nil {
				s.colorSlice(dst, g, step, sc)
			} else {
				s.colorSums(dst, sums, g.col0, g.col0+g.n, step, sc)
			}
		}
	})
}

// sumsFor is the sums by column a mode shows (nil for Slice) and the step
// up to which they run.
func (s *Series) sumsFor(step int, mode Mode) ([]int64, int) {
	switch mode {
	case Running:
		return s.runningAt(step), step
	case Total:
		return s.total, s.steps - 1
	}
	return nil, step
}

// parallelMin is the number of columns below which Colorize does not split
// its work: under it, starting goroutines costs more than it saves.
const parallelMin = 8192

// parallel calls f on runs of segments [g0, g1) covering all, on every core
// when the series is large enough to gain from it.
func (s *Series) parallel(f func(g0, g1 int)) {
	workers := runtime.GOMAXPROCS(0)
	if workers < 2 || len(s.cols) < parallelMin || len(s.segs) < 2 {
		f(0, len(s.segs))
		return
	}
	var wg sync.WaitGroup
	per := (len(s.cols) + workers - 1) / workers
	g0 := 0
	for w := 0; w < workers && g0 < len(s.segs); w++ {
		g1 := g0
		for g1 < len(s.segs) && s.segs[g1].col0 < (w+1)*per {
			g1++
		}
		if w == workers-1 {
			g1 = len(s.segs)
		}
		wg.Add(1)
		go func(a, b int) {
			defer wg.Done()
			f(a, b)
		}(g0, g1)
		g0 = g1
	}
	wg.Wait()
}

func (s *Series) colorSlice(dst []RGB, g *segment, step int, sc *Scale) {
	cols := s.cols[g.col0 : g.col0+g.n]
	base := step * g.n
	if g.v32 != nil {
		row := g.v32[base : base+g.n]
		if sc.Map.linear && sc.exact {
			linear32(dst, cols, row, *sc)
		} else {
			for i, p := range cols {
				dst[p] = sc.Color(int64(row[i]))
			}
		}
	} else {
		row := g.v64[base : base+g.n]
		for i, p := range cols {
			dst[p] = sc.Color(row[i])
		}
	}
	if g.gaps != nil {
		for i, p := range cols {
			if g.gap(base + i) {
				dst[p] = sc.NoData
			}
		}
	}
}

// colorSums colours sums of columns c0..c1; a column with no sample up to
// step is drawn as no data.
func (s *Series) colorSums(dst []RGB, sums []int64, c0, c1, step int, scp *Scale) {
	sc := *scp // a local copy stays in registers: writes to dst cannot change it
	for c := c0; c < c1; c++ {
		p := s.cols[c]
		if int(s.firstData[c]) > step {
			dst[p] = sc.NoData
		} else {
			dst[p] = sc.Color(sums[c])
		}
	}
}

// Fill writes the displayed value of every port at step in the mode into
// vals (indexed by PortRef) and, when ok is not nil, whether the port has
// data (false for gaps, as Colorize draws them).
func (s *Series) Fill(vals []int64, ok []bool, step int, mode Mode) {
	for _, p := range s.unlisted {
		vals[p] = 0
		if ok != nil {
			ok[p] = true
		}
	}
	sums, step := s.sumsFor(step, mode)
	for gi := range s.segs {
		g := &s.segs[gi]
		for i, p := range s.cols[g.col0 : g.col0+g.n] {
			c := g.col0 + i
			if sums != nil {
				vals[p] = sums[c]
				if ok != nil {
					ok[p] = int(s.firstData[c]) <= step
				}
				continue
			}
			idx := step*g.n + i
			vals[p] = g.at(idx)
			if ok != nil {
				ok[p] = !g.gap(idx)
			}
		}
	}
}

// FillJobs writes the job id of every port at step into dst (indexed by
// PortRef): 0 for no job, for a gap and for unlisted ports.
func (s *Series) FillJobs(dst []int64, step int) {
	s.Fill(dst, nil, step, Slice)
}

// JobIDs lists the distinct non-zero values of the series in increasing
// order (for a job series: the jobs).
func (s *Series) JobIDs() []int64 {
	seen := map[int64]bool{}
	for gi := range s.segs {
		g := &s.segs[gi]
		for idx := 0; idx < g.n*s.steps; idx++ {
			if v := g.at(idx); v != 0 {
				seen[v] = true
			}
		}
	}
	return sortedKeys(seen)
}

// Ports of a job at a step, in column order.
func (s *Series) jobPorts(id int64, step int) []model.PortRef {
	var out []model.PortRef
	for gi := range s.segs {
		g := &s.segs[gi]
		for i := 0; i < g.n; i++ {
			if g.at(step*g.n+i) == id {
				out = append(out, s.cols[g.col0+i])
			}
		}
	}
	return out
}

// linear32 is Scale.Color for 32-bit values and the §3 map, with the
// scale in locals (a copy: writes to dst cannot change it) so the loop
// keeps them in registers. The range must be exact (Max−Min fits an int64).
func linear32(dst []RGB, cols []model.PortRef, row []int32, sc Scale) {
	lo, hi, inv := sc.Min, sc.Max, sc.inv
	row = row[:len(cols)]
	for i, p := range cols {
		v := int64(row[i])
		switch {
		case v < lo:
			dst[p] = sc.Below
		case v > hi:
			dst[p] = sc.Above
		default:
			dst[p] = RGB{float32(float64(v-lo) * inv), 0, float32(float64(hi-v) * inv)}
		}
	}
}

// Shown is the value of port p that Colorize colours at step in the mode:
// the sample (Slice), the sum up to step (Running) or over all steps
// (Total); ok is false where Colorize draws the no-data colour (a gap, or
// no sample yet). Unlisted ports have the value 0.
func (s *Series) Shown(p model.PortRef, step int, mode Mode) (v int64, ok bool) {
	c := s.colOf[p]
	if c < 0 {
		return 0, true
	}
	switch mode {
	case Running:
		return s.Running(p, step), int(s.firstData[c]) <= step
	case Total:
		return s.total[c], int(s.firstData[c]) <= s.steps-1
	}
	return s.Value(p, step)
}
