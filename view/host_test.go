package view_test

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/fabviz/fabviz/model/ibnet"
	"github.com/fabviz/fabviz/routes/lft"
	"github.com/fabviz/fabviz/session"
	"github.com/fabviz/fabviz/view"
)

// dgxModel imports ibsim's capture of hosts with two HCAs each
// (testdata/fixtures/ibsim/dgx-multihca) with its routes, as `fabnet
// import ibnet` does, and returns the model file.
func dgxModel(t *testing.T) string {
	t.Helper()
	dir := "../testdata/fixtures/ibsim/dgx-multihca"
	fab, err := ibnet.Load(filepath.Join(dir, "out.ibnetdiscover"), ibnet.Options{})
	if err != nil {
		t.Fatal(err)
	}
	im, err := ibnet.Build(fab, ibnet.BuildOptions{})
	if err != nil {
		t.Fatal(err)
	}
	ts, err := lft.Load(filepath.Join(dir, "out.dump_fts"))
	if err != nil {
		t.Fatal(err)
	}
	out := t.TempDir()
	var b bytes.Buffer
	if err := im.WriteModel(&b, ibnet.ModelOptions{Name: "dgx", RoutesDir: "routes", RoutesExt: ".rt"}); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(out, "model.fvm")
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	if res, err := lft.Write(filepath.Join(out, "routes"), ".rt", im, ts); err != nil || res.Missing != 0 {
		t.Fatalf("routes: %v, %+v", err, res)
	}
	return path
}

// TestHostOfSeveralPorts: `route` and `select` take the name of a host with
// several ports; a route starts or ends at the host's first port and its
// caption says so; a port label names another of the host's ports.
func TestHostOfSeveralPorts(t *testing.T) {
	var warn bytes.Buffer
	s := session.New(&warn)
	in := view.New(s)
	for _, l := range []string{"model " + dgxModel(t), "route luna-0541 luna-0542", "route sat11-ib1-A-L20-U2.2 cn2", "route cn1 luna-0542", "select luna-0541"} {
		if err := in.ExecLine(l); err != nil {
			t.Fatalf("%s: %v", l, err)
		}
	}
	if _, err := s.Scene(&in.State); err != nil || warn.Len() > 0 {
		t.Fatalf("scene: %v %s", err, warn.String())
	}
	want := []string{
		"route luna-0541 luna-0542 (luna-0541 has 2 ports: from its first, sat11-ib1-A-L20-U2.1; luna-0542 has 2 ports: to its first, sat11-ib1-A-L21-U2.1): 3 hops",
		"route sat11-ib1-A-L20-U2.2 cn2: 3 hops",
		"route cn1 luna-0542 (luna-0542 has 2 ports: to its first, sat11-ib1-A-L21-U2.1): 3 hops",
	}
	notes := s.RouteNotes()
	if len(notes) != len(want) {
		t.Fatalf("%d route notes: %+v", len(notes), notes)
	}
	for i, n := range notes {
		if n.Text != want[i] {
			t.Errorf("route %d: %q, want %q", i, n.Text, want[i])
		}
	}
	caption := strings.Join(s.Caption(&in.State), "\n")
	if !strings.Contains(caption, want[0]) || !strings.Contains(caption, "selected: host luna-0541: 2 ports (sat11-ib1-A-L20-U2.1, sat11-ib1-A-L20-U2.2); the first: port sat11-ib1-A-L20-U2.1") {
		t.Errorf("caption:\n%s", caption)
	}
	for _, l := range []string{"route sat11-ib1-A-L20-U2.7 cn2", "route sat11-ib1-A-L20-U2 cn2"} {
		if err := in.ExecLine(l); err == nil || !strings.Contains(err.Error(), "want a node id, host name or processor port SWITCH.PORT") {
			t.Errorf("%s: %v", l, err)
		}
	}
}

