package session

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/fabviz/fabviz/model"
	"github.com/fabviz/fabviz/render/scene"
)

const ring4 = "../examples/ring4/ring4.fvm"

// sphereColors maps each drawn port's label to its sphere colour.
func sphereColors(m *model.Model, sc *scene.Scene) map[string]scene.Color {
	out := map[string]scene.Color{}
	for i, p := range sc.SpherePort {
		out[m.Label(p)] = sc.Spheres.Color(i)
	}
	return out
}

func TestParameterColours(t *testing.T) {
	s, in, _ := session(t, ring4, "init testdata/fabviz.ini", "param testdata/ring4.fvd", "view processor")
	sc, err := s.Scene(&in.State)
	if err != nil {
		t.Fatal(err)
	}
	m := s.Model()
	got := sphereColors(m, sc)
	for label, want := range map[string]scene.Color{
		"s0.0": {0, 0, 1},       // MIN: pure blue
		"s0.1": {1, 0, 0},       // MAX: pure red
		"s0.2": {1, 1, 0},       // above: the init file's above colour
		"s0.3": {0.5, 0.5, 0.5}, // below
		"s0.4": {0.3, 0.3, 0.3}, // no sample
		"s0.5": {0.5, 0.5, 0.5}, // not listed: 0, below MIN
		"s3.4": {1, 0, 0},       // listed by host name n40
	} {
		if got[label] != want {
			t.Errorf("step 0: %s is %v, want %v", label, got[label], want)
		}
	}
	for label := range got {
		if strings.HasPrefix(label, "s1.") {
			t.Errorf("port %s of s1 (no data) drawn", label)
		}
	}
	if sc.Cubes.Len() != 3 {
		t.Errorf("%d cubes, want 3 (s1 has no data)", sc.Cubes.Len())
	}
	if err := in.ExecLine("step 1"); err != nil {
		t.Fatal(err)
	}
	sc, _ = s.Scene(&in.State)
	if c := sphereColors(m, sc)["s0.0"]; c != (scene.Color{0.5, 0, 0.5}) {
		t.Errorf("step 1: s0.0 (150 in 100..200) is %v, want (0.5, 0, 0.5)", c)
	}
	if err := in.ExecLine("mode total"); err != nil {
		t.Fatal(err)
	}
	sc, _ = s.Scene(&in.State)
	if c := sphereColors(m, sc)["s0.0"]; c != (scene.Color{1, 1, 0}) {
		t.Errorf("total: s0.0 (450) is %v, want the above colour", c)
	}
	lg := s.legend(&in.State)
	if lg == nil || lg.Min != 100 || lg.Max != 200 || lg.Title != "port_xmit_data (bytes)" || lg.Mode != "total" {
		t.Errorf("legend %+v", lg)
	}
	caption := strings.Join(s.caption(&in.State), "\n")
	if !strings.Contains(caption, "step 1 of 3") || !strings.Contains(caption, "2026-11-21 10:01:00 UTC") {
		t.Errorf("caption %q lacks the step and its time", caption)
	}
}

func TestRangeCommandAndDataRange(t *testing.T) {
	s, in, _ := session(t, ring4, "param testdata/ring4.fvd", "view processor")
	sc, err := s.Scene(&in.State)
	if err != nil {
		t.Fatal(err)
	}
	// No init file, no range: the step's own minimum (50) and maximum (500)
	// over the samples in the file; unlisted ports (0) fall below it.
	got := sphereColors(s.Model(), sc)
	if got["s0.2"] != (scene.Color{1, 0, 0}) || got["s0.3"] != (scene.Color{0, 0, 1}) || got["s0.5"] != (scene.Color{0.5, 0.5, 0.5}) {
		t.Errorf("data range: s0.2 %v (want red), s0.3 %v (want blue), s0.5 %v (want below grey)", got["s0.2"], got["s0.3"], got["s0.5"])
	}
	in.ExecLine("range 50 100")
	sc, _ = s.Scene(&in.State)
	if c := sphereColors(s.Model(), sc)["s0.3"]; c != (scene.Color{0, 0, 1}) {
		t.Errorf("range 50 100: s0.3 (50) is %v, want blue", c)
	}
}

