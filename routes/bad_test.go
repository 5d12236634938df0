package routes_test

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/fabviz/fabviz/model"
	"github.com/fabviz/fabviz/routes"
	"github.com/fabviz/fabviz/routes/gen"
)

// Every bad route of FORMATS.md §2 gives one error of its kind, naming the
// file, line, source, destination and (for tracing) the hop.
func TestBadRoutes(t *testing.T) {
	// ports 17: port 16 is unused; no wrap: s0's west ports are unconnected
	m := ringText(t, model.Absolute, "ports 16", "ports 17", "wrap x", "")
	cases := []struct {
		route string
		kind  routes.Kind
		want  string
	}{
		{"0c 1g", routes.ErrSyntax, `0.rt:49:5: route 0->47: 'g' is not a hex digit`},
		{"0c 0", routes.ErrSyntax, `0.rt:49:4: route 0->47: a single hex digit; a route byte is two hex digits`},
		{"0c 0d0", routes.ErrSyntax, `0.rt:49:4: route 0->47: a route byte is two hex digits; found a third at column 6`},
		{"0c,0d", routes.ErrSyntax, `0.rt:49:3: route 0->47: ',' is not a hex digit`},
		{"0c 11", routes.ErrRange, `0.rt:49: route 0->47: hop 2 at s1: exit port 17 out of range 0..16`},
		{"10", routes.ErrUnused, `0.rt:49: route 0->47: hop 1 at s0: exit port 16 is unused (not in portdef A)`},
		{"0e", routes.ErrUnconnected, `0.rt:49: route 0->47: hop 1 at s0: exit port 14 is a net port with no link`},
		{"0c 0c 0c 0a", routes.ErrWrongDest, `0.rt:49: route 0->47: hop 4 at s3: exit port 10 is the proc port of node 46, not of node 47`},
		{"0c 0c 0c 0b 0b", routes.ErrLeftover, `0.rt:49: route 0->47: hop 4 at s3: reached node 47 with 1 byte(s) left over`},
		{"0c 0c", routes.ErrShort, `0.rt:49: route 0->47: hop 3 at s2: route bytes ran out (entered on port 14) before reaching node 47`},
		{"", routes.ErrShort, `0.rt:49: route 0->47: hop 1 at s0: route bytes ran out (entered on port 0) before reaching node 47`},
		{"0c 0e 0c 0e 0c 0e", routes.ErrLoop, `0.rt:49: route 0->47: hop 5 at s0: more than 4 hops (the model has 4 switches): a loop`},
	}
	for _, c := range cases {
		set := routes.New(m, files{0: "# header\n" + lines(48, map[int]string{47: c.route})}.open)
		_, err := set.Trace(0, 47)
		if err == nil {
			t.Errorf("%q: no error", c.route)
			continue
		}
		if re := routeErr(t, err); re.Kind != c.kind || err.Error() != c.want {
			t.Errorf("%q:\n got %v (%v)\nwant %s (%v)", c.route, err, re.Kind, c.want, c.kind)
		}
		// the other routes of the file are still readable
		if _, err := set.Bytes(0, 46); err != nil {
			t.Errorf("%q: route 0->46: %v", c.route, err)
		}
	}
}

func TestBadRelative(t *testing.T) {
	m := ringText(t, model.Relative)
	set := routes.New(m, files{0: lines(48, map[int]string{47: "f0", 46: "0f 7f"})}.open)
	_, err := set.Trace(0, 47)
	if want := "0.rt:48: route 0->47: hop 1 at s0: exit port -16 (entry 0 -16) out of range 0..15"; err == nil || err.Error() != want {
		t.Errorf("got %v, want %s", err, want)
	}
	_, err = set.Trace(0, 46)
	if re := routeErr(t, err); re.Kind != routes.ErrRange || re.Hop != 2 {
		t.Errorf("0->46: %v", err)
	}
}

