package routes

import (
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/fabviz/fabviz/model"
)

// Tracing and checking through forwarding tables (FORMATS.md §2b).
//
// A route from node A to LID L of node B starts at A's switch and takes, at
// each switch, the out port that switch's table gives for L. Where it goes
// depends only on the switch it is at and L, never on A: so Check works
// destination by destination (checkTables), following each switch's entry
// once and remembering where it leads, and every source's route is the
// outcome of its own switch. That is O(switches × destinations) instead of
// tracing every pair. CheckSources traces pair by pair (traceSource) and
// gives the identical Report; the tests hold the two together.

// outcome is where following the tables from one switch toward one LID
// ends.
type outcome struct {
	kind  Kind  // 0: the destination's port is reached
	n     int32 // hops from this switch (1-based): to the destination, or the hop of the fault
	at    int32 // the switch of the fault; for a loop, the switch reached twice
	first int32 // for a loop: the hop that first reached `at`
	out   int16 // the out port of the fault (model numbering)
}

// shift is the outcome seen from d switches further back.
func (o outcome) shift(d int) outcome {
	o.n += int32(d)
	if o.kind == ErrLoop {
		o.first += int32(d)
	}
	return o
}

// step takes switch sw's entry for lid toward the destination port dp: the
// next switch, or -1 and how it ended (kind 0: dp is reached).
func (s *Set) step(sw, lid, dp int) (int, outcome) {
	tb := s.tab.out[sw]
	if lid >= len(tb) || tb[lid] < 0 {
		return -1, outcome{kind: ErrNoEntry, n: 1, at: int32(sw)}
	}
	tr := s.tr
	q := sw*tr.ports + int(tb[lid]) - tr.base
	o := outcome{n: 1, at: int32(sw), out: tb[lid]}
	switch nx := tr.next[q]; {
	case nx >= 0:
		return int(nx) / tr.ports, outcome{}
	case nx == kProc && q == dp:
	case nx == kProc:
		o.kind = ErrWrongDest
	case nx == kUnused:
		o.kind = ErrUnused
	default:
		o.kind = ErrUnconnected
	}
	return -1, o
}

// LIDs is how many LIDs a node has in the forwarding tables (2^LMC, 0 for
// none), each with its own routes to the node; 1 for route files.
func (s *Set) LIDs(node int) int {
	if s.tab == nil {
		return 1
	}
	return s.tab.LIDs(node, s.m)
}

// HasTables says whether the routes come from forwarding tables.
func (s *Set) HasTables() bool { return s.tab != nil }

// destLID is the LID of dst at offset off, or why there is none.
func (s *Set) destLID(src, dst, off int) (int, *RouteError) {
	n := s.tab.LIDs(dst, s.m)
	if n > 0 && off >= 0 && off < n {
		return s.tab.LID(dst, s.m) + off, nil
	}
	e := &RouteError{Kind: ErrNoLID, File: s.tab.File, Src: src, Dst: dst, Offset: off,
		Msg: fmt.Sprintf("node %d has no LID in the tables: no route leads to it", dst)}
	if n > 0 {
		e.Msg = fmt.Sprintf("node %d has %d LID(s) (LMC %d): no LID offset %d (0..%d)", dst, n, s.tab.lmc[dst-s.m.MinNode], off, n-1)
	}
	return 0, e
}

// TraceOffset follows the route from node src to node dst's LID at offset
// off (base LID + off; LMC > 0 gives a node 2^LMC LIDs, each routed on its
// own) and returns its hops. For route files only offset 0 exists. Every
// problem is a *RouteError.
func (s *Set) TraceOffset(src, dst, off int) ([]Hop, error) {
	if s.tab == nil {
		if off != 0 {
			return nil, &RouteError{Kind: ErrNoLID, File: s.m.File, Src: src, Dst: dst, Offset: off,
				Msg: fmt.Sprintf("LID offset %d: the model has route files, one route a pair (offset 0)", off)}
		}
		return s.Trace(src, dst)
	}
	m := s.m
	for _, n := range [2]int{src, dst} {
		if m.NodePort(n) == model.NoPort {
			return nil, &RouteError{Kind: ErrNoNode, File: m.File, Src: src, Dst: dst, Offset: off,
				Msg: fmt.Sprintf("the model has no node %d", n)}
		}
	}
	hops, _, err := s.traceTables(src, dst, off, make([]Hop, 0, 8))
	if err != nil {
		return nil, err
	}
	return hops, nil
}

