package routes

import (
	"fmt"
	"runtime"
	"sort"
	"sync"
	"sync/atomic"

	"github.com/fabviz/fabviz/model"
)

// Report is what Check found.
type Report struct {
	// Routes is the routes checked: every line present for a pair of nodes;
	// with forwarding tables, every pair whose destination has a LID, once
	// per LID of the destination (LMC > 0 gives 2^LMC routes a pair).
	Routes   int
	Hops     int64 // hops walked by the good routes
	Bad      int   // routes that do not trace
	Missing  int   // routes absent (missing files, short files)
	Errors   []*RouteError
	Warnings []*RouteError // missing files and lines, extra lines: one per file
	More     int           // errors beyond the limit, not listed
}

// Check traces every route of the model, from every node to every node,
// over all cores, reading each file once and not keeping it. It lists the
// first limit bad routes (in source, destination order) and counts the rest.
func (s *Set) Check(limit int) *Report {
	if s.tab != nil {
		return s.checkTables(limit)
	}
	return s.CheckSources(s.m.MinNode, s.m.MaxNode, limit)
}

// CheckSources is Check for the routes of source nodes lo..hi only. Sources
// already read by Trace are not read again.
func (s *Set) CheckSources(lo, hi, limit int) *Report {
	lo, hi = max(lo, s.m.MinNode), min(hi, s.m.MaxNode)
	check := s.checkSource
	if s.tab != nil {
		check = s.traceSource
	}
	workers := runtime.GOMAXPROCS(0)
	var next atomic.Int64
	next.Store(int64(lo))
	parts := make([]*Report, workers)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := &Report{}
			for {
				src := int(next.Add(1) - 1)
				if src > hi {
					break
				}
				check(src, limit, r)
			}
			parts[w] = r
		}()
	}
	wg.Wait()
	r := merge(parts, limit)
	s.noLIDWarning(r)
	return r
}

func merge(parts []*Report, limit int) *Report {
	out := &Report{}
	for _, p := range parts {
		out.Routes += p.Routes
		out.Hops += p.Hops
		out.Bad += p.Bad
		out.Missing += p.Missing
		out.Errors = append(out.Errors, p.Errors...)
		out.Warnings = append(out.Warnings, p.Warnings...)
	}
	sortErrors(out.Errors)
	sortErrors(out.Warnings)
	if len(out.Errors) > limit {
		out.Errors = out.Errors[:limit]
	}
	if len(out.Warnings) > limit {
		out.Warnings = out.Warnings[:limit]
	}
	out.More = out.Bad - len(out.Errors)
	return out
}

// sortErrors puts route errors in source, destination, LID offset order.
func sortErrors(l []*RouteError) {
	sort.Slice(l, func(i, j int) bool {
		if l[i].Src != l[j].Src {
			return l[i].Src < l[j].Src
		}
		if l[i].Dst != l[j].Dst {
			return l[i].Dst < l[j].Dst
		}
		return l[i].Offset < l[j].Offset
	})
}

func (r *Report) fail(e *RouteError, limit int) {
	r.Bad++
	if len(r.Errors) < limit {
		r.Errors = append(r.Errors, e)
	}
}

// checkSource traces every route of one source.
func (s *Set) checkSource(src, limit int, r *Report) {
	m := s.m
	sp := m.NodePort(src)
	if sp == model.NoPort {
		return
	}
	t := s.cached(src)
	if t == nil {
		t = s.read(src)
	}
	if t.extra != nil {
		r.Warnings = append(r.Warnings, t.extra)
		r.Bad++
	}
	if t.routes() < s.span() {
		missing := 0
		for d := m.MinNode + t.routes(); d <= m.MaxNode; d++ {
			if m.NodePort(d) != model.NoPort {
				missing++
			}
		}
		if missing > 0 {
			r.Missing += missing
			w := t.missing(src, -1, s.span())
			if w.Kind == ErrMissingLine {
				w.Msg = fmt.Sprintf("the file has %d route lines of %d: %d routes missing", t.routes(), s.span(), missing)
			}
			r.Warnings = append(r.Warnings, w)
		}
	}
	var hops int64
	for k := range t.routes() {
		dst := m.MinNode + k
		if e := t.bad[k]; e != nil {
			r.Routes++
			r.fail(e, limit)
			continue
		}
		route := t.route(k)
		dp := m.NodePort(dst)
		if dp == model.NoPort {
			if len(route) > 0 {
				r.fail(&RouteError{Kind: ErrNoNode, File: t.file, Line: int(t.line[k]), Src: src, Dst: dst,
					Msg: fmt.Sprintf("a route to node id %d, which the model does not have", dst)}, limit)
			}
			continue
		}
		r.Routes++
		_, f, n := s.tr.walk(int(sp), int(dp), route, nil)
		if f.kind != 0 {
			r.fail(s.tr.describe(f, t, k, src, dst, route), limit)
			continue
		}
		hops += int64(n)
	}
	r.Hops += hops
}
