package data

import (
	"math"
	"sync"

	"github.com/fabviz/fabviz/model"
)

// table is the step-major storage a reader fills: value (step s, row i) at
// s*stride+i, stride being an upper bound on the rows of the chunk. Values
// are 32-bit; a reader that meets a value that does not fit starts again
// with a wide (64-bit) table. finish turns the table into a segment without
// copying values again.
type table struct {
	steps, stride int
	wide          bool
	v32           []int32
	v64           []int64
	gaps          []int64 // positions s*stride+i of `-` samples (stored as 0)
	// Rows being parsed collect row-major in a small block (written
	// sequentially, it stays in cache) and are moved into the step-major
	// storage blockRows at a time.
	blk32    []int32 // narrow tables
	blk64    []int64 // wide tables
	blkFirst int     // table row of the block's first row
	blkRows  int
	slabs    *slabs    // where the values and checkpoints come from (nil: make)
	stepPool *stepPool // where step statistics come from (nil: make)
	// A narrow table filled through its block also sums its rows and
	// finds each step's range as the block is moved, while the values are
	// in cache; finish uses them unless the table has gaps.
	early bool
	sums  []int64   // by row: the sum of its steps
	ckpt  []int64   // running sums before step k·ckptEvery of row i at k·stride+i
	est   stepStats // each step's range so far (stepHas set by finish)
}

// blocks32 and blocks64 recycle the row blocks of finished tables.
var blocks32, blocks64 sync.Pool

// blockRows is how many rows are gathered before they are moved into the
// step-major storage (one step of them is 64 bytes of 32-bit values), fewer
// when rows are so long that the block would pass blockBytes.
const (
	blockRows  = 16
	blockBytes = 256 << 10
)

func (t *table) blockRows() int { return max(1, min(blockRows, blockBytes/(8*max(t.steps, 1)))) }

// rowBuf is where row i (the next one, not yet kept) is parsed: a 32-bit
// row for a narrow table, else a 64-bit one.
func (t *table) rowBuf(i int) ([]int32, []int64) {
	size := t.blockRows() * t.steps
	k := (i - t.blkFirst) * t.steps
	if t.wide {
		if t.blk64 == nil {
			t.blk64 = getBlock[int64](&blocks64, size)
		}
		return nil, t.blk64[k : k+t.steps]
	}
	if t.blk32 == nil {
		t.blk32 = getBlock[int32](&blocks32, size)
	}
	return t.blk32[k : k+t.steps], nil
}

func getBlock[E int32 | int64](pool *sync.Pool, size int) []E {
	if b, ok := pool.Get().(*[]E); ok && cap(*b) >= size {
		return (*b)[:size]
	}
	return make([]E, size)
}

// keep adds the row just parsed to the block, flushing a full block.
func (t *table) keep() {
	t.blkRows++
	if t.blkRows == t.blockRows() {
		t.flush()
	}
}

// flush moves the block's rows into the step-major storage, a 16×16 tile
// at a time so that both sides are read and written a cache line at a time.
func (t *table) flush() {
	T, k := t.steps, t.blkRows
	if t.wide {
		for s := 0; s < T; s++ {
			out := t.v64[s*t.stride+t.blkFirst:][:k]
			for r := range out {
				out[r] = t.blk64[r*T+s]
			}
		}
	} else if t.early {
		for r := 0; r < k; r++ {
			row := t.blk32[r*T : (r+1)*T]
			var acc int64
			for s0 := 0; s0 < T; s0 += ckptEvery {
				t.ckpt[s0/ckptEvery*t.stride+t.blkFirst+r] = acc
				for _, v := range row[s0:min(s0+ckptEvery, T)] {
					acc += int64(v)
				}
			}
			t.sums[t.blkFirst+r] = acc
		}
		var tile [blockRows][16]int32
		lo, hi := t.est.stepMin, t.est.stepMax
		for s0 := 0; s0 < T; s0 += 16 {
			ns := min(16, T-s0)
			for r := 0; r < k; r++ {
				copy(tile[r][:ns], t.blk32[r*T+s0:])
			}
			for ds := 0; ds < ns; ds++ {
				out := t.v32[(s0+ds)*t.stride+t.blkFirst:][:k]
				l, h := lo[s0+ds], hi[s0+ds]
				for r := range out {
					v := tile[r][ds]
					out[r] = v
					l, h = min(l, int64(v)), max(h, int64(v))
				}
				lo[s0+ds], hi[s0+ds] = l, h
			}
		}
	} else {
		var tile [blockRows][16]int32
		for s0 := 0; s0 < T; s0 += 16 {
			ns := min(16, T-s0)
			for r := 0; r < k; r++ {
				copy(tile[r][:ns], t.blk32[r*T+s0:])
			}
			for ds := 0; ds < ns; ds++ {
				out := t.v32[(s0+ds)*t.stride+t.blkFirst:][:k]
				for r := range out {
					out[r] = tile[r][ds]
				}
			}
		}
	}
	t.blkFirst += k
	t.blkRows = 0
}