func TestStepBeyondTheData(t *testing.T) {
	s, in, _ := session(t, ring4, "param testdata/ring4.fvd")
	err := in.ExecLine("step 3")
	if err == nil || !strings.Contains(err.Error(), "step 3 is beyond the data: it has 3 steps (0..2)") {
		t.Errorf("step 3: %v", err)
	}
	in.State.Step = 7 // as if set before the data was loaded
	if _, err := s.Scene(&in.State); err == nil || !strings.Contains(err.Error(), "beyond the data") {
		t.Errorf("scene at step 7: %v", err)
	}
}

func TestJobs(t *testing.T) {
	s, in, _ := session(t, ring4, "job testdata/ring4.fvj", "view processor", "jobs on")
	sc, err := s.Scene(&in.State)
	if err != nil {
		t.Fatal(err)
	}
	m := s.Model()
	got := sphereColors(m, sc)
	if got["s0.0"] != got["s0.1"] || got["s0.0"] == scene.White || got["s0.0"] == got["s2.0"] {
		t.Errorf("jobs alone: s0.0 %v, s0.1 %v (job 7), s2.0 %v (job 9)", got["s0.0"], got["s0.1"], got["s2.0"])
	}
	if got["s2.1"] != scene.White || sc.Boxes.Len() != 0 {
		t.Errorf("no job: s2.1 %v; %d boxes", got["s2.1"], sc.Boxes.Len())
	}
	if err := in.ExecLine("param testdata/ring4.fvd"); err != nil {
		t.Fatal(err)
	}
	sc, _ = s.Scene(&in.State)
	if sc.Boxes.Len() == 0 {
		t.Fatal("jobs with data: no job boxes")
	}
	for i, p := range sc.BoxPort {
		if m.Label(p) == "s0.0" && sc.Boxes.Color(i) != got["s0.0"] {
			t.Errorf("box of s0.0 is %v, want job 7's %v", sc.Boxes.Color(i), got["s0.0"])
		}
	}
	lg := s.legend(&in.State)
	if lg == nil || len(lg.Jobs) != 2 || lg.Jobs[0].ID != 7 || lg.Jobs[1].ID != 9 {
		t.Errorf("legend jobs %+v", lg)
	}
}

func TestDataBadInput(t *testing.T) {
	_, in, _ := session(t, ring4)
	for line, msg := range map[string]string{
		"init testdata/missing.ini": "missing.ini: no such file",
		"param testdata/fabviz.ini": "fabviz.ini:",
	} {
		if err := in.ExecLine(line); err == nil || !strings.Contains(err.Error(), msg) {
			t.Errorf("%s: %v, want %q", line, err, msg)
		}
	}
}

// TestSwitchingStudiesInAnyOrder checks a study's parameter and job files
// load in either order over another study's: the file of the old study
// with another number of steps is unloaded, with a note, never refused.
func TestSwitchingStudiesInAnyOrder(t *testing.T) {
	dir := t.TempDir()
	param := filepath.Join(dir, "b.fvd")
	job := filepath.Join(dir, "b.fvj")
	os.WriteFile(param, []byte("s0.0 1 2 3 4 5\n"), 0o644)
	os.WriteFile(job, []byte("s0.0 7 7 7 7 7\n"), 0o644)
	for _, order := range [][2]string{{"param " + param, "job " + job}, {"job " + job, "param " + param}} {
		s, in, warn := session(t, ring4, "param testdata/ring4.fvd", "job testdata/ring4.fvj")
		for _, l := range order {
			if err := in.ExecLine(l); err != nil {
				t.Fatalf("%v: %s: %v", order, l, err)
			}
		}
		if s.Param() == nil || s.Jobs() == nil || s.Param().File != param || s.Jobs().File != job || s.Steps() != 5 {
			t.Errorf("%v: param %v jobs %v", order, s.Param(), s.Jobs())
		}
		if !strings.Contains(warn.String(), "ring4.") || !strings.Contains(warn.String(), "file is unloaded") {
			t.Errorf("%v: no note of the unloaded file: %q", order, warn)
		}
	}
}
