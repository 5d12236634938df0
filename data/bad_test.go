package data

import (
	"errors"
	"fmt"
	"io"
	"runtime"
	"strings"
	"testing"

	"github.com/fabviz/fabviz/internal/textio"
)

const logHead = "#! fabviz-log 1\n#! counter port_xmit_data bytes\n#! interval 60s\n#! ports s0.0 s0.1\n"

// TestMalformed: every broken file fails, and the first error names the
// file and line (and column where it helps) and says what is wrong.
func TestMalformed(t *testing.T) {
	m := ring4(t)
	cases := []struct {
		name, kind, src, want string
	}{
		{"duplicate label", "param", "s0.0 1\ns0.1 2\ns0.0 3\n", "t.dat:3: duplicate label s0.0 (already on line 1)"},
		{"duplicate via host name", "param", "n00 1\n# c\ns0.0 2\n", "t.dat:3: duplicate label s0.0 (already on line 1)"},
		{"ragged short", "param", "s0.0 1 2 3\ns0.1 1 2\n", "t.dat:2: 2 values, expected 3 as on line 1"},
		{"ragged long", "param", "# c\ns0.0 1\ns0.1 1 2\n", "t.dat:3: 2 values, expected 1 as on line 2"},
		{"non-integer", "param", "s0.0 1 2.5\n", `t.dat:1:8: expected an integer or "-", got "2.5"`},
		{"hex", "param", "s0.0 0x10\n", `t.dat:1:6: expected an integer or "-", got "0x10"`},
		{"plus sign", "param", "s0.0 +5\n", `t.dat:1:6: expected an integer or "-", got "+5"`},
		{"double dash", "param", "s0.0 --\n", `t.dat:1:6: expected an integer or "-", got "--"`},
		{"overflow", "param", "s0.0 9223372036854775808\n", "t.dat:1:6: 9223372036854775808 does not fit in a 64-bit integer"},
		{"underflow", "param", "s0.0 1 -9223372036854775809\n", "t.dat:1:8: -9223372036854775809 does not fit in a 64-bit integer"},
		{"many digits", "param", "s0.0 99999999999999999999999999\n", "t.dat:1:6: 99999999999999999999999999 does not fit"},
		{"unknown label", "param", "s0.0 1\ns9.0 1\n", `t.dat:2:1: unknown label "s9.0"`},
		{"port out of range", "param", "s0.16 1\n", `t.dat:1:1: unknown label "s0.16"`},
		{"unknown host", "param", "n48 1\n", `t.dat:1:1: unknown label "n48"`},
		{"label only", "param", "s0.0\n", "t.dat:1:5: s0.0: expected at least one value after the label"},
		{"empty", "param", "", "t.dat: no data lines"},
		{"comments only", "param", "# x\n\n#! counter a\n", "t.dat:3: no data lines"},
		{"bad start time", "param", "#! steps yesterday 60s\ns0.0 1\n", `t.dat:1: #! steps: bad RFC 3339 time "yesterday"`},
		{"bad step length", "param", "#! steps 2026-11-21T10:00:00Z -5s\ns0.0 1\n", `t.dat:1: #! steps: bad step length "-5s"`},
		{"unknown header", "param", "#! colour red\ns0.0 1\n", "t.dat:1: unknown header #! colour"},
		{"duplicate header", "param", "#! counter a\n#! counter b\ns0.0 1\n", "t.dat:2: #! counter already given at line 1"},
		{"garbage", "param", "\x00\x01\x02 garbage\xff\n", `t.dat:1:1: unknown label "\x00\x01\x02"`},
		{"binary after data", "param", "s0.0 1\n\xff\xfe\x00\x00 7\n", `t.dat:2:1: unknown label`},
		{"long line", "short", "s0.0 1 2 3 4 5 6 7\n", "t.dat:1: line longer than 10 bytes"},
		{"long line later", "short", "s0.0 1\ns0.1 1 # 12345678901\n", "t.dat:2: line longer than 10 bytes"},
		{"job on network port", "job", "s0.0 1 1\ns0.12 0 5\n", "t.dat:2:1: s0.12 is a net port: job ids belong on processor ports"},
		{"negative job id", "job", "s0.0 -3\n", "t.dat:1:6: job id -3 is negative"},
		{"job steps differ", "jobsteps", "s0.0 1 1 1\n", "t.dat:1: 3 steps, but the parameter file p.dat has 2"},
		{"colour name", "init", "color purple 1 0 0\n", `t.ini:1: color: unknown name "purple"`},
		{"colour above 1", "init", "# c\ncolor below 1.5 0 0\n", "t.ini:2: color below: component 1.5 out of [0,1]"},
		{"colour below 0", "init", "color above 0 -0.1 0\n", "t.ini:1: color above: component -0.1 out of [0,1]"},
		{"colour not a number", "init", "color above x 0 0\n", `t.ini:1: color above: expected a number in [0,1], got "x"`},
		{"colour NaN", "init", "color nodata NaN 0 0\n", `t.ini:1: color nodata: expected a number in [0,1], got "NaN"`},
		{"colour short", "init", "color above 1 0\n", "t.ini:1: color: expected NAME R G B"},
		{"range reversed", "init", "range 10 5\n", "t.ini:1: range: minimum 10 above maximum 5"},
		{"range not integers", "init", "range 1.5 7\n", "t.ini:1: range: expected two 64-bit integers"},
		{"unknown keyword", "init", "model-dir x\nzoom 3\n", `t.ini:2: unknown keyword "zoom"`},
		{"duplicate keyword", "init", "range 1 2\nrange 3 4\n", "t.ini:2: range already given at line 1"},
		{"unknown colormap", "init", "colormap jet\n", `t.ini:1: colormap: unknown map "jet"`},
		{"unterminated quote", "init", "model-dir \"abc\n", "t.ini:1:11: unterminated quoted string"},
		{"log wrong count", "log", logHead + "2026-11-21T10:00:00Z 1\n", "t.fvlog:5: 1 values, expected 2"},
		{"log equal time", "log", logHead + "2026-11-21T10:00:00Z 1 2\n2026-11-21T10:00:00Z 1 2\n",
			"t.fvlog:6:1: timestamp 2026-11-21T10:00:00Z is not after 2026-11-21T10:00:00Z on line 5"},
		{"log time backwards", "log", logHead + "2026-11-21T10:01:00Z 1 2\n2026-11-21T10:00:00Z 1 2\n", "t.fvlog:6:1: timestamp 2026-11-21T10:00:00Z is not after"},
		{"log same interval", "log", logHead + "2026-11-21T10:00:00Z 1 2\n2026-11-21T10:00:20Z 1 2\n", "t.fvlog:6:1: timestamp 2026-11-21T10:00:20Z falls in the same 1m0s interval as line 5"},
		{"log bad time", "log", logHead + "yesterday 1 2\n", `t.fvlog:5:1: expected an RFC 3339 timestamp`},
		{"log bad value", "log", logHead + "2026-11-21T10:00:00Z 1 2.5\n", `t.fvlog:5: value 2 (s0.1): expected an integer or "-", got "2.5"`},
		{"log overflow", "log", logHead + "2026-11-21T10:00:00Z 1 -99999999999999999999\n", `t.fvlog:5: value 2 (s0.1): -99999999999999999999 does not fit`},
		{"log no ports", "log", "#! fabviz-log 1\n2026-11-21T10:00:00Z 1\n", "t.fvlog:2: data line before any #! ports header"},
		{"log version", "log", "#! fabviz-log 2\n#! ports s0.0\n", `t.fvlog:1:15: fabviz-log version "2" not supported`},
		{"log header after data", "log", logHead + "2026-11-21T10:00:00Z 1 2\n#! ports s0.2\n", "t.fvlog:6: #! ports after the first data line"},
		{"log unknown header", "log", "#! fabviz-log 1\n#! step 60s\n", "t.fvlog:2: unknown header #! step"},
		{"log duplicate port", "log", "#! fabviz-log 1\n#! ports s0.0 s0.1\n#! ports s0.0\n", "t.fvlog:3:10: port s0.0 already listed at line 2"},
		{"log same port twice", "log", "#! fabviz-log 1\n#! ports s0.0\n#! ports n00\n2026-11-21T10:00:00Z 1 2\n", "t.fvlog:3: n00 is port s0.0, already listed at line 2"},
		{"log unknown label", "log", "#! fabviz-log 1\n#! ports s0.0 zz\n2026-11-21T10:00:00Z 1 2\n", `t.fvlog:2: unknown label "zz"`},
		{"log huge gap", "log", logHead + "2026-11-21T10:00:00Z 1 2\n4026-11-21T10:00:00Z 1 2\n", "t.fvlog:6:1: timestamp 4026-11-21T10:00:00Z leaves"},
		{"log bad interval", "log", "#! fabviz-log 1\n#! interval 0s\n", `t.fvlog:2:13: #! interval: bad step length "0s"`},
		{"log counter as job", "logjob", logHead + "2026-11-21T10:00:00Z 1 2\n", "t.fvlog: a parameter log (#! counter port_xmit_data) where a job file was expected"},
		{"job log on net port", "logjob", "#! fabviz-log 1\n#! counter job\n#! ports s0.0 s0.13\n2026-11-21T10:00:00Z 1 2\n", "t.fvlog:4: s0.13 is a net port: job ids belong on processor ports"},
		{"log garbage", "log", "#! fabviz-log 1\n\x00\x01 garbage\n", "t.fvlog:2: data line before any #! ports header"},
		{"log not UTF-8", "log", logHead + "2026-11-21T10:00:00Z 1 \xff\n", "t.fvlog:5:24: not valid UTF-8 text"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var err error
			switch c.kind {
			case "param":
				_, err = Read("t.dat", strings.NewReader(c.src), m, Options{})
			case "short":
				_, err = Read("t.dat", strings.NewReader(c.src), m, Options{MaxLine: 10})
			case "job":
				_, err = Read("t.dat", strings.NewReader(c.src), m, Options{Kind: Job})
			case "jobsteps":
				p := mustRead(t, m, "s0.1 5 6\n", Options{})
				p.File = "p.dat"
				j := mustRead(t, m, c.src, Options{Kind: Job})
				_, err = JobStats(p, j, StatsOptions{})
			case "init":
				_, err = ReadInit("t.ini", strings.NewReader(c.src))
			case "log", "logjob":
				kind := Param
				if c.kind == "logjob" {
					kind = Job
				}
				_, err = Read("t.fvlog", strings.NewReader(c.src), m, Options{Kind: kind})
			}
			if err == nil {
				t.Fatalf("no error, want %q", c.want)
			}
			var list textio.ErrorList
			if !errors.As(err, &list) {
				t.Fatalf("error %T %v is not an ErrorList", err, err)
			}
			if got := list[0].Error(); !strings.HasPrefix(got, c.want) {
				t.Errorf("got  %q\nwant %q", got, c.want)
			}
		})
	}
	if len(cases) < 25 {
		t.Errorf("only %d cases", len(cases))
	}
}

