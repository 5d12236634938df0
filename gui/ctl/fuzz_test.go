package ctl

import (
	"strings"
	"testing"

	"github.com/fabviz/fabviz/internal/textio"
)

// FuzzCmdRoundTrip: a command echoed by the console reads back, through
// the script tokenizer, as the same words (words never hold a newline:
// they come from one-line fields).
func FuzzCmdRoundTrip(f *testing.F) {
	f.Add("model", "/a dir/x#1.fvm")
	f.Add("select", `q"uo\te`)
	f.Add("open", "")
	f.Add("route", "\t#")
	f.Fuzz(func(t *testing.T, a, b string) {
		if strings.ContainsAny(a+b, "\n") {
			return
		}
		c := Cmd{a, b}
		fields, err := textio.Fields([]byte(c.String()))
		if err != nil {
			t.Fatalf("%q: %v", c.String(), err)
		}
		if len(fields) != 2 || fields[0].Text != a || fields[1].Text != b {
			t.Fatalf("%q read back as %v", c.String(), fields)
		}
	})
}

// FuzzSniff: any first lines give one of the kinds or nothing, never a
// panic.
func FuzzSniff(f *testing.F) {
	f.Add("#! fabviz-log 1\n#! counter job\n")
	f.Add("# c\nname ring\n")
	f.Add("range 1 2\n")
	f.Add("s0.0 1 2\n")
	f.Add("#! fabviz-log 1\n#!\n")
	f.Add(strings.Repeat("x", 70<<10))
	f.Fuzz(func(t *testing.T, src string) {
		switch k := sniffReader(strings.NewReader(src)); k {
		case "", "data", "model", "init", "param", "job":
		default:
			t.Fatalf("kind %q", k)
		}
	})
}
