package textio

import (
	"fmt"
	"strconv"
	"strings"
)

// Field is one token of a line and the 1-based column where it starts.
type Field struct {
	Text string
	Col  int
}

// Fields splits a line into tokens separated by spaces or tabs. A `#`
// outside a double-quoted string starts a comment that runs to the end of the
// line. A double-quoted string is one token; inside it `\"` and `\\` stand
// for a quote and a backslash. An unterminated string is an error giving its
// column.
func Fields(line []byte) ([]Field, error) {
	var out []Field
	i := 0
	for i < len(line) {
		c := line[i]
		switch {
		case c == ' ' || c == '\t':
			i++
		case c == '#':
			return out, nil
		case c == '"':
			s, n, err := quoted(line[i:])
			if err != nil {
				return out, &colError{col: i + 1, msg: err.Error()}
			}
			out = append(out, Field{Text: s, Col: i + 1})
			i += n
		default:
			j := i
			for j < len(line) && line[j] != ' ' && line[j] != '\t' && line[j] != '#' && line[j] != '"' {
				j++
			}
			out = append(out, Field{Text: string(line[i:j]), Col: i + 1})
			i = j
		}
	}
	return out, nil
}

func quoted(b []byte) (string, int, error) {
	var sb strings.Builder
	for i := 1; i < len(b); i++ {
		switch b[i] {
		case '"':
			return sb.String(), i + 1, nil
		case '\\':
			if i+1 < len(b) && (b[i+1] == '"' || b[i+1] == '\\') {
				i++
			}
		}
		sb.WriteByte(b[i])
	}
	return "", 0, fmt.Errorf("unterminated quoted string")
}

// colError is what Fields returns; ColumnOf extracts its column.
type colError struct {
	col int
	msg string
}

func (e *colError) Error() string { return e.msg }

// At turns an error from Fields into an *Error for the given file and line.
func At(file string, line int, err error) *Error {
	if ce, ok := err.(*colError); ok {
		return &Error{File: file, Line: line, Col: ce.col, Msg: ce.msg}
	}
	return &Error{File: file, Line: line, Msg: err.Error(), Err: err}
}

// IsComment reports whether a line is blank or a comment line (first
// non-blank character `#`).
func IsComment(line []byte) bool {
	for _, c := range line {
		switch c {
		case ' ', '\t', '\r':
			continue
		case '#':
			return true
		default:
			return false
		}
	}
	return true
}

// Int parses a decimal integer in [lo, hi], with a message naming what was
// expected when it is not one.
func Int(s, what string, lo, hi int64) (int64, error) {
	v, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		if ne, ok := err.(*strconv.NumError); ok && ne.Err == strconv.ErrRange {
			return 0, fmt.Errorf("%s %q out of range %d..%d", what, s, lo, hi)
		}
		return 0, fmt.Errorf("%s: expected an integer, got %q", what, s)
	}
	if v < lo || v > hi {
		return 0, fmt.Errorf("%s %d out of range %d..%d", what, v, lo, hi)
	}
	return v, nil
}
