package textio

import (
	"bufio"
	"errors"
	"io"
	"strconv"
	"unicode/utf8"
)

// ErrLineTooLong is reported (wrapped in an *Error) for a line longer than
// the reader's limit. The rest of that line is skipped without being kept.
var ErrLineTooLong = errors.New("line too long")

// LineReader reads a file line by line, counting lines and refusing lines
// longer than Max bytes without ever holding more than Max bytes of one.
type LineReader struct {
	File string
	Max  int
	br   *bufio.Reader
	line int
	buf  []byte
	// Partial is true when the last line returned had no final newline.
	Partial bool
}

// NewLineReader returns a reader for r whose lines may be up to max bytes.
func NewLineReader(file string, r io.Reader, max int) *LineReader {
	size := 64 << 10
	if max+1 < size {
		size = max + 1
	}
	if size < 16 {
		size = 16
	}
	return &LineReader{File: file, Max: max, br: bufio.NewReaderSize(r, size)}
}

// Line is the number of the line last returned (1-based).
func (lr *LineReader) Line() int { return lr.line }

// Next returns the next line without its newline (and without a trailing
// carriage return). The slice is valid until the next call. At the end of
// input it returns io.EOF. A line over the limit gives an *Error wrapping
// ErrLineTooLong; a line that is not valid UTF-8 gives an *Error too. In both
// cases reading may continue with the next line.
func (lr *LineReader) Next() ([]byte, error) {
	lr.line++
	lr.Partial = false
	lr.buf = lr.buf[:0]
	for {
		chunk, err := lr.br.ReadSlice('\n')
		if len(lr.buf)+len(chunk) > lr.Max+2 { // room for "\r\n"
			if err == bufio.ErrBufferFull {
				lr.skipRest()
			}
			return nil, lr.tooLong()
		}
		lr.buf = append(lr.buf, chunk...)
		if err == bufio.ErrBufferFull {
			continue
		}
		if err == io.EOF {
			if len(lr.buf) == 0 {
				lr.line--
				return nil, io.EOF
			}
			lr.Partial = true
		} else if err != nil {
			return nil, &Error{File: lr.File, Line: lr.line, Msg: "read: " + err.Error(), Err: err}
		}
		break
	}
	line := trimEOL(lr.buf)
	if len(line) > lr.Max {
		return nil, lr.tooLong()
	}
	if !utf8.Valid(line) {
		return nil, &Error{File: lr.File, Line: lr.line, Col: badUTF8Col(line), Msg: "not valid UTF-8 text"}
	}
	return line, nil
}

func (lr *LineReader) skipRest() {
	for {
		if _, err := lr.br.ReadSlice('\n'); err != bufio.ErrBufferFull {
			return
		}
	}
}

func (lr *LineReader) tooLong() error {
	return &Error{File: lr.File, Line: lr.line, Msg: lineTooLongMsg(lr.Max), Err: ErrLineTooLong}
}

func lineTooLongMsg(max int) string {
	return "line longer than " + strconv.Itoa(max) + " bytes"
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

func badUTF8Col(b []byte) int {
	for i := 0; i < len(b); {
		r, n := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && n <= 1 {
			return i + 1
		}
		i += n
	}
	return 0
}

// LineErr turns an error from Next into an *Error and says whether it ends
// the input. A line that is too long or not UTF-8 spoils only that line and
// reading may go on; any other error (the reader failed) is fatal.
func LineErr(file string, err error) (e *Error, fatal bool) {
	if !errors.As(err, &e) {
		return &Error{File: file, Msg: err.Error(), Err: err}, true
	}
	return e, e.Err != nil && !errors.Is(e.Err, ErrLineTooLong)
}

// Scan returns the next line that can be read. A line that is too long or
// not UTF-8 is passed to report and skipped; at the end of the input, or after
// a read error (reported too), Scan returns false.
func (lr *LineReader) Scan(report func(*Error)) ([]byte, bool) {
	for {
		line, err := lr.Next()
		switch {
		case err == nil:
			return line, true
		case err == io.EOF:
			return nil, false
		}
		e, fatal := LineErr(lr.File, err)
		report(e)
		if fatal {
			return nil, false
		}
	}
}
