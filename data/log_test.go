package data

import (
	"bytes"
	"strings"
	"testing"
	"time"
)

const goodLog = `#! fabviz-log 1
#! counter port_xmit_data bytes
#! interval 60s
#! ports s0.0 s0.1
#! ports n14        # may repeat
2026-11-21T10:00:00Z 120 0 17
2026-11-21T10:01:00Z 95 0 -
# a comment
2026-11-21T10:03:02Z 1 2 3
2026-11-21T10:04:00Z 4 5 6
2026-11-21T10:05:00Z 7 8`

// TestLog: a missing interval becomes a step of gaps, a timestamp a little
// off the grid goes to the nearest step, the interrupted last line is
// ignored.
func TestLog(t *testing.T) {
	m := ring4(t)
	lg, err := ReadLog("t.fvlog", strings.NewReader(goodLog), DefaultMaxLine)
	if err != nil {
		t.Fatal(err)
	}
	if !lg.Interrupted || lg.Steps() != 5 || len(lg.Labels) != 3 || lg.IsJob() {
		t.Fatalf("interrupted %v steps %d labels %v", lg.Interrupted, lg.Steps(), lg.Labels)
	}
	s, err := Read("t.fvlog", strings.NewReader(goodLog), m, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if s.Header.Step != time.Minute || s.Header.Counter != "port_xmit_data" || !s.Header.Start.Equal(time.Date(2026, 11, 21, 10, 0, 0, 0, time.UTC)) {
		t.Errorf("header %+v", s.Header)
	}
	n14 := port(t, m, "s1.2")
	want := []struct {
		v  int64
		ok bool
	}{{17, true}, {0, false}, {0, false}, {3, true}, {6, true}}
	for st, w := range want {
		if v, ok := s.Value(n14, st); v != w.v || ok != w.ok {
			t.Errorf("step %d: %d %v, want %d %v", st, v, ok, w.v, w.ok)
		}
	}
	if v, ok := s.Value(port(t, m, "s0.0"), 2); ok || v != 0 {
		t.Error("missing interval is not a gap")
	}
	if s.Total(port(t, m, "s0.0")) != 120+95+1+4 {
		t.Errorf("total %d", s.Total(port(t, m, "s0.0")))
	}
}

// TestExport: a log exported to a §3 file reads back as the same series.
func TestExport(t *testing.T) {
	m := ring4(t)
	lg, err := ReadLog("t.fvlog", strings.NewReader(goodLog), DefaultMaxLine)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := lg.WriteDat(&b); err != nil {
		t.Fatal(err)
	}
	want := "# exported from t.fvlog\n#! steps 2026-11-21T10:00:00Z 1m0s\n#! counter port_xmit_data bytes\n" +
		"s0.0 120 95 - 1 4\ns0.1 0 0 - 2 5\nn14 17 - - 3 6\n"
	if b.String() != want {
		t.Fatalf("export:\n%s\nwant\n%s", b.String(), want)
	}
	a, _ := Read("t.fvlog", strings.NewReader(goodLog), m, Options{})
	d := mustRead(t, m, b.String(), Options{})
	if d.Header != a.Header || d.Steps() != a.Steps() {
		t.Errorf("headers %+v %+v", d.Header, a.Header)
	}
	va, vd := make([]int64, m.NumPorts()), make([]int64, m.NumPorts())
	oa, od := make([]bool, m.NumPorts()), make([]bool, m.NumPorts())
	for st := 0; st < a.Steps(); st++ {
		a.Fill(va, oa, st, Slice)
		d.Fill(vd, od, st, Slice)
		for p := range va {
			if va[p] != vd[p] || oa[p] != od[p] {
				t.Fatalf("step %d port %d differs", st, p)
			}
		}
	}
	empty, _ := ReadLog("e.fvlog", strings.NewReader("#! fabviz-log 1\n#! ports s0.0\n"), DefaultMaxLine)
	if err := empty.WriteDat(&b); err == nil {
		t.Error("empty log exported")
	}
}

func TestJobLog(t *testing.T) {
	m := ring4(t)
	src := "#! fabviz-log 1\n#! counter job\n#! ports n00 n01 s0.12\n2026-11-21T10:00:00Z 5 5 0\n2026-11-21T10:00:10Z 5 6 0\n"
	j, err := Read("j.fvlog", strings.NewReader(src), m, Options{Kind: Job})
	if err != nil {
		t.Fatal(err)
	}
	if ids := j.JobIDs(); len(ids) != 2 || ids[1] != 6 || j.Steps() != 2 {
		t.Errorf("ids %v steps %d", ids, j.Steps())
	}
	if _, err := Read("j.fvlog", strings.NewReader(src), m, Options{}); err == nil {
		t.Error("job log accepted as parameter data")
	}
	lenient := "#! fabviz-log 1\n#! ports n00 zz yy\n2026-11-21T10:00:00Z 5 5 0\n"
	s, err := Read("l.fvlog", strings.NewReader(lenient), m, Options{Lenient: true})
	if err != nil || s.Columns() != 1 || len(s.Warnings) != 1 || !strings.HasPrefix(s.Warnings[0], `l.fvlog:2: 2 port(s)`) {
		t.Errorf("lenient log: %v %v", err, s)
	}
}

func TestInit(t *testing.T) {
	src := `model-dir   examples/
data-dir    "my data/"
range       15000 100000
color below       0.5 0.5 0.5
color above       1   1   0
color background  0   0   0
color switch      0.6 0.6 0.6
color route       0   1   0
color link        0.8 0.8 0.8
color nodata      0.25 0.3 0.3   # comment
colormap viridis
job-seed 7
`
	in, err := ReadInit("f.ini", strings.NewReader(src))
	if err != nil {
		t.Fatal(err)
	}
	if in.ModelDir != "examples/" || in.DataDir != "my data/" || !in.HasRange || in.Min != 15000 || in.Max != 100000 ||
		in.Colors.NoData != (RGB{0.25, 0.3, 0.3}) || in.Colors.Above != (RGB{1, 1, 0}) || in.Map != Viridis || in.JobSeed != 7 {
		t.Errorf("init %+v", in)
	}
	sc, err := in.Scale(0, 1)
	if err != nil || sc.Min != 15000 || sc.Map != Viridis {
		t.Errorf("scale %+v %v", sc, err)
	}
	def, err := LoadInit(t.TempDir() + "/absent.ini")
	if err != nil || def.HasRange || def.Map != Linear || def.Colors != DefaultInit().Colors || def.ModelDir != "." {
		t.Errorf("defaults %+v %v", def, err)
	}
	if _, err := LoadInit(t.TempDir()); err == nil {
		t.Error("a directory read as an init file")
	}
}
