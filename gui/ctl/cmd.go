package ctl

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/fabviz/fabviz/internal/textio"
)

// Cmd is one §6 command as words, ready for view.Interp.Exec. Words are
// kept apart, so a path with blanks needs no quoting.
type Cmd []string

// Fields is the command in the interpreter's form.
func (c Cmd) Fields() []textio.Field {
	f := make([]textio.Field, len(c))
	for i, w := range c {
		f[i] = textio.Field{Text: w}
	}
	return f
}

// String is the command as a script line (words with blanks, quotes, `#`
// or backslashes quoted), as the console echoes it.
func (c Cmd) String() string {
	out := make([]string, len(c))
	for i, w := range c {
		if w == "" || strings.ContainsAny(w, " \t\"#\\") {
			w = `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(w) + `"`
		}
		out[i] = w
	}
	return strings.Join(out, " ")
}

// OnOff is the §6 word for a flag.
func OnOff(b bool) string {
	if b {
		return "on"
	}
	return "off"
}

// Range is the `range` command for the Data panel's typed MIN and MAX
// fields; blanks around the numbers are allowed. The interpreter checks
// MIN < MAX; this only checks the fields are integers, to name the field.
func Range(minText, maxText string) (Cmd, error) {
	lo, hi := strings.TrimSpace(minText), strings.TrimSpace(maxText)
	if _, err := strconv.ParseInt(lo, 10, 64); err != nil {
		return nil, fmt.Errorf("MIN %q: want an integer", minText)
	}
	if _, err := strconv.ParseInt(hi, 10, 64); err != nil {
		return nil, fmt.Errorf("MAX %q: want an integer", maxText)
	}
	return Cmd{"range", lo, hi}, nil
}

// Step is the `step` command for a step number typed or reached by the
// step buttons and keys: the step moved by delta and kept inside
// 0..steps-1 (with no data, only kept at 0 or more).
func Step(cur, delta, steps int) Cmd {
	n := cur + delta
	if steps > 0 && n > steps-1 {
		n = steps - 1
	}
	if n < 0 {
		n = 0
	}
	return Cmd{"step", strconv.Itoa(n)}
}
