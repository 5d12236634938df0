package lft

import (
	"bytes"
	"io"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/fabviz/fabviz/internal/textio"
)

// The parallel parse. A big fabric's dump_fts is gigabytes of text (every
// switch lists every LID), so Parse reads it in blocks of whole lines, cut
// where possible just before a table header, and parses the blocks on all
// cores, each as if it began the file. A table header resets what a line
// means (the current table, multicast or not), so a block that starts
// with one parses the same on its own as in sequence. A block's result is
// taken, in file order, only when it cannot differ from the line-by-line
// parse (parseLines): the block had no error, names no switch an earlier
// block named, and its allocations fit the limit given what came before.
// Otherwise the block is parsed again, in sequence, by the parser that has
// read everything before it: the same tables, errors and error order as
// parseLines, only slower, which is what files with errors get.

// blockSize is how much Parse reads at a time, at first: a block of a
// megabyte stays in the processors' caches while it is parsed (with
// blocks of 8 MB a 776 MB dump_fts took about twice as long, with 32 MB
// over three times). A block is made twice as big, up to maxBlock, when it holds
// no table header to cut it before: tables are as big as the LIDs they
// list (4 MB for 48,000 LIDs).
const blockSize = 1 << 20

const maxBlock = 64 << 20

// A block is a run of whole lines, or one line too long to hold, or the
// read error that ended the input.
type block struct {
	data []byte
	off  int           // data's offset in the input
	buf  []byte        // data's buffer, to reuse
	bad  *textio.Error // a line too long to hold (Line is set when merged)
	err  error         // reading failed after data
	res  *parser       // the block parsed on its own
	done chan struct{}
}

// headerPrefixes begin the lines a block is best cut before.
var headerPrefixes = [][]byte{[]byte("Unicast lids ["), []byte("dump_ucast_routes: Switch ")}

func parseParallel(name string, r io.Reader, size, workers int) (*Tables, error) {
	g := newParser(name)
	order := make(chan *block, workers+1)
	work := make(chan *block, workers)
	free := make(chan []byte, workers+3)
	quit := make(chan struct{})
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for b := range work {
				select {
				case <-quit:
				default:
					b.res = parseBlock(name, b.data, b.off)
				}
				close(b.done)
			}
		}()
	}
	go func() {
		defer close(order)
		defer close(work)
		cutBlocks(name, r, size, free, quit, func(b *block) bool {
			b.done = make(chan struct{})
			select {
			case order <- b:
			case <-quit:
				return false
			}
			if b.data == nil {
				close(b.done)
				return true
			}
			select {
			case work <- b:
			case <-quit:
				close(b.done)
				return false
			}
			return true
		})
	}()
	quitted := false
	for b := range order {
		<-b.done
		if !g.stopped {
			g.merge(b)
		}
		if b.buf != nil {
			select {
			case free <- b.buf[:cap(b.buf)]:
			default:
			}
		}
		if g.stopped && !quitted {
			close(quit)
			quitted = true
		}
	}
	wg.Wait()
	return g.finish()
}

// cutBlocks reads r into blocks of whole lines and gives them to send, in
// order, until send says stop.
func cutBlocks(name string, r io.Reader, size int, free chan []byte, quit chan struct{}, send func(*block) bool) {
	// Blocks grow from 64 kB to size, by 32 times: small inputs need no
	// big buffer, big ones reuse theirs.
	grow := min(size, 64<<10)
	get := func(n int) []byte {
		n = max(n, grow)
		grow = min(32*grow, size)
		select {
		case b := <-free:
			if len(b) >= n {
				return b
			}
		default:
		}
		return make([]byte, n)
	}
	buf, n := get(0), 0
	off := 0  // bytes of the blocks so far
	kind := 0 // the kind of table header found last
	data := func(d, buf []byte) *block {
		off += len(d)
		return &block{data: d, off: off - len(d), buf: buf}
	}
	for {
		select {
		case <-quit:
			return
		default:
		}
		m, err := io.ReadFull(r, buf[n:])
		n += m
		eof := err == io.EOF || err == io.ErrUnexpectedEOF
		if err != nil && !eof {
			// the lines read in full, then the error
			cut := bytes.LastIndexByte(buf[:n], '\n') + 1
			if cut > 0 && !send(data(buf[:cut], buf)) {
				return
			}
			send(&block{err: err})
			return
		}
		if eof {
			if n > 0 {
				send(data(buf[:n], buf))
			}
			return
		}
		cut, header := cutPoint(buf[:n], &kind)
		if !header && size < maxBlock {
			size *= 2
			grow = size
		}
		if cut == 0 { // no line end in a full buffer
			if n <= MaxLine+2 {
				nb := make([]byte, 2*len(buf))
				copy(nb, buf[:n])
				buf = nb
				continue
			}
			if !send(&block{bad: lineError(name, buf[:MaxLine+3])}) {
				return
			}
			n = skipLine(r, buf)
			continue
		}
		nb := get(n - cut)
		rest := copy(nb, buf[cut:n])
		if !send(data(buf[:cut], buf)) {
			return
		}
		buf, n = nb, rest
	}
}

