package data

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"
	"runtime"
	"sort"
	"sync"

	"github.com/fabviz/fabviz/data/fvlog"
	"github.com/fabviz/fabviz/internal/textio"
	"github.com/fabviz/fabviz/model"
)

// Limits on what a file may make a reader do.
const (
	DefaultMaxLine = 16 << 20 // bytes in one line
	MaxErrors      = 100      // errors reported before giving up
)

// chunkSize is how many bytes are handed to a worker at a time (a variable so
// tests can cut small files into many chunks).
var chunkSize = 1 << 20

// Options control how a file is read.
type Options struct {
	Kind    Kind // Param or Job (a log's `#! counter job` header makes it Job)
	Lenient bool // unknown labels become a counted warning instead of an error
	MaxLine int  // longest line accepted in bytes; 0 = DefaultMaxLine
	Workers int  // parsing goroutines; 0 = GOMAXPROCS
}

func (o Options) maxLine() int {
	if o.MaxLine > 0 {
		return o.MaxLine
	}
	return DefaultMaxLine
}

// Load reads a parameter or job file (§3) or a collection log (§5) from
// disk and binds it to the model.
//
// A file of 1 MiB or more is cached: the next Load of the same unchanged
// file (size and modification time), with the same Kind and Lenient, maps
// the cache instead of parsing (see cache.go; FABVIZ_CACHE names another
// directory, or "off").
func Load(path string, m *model.Model, opt Options) (*Series, error) {
	key, cacheable := newCacheKey(path, opt)
	if cacheable {
		if s, ok := loadCached(path, m, key); ok {
			return s, nil
		}
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, textio.ErrorList{{File: path, Msg: err.Error(), Err: err}}
	}
	defer f.Close()
	s, err := Read(path, f, m, opt)
	if err == nil && cacheable {
		writeCache(s, key) // a cache that cannot be written only costs time later
	}
	return s, err
}

// Read reads a parameter or job file (§3), or a collection log (§5, told
// apart by its first line `#! fabviz-log`), and binds it to the model.
// Errors are a textio.ErrorList, in line order.
func Read(file string, r io.Reader, m *model.Model, opt Options) (*Series, error) {
	br := bufio.NewReaderSize(r, 4096)
	if head, _ := br.Peek(len(fvlog.Magic)); fvlog.Sniff(head) {
		lg, err := ReadLog(file, br, opt.maxLine())
		if err != nil {
			return nil, err
		}
		return lg.Bind(m, opt)
	}
	ld := &loader{file: file, m: m, opt: opt, maxLine: opt.maxLine(), size: sizeOf(r)}
	return ld.run(br)
}

// sizeOf is the number of bytes r holds, when it can tell (a file, a
// bytes.Reader or Buffer), else 0.
func sizeOf(r io.Reader) int64 {
	switch r := r.(type) {
	case interface{ Len() int }:
		return int64(r.Len())
	case *os.File:
		if st, err := r.Stat(); err == nil && st.Mode().IsRegular() {
			return st.Size()
		}
	}
	return 0
}

// loader reads one §3 file: the header lines and the first data line in
// order, then the rest in chunks of whole lines parsed by several workers.
type loader struct {
	file      string
	m         *model.Model
	opt       Options
	maxLine   int
	steps     int
	firstLine int // line of the first data line
	header    Header
	headLines int // lines before the first data line
	errs      textio.ErrorList
	readErr   *chunkErr
	size      int64  // bytes in the input, 0 if unknown
	slabs     *slabs // storage of the chunks' tables
	stepPool  stepPool
	stepMu    sync.Mutex
	stepAcc   stepStats // the chunks' step statistics, merged as they finish
}

// chunkErr is a problem the reading goroutine found before chunk idx.
type chunkErr struct {
	idx int
	msg string
	err error
}

type chunk struct {
	idx  int
	buf  []byte // the buffer to give back
	data []byte // whole lines
}

type chunkResult struct {
	idx      int
	lines    int
	ports    []model.PortRef
	rowLine  []int32
	hosts    []hostRow // rows labelled with a host name, in order
	seg      segment
	stats    segStats
	errs     []*textio.Error // lines relative to the chunk
	unknown  int
	unkLabel string
	unkLine  int
}

func (ld *loader) run(r io.Reader) (*Series, error) {
	rest, err := ld.readHeader(r)
	if err != nil {
		return nil, err
	}
	ld.slabs = newSlabs(ld.estimate(rest))
	ld.stepAcc = stepStats{stepMin: make([]int64, ld.steps), stepMax: make([]int64, ld.steps), stepHas: make([]bool, ld.steps)}
	workers := ld.opt.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	pool := make(chan []byte, workers+2)
	// For a large file the read buffers are one allocation, backed by huge
	// pages where it can be (see slabs): reading into fresh memory costs a
	// fault a page. Otherwise they are made when needed.
	var bufs []byte
	if n := (workers + 2) * chunkSize; ld.size >= int64(n) {
		bufs = makeHuge[byte](n)
	}
	for k := range workers + 2 {
		if bufs == nil {
			pool <- nil
			continue
		}
		pool <- bufs[k*chunkSize : (k+1)*chunkSize : (k+1)*chunkSize]
	}
	chunks := make(chan chunk, workers)
	results := make(chan *chunkResult, workers)
	go ld.produce(r, rest, pool, chunks)
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for c := range chunks {
				res := ld.parseChunk(c)
				pool <- c.buf
				results <- res
			}
		}()
	}
	go func() { wg.Wait(); close(results) }()
	var all []*chunkResult
	for res := range results {
		for len(all) <= res.idx {
			all = append(all, nil)
		}
		all[res.idx] = res
	}
	return ld.merge(all)
}

