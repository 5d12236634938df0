package routes

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"sync"
	"sync/atomic"

	"github.com/fabviz/fabviz/model"
)

// Opener opens the route file of a source node. It returns the file's name
// for messages; an error satisfying errors.Is(err, fs.ErrNotExist) means the
// node has no route file.
type Opener func(node int) (r ReadCloser, name string, err error)

// ReadCloser is what an Opener returns.
type ReadCloser = io.ReadCloser

// Set is the routes of a model, read lazily. It is safe for concurrent use.
type Set struct {
	m     *model.Model
	tr    *tracer
	open  Opener
	slots []slot  // by node id − MinNode
	tab   *Tables // forwarding tables instead of route files (tables.go)
}

type slot struct {
	once sync.Once
	t    atomic.Pointer[table]
}

// ErrNoRoutes is returned by Open for a model with neither a `routes` nor
// an `lft` line.
var ErrNoRoutes = errors.New("the model names no route files and no forwarding tables (no `routes DIR EXT` or `lft FILE` line)")

// Open returns the routes of a model, read from the files its `routes` line
// names as they are needed.
func Open(m *model.Model) (*Set, error) {
	if m.LFTFile != "" {
		return OpenTables(m)
	}
	if m.RoutesPath(m.MinNode) == "" {
		return nil, ErrNoRoutes
	}
	return New(m, func(node int) (io.ReadCloser, string, error) {
		path := m.RoutesPath(node)
		f, err := os.Open(path)
		if err != nil {
			return nil, path, err
		}
		return f, path, nil
	}), nil
}

// New returns the routes of a model read through open.
func New(m *model.Model, open Opener) *Set {
	return &Set{m: m, tr: newTracer(m), open: open, slots: make([]slot, m.MaxNode-m.MinNode+1)}
}

// Model is the model the routes belong to.
func (s *Set) Model() *model.Model { return s.m }

// span is the number of node ids, and so of lines a route file should have.
func (s *Set) span() int { return s.m.MaxNode - s.m.MinNode + 1 }

// table returns the cached routes of a source, reading them on first use.
func (s *Set) table(src int) *table {
	sl := &s.slots[src-s.m.MinNode]
	sl.once.Do(func() { sl.t.Store(s.read(src)) })
	return sl.t.Load()
}

// cached returns the table of a source if it has been read, else nil.
func (s *Set) cached(src int) *table {
	return s.slots[src-s.m.MinNode].t.Load()
}

// read reads the route file of a source without caching it.
func (s *Set) read(src int) *table {
	r, name, err := s.open(src)
	if err != nil {
		t := &table{file: name, src: src, off: []int32{0}}
		kind, msg := ErrRead, err.Error()
		if errors.Is(err, fs.ErrNotExist) {
			kind, msg = ErrMissingFile, fmt.Sprintf("no route file for node %d", src)
		}
		t.tail = &RouteError{Kind: kind, File: name, Src: src, Dst: -1, Msg: msg, Err: err}
		return t
	}
	defer r.Close()
	return parse(name, r, src, s.m.MinNode, s.span(), s.tr.nsw+1)
}

// Bytes returns the raw route bytes from src to dst, as read from the file
// (with forwarding tables: each switch's out port, in absolute encoding).
func (s *Set) Bytes(src, dst int) ([]byte, error) {
	if s.tab != nil {
		hops, err := s.TraceOffset(src, dst, 0)
		if err != nil {
			return nil, err
		}
		b := make([]byte, len(hops))
		for i, h := range hops {
			b[i] = byte(h.Out)
		}
		return b, nil
	}
	t, k, err := s.lookup(src, dst)
	if err != nil {
		return nil, err
	}
	return t.route(k), nil
}

// lookup finds the line of route src->dst.
func (s *Set) lookup(src, dst int) (*table, int, error) {
	m := s.m
	for _, n := range [2]int{src, dst} {
		if m.NodePort(n) == model.NoPort {
			return nil, 0, &RouteError{Kind: ErrNoNode, File: m.File, Src: src, Dst: dst,
				Msg: fmt.Sprintf("the model has no node %d", n)}
		}
	}
	t := s.table(src)
	k := dst - m.MinNode
	if k >= t.routes() {
		return nil, 0, t.missing(src, dst, s.span())
	}
	if e := t.bad[k]; e != nil {
		return nil, 0, e
	}
	return t, k, nil
}

// missing is the error for a route beyond the end of the table.
func (t *table) missing(src, dst, span int) *RouteError {
	if t.tail != nil {
		e := *t.tail
		e.Dst = dst
		return &e
	}
	return &RouteError{Kind: ErrMissingLine, File: t.file, Src: src, Dst: dst,
		Msg: fmt.Sprintf("the file has %d route lines of %d; none for node %d", t.routes(), span, dst)}
}

// Trace follows the route from node src to node dst and returns its hops.
// Every problem is a *RouteError.
func (s *Set) Trace(src, dst int) ([]Hop, error) {
	if s.tab != nil {
		return s.TraceOffset(src, dst, 0)
	}
	t, k, err := s.lookup(src, dst)
	if err != nil {
		return nil, err
	}
	r := t.route(k)
	hops, f, _ := s.tr.walk(int(s.m.NodePort(src)), int(s.m.NodePort(dst)), r, make([]Hop, 0, len(r)))
	if f.kind != 0 {
		return nil, s.tr.describe(f, t, k, src, dst, r)
	}
	return hops, nil
}
