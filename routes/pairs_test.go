package routes_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/fabviz/fabviz/internal/textio"
	"github.com/fabviz/fabviz/model"
	"github.com/fabviz/fabviz/routes"
)

func TestReadPairs(t *testing.T) {
	m := ringText(t, model.Absolute, "ports 16", "ports 16")
	in := "# flows\n0 47\n3 nosuch\n5 6 7\n\n12  1  # comment\n"
	got, err := routes.ReadPairs("p.txt", strings.NewReader(in), m)
	want := []routes.Pair{{Src: 0, Dst: 47, Line: 2}, {Src: 12, Dst: 1, Line: 6}}
	if len(got) != len(want) || got[0] != want[0] || got[1] != want[1] {
		t.Errorf("pairs %v, want %v", got, want)
	}
	var list textio.ErrorList
	if !errors.As(err, &list) || len(list) != 2 ||
		list[0].Error() != `p.txt:3:3: no node "nosuch" in the model` || list[1].Error() != "p.txt:4: expected SRC DST, got 3 fields" {
		t.Errorf("errors: %v", err)
	}
}

func FuzzReadPairs(f *testing.F) {
	f.Add("0 47\n")
	f.Add("# c\n1 2 3\n\"a b\" 4\n")
	f.Add("0\t1\r\n")
	m := ringText(f, model.Absolute, "ports 16", "ports 16")
	f.Fuzz(func(t *testing.T, in string) {
		pairs, err := routes.ReadPairs("p.txt", strings.NewReader(in), m)
		if err != nil && !strings.HasPrefix(err.Error(), "p.txt:") {
			t.Fatalf("error without the file: %v", err)
		}
		for _, p := range pairs {
			if m.NodePort(p.Src) == model.NoPort || m.NodePort(p.Dst) == model.NoPort || p.Line < 1 {
				t.Fatalf("pair %+v", p)
			}
		}
	})
}

func FuzzReadTables(f *testing.F) {
	f.Add("#! fabviz-lft 1\nnode 0 lid 1\nnode 47 lid 0x30 lmc 0\nswitch s0 lid 60\ntable s0\n1 0\n2-0x30 12\ntable s3\n48 15\n")
	f.Add("#! fabviz-lft 1\ntable s1\n1-49151 13\n")
	f.Add("node 0 lid 1\n")
	m := ringText(f, model.Absolute, "ports 16", "ports 16")
	f.Fuzz(func(t *testing.T, in string) {
		tb, err := routes.ReadTables("t.lft", strings.NewReader(in), m)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "t.lft:") {
				t.Fatalf("error without the file: %v", err)
			}
			return
		}
		s := routes.NewFromTables(m, tb)
		for d := m.MinNode; d <= m.MaxNode; d += 7 {
			if hops, err := s.Trace(m.MinNode, d); err == nil && d != m.MinNode && len(hops) == 0 {
				t.Fatalf("a route with no hop to %d", d)
			}
		}
	})
}
