package data

import (
	"bytes"
	"fmt"
	"math"

	"github.com/fabviz/fabviz/internal/textio"
	"github.com/fabviz/fabviz/model"
)

// parseChunk parses the whole lines of one chunk into a segment.
func (ld *loader) parseChunk(c chunk, tbl *table) *chunkResult {
	res := &chunkResult{idx: c.idx}
	data := c.data
	// A row that is kept has steps values, each at least two bytes with its
	// separator, so this bounds the rows a chunk can hold.
	tbl.reset(ld.steps, len(data)/(2*ld.steps+1)+2)
	line := 0
	for len(data) > 0 {
		line++
		var l []byte
		if nl := bytes.IndexByte(data, '\n'); nl >= 0 {
			l, data = data[:nl], data[nl+1:]
		} else {
			l, data = data, nil
		}
		if len(res.errs) < MaxErrors {
			ld.parseLine(res, tbl, trimCR(l), line)
		}
	}
	res.lines = line
	if n := len(res.ports); n > 0 {
		res.seg, res.stats = tbl.finish(n)
	}
	return res
}

func (ld *loader) errAt(res *chunkResult, line, col int, format string, args ...any) {
	res.errs = append(res.errs, &textio.Error{File: ld.file, Line: line, Col: col, Msg: fmt.Sprintf(format, args...)})
}

func isBlank(c byte) bool { return c == ' ' || c == '\t' }

// parseLine parses one line: a comment, or LABEL and steps values stored as
// row len(res.ports) of the table (kept only if the line is good).
func (ld *loader) parseLine(res *chunkResult, tbl *table, l []byte, line int) {
	if len(l) > ld.maxLine {
		res.errs = append(res.errs, &textio.Error{File: ld.file, Line: line, Msg: fmt.Sprintf("line longer than %d bytes", ld.maxLine), Err: textio.ErrLineTooLong})
		return
	}
	i := 0
	for i < len(l) && isBlank(l[i]) {
		i++
	}
	if i == len(l) || l[i] == '#' {
		return
	}
	start := i
	for i < len(l) && !isBlank(l[i]) && l[i] != '#' {
		i++
	}
	label := l[start:i]
	p, known := ld.m.ResolvePort(string(label))
	row := len(res.ports)
	if row >= tbl.stride {
		ld.errAt(res, line, 0, "%v", errTableFull)
		return
	}
	if !known && !ld.opt.Lenient {
		ld.errAt(res, line, start+1, "unknown label %q: not a port (SWITCH.PORT) or host name of the model", label)
		return
	}
	ngaps := len(tbl.gaps)
	n, nonzero, ok := ld.parseValues(res, tbl, l, i, row, line)
	if !ok {
		tbl.gaps = tbl.gaps[:ngaps]
		return
	}
	if n != ld.steps {
		tbl.gaps = tbl.gaps[:ngaps]
		ld.errAt(res, line, 0, "%d values, expected %d as on line %d", n, ld.steps, ld.firstLine)
		return
	}
	if !known { // lenient: count it, after checking its values
		if res.unknown == 0 {
			res.unkLabel, res.unkLine = string(label), line
		}
		res.unknown++
		tbl.gaps = tbl.gaps[:ngaps]
		return
	}
	if ld.opt.Kind == Job && nonzero && ld.m.Spec(p).Role != model.Proc {
		tbl.gaps = tbl.gaps[:ngaps]
		ld.errAt(res, line, start+1, "%s is a %s port: job ids belong on processor ports", label, ld.m.Spec(p).Role)
		return
	}
	res.ports = append(res.ports, p)
	res.rowLine = append(res.rowLine, int32(line))
}

// parseValues parses the values after the label into column row of the
// table and returns how many there were and whether any was non-zero.
func (ld *loader) parseValues(res *chunkResult, tbl *table, l []byte, i, row, line int) (n int, nonzero, ok bool) {
	vals, stride, steps := tbl.vals, tbl.stride, ld.steps
	pos := row
	lo, hi := tbl.lo, tbl.hi
	for {
		for i < len(l) && isBlank(l[i]) {
			i++
		}
		if i >= len(l) || l[i] == '#' {
			break
		}
		start := i
		neg := l[i] == '-'
		if neg {
			i++
		}
		var u uint64
		digits := i
		for i < len(l) {
			d := l[i] - '0'
			if d > 9 {
				break
			}
			u = u*10 + uint64(d)
			i++
		}
		nd := i - digits
		if i < len(l) && !isBlank(l[i]) && l[i] != '#' || nd == 0 && !neg {
			for i < len(l) && !isBlank(l[i]) && l[i] != '#' {
				i++
			}
			ld.errAt(res, line, start+1, "expected an integer or \"-\", got %q", l[start:i])
			return n, nonzero, false
		}
		var v int64
		switch {
		case nd == 0: // a lone "-": no sample
			if n < steps {
				tbl.gaps = append(tbl.gaps, int64(pos))
			}
		case nd > 18:
			var fits bool
			if v, fits = bigInt(l[digits:i], neg); !fits {
				ld.errAt(res, line, start+1, "%s does not fit in a 64-bit integer", l[start:i])
				return n, nonzero, false
			}
		case neg:
			v = -int64(u)
		default:
			v = int64(u)
		}
		if ld.opt.Kind == Job && v < 0 {
			ld.errAt(res, line, start+1, "job id %d is negative", v)
			return n, nonzero, false
		}
		if n < steps {
			vals[pos] = v
			pos += stride
		}
		lo, hi = min(lo, v), max(hi, v)
		nonzero = nonzero || v != 0
		n++
	}
	tbl.lo, tbl.hi = lo, hi
	return n, nonzero, true
}

// bigInt parses a decimal of more than 18 digits, reporting whether it fits
// in an int64.
func bigInt(d []byte, neg bool) (int64, bool) {
	var u uint64
	for _, c := range d {
		x := uint64(c - '0')
		if u > (math.MaxUint64-x)/10 {
			return 0, false
		}
		u = u*10 + x
	}
	if neg {
		if u > 1<<63 {
			return 0, false
		}
		return -int64(u), true // -1<<63 wraps to itself
	}
	if u > math.MaxInt64 {
		return 0, false
	}
	return int64(u), true
}