// release gives the row block back for other tables.
func (t *table) release() {
	if b := t.blk32; b != nil {
		blocks32.Put(&b)
	}
	if b := t.blk64; b != nil {
		blocks64.Put(&b)
	}
	t.blk32, t.blk64 = nil, nil
}

// newTable allocates a table for up to rows rows of steps values, to be
// filled directly (not through the block).
func newTable(steps, rows int, wide bool) *table {
	return newChunkTable(steps, rows, wide, nil, nil)
}

// newChunkTable allocates a table for a chunk's rows, narrow ones from sl
// (nil: their own allocation). With a stepPool (the rows then come through
// the block), a narrow table computes its statistics early.
func newChunkTable(steps, rows int, wide bool, sl *slabs, sp *stepPool) *table {
	t := &table{steps: steps, stride: rows, wide: wide, slabs: sl, stepPool: sp}
	if wide {
		t.v64 = make([]int64, steps*rows)
		return t
	}
	t.v32 = sl.int32s(steps * rows)
	if sp != nil {
		t.early = true
		t.sums = make([]int64, rows)
		t.ckpt = sl.ckpts((steps + ckptEvery - 1) / ckptEvery * rows)
		t.est = sp.get(steps)
		for s := range steps {
			t.est.stepMin[s], t.est.stepMax[s] = math.MaxInt64, math.MinInt64
		}
	}
	return t
}

// segStats is what finish learns about a segment besides its values.
type segStats struct {
	stepStats
	total     []int64
	firstData []int32
}

// stepStats are the minimum and maximum of each step (of a segment, or of
// several merged).
type stepStats struct {
	stepMin, stepMax []int64
	stepHas          []bool
}

// merge adds the steps of o (nil stepHas: none).
func (st *stepStats) merge(o *stepStats) {
	for t, has := range o.stepHas {
		if !has {
			continue
		}
		if !st.stepHas[t] {
			st.stepMin[t], st.stepMax[t], st.stepHas[t] = o.stepMin[t], o.stepMax[t], true
			continue
		}
		st.stepMin[t] = min(st.stepMin[t], o.stepMin[t])
		st.stepMax[t] = max(st.stepMax[t], o.stepMax[t])
	}
}

// stepPool recycles the stepStats of segments once merged, so that a load
// of many chunks does not touch fresh memory for each. A nil pool makes
// new ones.
type stepPool struct{ p sync.Pool }

func (sp *stepPool) get(T int) stepStats {
	if sp != nil {
		if st, ok := sp.p.Get().(*stepStats); ok && len(st.stepHas) == T {
			return *st // every step is written by finish
		}
	}
	return stepStats{stepMin: make([]int64, T), stepMax: make([]int64, T), stepHas: make([]bool, T)}
}

func (sp *stepPool) put(st stepStats) { sp.p.Put(&st) }