// hugeLine streams "s0.0 1 1 1 ..." of n bytes then a newline, without
// holding it in memory.
type hugeLine struct {
	n, done int
	tail    string
}

func (h *hugeLine) Read(p []byte) (int, error) {
	if h.done >= h.n+len(h.tail) {
		return 0, io.EOF
	}
	k := 0
	for k < len(p) && h.done < h.n+len(h.tail) {
		switch {
		case h.done < 5:
			p[k] = "s0.0 "[h.done]
		case h.done < h.n:
			p[k] = " 1"[h.done%2]
		default:
			p[k] = h.tail[h.done-h.n]
		}
		k++
		h.done++
	}
	return k, nil
}

// Test100MBLine: a 100 MB line fails with its line number without the
// reader holding it whole, as the first line and after good lines, in a
// parameter file and in a log.
func Test100MBLine(t *testing.T) {
	if testing.Short() {
		t.Skip("100 MB of input")
	}
	m := ring4(t)
	const size = 100 << 20
	_, err := Read("t.dat", &hugeLine{n: size, tail: "\n"}, m, Options{})
	if err == nil || !strings.HasPrefix(err.Error(), "t.dat:1: line longer than 16777216 bytes") {
		t.Errorf("first line: %v", err)
	}
	r := io.MultiReader(strings.NewReader("# c\ns0.1 1 1\ns0.2 1 1\n"), &hugeLine{n: size, tail: "\n"})
	_, err = Read("t.dat", r, m, Options{})
	if err == nil || !strings.HasPrefix(err.Error(), "t.dat:4: line longer than 16777216 bytes") {
		t.Errorf("later line: %v", err)
	}
	r = io.MultiReader(strings.NewReader(logHead), &hugeLine{n: size, tail: "\n"})
	_, err = Read("t.fvlog", r, m, Options{})
	if err == nil || !strings.HasPrefix(err.Error(), "t.fvlog:5: line longer than 16777216 bytes") {
		t.Errorf("log: %v", err)
	}
}