// TestSelectHostOfSeveralPorts: selecting a host of several ports
// enlarges every one of its ports and no other, and the Selection panel
// names them.
func TestSelectHostOfSeveralPorts(t *testing.T) {
	var warn bytes.Buffer
	s := session.New(&warn)
	in := view.New(s)
	for _, l := range []string{"model " + dgxModel(t), "view processor"} {
		if err := in.ExecLine(l); err != nil {
			t.Fatalf("%s: %v", l, err)
		}
	}
	scale := func() map[string]float32 {
		sc, err := s.Scene(&in.State)
		if err != nil {
			t.Fatal(err)
		}
		out := map[string]float32{}
		for i, p := range sc.SpherePort {
			out[sc.Model.Label(p)] = sc.Spheres.Xf[i*12] // the x scale of the unrotated ones
		}
		return out
	}
	plain := scale()
	if err := in.ExecLine("select luna-0541"); err != nil {
		t.Fatal(err)
	}
	sel := scale()
	var grown []string
	for l, v := range sel {
		if v != plain[l] {
			grown = append(grown, l)
		}
	}
	slices.Sort(grown)
	if want := []string{"sat11-ib1-A-L20-U2.1", "sat11-ib1-A-L20-U2.2"}; !slices.Equal(grown, want) {
		t.Errorf("ports drawn larger: %v, want %v", grown, want)
	}
	info, err := s.Selection(&in.State)
	if err != nil || len(info) == 0 || info[0] != [2]string{"host ports", "2 ports (sat11-ib1-A-L20-U2.1, sat11-ib1-A-L20-U2.2)"} {
		t.Errorf("selection panel: %v %q", err, info)
	}
}

// TestRouteLIDOffset: `route SRC DST K` traces to DST's LID offset K (a
// model whose tables give node 2 two LIDs over different cables), and a
// bad offset is refused.
func TestRouteLIDOffset(t *testing.T) {
	var warn bytes.Buffer
	s := session.New(&warn)
	in := view.New(s)
	for _, l := range []string{"model ../testdata/fixtures/lmc/lmc.fvm", "route 0 2", "route 0 2 1", "route 0 1 1"} {
		if err := in.ExecLine(l); err != nil {
			t.Fatalf("%s: %v", l, err)
		}
	}
	if _, err := s.Scene(&in.State); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, n := range s.RouteNotes() {
		got = append(got, n.Text)
	}
	if want := []string{"route 0 2: 2 hops", "route 0 2 1: 2 hops"}; !slices.Equal(got, want) {
		t.Errorf("route notes %q, want %q", got, want)
	}
	if !strings.Contains(warn.String(), "route 0 1 1: ") || !strings.Contains(warn.String(), "no LID offset 1 (0..0)") {
		t.Errorf("warnings: %s", warn.String())
	}
	// The two LIDs of node 2 are reached over different cables: the drawn
	// route to offset 1 differs from the one to offset 0, which is the base
	// LID's.
	routeDrawn := func(cmd string) string {
		in := view.New(session.New(&bytes.Buffer{}))
		for _, l := range []string{"model ../testdata/fixtures/lmc/lmc.fvm", cmd} {
			if err := in.ExecLine(l); err != nil {
				t.Fatalf("%s: %v", l, err)
			}
		}
		sc, err := in.Env.(*session.Session).Scene(&in.State)
		if err != nil {
			t.Fatal(err)
		}
		return fmt.Sprint(sc.Cylinders.Xf[sc.NumLinkCyls*12:])
	}
	base, zero, one := routeDrawn("route 0 2"), routeDrawn("route 0 2 0"), routeDrawn("route 0 2 1")
	if base != zero || base == one || base == "[]" {
		t.Errorf("route to offset 0 drawn as the base LID's: %v; to offset 1 differently: %v", base == zero, base != one)
	}
	for _, l := range []string{"route 0 2 x", "route 0 2 -1", "route 0 2 1 2"} {
		if err := in.ExecLine(l); err == nil {
			t.Errorf("%s: accepted", l)
		}
	}
}