// readHeader reads the header lines and the first data line, which fixes
// the number of steps. It returns the bytes read past the header: the first
// data line onward.
func (ld *loader) readHeader(r io.Reader) ([]byte, error) {
	buf := make([]byte, 0, 64<<10)
	hp := headerParser{file: ld.file}
	line := 0
	for {
		nl := bytes.IndexByte(buf, '\n')
		if nl < 0 {
			if len(buf) > ld.maxLine {
				return nil, textio.ErrorList{ld.tooLong(line + 1)}
			}
			n, err := readMore(r, &buf)
			if n == 0 && err != nil {
				if err != io.EOF {
					return nil, textio.ErrorList{{File: ld.file, Line: line + 1, Msg: "read: " + err.Error(), Err: err}}
				}
				if len(buf) == 0 {
					return nil, textio.ErrorList{{File: ld.file, Line: line, Msg: "no data lines (expected LABEL VALUE...)"}}
				}
				nl = len(buf) // a last line without its newline
			} else {
				continue
			}
		}
		l := trimCR(buf[:min(nl, len(buf))])
		line++
		if len(l) > ld.maxLine {
			return nil, textio.ErrorList{ld.tooLong(line)}
		}
		if rest, ok := isHeader(l); ok {
			if e := hp.line(line, rest); e != nil {
				ld.errs = append(ld.errs, e)
			}
		} else if !textio.IsComment(l) {
			ld.headLines, ld.firstLine, ld.header = line-1, line, hp.h
			n, e := ld.countValues(l, line)
			if e != nil {
				ld.errs = append(ld.errs, e)
			}
			if len(ld.errs) > 0 {
				return nil, ld.errs
			}
			ld.steps = n
			return buf, nil
		}
		buf = buf[min(nl+1, len(buf)):]
	}
}

// estimate guesses how many values the file holds from its size and the
// length of its first data line (at the start of rest), a few percent
// over: lines of one file tend to be about as long. 0 when the size is
// unknown.
func (ld *loader) estimate(rest []byte) int {
	first := bytes.IndexByte(rest, '\n') + 1
	if ld.size <= 0 || first <= 0 {
		return 0
	}
	rows := float64(ld.size) / float64(first)
	return int(rows*1.03+2) * ld.steps
}

// readMore appends at least one read's worth of bytes to buf.
func readMore(r io.Reader, buf *[]byte) (int, error) {
	b := *buf
	if cap(b)-len(b) < 32<<10 {
		nb := make([]byte, len(b), 2*cap(b)+64<<10)
		copy(nb, b)
		b = nb
	}
	n, err := r.Read(b[len(b):cap(b)])
	*buf = b[:len(b)+n]
	return n, err
}

func trimCR(l []byte) []byte {
	if n := len(l); n > 0 && l[n-1] == '\r' {
		return l[:n-1]
	}
	return l
}

func (ld *loader) tooLong(line int) *textio.Error {
	return &textio.Error{File: ld.file, Line: line, Msg: fmt.Sprintf("line longer than %d bytes", ld.maxLine), Err: textio.ErrLineTooLong}
}

// countValues counts the values of the first data line (its syntax is
// checked with the rest later).
func (ld *loader) countValues(l []byte, line int) (int, *textio.Error) {
	f, err := textio.Fields(l)
	if err != nil {
		return 0, textio.At(ld.file, line, err)
	}
	if len(f) < 2 {
		return 0, &textio.Error{File: ld.file, Line: line, Col: len(l) + 1, Msg: fmt.Sprintf("%s: expected at least one value after the label", f[0].Text)}
	}
	return len(f) - 1, nil
}

// produce reads the input in large blocks, cuts them after their last
// newline and sends them as chunks; what follows the cut starts the next one.
func (ld *loader) produce(r io.Reader, carry []byte, pool chan []byte, out chan<- chunk) {
	defer close(out)
	idx := 0
	next := func(need int) []byte {
		b := <-pool
		if cap(b) < need {
			b = make([]byte, need)
		}
		return b[:cap(b)]
	}
	buf := next(max(chunkSize, 2*len(carry)))
	n := copy(buf, carry)
	for {
		var err error
		for n < len(buf) && err == nil {
			var k int
			k, err = r.Read(buf[n:])
			n += k
		}
		if err != nil && err != io.EOF {
			ld.readErr = &chunkErr{idx: idx, msg: "read: " + err.Error(), err: err}
			pool <- buf
			return
		}
		if err == io.EOF {
			if n > 0 {
				out <- chunk{idx: idx, buf: buf, data: buf[:n]}
			} else {
				pool <- buf
			}
			return
		}
		last := bytes.LastIndexByte(buf[:n], '\n')
		if last < 0 { // one line fills the buffer
			if n > ld.maxLine+1 {
				ld.readErr = &chunkErr{idx: idx, msg: fmt.Sprintf("line longer than %d bytes", ld.maxLine), err: textio.ErrLineTooLong}
				pool <- buf
				return
			}
			nb := make([]byte, 2*len(buf))
			copy(nb, buf[:n])
			buf = nb
			continue
		}
		nb := next(max(chunkSize, 2*(n-last-1)))
		m := copy(nb, buf[last+1:n])
		out <- chunk{idx: idx, buf: buf, data: buf[:last+1]}
		idx++
		buf, n = nb, m
	}
}

