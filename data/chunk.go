package data

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math"
	"math/bits"

	"github.com/fabviz/fabviz/internal/textio"
	"github.com/fabviz/fabviz/model"
)

// parseChunk parses the whole lines of one chunk into a segment, in 32-bit
// storage unless a value needs 64 bits (then it parses the chunk again).
func (ld *loader) parseChunk(c chunk) *chunkResult {
	// A kept row has a label and steps blank-separated values: at least
	// 2·steps+1 bytes. That bounds the rows whatever the chunk holds.
	rows := bytes.Count(c.data, []byte{'\n'})
	if n := len(c.data); n > 0 && c.data[n-1] != '\n' {
		rows++ // a last line without its newline
	}
	rows = min(rows, len(c.data)/(2*ld.steps+1)+1)
	res, wide := ld.parseInto(c, newChunkTable(ld.steps, rows, false, ld.slabs, &ld.stepPool))
	if wide {
		res, _ = ld.parseInto(c, newChunkTable(ld.steps, rows, true, nil, &ld.stepPool))
	}
	// The step statistics are merged now and their memory reused.
	if st := res.stats.stepStats; st.stepHas != nil {
		ld.stepMu.Lock()
		ld.stepAcc.merge(&st)
		ld.stepMu.Unlock()
		ld.stepPool.put(st)
		res.stats.stepStats = stepStats{}
	}
	return res
}

// parseInto parses a chunk into a table; wide reports a value too large
// for a narrow table.
func (ld *loader) parseInto(c chunk, tbl *table) (res *chunkResult, wide bool) {
	res = &chunkResult{idx: c.idx, ports: make([]model.PortRef, 0, tbl.stride), rowLine: make([]int32, 0, tbl.stride)}
	data := c.data
	line := 0
	for len(data) > 0 {
		line++
		end := bytes.IndexByte(data, '\n')
		next := end + 1
		if end < 0 {
			end, next = len(data), len(data)
		}
		if end > 0 && data[end-1] == '\r' {
			end--
		}
		if len(res.errs) < MaxErrors {
			if ld.parseLine(res, tbl, data, end, line) {
				return nil, true
			}
		}
		data = data[next:]
	}
	res.lines = line
	if n := len(res.ports); n > 0 {
		res.seg, res.stats = tbl.finish(n)
	}
	return res, false
}

func (ld *loader) errAt(res *chunkResult, line, col int, format string, args ...any) {
	res.errs = append(res.errs, &textio.Error{File: ld.file, Line: line, Col: col, Msg: fmt.Sprintf(format, args...)})
}

func isBlank(c byte) bool { return c == ' ' || c == '\t' }

// parseLine parses one line, buf[:end] (buf runs on to the end of the
// chunk, which lets the number parser read 8 bytes at a time): a comment, or
// LABEL and steps values stored as the table's next row (kept only if the
// line is good).
// It reports whether a value did not fit a narrow table.
func (ld *loader) parseLine(res *chunkResult, tbl *table, buf []byte, end, line int) (wide bool) {
	if end > ld.maxLine {
		res.errs = append(res.errs, &textio.Error{File: ld.file, Line: line, Msg: fmt.Sprintf("line longer than %d bytes", ld.maxLine), Err: textio.ErrLineTooLong})
		return false
	}
	l := buf[:end]
	i := 0
	for i < len(l) && isBlank(l[i]) {
		i++
	}
	if i == len(l) || l[i] == '#' {
		return false
	}
	start := i
	for i < len(l) && !isBlank(l[i]) && l[i] != '#' {
		i++
	}
	label := l[start:i]
	p, host, why, unknown := resolveLabel(ld.m, string(label), ld.opt.Kind)
	known := why == ""
	if !known && (!unknown || !ld.opt.Lenient) {
		ld.errAt(res, line, start+1, "%s", why)
		if unknown {
			res.countUnknown(label, line)
		}
		return false
	}
	row := len(res.ports)
	if row >= tbl.stride { // cannot happen: see parseChunk
		ld.errAt(res, line, 0, "internal error: more rows than the chunk can hold")
		return false
	}
	ngaps := len(tbl.gaps)
	n, nonzero, ok := ld.parseValues(res, tbl, buf, end, i, row, line)
	switch {
	case ok && n < 0:
		return true
	case !ok:
	case n != ld.steps:
		ld.errAt(res, line, 0, "%d values, expected %d as on line %d", n, ld.steps, ld.firstLine)
	case !known: // lenient: count it, after checking its values
		res.countUnknown(label, line)
	case ld.opt.Kind == Job && nonzero && ld.m.Spec(p).Role != model.Proc:
		ld.errAt(res, line, start+1, "%s is a %s port: job ids belong on processor ports", label, ld.m.Spec(p).Role)
	default:
		if host != nil {
			res.hosts = append(res.hosts, hostRow{row, string(label), host})
		}
		res.ports = append(res.ports, p)
		res.rowLine = append(res.rowLine, int32(line))
		tbl.keep()
		return false
	}
	tbl.gaps = tbl.gaps[:ngaps] // the row is not kept
	return false
}

