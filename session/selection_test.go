package session

import (
	"strings"
	"testing"

	"github.com/fabviz/fabviz/data"
	"github.com/fabviz/fabviz/model"
	"github.com/fabviz/fabviz/render/scene"
)

func infoMap(t *testing.T, info [][2]string, err error) map[string]string {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, kv := range info {
		got[kv[0]] = kv[1]
	}
	return got
}

// TestSelectionShowsTheColouredValue checks the Selection panel's value is
// the one the port's colour shows, in every mode, in full: s0.0 has 100,
// 150 and 200 at steps 0..2 in the fixture (total 450, above the range).
func TestSelectionShowsTheColouredValue(t *testing.T) {
	s, in, _ := session(t, ring4, "init testdata/fabviz.ini", "param testdata/ring4.fvd", "job testdata/ring4.fvj", "view processor", "select s0.0", "step 1")
	for mode, want := range map[string]string{
		"slice":   "150, at step 1",
		"running": "250, sum of steps 0..1",
		"total":   "450, sum of all 3 steps",
	} {
		if err := in.ExecLine("mode " + mode); err != nil {
			t.Fatal(err)
		}
		info, err := s.Selection(&in.State)
		got := infoMap(t, info, err)
		if got["value"] != want {
			t.Errorf("%s: value %q, want %q", mode, got["value"], want)
		}
		// The colour drawn is the scale's colour of that value.
		sc, err := s.Scene(&in.State)
		if err != nil {
			t.Fatal(err)
		}
		v, _ := s.Param().Shown(s.Model().Port(0, 0), 1, data.Mode(in.State.Mode))
		if c := sphereColors(s.Model(), sc)["s0.0"]; c != s.d.scale.Color(v) {
			t.Errorf("%s: s0.0 drawn %v, the value %d gives %v", mode, c, v, s.d.scale.Color(v))
		}
	}
	in.ExecLine("select s0.1")
	in.State.Select = ""
	if info, err := s.Selection(&in.State); info != nil || err != nil {
		t.Errorf("nothing selected: %v %v", info, err)
	}
}

func TestSelectionInfoAndPickLabels(t *testing.T) {
	m, err := model.Load(ring4)
	if err != nil {
		t.Fatal(err)
	}
	p, err := data.Load("testdata/ring4.fvd", m, data.Options{})
	if err != nil {
		t.Fatal(err)
	}
	j, err := data.Load("testdata/ring4.fvj", m, data.Options{Kind: data.Job})
	if err != nil {
		t.Fatal(err)
	}
	info, err := Info(m, "s1.13", p, j, 1, data.Slice)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, kv := range info {
		got[kv[0]] = kv[1]
	}
	pr := m.Port(1, 13)
	v, _ := p.Value(pr, 1)
	if got["port"] != "s1.13" || got["link"] != "s2.15" || !strings.HasPrefix(got["number"], "13 (net, east face") ||
		got["value"] != data.FormatExact(v)+", at step 1" || got["job"] != "none" {
		t.Errorf("s1.13: %v", got)
	}
	info, _ = Info(m, "n17", p, j, 0, data.Slice)
	got = map[string]string{}
	for _, kv := range info {
		got[kv[0]] = kv[1]
	}
	if got["port"] != "s1.5" || got["node"] != "17" || got["host"] != "n17" {
		t.Errorf("n17: %v", got)
	}
	if _, err := Info(m, "nosuch", nil, nil, 0, data.Slice); err == nil {
		t.Error("unknown label accepted")
	}
	info, _ = Info(m, "s3", nil, nil, 0, data.Slice)
	if info[0] != [2]string{"switch", "s3"} || !strings.Contains(info[1][1], "column 3") {
		t.Errorf("switch s3: %v", info)
	}
	if l := PickLabel(m, scene.Hit{Kind: model.KindPort, Port: pr}); l != "s1.13" {
		t.Errorf("port hit label %q", l)
	}
	if l := PickLabel(m, scene.Hit{Kind: model.KindSwitch, Switch: 2, Port: model.NoPort}); l != "s2" {
		t.Errorf("switch hit label %q", l)
	}
	if l := PickLabel(m, scene.Hit{Kind: model.KindNone}); l != "" {
		t.Errorf("miss label %q", l)
	}
	if n, sw := RouteEnd(m, "s1.5"); n != "17" || sw != "s1" {
		t.Errorf("RouteEnd(s1.5) = %q %q", n, sw)
	}
	if n, sw := RouteEnd(m, "s2"); n != "" || sw != "s2" {
		t.Errorf("RouteEnd(s2) = %q %q", n, sw)
	}
}

// A picked port, turned into its label and selected, is what the panel
// shows: pick through the real scene and camera.
func TestPickSelectsThePortUnderThePointer(t *testing.T) {
	s, in, _ := session(t, ring4, "param testdata/ring4.fvd")
	sc, _, err := s.Frame(&in.State)
	if err != nil {
		t.Fatal(err)
	}
	cam := scene.DefaultCamera()
	cam.Fit(sc, 1)
	cam.Target = sc.Cubes.Pos(2)
	hit := sc.Pick(cam.Ray(49.5, 49.5, 100, 100)) // the middle pixel looks at the target
	label := PickLabel(s.Model(), hit)
	want := s.Model().Switches[sc.CubeSwitch[2]].Label
	if label != want && !strings.HasPrefix(label, want+".") {
		t.Fatalf("pick at the middle of the view found %q, want switch %s or one of its ports", label, want)
	}
	if err := in.ExecLine("select " + label); err != nil || in.State.Select != label {
		t.Errorf("select %q: %v", label, err)
	}
}
