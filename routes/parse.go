package routes

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
)

// MaxLine is the longest route line accepted, in bytes (comment lines are
// not limited: they are skipped without being kept).
const MaxLine = 1 << 20

// maxData bounds the decoded bytes of one file so offsets fit in int32.
const maxData = 1<<31 - 1

// table is the routes of one source node: the decoded bytes of each line
// back to back, with offsets.
type table struct {
	file string
	src  int
	data []byte  // route bytes of every line
	off  []int32 // route k is data[off[k]:off[k+1]]; len = routes + 1
	line []int32 // file line of route k
	bad  map[int]*RouteError
	long map[int]bool // routes with more bytes than were kept
	// tail says why routes after the last line are absent: nil for a file
	// that simply ends (ErrMissingLine), else a missing or unreadable file.
	tail  *RouteError
	extra *RouteError // more non-empty lines than nodes
}

// routes is how many lines (routes) the table holds.
func (t *table) routes() int { return len(t.off) - 1 }

// route is the bytes of route k.
func (t *table) route(k int) []byte { return t.data[t.off[k]:t.off[k+1]] }

// byte classes of the line scanner; values below 16 are hex digits.
const (
	cBlank = 16 + iota
	cHash
	cNL
	cOther
)

var class [256]uint8

func init() {
	for i := range class {
		class[i] = cOther
	}
	for i := 0; i < 10; i++ {
		class['0'+i] = uint8(i)
	}
	for i := 0; i < 6; i++ {
		class['a'+i] = uint8(10 + i)
		class['A'+i] = uint8(10 + i)
	}
	class[' '], class['\t'], class['\r'] = cBlank, cBlank, cBlank
	class['#'], class['\n'] = cHash, cNL
}

// scanner states
const (
	sStart   = iota // only blanks so far on this line
	sRoute          // between tokens of a route line
	sToken          // inside a hex token
	sComment        // a comment line: not a route
	sSkip           // rest of a route line (trailing comment or after an error)
)

// parser turns route-file text into a table, a chunk at a time.
type parser struct {
	t        *table
	min      int // node id of line 0
	want     int // routes expected: one per node id in the range
	maxBytes int // bytes kept per route; more cannot be a valid route
	fileLine int
	state    int
	col      int // bytes of this line so far
	tokCol   int
	digits   int
	hi       byte
	nbytes   int
	lineErr  *RouteError
	done     bool
}

func newParser(file string, src, min, want, maxBytes int) *parser {
	t := &table{file: file, src: src, off: make([]int32, 1, want+1), line: make([]int32, 0, want)}
	return &parser{t: t, min: min, want: want, maxBytes: maxBytes, fileLine: 1}
}

// parse reads a whole route file.
func parse(file string, r io.Reader, src, min, want, maxBytes int) *table {
	p := newParser(file, src, min, want, maxBytes)
	if n := sizeHint(r); n > 0 {
		p.t.data = make([]byte, 0, min64(n/3+16, int64(want)*int64(maxBytes)))
	}
	buf := make([]byte, 64<<10)
	for !p.done {
		n, err := r.Read(buf)
		p.feed(buf[:n])
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			p.t.tail = &RouteError{Kind: ErrRead, File: file, Line: p.fileLine, Src: src, Dst: -1,
				Msg: "read: " + err.Error(), Err: err}
			return p.t
		}
	}
	p.end()
	return p.t
}

func (p *parser) errorAt(kind Kind, col int, format string, args ...any) {
	if p.lineErr != nil {
		return
	}
	p.lineErr = &RouteError{Kind: kind, File: p.t.file, Line: p.fileLine, Col: col,
		Src: p.t.src, Dst: p.min + p.t.routes(), Msg: fmt.Sprintf(format, args...)}
	p.state = sSkip
}