// merge puts the chunks back in file order: it numbers their lines, finds
// duplicate labels and assembles the Series.
func (ld *loader) merge(all []*chunkResult) (*Series, error) {
	s := &Series{File: ld.file, Kind: ld.opt.Kind, Header: ld.header, Model: ld.m, steps: ld.steps}
	first := map[model.PortRef]int{}
	base := ld.headLines
	var segs []segment
	var stats []segStats
	unknown, unkLabel, unkLine := 0, "", 0
	var extra []extraCol // the other ports of host labels
	capped := false      // a chunk stopped reading at MaxErrors errors
	for i, res := range all {
		if ld.readErr != nil && ld.readErr.idx == i {
			break
		}
		capped = capped || len(res.errs) >= MaxErrors
		for _, e := range res.errs {
			e.Line += base
			ld.errs = append(ld.errs, e)
		}
		hosts := res.hosts
		for r, p := range res.ports {
			line := base + int(res.rowLine[r])
			var host *hostRow
			if len(hosts) > 0 && hosts[0].row == r {
				host, hosts = &hosts[0], hosts[1:]
			}
			if prev, dup := first[p]; dup {
				ld.errs = append(ld.errs, textio.Errorf(ld.file, line, "duplicate label %s (already on line %d)", ld.m.Label(p), prev))
				continue
			}
			first[p] = line
			src := len(s.cols) // the row's column in segs
			s.cols = append(s.cols, p)
			s.colLine = append(s.colLine, int32(line))
			if host == nil {
				continue
			}
			ports := []model.PortRef{p}
			for _, n := range host.nodes[1:] { // the other ports of a job file's host
				q := ld.m.NodePort(n)
				if prev, dup := first[q]; dup {
					ld.errs = append(ld.errs, textio.Errorf(ld.file, line, "duplicate label %s (port %s of the host, already on line %d)", host.name, ld.m.Label(q), prev))
					continue
				}
				first[q] = line
				extra = append(extra, extraCol{src, q, int32(line)})
				ports = append(ports, q)
			}
			s.addHostPorts(host.name, ports)
		}
		if res.unknown > 0 && unknown == 0 {
			unkLabel, unkLine = res.unkLabel, base+res.unkLine
		}
		unknown += res.unknown
		if len(res.ports) > 0 {
			if len(stats) == 0 { // every chunk's step statistics, merged as they finished
				res.stats.stepStats = ld.stepAcc
			}
			segs = append(segs, res.seg)
			stats = append(stats, res.stats)
		}
		base += res.lines
	}
	if ld.readErr != nil {
		ld.errs = append(ld.errs, &textio.Error{File: ld.file, Line: base + 1, Msg: ld.readErr.msg, Err: ld.readErr.err})
	}
	if unknown > 1 && len(s.cols) == 0 && !ld.opt.Lenient {
		// Not one label is the model's: one line says so, not one a label.
		which := fmt.Sprintf("%d labels", unknown)
		if capped {
			which = fmt.Sprintf("first %d labels read", unknown)
		}
		return nil, textio.ErrorList{textio.Errorf(ld.file, unkLine,
			"none of the %s is a port or host name of the model %q (first %q): the file is for another model", which, ld.m.Name, unkLabel)}
	}
	if len(ld.errs) > 0 {
		sort.SliceStable(ld.errs, func(i, j int) bool { return ld.errs[i].Line < ld.errs[j].Line })
		if len(ld.errs) > MaxErrors {
			ld.errs = ld.errs[:MaxErrors]
		}
		return nil, ld.errs
	}
	if unknown > 0 {
		s.Warnings = append(s.Warnings, fmt.Sprintf("%s:%d: %d line(s) with labels the model does not know were ignored (first %q)",
			ld.file, unkLine, unknown, unkLabel))
	}
	if len(extra) > 0 {
		src := make([]int, len(extra))
		for k, e := range extra {
			src[k] = e.src
			s.cols = append(s.cols, e.port)
			s.colLine = append(s.colLine, e.line)
		}
		g, st := copyColumns(segs, s.steps, src)
		segs, stats = append(segs, g), append(stats, st)
	}
	assemble(s, segs, stats)
	return s, nil
}

// extraCol is a column copied from a host label's line for another port of
// the host: the column it copies, the port and the line.
type extraCol struct {
	src  int
	port model.PortRef
	line int32
}
