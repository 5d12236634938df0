package routes_test

import (
	"strings"
	"testing"

	"github.com/fabviz/fabviz/model"
	"github.com/fabviz/fabviz/routes"
)

// Entries read the quick way (plain decimal) and the general way (hex)
// give the same tables and the same errors.
func TestTableEntriesBothWays(t *testing.T) {
	m := ringText(t, model.Absolute, "ports 16", "ports 16")
	const head = "#! fabviz-lft 1\nnode 0 lid 1\nnode 5 lid 6\ntable s0\n"
	for _, c := range []struct{ in, err string }{
		{head + "6 5\n1 0\n", ""},
		{head + "0x6 5\n0x1 0\n", ""},
		{head + "6-6 5\n  1\t0 \n", ""},
		{head + "13 16\n", `t.lft:5: entry 13: port "16" is not a port of s0`},
		{head + "0xd 16\n", `t.lft:5: entry 0xd: port "16" is not a port of s0`},
		{head + "  13 16\n", `t.lft:5: entry 13: port "16" is not a port of s0`},
	} {
		tb, err := routes.ReadTables("t.lft", strings.NewReader(c.in), m)
		if c.err != "" {
			if err == nil || err.Error() != c.err {
				t.Errorf("%q: got %v, want %s", c.in, err, c.err)
			}
			continue
		}
		if err != nil {
			t.Fatalf("%q: %v", c.in, err)
		}
		hops, err := routes.NewFromTables(m, tb).Trace(0, 5)
		if err != nil || len(hops) != 1 || hops[0].Out != 5 {
			t.Errorf("%q: 0→5: %v %v", c.in, hops, err)
		}
	}
}
