package data

import (
	"bytes"
	"strings"
	"testing"

	"github.com/fabviz/fabviz/model"
)

// FuzzRead: no input makes the §3 reader panic, and cutting the input into
// tiny chunks parsed by several workers gives the same result as reading it
// whole.
func FuzzRead(f *testing.F) {
	for _, s := range []string{basic, statsParam, statsJobs, goodLog, "s0.0 1\ns0.0 2\n", "n00 - -\ns0.13 5 6 # c\r\n",
		"#! steps 2026-11-21T10:00:00Z 60s\ns0.1 9223372036854775807 -9223372036854775808\n", "s0.0 1 2\ns0.1 1\n"} {
		f.Add([]byte(s), false)
		f.Add([]byte(s), true)
	}
	m := ring4(f)
	f.Fuzz(func(t *testing.T, src []byte, job bool) { wholeOrCut(t, m, src, job) })
}

// wholeOrCut reads src whole and cut into tiny chunks parsed by several
// workers: the same errors, or the same values in every mode.
func wholeOrCut(t *testing.T, m *model.Model, src []byte, job bool) {
	kind := Param
	if job {
		kind = Job
	}
	whole, err1 := Read("f.dat", bytes.NewReader(src), m, Options{Kind: kind, MaxLine: 4096})
	defer func(n int) { chunkSize = n }(chunkSize)
	chunkSize = 7
	cut, err2 := Read("f.dat", bytes.NewReader(src), m, Options{Kind: kind, MaxLine: 4096, Workers: 3})
	chunkSize = 4 << 20
	if (err1 == nil) != (err2 == nil) || err1 != nil && err1.Error() != err2.Error() {
		t.Fatalf("whole: %v\ncut: %v", err1, err2)
	}
	if err1 != nil {
		if !strings.HasPrefix(err1.Error(), "f.dat") {
			t.Fatalf("error without the file name: %v", err1)
		}
		return
	}
	sc, _ := NewScale(-10, 10, Viridis, DefaultInit().Colors)
	rgb := make([]RGB, m.NumPorts())
	va, vb := make([]int64, m.NumPorts()), make([]int64, m.NumPorts())
	for st := 0; st < whole.Steps(); st++ {
		for _, mode := range []Mode{Slice, Running, Total} {
			whole.Colorize(rgb, st, mode, sc)
			whole.Fill(va, nil, st, mode)
			cut.Fill(vb, nil, st, mode)
			if !slicesEqual(va, vb) {
				t.Fatalf("step %d %v differs", st, mode)
			}
		}
	}
	if job {
		NewJobPalette(whole.JobIDs(), 1, DefaultInit().Colors.Below)
	}
}

func slicesEqual(a, b []int64) bool {
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// FuzzReadLog: no input makes the log reader, binding or export panic, and
// a log that reads exports to a §3 file that reads too.
func FuzzReadLog(f *testing.F) {
	f.Add([]byte(goodLog))
	f.Add([]byte(logHead + "2026-11-21T10:00:00Z 1 2\n2026-11-21T11:00:00.5Z - 3\n"))
	f.Add([]byte("#! fabviz-log 1\n#! counter job\n#! ports n00\n2026-11-21T10:00:00+02:00 7\n"))
	m := ring4(f)
	f.Fuzz(func(t *testing.T, src []byte) {
		lg, err := ReadLog("f.fvlog", bytes.NewReader(src), 4096)
		if err != nil {
			return
		}
		opt := Options{Lenient: true}
		if lg.IsJob() {
			opt.Kind = Job
		}
		s, err := lg.Bind(m, opt)
		if err != nil || lg.Steps() == 0 || lg.Steps()*len(lg.Labels) > 1<<16 {
			return
		}
		var b bytes.Buffer
		if err := lg.WriteDat(&b); err != nil {
			t.Fatal(err)
		}
		d, err := Read("f.dat", &b, m, opt)
		if err != nil {
			if len(lg.Labels) == 0 {
				return // nothing to list
			}
			t.Fatalf("export does not read back: %v\n%s", err, b.String())
		}
		if d.Steps() != s.Steps() || d.Columns() != s.Columns() {
			t.Fatalf("steps %d/%d columns %d/%d", d.Steps(), s.Steps(), d.Columns(), s.Columns())
		}
	})
}

// FuzzReadInit: no input makes the init reader panic; what it accepts gives
// a valid scale.
func FuzzReadInit(f *testing.F) {
	f.Add([]byte("range 1 2\ncolor below 0 0.5 1\ncolormap diverging\n"))
	f.Add([]byte("model-dir \"a b\"\njob-seed 18446744073709551615\n"))
	f.Fuzz(func(t *testing.T, src []byte) {
		in, err := ReadInit("f.ini", bytes.NewReader(src))
		if err != nil {
			return
		}
		sc, err := in.Scale(0, 0)
		if err != nil {
			t.Fatal(err)
		}
		sc.Legend(16, 5)
	})
}