// skipLine reads past the end of a line too long to hold and leaves what
// follows at the start of buf; it says how much.
func skipLine(r io.Reader, buf []byte) int {
	for {
		m, err := r.Read(buf)
		if i := bytes.IndexByte(buf[:m], '\n'); i >= 0 {
			return copy(buf, buf[i+1:m])
		}
		if err != nil {
			return 0
		}
	}
}

// cutPoint is where to end a block of data: at the start of its last
// table header (but not its first line), or else after its last complete
// line; 0 when it has no line end. *kind is the header kind to look for
// first (an index in headerPrefixes): the kind found last time.
func cutPoint(data []byte, kind *int) (cut int, header bool) {
	end := bytes.LastIndexByte(data, '\n') + 1
	if end == 0 {
		return 0, false
	}
	for k := range headerPrefixes {
		h := headerPrefixes[(*kind+k)%len(headerPrefixes)]
		if at := lastHeader(data, h); at > 0 {
			*kind = (*kind + k) % len(headerPrefixes)
			return at, true
		}
	}
	return end, false
}

// lastHeader is where the last line starting with h begins, when not at
// 0; else -1. It searches windows from the end, each twice as long as the
// one before: the last header is most often near the end.
func lastHeader(data, h []byte) int {
	for hi, win := len(data), 1<<16; hi > 0; win *= 2 {
		lo := max(0, hi-win)
		s := data[lo:min(len(data), hi+len(h)-1)] // a header begun before hi
		best := -1
		for k := 0; ; {
			i := bytes.Index(s[k:], h)
			if i < 0 {
				break
			}
			if at := lo + k + i; at > 0 && data[at-1] == '\n' {
				best = at
			}
			k += i + 1
		}
		if best > 0 {
			return best
		}
		hi = lo
	}
	return -1
}

// parseBlock parses a block as if it began the input; it stops at its
// first error.
func parseBlock(name string, data []byte, offset int) *parser {
	p := newParser(name)
	p.block, p.changed, p.before = true, false, offset
	p.run(data)
	return p
}

// run parses a block of lines, numbering them on from p.n.
func (p *parser) run(data []byte) {
	for len(data) > 0 && !(p.stopped && p.block) {
		var raw []byte
		if i := bytes.IndexByte(data, '\n'); i >= 0 {
			raw, data = data[:i+1], data[i+1:]
		} else {
			raw, data = data, nil
		}
		p.n++
		line := trimEOL(raw)
		if len(line) > MaxLine || !utf8.Valid(line) {
			if !p.stopped {
				e := lineError(p.ts.File, raw)
				e.Line = p.n
				p.errs = append(p.errs, e)
				p.stopped = p.block
			}
			continue
		}
		if p.stopped {
			return
		}
		p.read += len(line) + 1
		if lid, port, ok := fastEntry(line); ok {
			if !p.mcast {
				p.set(p.n, lid, port)
			}
		} else {
			p.line(p.n, strings.TrimSpace(string(line)))
		}
		p.stopped = p.stopped || len(p.errs) >= MaxErrors || p.stop || (p.block && len(p.errs) > 0)
	}
}

// merge adds the next block to everything before it: the block's own
// parse when it equals what parsing on would give, or else parsing on.
func (p *parser) merge(b *block) {
	switch {
	case b.err != nil:
		p.errs = append(p.errs, &textio.Error{File: p.ts.File, Line: p.n + 1, Msg: "read: " + b.err.Error(), Err: b.err})
		p.stopped = true
	case b.bad != nil:
		p.n++
		b.bad.Line = p.n
		p.errs = append(p.errs, b.bad)
	case !p.take(b.res):
		p.run(b.data)
	}
}

// take adds a block parsed on its own, if its parse is what parsing on
// would give.
func (p *parser) take(q *parser) bool {
	if q == nil || q.stopped || q.maxX > 4*p.read-p.slots {
		return false
	}
	for _, t := range q.ts.List {
		if p.ts.byGUID[t.GUID] != nil {
			return false
		}
	}
	for _, t := range q.ts.List {
		t.Line += p.n
		p.ts.byGUID[t.GUID] = t
	}
	p.ts.List = append(p.ts.List, q.ts.List...)
	for _, w := range q.ts.Warnings {
		w.Line += p.n
	}
	p.ts.Warnings = append(p.ts.Warnings, q.ts.Warnings...)
	p.n += q.n
	p.read += q.read
	p.slots += q.slots
	if q.changed {
		p.setCur(q.cur)
		p.mcast = q.mcast
	}
	return true
}

// lineError is the error textio.LineReader gives for a line that is too
// long or not UTF-8 (its Line is 1).
func lineError(name string, raw []byte) *textio.Error {
	_, err := textio.NewLineReader(name, bytes.NewReader(raw), MaxLine).Next()
	e, _ := textio.LineErr(name, err)
	return e
}

func trimEOL(b []byte) []byte {
	if n := len(b); n > 0 && b[n-1] == '\n' {
		b = b[:n-1]
	}
	if n := len(b); n > 0 && b[n-1] == '\r' {
		b = b[:n-1]
	}
	return b
}
