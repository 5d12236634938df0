package ctl

import (
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/fabviz/fabviz/internal/textio"
	"github.com/fabviz/fabviz/session"
	"github.com/fabviz/fabviz/view"
)

const (
	ring4    = "../../examples/ring4/ring4.fvm"
	fixtures = "../../session/testdata/"
)

func TestCmdStringRoundTrips(t *testing.T) {
	for _, c := range []Cmd{{"step", "3"}, {"model", "/a dir/x#1.fvm"}, {"select", `q"uo\te`}, {"open", "param", ""}} {
		f, err := textio.Fields([]byte(c.String()))
		if err != nil {
			t.Fatalf("%q: %v", c.String(), err)
		}
		var back Cmd
		for _, x := range f {
			back = append(back, x.Text)
		}
		if !reflect.DeepEqual(back, c) {
			t.Errorf("%q read back as %q", c.String(), back)
		}
	}
}

// panel commands go through the real interpreter: this is what the GUI
// does with them.
func newInterp(t *testing.T) *view.Interp {
	s := session.New(nil)
	in := view.New(s)
	for _, c := range []Cmd{{"model", ring4}, {"param", fixtures + "ring4.fvd"}} {
		if err := in.Exec(c.Fields()); err != nil {
			t.Fatal(err)
		}
	}
	return in
}

func TestPanelCommandsChangeTheState(t *testing.T) {
	in := newInterp(t)
	c, err := Range(" 10", "2000 ")
	if err != nil {
		t.Fatal(err)
	}
	steps := in.Env.Steps()
	for _, c := range []Cmd{c, Step(0, 5, steps), {"jobs", OnOff(true)}, {"plane", "0", OnOff(false)}} {
		if err := in.Exec(c.Fields()); err != nil {
			t.Fatalf("%v: %v", c, err)
		}
	}
	st := in.State
	if !st.HasRange || st.Range != [2]int64{10, 2000} || st.Step != steps-1 || !st.Jobs || !st.Hidden[0] {
		t.Errorf("state %+v", st)
	}
	if _, err := Range("1e3", "5"); err == nil || !strings.Contains(err.Error(), "MIN") {
		t.Errorf("MIN 1e3: %v", err)
	}
	if _, err := Range("1", "x"); err == nil || !strings.Contains(err.Error(), "MAX") {
		t.Errorf("MAX x: %v", err)
	}
	c, _ = Range("9", "9")
	if err := in.Exec(c.Fields()); err == nil {
		t.Errorf("range 9 9 accepted")
	}
}

