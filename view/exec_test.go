package view_test

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/fabviz/fabviz/internal/textio"
	"github.com/fabviz/fabviz/render/scene"
	"github.com/fabviz/fabviz/session"
	"github.com/fabviz/fabviz/view"
)

const ring4 = "../examples/ring4/ring4.fvm"

// newInterp is an interpreter over the real application core (no display,
// no GL): these tests never take a snapshot.
func newInterp(t *testing.T) *view.Interp {
	t.Helper()
	s := session.New(nil)
	return view.New(s)
}

func TestScriptSetsState(t *testing.T) {
	in := newInterp(t)
	script := `# a script
model ` + ring4 + `
mode running
range 10 2000     # comment after a command
view processor
layout torus
arrange logical
jobs on
route 0 n13
route-switches s0 s2
select s1.5
camera 30 45.5 12
size 640 480
plane 0 off
`
	if err := in.Run("demo.fvcmd", strings.NewReader(script)); err != nil {
		t.Fatal(err)
	}
	st := in.State
	if st.Mode != view.Running || st.Range != [2]int64{10, 2000} || !st.HasRange {
		t.Errorf("mode %v range %v", st.Mode, st.Range)
	}
	if st.View != scene.Processor || st.Layout != scene.Torus || st.Arrange != scene.Logical || !st.Jobs {
		t.Errorf("view %v layout %v jobs %v", st.View, st.Layout, st.Jobs)
	}
	want := []view.RouteReq{{A: "0", B: "n13"}, {Switches: true, A: "s0", B: "s2"}}
	if len(st.Routes) != 2 || st.Routes[0] != want[0] || st.Routes[1] != want[1] {
		t.Errorf("routes %v, want %v", st.Routes, want)
	}
	if st.Select != "s1.5" || st.Camera.Azimuth != 30 || st.Camera.Elevation != 45.5 || st.Camera.Distance != 12 {
		t.Errorf("select %q camera %+v", st.Select, st.Camera)
	}
	if st.Width != 640 || st.Height != 480 || !st.Hidden[0] {
		t.Errorf("size %dx%d hidden %v", st.Width, st.Height, st.Hidden)
	}
	if err := in.ExecLine("plane 0 on"); err != nil || len(st.HiddenPlanes(1)) != 0 {
		t.Errorf("plane 0 on: %v, hidden %v", err, st.HiddenPlanes(1))
	}
	if err := in.ExecLine("clear-routes"); err != nil || len(in.State.Routes) != 0 {
		t.Errorf("clear-routes: %v, routes %v", err, in.State.Routes)
	}
}

func TestBadScriptLines(t *testing.T) {
	cases := []struct{ line, msg string }{
		{"frobnicate", `unknown command "frobnicate"`},
		{"mode fast", `mode: "fast": want slice or running or total`},
		{"mode", "mode: want 1 argument(s), got 0"},
		{"range 5 5", "range: MIN 5 must be less than MAX 5"},
		{"range a 5", "want two integers"},
		{"view sideways", "want network or processor"},
		{"layout sphere", "want planar or torus"},
		{"arrange sideways", "arrange: \"sideways\": want physical or logical"},
		{"plane 3 off", "plane: plane \"3\": the model has planes 0..0"},
		{"plane 0 maybe", "want off or on"},
		{"jobs yes", "want off or on"},
		{"step -1", "want a step number 0 or more"},
		{"route 0 999", `route: unknown node "999"`},
		{"route-switches s0 s9", `unknown switch "s9"`},
		{"select nosuch.3", `select: unknown label "nosuch.3"`},
		{"camera 0 95 10", "elevation 95"},
		{"camera 0 10 -1", "distance -1"},
		{"camera 0 x 1", `"x": want a number`},
		{"size 0 0", "size: 0×0: each side must be 1..16384"},
		{"size 100000 100000", "100000×100000"},
		{"screenshot out.png", "GUI"},
		{`select "unterminated`, "unterminated"},
		{"param /nonexistent/file.fvd", "/nonexistent/file.fvd"},
	}
	for _, c := range cases {
		in := newInterp(t)
		script := "# header\nmodel " + ring4 + "\n" + c.line + "\nsize 10 10\n"
		err := in.Run("bad.fvcmd", strings.NewReader(script))
		if err == nil {
			t.Errorf("%q accepted", c.line)
			continue
		}
		var te *textio.Error
		if !errors.As(err, &te) || te.File != "bad.fvcmd" || te.Line != 3 {
			t.Errorf("%q: error %q does not name bad.fvcmd:3", c.line, err)
		}
		if !strings.HasPrefix(err.Error(), "bad.fvcmd:3: ") || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("%q: error %q, want it to contain %q", c.line, err, c.msg)
		}
		if in.State.Width == 10 {
			t.Errorf("%q: the script went on after the bad line", c.line)
		}
	}
}

func TestCommandsNeedingAModel(t *testing.T) {
	for _, line := range []string{"select s0", "route 0 1", "plane 0 off", "route-switches s0 s1"} {
		err := newInterp(t).ExecLine(line)
		if err == nil || !strings.Contains(err.Error(), "no model loaded") {
			t.Errorf("%q before a model: %v", line, err)
		}
	}
}

func TestPathsRelativeToScript(t *testing.T) {
	in := newInterp(t)
	in.Dir = filepath.Dir(ring4)
	if err := in.ExecLine("model ring4.fvm"); err != nil {
		t.Fatalf("model next to the script: %v", err)
	}
	if in.Env.Model().Name != "four switches in a ring" {
		t.Errorf("loaded %q", in.Env.Model().Name)
	}
	if err := in.ExecLine("model missing.fvm"); err == nil || !strings.Contains(err.Error(), filepath.Join(in.Dir, "missing.fvm")) {
		t.Errorf("missing model: %v, want the resolved path named", err)
	}
}

func TestModelResetsModelState(t *testing.T) {
	in := newInterp(t)
	for _, l := range []string{"model " + ring4, "select s0", "route 0 1", "plane 0 off", "model " + ring4} {
		if err := in.ExecLine(l); err != nil {
			t.Fatal(err)
		}
	}
	if in.State.Select != "" || len(in.State.Routes) != 0 || len(in.State.Hidden) != 0 {
		t.Errorf("after a new model: select %q routes %v hidden %v", in.State.Select, in.State.Routes, in.State.Hidden)
	}
}

func TestUsagesNameEveryCommand(t *testing.T) {
	u := view.Usages()
	if len(u) < 19 {
		t.Fatalf("%d usages", len(u))
	}
	in := newInterp(t)
	for _, line := range u {
		name := strings.Fields(line)[0]
		if err := in.ExecLine(name); err != nil && strings.Contains(err.Error(), "unknown command") {
			t.Errorf("usage %q names no command", line)
		}
	}
}
