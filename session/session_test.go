package session

import (
	"bytes"
	"strings"
	"testing"

	"github.com/fabviz/fabviz/model"
	"github.com/fabviz/fabviz/render/scene"
	"github.com/fabviz/fabviz/view"
)

func session(t *testing.T, modelPath string, lines ...string) (*Session, *view.Interp, *bytes.Buffer) {
	t.Helper()
	var warn bytes.Buffer
	s := New(&warn)
	in := view.New(s)
	for _, l := range append([]string{"model " + modelPath}, lines...) {
		if err := in.ExecLine(l); err != nil {
			t.Fatalf("%s: %v", l, err)
		}
	}
	return s, in, &warn
}

func TestRouteOverlayFollowsTheTrace(t *testing.T) {
	s, in, warn := session(t, "../examples/ring4/ring4.fvm", "route 2 40")
	sc, err := s.Scene(&in.State)
	if err != nil {
		t.Fatal(err)
	}
	if warn.Len() != 0 {
		t.Errorf("warnings: %s", warn)
	}
	m := s.Model()
	set := s.routes
	hops, err := set.Trace(2, 40)
	if err != nil {
		t.Fatal(err)
	}
	ports := hopPorts(m, hops)
	if len(ports) != 2*len(hops) || ports[0] != m.NodePort(2) || ports[len(ports)-1] != m.NodePort(40) {
		t.Fatalf("route ports %v for hops %+v", ports, hops)
	}
	// Legs: one through each switch, and the link between them (a wrap
	// link here: s0's west ports join s3's east ports, 5 legs behind the row).
	if got := sc.Cylinders.Len() - sc.NumLinkCyls; got != len(hops)+5*(len(hops)-1) {
		t.Errorf("%d route legs for %d hops over a wrap link", got, len(hops))
	}
	if c := s.caption(&in.State); !strings.Contains(strings.Join(c, "\n"), "route 2 40: 2 hops") {
		t.Errorf("caption %q does not describe the route", c)
	}
}

func TestRouteSwitchesDrawsEachPathOnce(t *testing.T) {
	s, in, _ := session(t, "../examples/ring4/ring4.fvm", "route-switches s1 s2")
	sc, err := s.Scene(&in.State)
	if err != nil {
		t.Fatal(err)
	}
	paths, err := s.routes.Between(1, 2)
	if err != nil {
		t.Fatal(err)
	}
	if sc.Cylinders.Len() == sc.NumLinkCyls || len(paths) == 0 {
		t.Fatalf("no route legs drawn for %d paths", len(paths))
	}
	total := 0
	for _, p := range paths {
		total += p.Routes
	}
	if total != 144 {
		t.Errorf("paths cover %d routes, want 12×12", total)
	}
}

func TestUntraceableRouteIsReportedAndLeftOut(t *testing.T) {
	s, in, warn := session(t, "../examples/planes/planes.fvm", "route login1 gpu1")
	sc, err := s.Scene(&in.State)
	if err != nil {
		t.Fatal(err)
	}
	if sc.Cylinders.Len() != sc.NumLinkCyls {
		t.Error("a route that does not trace was drawn")
	}
	if !strings.Contains(warn.String(), "route login1 gpu1: ") || !strings.Contains(warn.String(), "drawn without it") {
		t.Errorf("warning %q", warn)
	}
}

func TestDescribe(t *testing.T) {
	m, err := model.Load("../examples/planes/planes.fvm")
	if err != nil {
		t.Fatal(err)
	}
	for label, want := range map[string]string{
		"p0r1c1":   "switch p0r1c1 (plane 0 row 1 column 1) hw 0x0002c90000000004 sw 4",
		"login1":   "port p0r0c0.1 (proc, top face), node 0 login1",
		"p0r0c0.3": "port p0r0c0.3 (net, east face), linked to p0r0c1.4",
	} {
		if got := describe(m, label); got != want {
			t.Errorf("describe(%s) = %q, want %q", label, got, want)
		}
	}
}

// TestRoutesInDistinctColours checks that several routes are told apart:
// each route and each path between switches gets its own colour, the
// first the style's, and the notes say which colour is which.
func TestRoutesInDistinctColours(t *testing.T) {
	s, in, _ := session(t, "../examples/ring4/ring4.fvm", "route 2 40", "route 3 20", "route-switches s1 s2")
	sc, err := s.Scene(&in.State)
	if err != nil {
		t.Fatal(err)
	}
	notes := s.RouteNotes()
	if len(notes) != 3 || len(notes[0].Colors) != 1 || len(notes[1].Colors) != 1 || len(notes[2].Colors) < 1 {
		t.Fatalf("notes %+v", notes)
	}
	seen := map[scene.Color]bool{}
	for _, n := range notes {
		for _, c := range n.Colors {
			if seen[c] {
				t.Errorf("colour %v used twice (%+v)", c, notes)
			}
			seen[c] = true
		}
	}
	if notes[0].Colors[0] != scene.DefaultStyle.Route {
		t.Errorf("first route %v, want the style's route colour", notes[0].Colors[0])
	}
	drawn := map[scene.Color]bool{}
	for i := sc.NumLinkCyls; i < sc.Cylinders.Len(); i++ {
		drawn[sc.Cylinders.Color(i)] = true
	}
	for c := range seen {
		if !drawn[c] {
			t.Errorf("note colour %v not drawn", c)
		}
	}
}