// traceTables traces src->dst+off through the tables, appending the hops
// to hops unless it is nil, and returns them and their number.
func (s *Set) traceTables(src, dst, off int, hops []Hop) ([]Hop, int, *RouteError) {
	m := s.m
	if src == dst && off >= 0 && off < max(1, s.tab.LIDs(dst, m)) {
		return hops, 0, nil // a node's route to itself crosses no switch
	}
	lid, lerr := s.destLID(src, dst, off)
	if lerr != nil {
		return nil, 0, lerr
	}
	tr := s.tr
	sp, dp := int(m.NodePort(src)), int(m.NodePort(dst))
	sw, in := sp/tr.ports, sp%tr.ports+tr.base
	collect := hops != nil
	for h := 1; ; h++ {
		if h > tr.nsw {
			return nil, 0, s.tableError(s.loopFrom(sp/tr.ports, lid, dp), src, dst, off, lid)
		}
		next, o := s.step(sw, lid, dp)
		if next < 0 && o.kind != 0 {
			return nil, 0, s.tableError(o.shift(h-1), src, dst, off, lid)
		}
		out := int(s.tab.out[sw][lid])
		if collect {
			hops = append(hops, Hop{Switch: sw, In: in, Out: out})
		}
		if next < 0 {
			return hops, h, nil
		}
		in = int(tr.entry[sw*tr.ports+out-tr.base]) + tr.base
		sw = next
	}
}

// loopFrom finds the first switch a looping route reaches twice.
func (s *Set) loopFrom(sw, lid, dp int) outcome {
	seen := map[int]int32{}
	for h := int32(1); ; h++ {
		if f, ok := seen[sw]; ok {
			return outcome{kind: ErrLoop, n: h, at: int32(sw), first: f}
		}
		seen[sw] = h
		sw, _ = s.step(sw, lid, dp)
	}
}

// tableError describes a failed route src->dst (LID lid, offset off); o's
// hops count from src's switch. Its line is that of the `table` of the
// switch at fault (0 when the switch has none).
func (s *Set) tableError(o outcome, src, dst, off, lid int) *RouteError {
	m := s.m
	at := int(o.at)
	e := &RouteError{Kind: o.kind, File: s.tab.File, Line: int(s.tab.at[at]), Src: src, Dst: dst, Offset: off, Hop: int(o.n), Switch: m.Switches[at].Label}
	switch o.kind {
	case ErrNoEntry:
		if s.tab.out[at] == nil {
			e.Msg = fmt.Sprintf("the switch has no forwarding table: LID %d (node %d) ends here", lid, dst)
		} else {
			e.Msg = fmt.Sprintf("no entry for LID %d (node %d): a dead end", lid, dst)
		}
	case ErrWrongDest:
		node, _ := m.Node(m.Port(at, int(o.out)))
		e.Msg = fmt.Sprintf("exit port %d for LID %d is the proc port of node %d, not of node %d", o.out, lid, node, dst)
	case ErrUnused:
		e.Msg = fmt.Sprintf("exit port %d for LID %d is unused (not in portdef %s)", o.out, lid, m.Switches[at].Def.Label)
	case ErrUnconnected:
		e.Msg = fmt.Sprintf("exit port %d for LID %d is a net port with no link", o.out, lid)
	case ErrLoop:
		e.Msg = fmt.Sprintf("LID %d comes back to %s, first reached at hop %d: a forwarding loop", lid, m.Switches[at].Label, o.first)
	}
	return e
}

// traceSource is CheckSources' work for one source over tables: every
// destination, every LID of it, traced on its own.
func (s *Set) traceSource(src, limit int, r *Report) {
	m := s.m
	if m.NodePort(src) == model.NoPort {
		return
	}
	for dst := m.MinNode; dst <= m.MaxNode; dst++ {
		if m.NodePort(dst) == model.NoPort {
			continue
		}
		n := s.tab.LIDs(dst, m)
		if n == 0 {
			if dst == src {
				r.Routes++ // the empty route to itself
			} else {
				r.Missing++
			}
			continue
		}
		for off := range n {
			r.Routes++
			_, n, err := s.traceTables(src, dst, off, nil)
			if err != nil {
				r.fail(err, limit)
				continue
			}
			r.Hops += int64(n)
		}
	}
}

// noLIDWarning adds to a report over tables one warning for the routes
// missing because their destinations have no LID.
func (s *Set) noLIDWarning(r *Report) {
	if s.tab == nil || r.Missing == 0 {
		return
	}
	m := s.m
	nodes, first := 0, -1
	for d := m.MinNode; d <= m.MaxNode; d++ {
		if m.NodePort(d) != model.NoPort && s.tab.LIDs(d, m) == 0 {
			if first < 0 {
				first = d
			}
			nodes++
		}
	}
	w := &RouteError{Kind: ErrNoLID, File: s.tab.File, Src: -1, Dst: -1,
		Msg: fmt.Sprintf("%d of %d nodes have no LID in the tables (the first: node %d): %d routes to them are missing", nodes, m.NumNodes, first, r.Missing)}
	r.Warnings = append([]*RouteError{w}, r.Warnings...)
}

