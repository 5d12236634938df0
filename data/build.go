package data

import (
	"math"

	"github.com/fabviz/fabviz/model"
)

// table is a step-major scratch table of int64 values being filled by a
// reader: value (step s, row i) at s*stride+i. finish turns its first n rows
// into a compact segment and the statistics the Series keeps.
type table struct {
	steps  int
	stride int
	vals   []int64
	gaps   []int64 // positions s*stride+i of `-` samples (stored as 0)
	lo, hi int64   // over every stored value
}

// reset prepares the table for up to rows rows of steps values.
func (t *table) reset(steps, rows int) {
	t.steps, t.stride = steps, rows
	if need := steps * rows; cap(t.vals) < need {
		t.vals = make([]int64, need)
	} else {
		t.vals = t.vals[:need]
	}
	t.gaps = t.gaps[:0]
	t.lo, t.hi = 0, 0
}

// segStats is what finish learns about a segment besides its values.
type segStats struct {
	stepMin, stepMax []int64
	stepHas          []bool
	total            []int64
	firstData        []int32
}

// finish builds the segment of the table's first n rows.
func (t *table) finish(n int) (segment, segStats) {
	T := t.steps
	g := segment{n: n}
	st := segStats{
		stepMin: make([]int64, T), stepMax: make([]int64, T), stepHas: make([]bool, T),
		total: make([]int64, n), firstData: make([]int32, n),
	}
	g.ckpt = make([]int64, (T+ckptEvery-1)/ckptEvery*n)
	narrow := t.lo >= math.MinInt32 && t.hi <= math.MaxInt32
	if narrow {
		g.v32 = make([]int32, T*n)
	} else {
		g.v64 = make([]int64, T*n)
	}
	if len(t.gaps) > 0 {
		g.gaps = make([]uint64, (T*n+63)/64)
		for _, pos := range t.gaps {
			s, i := int(pos)/t.stride, int(pos)%t.stride
			idx := s*n + i
			g.gaps[idx>>6] |= 1 << (idx & 63)
		}
	}
	acc := st.total
	for s := 0; s < T; s++ {
		if s%ckptEvery == 0 {
			copy(g.ckpt[s/ckptEvery*n:], acc)
		}
		row := t.vals[s*t.stride : s*t.stride+n]
		if narrow {
			out := g.v32[s*n : (s+1)*n]
			for i, v := range row {
				out[i] = int32(v)
			}
		} else {
			copy(g.v64[s*n:(s+1)*n], row)
		}
		for i, v := range row {
			acc[i] = satAdd(acc[i], v)
		}
		st.stepMin[s], st.stepMax[s], st.stepHas[s] = rowRange(row, &g, s*n)
	}
	for i := range st.firstData {
		st.firstData[i] = int32(T)
		for s := 0; s < T; s++ {
			if !g.gap(s*n + i) {
				st.firstData[i] = int32(s)
				break
			}
		}
	}
	return g, st
}

// rowRange is the min and max of a step's row, leaving gaps out.
func rowRange(row []int64, g *segment, base int) (lo, hi int64, ok bool) {
	lo, hi = math.MaxInt64, math.MinInt64
	for i, v := range row {
		if g.gaps != nil && g.gap(base+i) {
			continue
		}
		lo = min(lo, v)
		hi = max(hi, v)
		ok = true
	}
	if !ok {
		return 0, 0, false
	}
	return lo, hi, true
}

// assemble builds a Series from segments in column order and their
// statistics. cols and colLine give each column's port and line.
func assemble(s *Series, segs []segment, stats []segStats) {
	m := s.Model
	s.segs = segs
	s.colOf = make([]int32, m.NumPorts())
	for i := range s.colOf {
		s.colOf[i] = -1
	}
	s.switchHas = make([]bool, len(m.Switches))
	for c, p := range s.cols {
		s.colOf[p] = int32(c)
		s.switchHas[m.SwitchOf(p)] = true
	}
	for p, c := range s.colOf {
		if c < 0 {
			s.unlisted = append(s.unlisted, model.PortRef(p))
		}
	}
	T := s.steps
	s.stepMin, s.stepMax, s.stepHas = make([]int64, T), make([]int64, T), make([]bool, T)
	s.total = make([]int64, 0, len(s.cols))
	s.firstData = make([]int32, 0, len(s.cols))
	col := 0
	for k := range segs {
		segs[k].col0 = col
		col += segs[k].n
		st := &stats[k]
		s.total = append(s.total, st.total...)
		s.firstData = append(s.firstData, st.firstData...)
		for t := 0; t < T; t++ {
			if !st.stepHas[t] {
				continue
			}
			if !s.stepHas[t] {
				s.stepMin[t], s.stepMax[t], s.stepHas[t] = st.stepMin[t], st.stepMax[t], true
				continue
			}
			s.stepMin[t] = min(s.stepMin[t], st.stepMin[t])
			s.stepMax[t] = max(s.stepMax[t], st.stepMax[t])
		}
	}
	s.runStep = -1
}