func TestStepStaysInsideTheData(t *testing.T) {
	cases := []struct{ cur, delta, steps, want int }{
		{0, 1, 3, 1}, {2, 1, 3, 2}, {0, -1, 3, 0}, {1, -1 << 30, 3, 0}, {1, 1 << 30, 3, 2}, {4, 1, 0, 5}, {0, -1, 0, 0},
	}
	for _, c := range cases {
		if got := Step(c.cur, c.delta, c.steps); got[1] != itoa(c.want) {
			t.Errorf("Step(%d, %d, %d) = %v, want %d", c.cur, c.delta, c.steps, got, c.want)
		}
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

func TestPlayer(t *testing.T) {
	p := NewPlayer()
	if _, moved := p.Tick(5, 0, 3); moved {
		t.Fatal("a paused player moved")
	}
	p.Pause = 0.5
	p.Toggle()
	var seen []int
	step := 0
	for i := 0; i < 12; i++ { // 12 frames of 0.25 s: a step every other frame
		if s, moved := p.Tick(0.25, step, 3); moved {
			step = s
			seen = append(seen, s)
		}
	}
	if want := []int{1, 2, 0, 1, 2, 0}; !reflect.DeepEqual(seen, want) {
		t.Errorf("steps %v, want %v", seen, want)
	}
	p.Loop = false
	step = 1
	p.Tick(1, step, 3)
	if s, _ := p.Tick(1, 2, 3); s != 2 || p.Playing {
		t.Errorf("without loop: step %d, playing %v; want to stop at 2", s, p.Playing)
	}
	p.Toggle()
	if _, moved := p.Tick(10, 0, 1); moved {
		t.Errorf("one step of data moved")
	}
}

func TestBrowser(t *testing.T) {
	dir := t.TempDir()
	for _, d := range []string{"b-dir", "a-dir", ".hidden"} {
		os.Mkdir(filepath.Join(dir, d), 0o755)
	}
	for _, f := range []string{"z.fvm", "m.fvd", ".secret"} {
		os.WriteFile(filepath.Join(dir, f), nil, 0o644)
	}
	b := NewBrowser(dir)
	var names []string
	for _, e := range b.Entries {
		names = append(names, e.Name)
	}
	if want := []string{"..", "a-dir", "b-dir", "m.fvd", "z.fvm"}; !reflect.DeepEqual(names, want) {
		t.Errorf("entries %v, want %v", names, want)
	}
	if p := b.Choose(Entry{"z.fvm", false}); p != filepath.Join(dir, "z.fvm") {
		t.Errorf("file chosen: %q", p)
	}
	if p := b.Choose(Entry{"a-dir", true}); p != "" || b.Dir != filepath.Join(dir, "a-dir") {
		t.Errorf("entering a-dir: %q, now in %s", p, b.Dir)
	}
	b.Choose(Entry{"..", true})
	if b.Dir != dir {
		t.Errorf("up: in %s, want %s", b.Dir, dir)
	}
	b.Open(filepath.Join(dir, "nosuch"))
	if b.Err == nil || b.Dir != dir {
		t.Errorf("missing dir: err %v, dir %s (want the previous one kept)", b.Err, b.Dir)
	}
}

func TestKindAndStartDir(t *testing.T) {
	for p, want := range map[string]string{"a/ring4.fvm": "model", "fabviz.ini": "init", "x.fvj": "job", "jobs.fvlog": "job", "run.fvd": "param", "ctr.fvlog": "param"} {
		if got := KindOf(p); got != want {
			t.Errorf("KindOf(%q) = %s, want %s", p, got, want)
		}
	}
	// A file that exists is known by its first lines, whatever its name.
	dir := t.TempDir()
	for name, c := range map[string]struct{ src, want string }{
		"a.txt":      {"# my ring\nname ring\nrows 1\n", "model"},
		"b.dat":      {"\n# colours\nrange 1 150\ncolor below 0.5 0.5 0.5\n", "init"},
		"c.fvd":      {"#! fabviz-log 1\n#! counter job\n#! interval 60s\n", "job"},
		"jobs.fvlog": {"#! fabviz-log 1\n#! counter port_xmit_data bytes\n", "param"},
		"init.ini":   {"s0.0 1 2 3\n", "param"}, // data lines: the name says which data
		"jobs.dat":   {"s0.0 7 7 7\n", "job"},
	} {
		p := filepath.Join(dir, name)
		os.WriteFile(p, []byte(c.src), 0o644)
		if got := KindOf(p); got != c.want {
			t.Errorf("KindOf(%s holding %q) = %s, want %s", name, c.src, got, c.want)
		}
	}
	for f, want := range map[string]string{"../../examples/ring4/ring4.fvm": "model", "../../examples/badcable/fabviz.ini": "init",
		"../../examples/badcable/jobs.dat": "job", "../../examples/badcable/bad.dat": "param"} {
		if got := KindOf(f); got != want {
			t.Errorf("KindOf(%s) = %s, want %s", f, got, want)
		}
	}
	if d := StartDir("model", "models", "data", "/w"); d != "/w/models" {
		t.Errorf("model start dir %s", d)
	}
	if d := StartDir("job", "models", "/abs/data", "/w"); d != "/abs/data" {
		t.Errorf("job start dir %s", d)
	}
	if d := StartDir("param", "", "", "/w"); d != "/w" {
		t.Errorf("empty data dir: %s", d)
	}
}

func TestWatchAndIsLog(t *testing.T) {
	dir := t.TempDir()
	lg := filepath.Join(dir, "c.fvlog")
	os.WriteFile(lg, []byte("#! fabviz-log 1\n#! ports s0.12\n2026-11-21T10:00:00Z 5\n"), 0o644)
	plain := filepath.Join(dir, "c.fvd")
	os.WriteFile(plain, []byte("s0.12 1 2\n"), 0o644)
	if !IsLog(lg) || IsLog(plain) || IsLog(filepath.Join(dir, "none")) {
		t.Errorf("IsLog: log %v plain %v missing %v", IsLog(lg), IsLog(plain), IsLog(filepath.Join(dir, "none")))
	}
	w := NewWatch(lg, time.Second)
	now := time.Now()
	if w.Changed(now) {
		t.Error("unchanged file reported changed")
	}
	f, _ := os.OpenFile(lg, os.O_APPEND|os.O_WRONLY, 0)
	f.WriteString("2026-11-21T10:01:00Z 7\n")
	f.Close()
	if w.Changed(now.Add(time.Second / 2)) {
		t.Error("looked again before Every")
	}
	if !w.Changed(now.Add(2 * time.Second)) {
		t.Error("appended line not noticed")
	}
	if w.Changed(now.Add(4 * time.Second)) {
		t.Error("reported twice")
	}
}

func TestConsole(t *testing.T) {
	c := NewConsole(3)
	for i, s := range []string{"a", "b", "c", "d"} {
		c.Add(s, i == 3)
	}
	if len(c.Lines) != 3 || c.Lines[0].Text != "b" || !c.Lines[2].Err {
		t.Errorf("lines %v", c.Lines)
	}
	c.Typed("step 1")
	c.Typed("step 1")
	c.Typed("mode total")
	if len(c.History) != 2 {
		t.Errorf("history %v", c.History)
	}
	if c.Recall(-1) != "mode total" || c.Recall(-1) != "step 1" || c.Recall(-1) != "step 1" || c.Recall(1) != "mode total" || c.Recall(1) != "" {
		t.Error("recall order wrong")
	}
}
