package data

import (
	"bytes"
	"fmt"
	"time"

	"github.com/fabviz/fabviz/internal/textio"
)

// isHeader reports whether a line is a `#!` header line and returns what
// follows the `#!`.
func isHeader(line []byte) ([]byte, bool) {
	t := bytes.TrimLeft(line, " \t")
	if len(t) >= 2 && t[0] == '#' && t[1] == '!' {
		return t[2:], true
	}
	return nil, false
}

// headerParser reads the `#!` lines of a parameter or job file (§3).
type headerParser struct {
	file string
	h    Header
	seen map[string]int // keyword → line
}

func (hp *headerParser) line(n int, rest []byte) *textio.Error {
	f, err := textio.Fields(rest)
	if err != nil {
		return textio.At(hp.file, n, err)
	}
	if len(f) == 0 {
		return textio.Errorf(hp.file, n, "empty #! header (expected steps or counter)")
	}
	kw := f[0].Text
	if prev, dup := hp.seen[kw]; dup {
		return textio.Errorf(hp.file, n, "#! %s already given at line %d", kw, prev)
	}
	if hp.seen == nil {
		hp.seen = map[string]int{}
	}
	hp.seen[kw] = n
	switch kw {
	case "steps":
		if len(f) != 3 {
			return textio.Errorf(hp.file, n, "#! steps: expected a start time and a step length, like \"#! steps 2026-11-21T10:00:00Z 60s\"")
		}
		t, err := time.Parse(time.RFC3339Nano, f[1].Text)
		if err != nil {
			return &textio.Error{File: hp.file, Line: n, Msg: fmt.Sprintf("#! steps: bad RFC 3339 time %q", f[1].Text)}
		}
		d, err := parseStep(f[2].Text)
		if err != nil {
			return textio.Errorf(hp.file, n, "#! steps: %v", err)
		}
		hp.h.Start, hp.h.Step = t.UTC(), d
	case "counter":
		if len(f) < 2 || len(f) > 3 {
			return textio.Errorf(hp.file, n, "#! counter: expected a name and an optional unit")
		}
		hp.h.Counter = f[1].Text
		if len(f) == 3 {
			hp.h.Unit = f[2].Text
		}
	default:
		return textio.Errorf(hp.file, n, "unknown header #! %s (expected steps or counter)", kw)
	}
	return nil
}

// parseStep reads a positive step length such as 60s, 1m or 500ms.
func parseStep(s string) (time.Duration, error) {
	d, err := time.ParseDuration(s)
	if err != nil || d <= 0 {
		return 0, fmt.Errorf("bad step length %q (expected a positive duration like 60s)", s)
	}
	return d, nil
}