// TestLongFirstLine: a first line with a million values followed by many
// short lines must not make the reader allocate rows × steps for every line.
func TestLongFirstLine(t *testing.T) {
	m := ring4(t)
	var b strings.Builder
	b.WriteString("s0.0" + strings.Repeat(" 1", 1<<20) + "\n")
	b.WriteString(strings.Repeat("s0.1 1\n", 1<<18))
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	_, err := Read("t.dat", strings.NewReader(b.String()), m, Options{})
	runtime.ReadMemStats(&after)
	if err == nil || !strings.HasPrefix(err.Error(), "t.dat:2: 1 values, expected 1048576 as on line 1") {
		t.Errorf("error %.200v", err)
	}
	if grown := after.TotalAlloc - before.TotalAlloc; grown > 1<<30 {
		t.Errorf("allocated %d MB", grown>>20)
	}
}

// TestFileOfAnotherModel checks that a parameter file made for another
// model gets one line saying so, with the exact count of labels read.
func TestFileOfAnotherModel(t *testing.T) {
	m := ring4(t)
	var src strings.Builder
	for i := range 7 {
		fmt.Fprintf(&src, "sw%02d.1 1 2\n", i)
	}
	_, err := Read("other.dat", strings.NewReader(src.String()), m, Options{})
	var list textio.ErrorList
	if !errors.As(err, &list) || len(list) != 1 {
		t.Fatalf("want one error, got %v", err)
	}
	want := `other.dat:1: none of the 7 labels is a port or host name of the model "four switches in a ring" (first "sw00.1"): the file is for another model`
	if list[0].Error() != want {
		t.Errorf("got  %q\nwant %q", list[0], want)
	}
	// One known label among them: the lines are listed one by one.
	_, err = Read("mixed.dat", strings.NewReader("s0.0 1 2\n"+src.String()), m, Options{})
	if !errors.As(err, &list) || len(list) != 7 {
		t.Errorf("mixed file: %v", err)
	}
}