func TestMissingRoutes(t *testing.T) {
	m := ringText(t, model.Absolute)
	set := routes.New(m, files{1: "0c\n0c\n", 2: lines(48, nil) + "00\n", 3: lines(48, nil) + "\n\n"}.open)
	_, err := set.Trace(0, 5)
	if re := routeErr(t, err); re.Kind != routes.ErrMissingFile || err.Error() != "0.rt: route 0->5: no route file for node 0" {
		t.Errorf("missing file: %v", err)
	}
	_, err = set.Trace(1, 5)
	if re := routeErr(t, err); re.Kind != routes.ErrMissingLine || err.Error() != "1.rt: route 1->5: the file has 2 route lines of 48; none for node 5" {
		t.Errorf("short file: %v", err)
	}
	if _, err := set.Trace(1, 48); routeErr(t, err).Kind != routes.ErrNoNode {
		t.Errorf("node 48: %v", err)
	}
	// extra lines are a file error found by Check; trailing blank lines are not
	r := set.Check(10)
	var extra []string
	for _, w := range r.Warnings {
		if w.Kind == routes.ErrExtraLine {
			extra = append(extra, w.Error())
		}
	}
	if len(extra) != 1 || extra[0] != "2.rt:49: routes of node 2: more route lines than the 48 node ids 0..47" {
		t.Errorf("extra lines: %q", extra)
	}
}

func TestMissingFileOnDisk(t *testing.T) {
	dir := t.TempDir()
	src := strings.Replace(string(mustRing(t)), "routes routes .rt", "routes r .rt", 1)
	path := filepath.Join(dir, "m.fvm")
	os.WriteFile(path, []byte(src), 0o644)
	m, err := model.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	set, err := routes.Open(m)
	if err != nil {
		t.Fatal(err)
	}
	_, err = set.Trace(3, 4)
	want := filepath.Join(dir, "r", "3.rt") + ": route 3->4: no route file for node 3"
	if re := routeErr(t, err); re.Kind != routes.ErrMissingFile || err.Error() != want {
		t.Errorf("got %v, want %s", err, want)
	}
}

// hugeLine is a route line of n bytes ("0c 0c ..."), then a newline.
type hugeLine struct{ n, done int }

func (h *hugeLine) Read(p []byte) (int, error) {
	if h.done > h.n {
		return 0, io.EOF
	}
	i := 0
	for ; i < len(p) && h.done <= h.n; i++ {
		switch {
		case h.done == h.n:
			p[i] = '\n'
		case h.done%3 == 2:
			p[i] = ' '
		case h.done%3 == 0:
			p[i] = '0'
		default:
			p[i] = 'c'
		}
		h.done++
	}
	return i, nil
}

func TestHugeLine(t *testing.T) {
	m := ringText(t, model.Absolute)
	set := routes.New(m, func(int) (routes.ReadCloser, string, error) {
		return io.NopCloser(io.MultiReader(strings.NewReader("\n"), &hugeLine{n: 100 << 20}, strings.NewReader("0c 0c\n"))), "0.rt", nil
	})
	_, err := set.Trace(0, 1)
	if want := "0.rt:2: route 0->1: line longer than 1048576 bytes"; err == nil || err.Error() != want {
		t.Errorf("got %v, want %s", err, want)
	}
	if b, err := set.Bytes(0, 2); err != nil || len(b) != 2 {
		t.Errorf("line after the long one: %x %v", b, err)
	}
}

func mustRing(t *testing.T) []byte {
	t.Helper()
	f, err := gen.Ring(4, model.Absolute)
	if err != nil {
		t.Fatal(err)
	}
	return f.Text
}

func TestLongRouteLeftover(t *testing.T) {
	m := ringText(t, model.Absolute)
	set := routes.New(m, files{0: lines(48, map[int]string{1: "01" + strings.Repeat(" 00", 20)})}.open)
	_, err := set.Trace(0, 1)
	if want := "0.rt:2: route 0->1: hop 1 at s0: reached node 1 with at least 4 byte(s) left over"; err == nil || err.Error() != want {
		t.Errorf("got %v, want %s", err, want)
	}
}

func TestNodeIDGaps(t *testing.T) {
	m := ringText(t, model.Absolute, "node 12", "node 100") // ids 0..11, 24..47, 100..111
	set := routes.New(m, files{0: lines(112, map[int]string{50: "0c", 101: "0c 01"})}.open)
	if _, err := set.Trace(0, 50); routeErr(t, err).Kind != routes.ErrNoNode {
		t.Errorf("route to a gap: %v", err)
	}
	if hops, err := set.Trace(0, 101); err != nil || len(hops) != 2 || hops[1].Switch != 1 {
		t.Errorf("0->101: %v %v", hops, err)
	}
	// the other lines are empty: 46 routes run out of bytes, plus the gap
	r := set.CheckSources(0, 0, 100)
	found := false
	for _, e := range r.Errors {
		found = found || e.Error() == "0.rt:51: route 0->50: a route to node id 50, which the model does not have"
	}
	if r.Bad != 47 || r.Routes != 48 || !found {
		t.Errorf("check: %d bad of %d, gap reported %v", r.Bad, r.Routes, found)
	}
}
