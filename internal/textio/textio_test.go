package textio

import (
	"errors"
	"io"
	"strings"
	"testing"
)

func readAll(t *testing.T, src string, max int) (lines []string, errs []error, partial bool) {
	t.Helper()
	lr := NewLineReader("f", strings.NewReader(src), max)
	for {
		l, err := lr.Next()
		if err == io.EOF {
			return lines, errs, partial
		}
		if err != nil {
			errs = append(errs, err)
			continue
		}
		lines = append(lines, string(l))
		partial = lr.Partial
	}
}

func TestLineReader(t *testing.T) {
	lines, errs, partial := readAll(t, "a\r\nbb\n\ncc", 10)
	if strings.Join(lines, "|") != "a|bb||cc" || len(errs) != 0 || !partial {
		t.Errorf("lines %q errs %v partial %v", lines, errs, partial)
	}
	long := strings.Repeat("x", 100)
	lines, errs, _ = readAll(t, "ok\n"+long+"\nafter\n"+long, 50)
	if strings.Join(lines, "|") != "ok|after" || len(errs) != 2 {
		t.Fatalf("lines %q errs %v", lines, errs)
	}
	var e *Error
	if !errors.As(errs[0], &e) || e.Line != 2 || !errors.Is(errs[0], ErrLineTooLong) || e.Error() != "f:2: line longer than 50 bytes" {
		t.Errorf("first error %v", errs[0])
	}
	if !errors.As(errs[1], &e) || e.Line != 4 {
		t.Errorf("second error %v", errs[1])
	}
	// A line of exactly the limit fits, with or without CRLF.
	lines, errs, _ = readAll(t, strings.Repeat("y", 50)+"\r\n"+strings.Repeat("z", 50), 50)
	if len(lines) != 2 || len(errs) != 0 {
		t.Errorf("limit-length lines: %d lines, %v", len(lines), errs)
	}
	_, errs, _ = readAll(t, "ok\nbad\xff here\n", 50)
	if len(errs) != 1 || errs[0].Error() != "f:2:4: not valid UTF-8 text" {
		t.Errorf("utf8: %v", errs)
	}
}

func TestFields(t *testing.T) {
	f, err := Fields([]byte(`  name "a # b" x"y" # comment`))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, x := range f {
		got = append(got, x.Text)
	}
	if strings.Join(got, "|") != `name|a # b|x|y` || f[1].Col != 8 {
		t.Errorf("fields %q cols %+v", got, f)
	}
	f, _ = Fields([]byte(`"q\"uote\\" tail#c`))
	if len(f) != 2 || f[0].Text != `q"uote\` || f[1].Text != "tail" {
		t.Errorf("escapes: %+v", f)
	}
	_, err = Fields([]byte(`a "open`))
	if e := At("m", 3, err); e.Error() != "m:3:3: unterminated quoted string" {
		t.Errorf("unterminated: %v", e)
	}
}

func TestIntAndComments(t *testing.T) {
	if v, err := Int("42", "n", 0, 100); v != 42 || err != nil {
		t.Error(v, err)
	}
	for s, want := range map[string]string{
		"x":                    `n: expected an integer, got "x"`,
		"101":                  "n 101 out of range 0..100",
		"99999999999999999999": `n "99999999999999999999" out of range 0..100`,
	} {
		if _, err := Int(s, "n", 0, 100); err == nil || err.Error() != want {
			t.Errorf("Int(%q) = %v, want %s", s, err, want)
		}
	}
	for line, want := range map[string]bool{"": true, "  # x": true, "\t": true, "a # x": false} {
		if IsComment([]byte(line)) != want {
			t.Errorf("IsComment(%q) != %v", line, want)
		}
	}
	list := ErrorList{Errorf("a", 1, "one"), {File: "a", Msg: "two"}}
	if list.Error() != "a:1: one\na: two" || (ErrorList{}).Err() != nil {
		t.Errorf("list: %q", list.Error())
	}
}

type failingReader struct{}

func (failingReader) Read([]byte) (int, error) { return 0, errors.New("disk on fire") }

func TestLineErr(t *testing.T) {
	lr := NewLineReader("f", strings.NewReader(strings.Repeat("x", 100)+"\nbad\xff\n"), 50)
	for _, want := range []string{"f:1: line longer than 50 bytes", "f:2:4: not valid UTF-8 text"} {
		_, err := lr.Next()
		if e, fatal := LineErr("f", err); fatal || e.Error() != want {
			t.Errorf("%v: fatal %v, want %s", e, fatal, want)
		}
	}
	_, err := NewLineReader("g", failingReader{}, 50).Next()
	if e, fatal := LineErr("g", err); !fatal || e.Error() != "g:1: read: disk on fire" {
		t.Errorf("read error: %v fatal %v", e, fatal)
	}
	if e, fatal := LineErr("h", errors.New("plain")); !fatal || e.Error() != "h: plain" {
		t.Errorf("plain error: %v fatal %v", e, fatal)
	}
}

func TestScan(t *testing.T) {
	lr := NewLineReader("f", strings.NewReader("a\n"+strings.Repeat("x", 20)+"\nb\xff\nc"), 10)
	var got []string
	var errs ErrorList
	for {
		l, ok := lr.Scan(func(e *Error) { errs = append(errs, e) })
		if !ok {
			break
		}
		got = append(got, string(l))
	}
	if strings.Join(got, "|") != "a|c" || len(errs) != 2 || errs[0].Line != 2 || errs[1].Line != 3 {
		t.Errorf("lines %q errors %v", got, errs)
	}
	errs = nil
	lr = NewLineReader("g", failingReader{}, 10)
	if _, ok := lr.Scan(func(e *Error) { errs = append(errs, e) }); ok || len(errs) != 1 {
		t.Errorf("read error: ok %v, errors %v", ok, errs)
	}
}