// walker is one worker's memory of where each switch's entry leads for the
// LID being checked: memo[sw] is valid when stamp[sw] == cur.
type walker struct {
	memo  []outcome
	stamp []uint32
	onPth []uint32 // == cur: the switch is on the path being followed, at pos
	pos   []int32
	path  []int32
	cur   uint32
}

// resolve is the outcome from switch sw0 toward lid, following entries
// only as far as the first switch already resolved for this LID.
func (w *walker) resolve(s *Set, sw0, lid, dp int) outcome {
	if w.stamp[sw0] == w.cur {
		return w.memo[sw0]
	}
	w.path = w.path[:0]
	set := func(sw int32, o outcome) { w.memo[sw], w.stamp[sw] = o, w.cur }
	for sw := sw0; ; {
		if w.stamp[sw] == w.cur { // resolved before: the path ends in its outcome
			o := w.memo[sw]
			for i, L := len(w.path)-1, len(w.path); i >= 0; i-- {
				set(w.path[i], o.shift(L-i))
			}
			break
		}
		if w.onPth[sw] == w.cur { // a loop: path[j:] is the cycle
			j, L := int(w.pos[sw]), len(w.path)
			c := int32(L - j)
			for i := j; i < L; i++ {
				set(w.path[i], outcome{kind: ErrLoop, n: c + 1, at: w.path[i], first: 1})
			}
			o := w.memo[w.path[j]]
			for i := j - 1; i >= 0; i-- {
				set(w.path[i], o.shift(j-i))
			}
			break
		}
		w.onPth[sw], w.pos[sw] = w.cur, int32(len(w.path))
		w.path = append(w.path, int32(sw))
		next, o := s.step(sw, lid, dp)
		if next < 0 {
			for i, L := len(w.path)-1, len(w.path); i >= 0; i-- {
				set(w.path[i], o.shift(L-1-i))
			}
			break
		}
		sw = next
	}
	return w.memo[sw0]
}

// checkTables is Check over forwarding tables, destination by destination
// on every core.
func (s *Set) checkTables(limit int) *Report {
	m := s.m
	nsw := len(m.Switches)
	// sources per switch, and the switches with any
	srcs := make([]int64, nsw)
	var sources int
	for n := m.MinNode; n <= m.MaxNode; n++ {
		if p := m.NodePort(n); p != model.NoPort {
			srcs[m.SwitchOf(p)]++
			sources++
		}
	}
	var with []int
	for sw, k := range srcs {
		if k > 0 {
			with = append(with, sw)
		}
	}
	workers := runtime.GOMAXPROCS(0)
	var next atomic.Int64
	next.Store(int64(m.MinNode))
	parts := make([]*Report, workers)
	var wg sync.WaitGroup
	for wi := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			w := &walker{memo: make([]outcome, nsw), stamp: make([]uint32, nsw), onPth: make([]uint32, nsw), pos: make([]int32, nsw)}
			r := &Report{}
			for {
				dst := int(next.Add(1) - 1)
				if dst > m.MaxNode {
					break
				}
				s.checkDest(w, dst, with, srcs, sources, limit, r)
			}
			parts[wi] = r
		}()
	}
	wg.Wait()
	r := merge(parts, limit)
	s.noLIDWarning(r)
	return r
}

// checkDest checks every route to one destination, each of its LIDs.
func (s *Set) checkDest(w *walker, dst int, with []int, srcs []int64, sources, limit int, r *Report) {
	m := s.m
	dp := m.NodePort(dst)
	if dp == model.NoPort {
		return
	}
	n := s.tab.LIDs(dst, m)
	if n == 0 {
		r.Routes++ // the empty route to itself
		r.Missing += sources - 1
		return
	}
	base := s.tab.LID(dst, m)
	dsw := m.SwitchOf(dp)
	for off := range n {
		lid := base + off
		w.cur++
		bad := 0
		for _, sw := range with {
			o := w.resolve(s, sw, lid, int(dp))
			if o.kind == 0 {
				r.Hops += srcs[sw] * int64(o.n)
			} else {
				bad += int(srcs[sw])
			}
		}
		// dst's own route to itself is empty, whatever its switch's entry
		if o := w.memo[dsw]; o.kind == 0 {
			r.Hops -= int64(o.n)
		} else {
			bad--
		}
		r.Routes += sources
		r.Bad += bad
		if bad == 0 {
			continue
		}
		listed := 0
		for src := m.MinNode; src <= m.MaxNode && listed < limit; src++ {
			sp := m.NodePort(src)
			if sp == model.NoPort || src == dst {
				continue
			}
			if o := w.memo[m.SwitchOf(sp)]; o.kind != 0 {
				r.Errors = append(r.Errors, s.tableError(o, src, dst, off, lid))
				listed++
			}
		}
		if len(r.Errors) > 4*limit { // keep the first limit in order, not every destination's
			sortErrors(r.Errors)
			r.Errors = r.Errors[:limit]
		}
	}
}
