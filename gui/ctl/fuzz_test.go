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