// parseValues parses the values of buf[i:end] into table row row and
// returns how many there were (-1 when one does not fit a narrow table) and
// whether any was non-zero. Plain unsigned numbers take a fast path; signs,
// gaps, long numbers, comments and errors go through parseToken.
func (ld *loader) parseValues(res *chunkResult, tbl *table, buf []byte, end, i, row, line int) (n int, nonzero, ok bool) {
	steps, wide, job := ld.steps, tbl.wide, ld.opt.Kind == Job
	vals32, vals64 := tbl.rowBuf(row)
	var nz uint64 // non-zero when a value was
	for i < end {
		c := buf[i]
		if c-'0' < 10 && i+8 <= len(buf) && n < steps {
			x := binary.LittleEndian.Uint64(buf[i:])
			if nd := leadingDigits(x); nd < 8 {
				if j := i + nd; j >= end || buf[j] == ' ' || buf[j] == '\t' {
					u := digitsValue(x, nd)
					if wide {
						vals64[n] = int64(u)
					} else if u <= math.MaxInt32 {
						vals32[n] = int32(u)
					} else {
						return -1, nonzero, true
					}
					nz |= u
					n++
					i = j + 1 // past the blank, or past the end
					continue
				}
			}
		}
		if c == ' ' || c == '\t' {
			i++
			continue
		}
		if c == '#' {
			break
		}
		// 8 to 15 digits followed by a blank or the line's end (a counter of
		// bytes, often): two words of 8 bytes.
		if u, nd := longValue(buf, i); nd > 0 && n < steps {
			if j := i + nd; j >= end || buf[j] == ' ' || buf[j] == '\t' {
				if wide {
					vals64[n] = int64(u)
				} else if u <= math.MaxInt32 {
					vals32[n] = int32(u)
				} else {
					return -1, nonzero, true
				}
				nz |= u
				n++
				i = j + 1
				continue
			}
		}
		v, gap, next, msg := parseToken(buf, end, i)
		if msg != "" {
			ld.errAt(res, line, i+1, "%s", msg)
			return n, nonzero, false
		}
		if job && v < 0 {
			ld.errAt(res, line, i+1, "job id %d is negative", v)
			return n, nonzero, false
		}
		if n < steps {
			if gap { // its place in the step-major storage
				tbl.gaps = append(tbl.gaps, int64(n*tbl.stride+row))
			}
			if wide {
				vals64[n] = v
			} else if int64(int32(v)) == v {
				vals32[n] = int32(v)
			} else {
				return -1, nonzero, true
			}
		}
		nz |= uint64(v)
		n++
		i = next
	}
	return n, nz != 0, true
}

// parseToken parses the value token at buf[i:] (the line ends at end): an
// integer, or `-` for a gap. It returns where the token ends, or a message
// saying what is wrong.
func parseToken(buf []byte, end, i int) (v int64, gap bool, next int, msg string) {
	start := i
	neg := buf[i] == '-'
	if neg {
		i++
	}
	digits := i
	var u uint64
	for i < end {
		d := buf[i] - '0'
		if d > 9 {
			break
		}
		u = u*10 + uint64(d)
		i++
	}
	nd := i - digits
	if i < end && !isBlank(buf[i]) && buf[i] != '#' || nd == 0 && !neg {
		for i < end && !isBlank(buf[i]) && buf[i] != '#' {
			i++
		}
		return 0, false, i, fmt.Sprintf("expected an integer or \"-\", got %q", buf[start:i])
	}
	switch {
	case nd == 0: // a lone "-": no sample
		return 0, true, i, ""
	case nd > 18:
		v, fits := bigInt(buf[digits:i], neg)
		if !fits {
			return 0, false, i, fmt.Sprintf("%s does not fit in a 64-bit integer", buf[start:i])
		}
		return v, false, i, ""
	case neg:
		return -int64(u), false, i, ""
	}
	return int64(u), false, i, ""
}

// leadingDigits is how many of the 8 bytes of x (first byte lowest) are
// ASCII digits before the first byte that is not.
func leadingDigits(x uint64) int {
	const ones, high = 0x0101010101010101, 0xF0F0F0F0F0F0F0F0
	a := x & high            // a digit's high nibble is 3
	b := (x + 6*ones) & high // and stays 3 with 6 added (≤ '9')
	m := (a ^ 0x30*ones) | (b ^ 0x30*ones)
	return bits.TrailingZeros64(m) >> 3
}

// longValue reads a number of 8 to 15 digits at buf[i] 16 bytes at a time:
// its value and how many digits it has; 0 digits when it is shorter,
// longer, or buf ends too soon. The byte after the digits is not a digit.
func longValue(buf []byte, i int) (uint64, int) {
	if i+16 > len(buf) {
		return 0, 0
	}
	x := binary.LittleEndian.Uint64(buf[i:])
	y := binary.LittleEndian.Uint64(buf[i+8:])
	nd := leadingDigits(y)
	if leadingDigits(x) < 8 || nd == 8 {
		return 0, 0
	}
	u := digitsValue(x, 8)
	if nd > 0 {
		u = u*pow10[nd] + digitsValue(y, nd)
	}
	return u, 8 + nd
}

var pow10 = [9]uint64{1, 10, 100, 1000, 10000, 100000, 1000000, 10000000, 100000000}

// digitsValue is the value of the first nd (1..8) bytes of x, all digits:
// the bytes are shifted to the top and combined pairwise, then in fours,
// then in eights.
func digitsValue(x uint64, nd int) uint64 {
	v := (x - 0x3030303030303030) << ((64 - 8*nd) & 63) // & 63: no check for shifts ≥ 64
	v = v * (10<<8 + 1) >> 8 & 0x00FF00FF00FF00FF       // v·10 + v>>8: one multiplication
	v = v * (100<<16 + 1) >> 16 & 0x0000FFFF0000FFFF
	return v * (10000<<32 + 1) >> 32
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

// countUnknown counts a line whose label the model does not know,
// remembering the first.
func (res *chunkResult) countUnknown(label []byte, line int) {
	if res.unknown == 0 {
		res.unkLabel, res.unkLine = string(label), line
	}
	res.unknown++
}