// feed scans a chunk of the file.
func (p *parser) feed(b []byte) {
	for i := 0; i < len(b) && !p.done; i++ {
		if p.state <= sRoute && i+2 < len(b) {
			// fast path: two hex digits and a blank or newline
			h, l, sep := class[b[i]], class[b[i+1]], class[b[i+2]]
			if h < 16 && l < 16 && sep >= cBlank && sep != cHash && sep != cOther && p.col+3 <= MaxLine {
				p.store(h<<4 | l)
				p.state = sRoute
				if sep == cNL {
					p.col += 2
					i++ // the newline is handled below on the next turn
				} else {
					p.col += 3
					i += 2
				}
				continue
			}
		}
		c := class[b[i]]
		if c == cNL {
			p.endLine()
			continue
		}
		p.col++
		if p.col > MaxLine && p.state != sComment && p.lineErr == nil {
			p.errorAt(ErrLineTooLong, 0, "line longer than %d bytes", MaxLine)
		}
		switch p.state {
		case sStart, sRoute:
			switch {
			case c < 16:
				p.state, p.tokCol, p.digits, p.hi = sToken, p.col, 1, c
			case c == cBlank:
			case c == cHash:
				if p.state == sStart {
					p.state = sComment
				} else {
					p.state = sSkip
				}
			default:
				p.state = sRoute
				p.badChar(b[i])
			}
		case sToken:
			switch {
			case c < 16:
				p.digits++
				if p.digits == 2 {
					p.store(p.hi<<4 | c)
				} else if p.digits == 3 {
					p.errorAt(ErrSyntax, p.tokCol, "a route byte is two hex digits; found a third at column %d", p.col)
				}
			case c == cBlank:
				p.endToken()
				p.state = sRoute
			case c == cHash:
				p.endToken()
				p.state = sSkip
			default:
				p.badChar(b[i])
			}
		}
	}
}

func (p *parser) badChar(c byte) {
	if c >= 0x20 && c < 0x7f {
		p.errorAt(ErrSyntax, p.col, "%q is not a hex digit", rune(c))
	} else {
		p.errorAt(ErrSyntax, p.col, "byte 0x%02x is not a hex digit", c)
	}
}

func (p *parser) endToken() {
	if p.digits == 1 {
		p.errorAt(ErrSyntax, p.tokCol, "a single hex digit; a route byte is two hex digits")
	}
}

func (p *parser) store(v byte) {
	if p.nbytes < p.maxBytes && len(p.t.data) < maxData {
		p.t.data = append(p.t.data, v)
	}
	p.nbytes++
}

// endLine finishes the current line at a newline or the end of the file.
func (p *parser) endLine() {
	if p.state == sToken {
		p.endToken()
	}
	counted := p.state != sComment
	empty := p.state == sStart && p.lineErr == nil
	if counted {
		p.finishRoute(empty)
	}
	p.fileLine++
	p.state, p.col, p.nbytes, p.lineErr = sStart, 0, 0, nil
}

func (p *parser) finishRoute(empty bool) {
	t := p.t
	k := t.routes()
	if k >= p.want {
		if empty {
			return // blank lines after the last route are tolerated
		}
		t.data = t.data[:t.off[k]]
		t.extra = &RouteError{Kind: ErrExtraLine, File: t.file, Line: p.fileLine, Src: t.src, Dst: -1,
			Msg: fmt.Sprintf("more route lines than the %d node ids %d..%d", p.want, p.min, p.min+p.want-1)}
		p.done = true
		return
	}
	if p.lineErr != nil {
		if t.bad == nil {
			t.bad = map[int]*RouteError{}
		}
		t.bad[k] = p.lineErr
		t.data = t.data[:t.off[k]]
	}
	if p.nbytes > p.maxBytes {
		if t.long == nil {
			t.long = map[int]bool{}
		}
		t.long[k] = true
	}
	t.off = append(t.off, int32(len(t.data)))
	t.line = append(t.line, int32(p.fileLine))
}

// end finishes a last line that has no newline.
func (p *parser) end() {
	if !p.done && (p.col > 0 || p.state != sStart) {
		p.endLine()
	}
}

// sizeHint is the number of bytes r holds, when it can tell (a file or an
// in-memory reader), else 0.
func sizeHint(r io.Reader) int64 {
	switch x := r.(type) {
	case interface{ Stat() (fs.FileInfo, error) }:
		if fi, err := x.Stat(); err == nil && fi.Mode().IsRegular() {
			return fi.Size()
		}
	case interface{ Len() int }:
		return int64(x.Len())
	}
	return 0
}

func min64(a, b int64) int64 {
	if a < b {
		return a
	}
	return b
}