// finish builds the segment of the table's first n rows.
func (t *table) finish(n int) (segment, segStats) {
	T := t.steps
	g := segment{n: n}
	if t.blkRows > 0 {
		t.flush()
	}
	t.release()
	t.compact(n)
	g.v32, g.v64 = t.v32, t.v64
	st := segStats{firstData: make([]int32, n)}
	K := (T + ckptEvery - 1) / ckptEvery
	if t.early {
		// The checkpoints move together like the values (stride → n).
		for k := 1; k < K; k++ {
			copy(t.ckpt[k*n:(k+1)*n], t.ckpt[k*t.stride:])
		}
		g.ckpt, st.stepStats = t.ckpt[:K*n:K*n], t.est
		if len(t.gaps) == 0 {
			st.total = t.sums[:n:n] // firstData: 0, every row has step 0
			for s := range T {
				st.stepHas[s] = n > 0
			}
			return g, st
		}
	} else {
		g.ckpt = t.slabs.ckpts(K * n)
		st.stepStats = t.stepPool.get(T)
	}
	st.total = make([]int64, n)
	if len(t.gaps) > 0 {
		g.gaps = make([]uint64, (T*n+63)/64)
		for _, pos := range t.gaps {
			idx := int(pos)/t.stride*n + int(pos)%t.stride
			g.gaps[idx>>6] |= 1 << (idx & 63)
		}
	}
	acc := st.total
	for s := 0; s < T; s++ {
		if s%ckptEvery == 0 {
			copy(g.ckpt[s/ckptEvery*n:], acc)
		}
		if g.v32 != nil && g.gaps == nil {
			st.stepMin[s], st.stepMax[s], st.stepHas[s] = sumRow32(acc, g.v32[s*n:(s+1)*n])
		} else {
			st.stepMin[s], st.stepMax[s], st.stepHas[s] = sumRow(acc, &g, s)
		}
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

// compact moves the rows of every step together (stride → n) and gives
// back the unused end when it is large.
func (t *table) compact(n int) {
	T := t.steps
	if n < t.stride {
		for s := 1; s < T; s++ {
			if t.wide {
				copy(t.v64[s*n:(s+1)*n], t.v64[s*t.stride:])
			} else {
				copy(t.v32[s*n:(s+1)*n], t.v32[s*t.stride:])
			}
		}
	}
	if t.wide {
		t.v64 = t.v64[:T*n]
		if cap(t.v64) > T*n+T*n/8 {
			t.v64 = append([]int64(nil), t.v64...)
		}
	} else {
		t.v32 = t.v32[:T*n]
		if cap(t.v32) > T*n+T*n/8 {
			t.v32 = append([]int32(nil), t.v32...)
		}
	}
}

// sumRow32 adds a 32-bit row without gaps to the running sums (no
// saturation needed: fewer than 2³² steps of 32-bit values cannot
// overflow) and returns its minimum and maximum.
func sumRow32(acc []int64, row []int32) (lo, hi int64, ok bool) {
	acc = acc[:len(row)]
	l, h := int32(math.MaxInt32), int32(math.MinInt32)
	for i, v := range row {
		acc[i] += int64(v)
		l, h = min(l, v), max(h, v)
	}
	return int64(l), int64(h), len(row) > 0
}

// sumRow is sumRow32 for 64-bit values or rows with gaps.
func sumRow(acc []int64, g *segment, s int) (lo, hi int64, ok bool) {
	lo, hi = math.MaxInt64, math.MinInt64
	base := s * g.n
	for i := range g.n {
		v := g.at(base + i)
		acc[i] = satAdd(acc[i], v)
		if g.gap(base + i) {
			continue
		}
		lo, hi, ok = min(lo, v), max(hi, v), true
	}
	if !ok {
		return 0, 0, false
	}
	return lo, hi, true
}

// assemble builds a Series from segments in column order and their
// statistics. cols and colLine give each column's port and line.
func assemble(s *Series, segs []segment, stats []segStats) {
	finishSeries(s, segs)
	T := s.steps
	all := stepStats{stepMin: make([]int64, T), stepMax: make([]int64, T), stepHas: make([]bool, T)}
	s.total = make([]int64, 0, len(s.cols))
	s.firstData = make([]int32, 0, len(s.cols))
	for k := range segs {
		st := &stats[k]
		s.total = append(s.total, st.total...)
		s.firstData = append(s.firstData, st.firstData...)
		all.merge(&st.stepStats)
	}
	s.stepMin, s.stepMax, s.stepHas = all.stepMin, all.stepMax, all.stepHas
}

// finishSeries lays the segments on the columns and indexes the columns by
// port: what a Series needs besides its values and statistics.
func finishSeries(s *Series, segs []segment) {
	m := s.Model
	s.segs = segs
	col := 0
	for k := range segs {
		segs[k].col0 = col
		col += segs[k].n
	}
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
	s.runStep = -1
}
