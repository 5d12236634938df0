package lft

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// describe prints everything a parse gives, to compare two parses.
func describe(ts *Tables, err error) string {
	var b strings.Builder
	if err != nil {
		fmt.Fprintf(&b, "error:\n%v\n", err)
	}
	if ts == nil {
		return b.String()
	}
	fmt.Fprintf(&b, "file %s, %d tables\n", ts.File, len(ts.List))
	for _, t := range ts.List {
		fmt.Fprintf(&b, "%s lid %d line %d entries %d byGUID %v out %x\n", t, t.LID, t.Line, t.Entries, ts.ByGUID(t.GUID) == t, t.Out)
		if t.line != nil {
			b.WriteString("  line offsets kept\n")
		}
	}
	for _, w := range ts.Warnings {
		fmt.Fprintf(&b, "warning %v\n", w)
	}
	return b.String()
}

// sameParse checks that the parallel parse, with blocks of several sizes
// and several workers, gives what the line-by-line one does.
func sameParse(t *testing.T, name string, in []byte) {
	t.Helper()
	want := describe(parseLines(name, bytes.NewReader(in)))
	for _, size := range []int{1, 7, 64, 300, 4096, 1 << 16, blockSize} {
		for _, workers := range []int{1, 2, 3} {
			got := describe(parseParallel(name, bytes.NewReader(in), size, workers))
			if got != want {
				t.Fatalf("%s, blocks of %d bytes, %d workers:\n got %.3000s\nwant %.3000s", name, size, workers, got, want)
			}
		}
	}
}

func TestParallelFixtures(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(fixtures, "ibsim/*/*"))
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, f := range files {
		base := filepath.Base(f)
		if !strings.Contains(base, "dump_fts") && !strings.Contains(base, "lfts") && !strings.Contains(base, "fdbs") && !strings.Contains(base, "ibroute") &&
			!strings.Contains(base, "ibnetdiscover") && !strings.Contains(base, "iblinkinfo") {
			continue
		}
		in, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		n++
		sameParse(t, f, in)
	}
	if n < 20 {
		t.Errorf("only %d fixtures", n)
	}
}

// bigDump is a dump_fts of many switches with a few hundred LIDs each.
func bigDump(switches, lids int) string {
	var b strings.Builder
	for s := 1; s <= switches; s++ {
		fmt.Fprintf(&b, "Unicast lids [0x0-0x%x] of switch DR path slid 0; dlid 0; 0 guid 0x%016x (sw%d):\n", lids, 0x1000+s, s)
		b.WriteString("  Lid  Out   Destination\n       Port     Info \n")
		for l := 1; l <= lids; l++ {
			fmt.Fprintf(&b, "0x%04x %03d : (Channel Adapter portguid 0x%016x: 'n%d HCA-1')\n", l, 1+(l+s)%36, 0x9000+l, l)
		}
		fmt.Fprintf(&b, "%d valid lids dumped \n", lids)
	}
	return b.String()
}

// spoil changes every step-th line of s, from line first, by f.
func spoil(s string, first, step int, f func(i int, line string) string) string {
	lines := strings.SplitAfter(s, "\n")
	for i := first; i < len(lines); i += step {
		lines[i] = f(i, lines[i])
	}
	return strings.Join(lines, "")
}

func TestParallelErrors(t *testing.T) {
	good := bigDump(12, 150)
	long := strings.Repeat("x", MaxLine+10)
	cases := map[string]string{
		"good":         good,
		"crlf":         strings.ReplaceAll(good, "\n", "\r\n"),
		"no final end": strings.TrimSuffix(good, "\n"),
		"garbage":      spoil(good, 500, 97, func(int, string) string { return "what is this\n" }),
		"many garbage": spoil(good, 3, 9, func(int, string) string { return "what is this\n" }),
		"dup lids":     spoil(good, 40, 333, func(int, string) string { return "0x0005 002\n" }),
		"bad utf8":     spoil(good, 77, 211, func(int, string) string { return "0x0007 001 \xff\xfe\n" }),
		"long lines":   spoil(good, 120, 404, func(int, string) string { return long + "\n" }),
		"long runs":    spoil(good, 10, 3, func(int, string) string { return long + "\n" }),
		"long at end":  good + long,
		"dup table":    good + bigDump(2, 20),
		"diagnostics":  spoil(good, 5, 300, func(int, string) string { return "ibwarn: [1234] something: went wrong\n" }),
		"multicast": spoil(good, 600, 700, func(_ int, l string) string {
			return "Multicast mlids [0xc000-0xc001] of switch Lid 1 guid 0x1:\n0xc000 001\n" + l
		}),
		"entry first":   "0x0001 001\n" + good,
		"topology":      "vendid=0x2c9\n" + good,
		"bad header":    spoil(good, 300, 500, func(int, string) string { return "Unicast lids [0x0-0x3] of switch Lid 2 (no guid):\n" }),
		"fake header":   spoil(good, 300, 500, func(int, string) string { return "Unicast lids [oops\n" }),
		"sparse":        sparse() + good,
		"sparse late":   good + sparse(),
		"out of range":  spoil(good, 50, 250, func(int, string) string { return "0xc001 001\n" }),
		"port range":    spoil(good, 60, 250, func(int, string) string { return "0x0003 300\n" }),
		"fdbs":          "dump_ucast_routes: Switch 0x0000000000000001\n0x0001 : 001 : 01 : yes\ndump_ucast_routes: Switch 0x0000000000000002\n0x0001 : 002 : 01 : yes\n",
		"empty":         "",
		"blank":         "\n\n\n",
		"comments only": "# a\n# b\n",
	}
	for name, in := range cases {
		t.Run(name, func(t *testing.T) { sameParse(t, "t", []byte(in)) })
	}
}

// A block parsed on its own is taken only when it parses the same in
// sequence; that is how a big dump is parsed, and its line offsets are
// let go table by table.
func TestParallelTakesBlocks(t *testing.T) {
	in := []byte(bigDump(20, 300))
	g := newParser("t")
	taken, blocks := 0, 0
	cutBlocks("t", bytes.NewReader(in), 1<<16, make(chan []byte, 4), make(chan struct{}), func(b *block) bool {
		blocks++
		b.res = parseBlock("t", b.data, b.off)
		if g.take(b.res) {
			taken++
		} else {
			g.run(b.data)
		}
		return true
	})
	ts, err := g.finish()
	if err != nil || len(ts.List) != 20 {
		t.Fatalf("%d tables, %v", len(ts.List), err)
	}
	if taken != blocks || blocks < 5 {
		t.Errorf("%d of %d blocks taken", taken, blocks)
	}
	if want := describe(parseLines("t", bytes.NewReader(in))); describe(ts, err) != want {
		t.Error("block by block differs from line by line")
	}
}

func BenchmarkParse(b *testing.B) {
	in := []byte(bigDump(128, 8000))
	b.SetBytes(int64(len(in)))
	for _, c := range []struct {
		name  string
		parse func() (*Tables, error)
	}{
		{"lines", func() (*Tables, error) { return parseLines("b", bytes.NewReader(in)) }},
		{"parallel", func() (*Tables, error) { return Parse("b", bytes.NewReader(in)) }},
	} {
		b.Run(c.name, func(b *testing.B) {
			b.SetBytes(int64(len(in)))
			for range b.N {
				if _, err := c.parse(); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func TestCutPoint(t *testing.T) {
	u := "Unicast lids [0x0-0x1] of switch guid 0x1 (a):\n"
	d := "dump_ucast_routes: Switch 0x0000000000000001\n"
	pad := strings.Repeat("0x0001 001 : U\n", 20000) // longer than the first window
	for _, c := range []struct {
		in     string
		cut    int
		header bool
	}{
		{"no end", 0, false},
		{"a\nb", 2, false},
		{u + "0x0001 001\n", len(u + "0x0001 001\n"), false}, // the first line is no place to cut
		{u + pad + u + "0x0001 001\n", len(u + pad), true},
		{u + u + pad + "0x00", len(u), true},
		{pad + d + pad + d + "0x", len(pad + d + pad), true},
		{pad + "xUnicast lids [\n" + pad, len(pad + "xUnicast lids [\n" + pad), false},
		{pad + u[:10], len(pad), false},
		{pad + u, len(pad), true},
	} {
		kind := 0
		cut, header := cutPoint([]byte(c.in), &kind)
		if cut != c.cut || header != c.header {
			t.Errorf("%.30q...: cut %d %v, want %d %v", c.in, cut, header, c.cut, c.header)
		}
	}
}

// failing reads its data, then fails.
type failing struct{ data []byte }

func (f *failing) Read(b []byte) (int, error) {
	if len(f.data) == 0 {
		return 0, fmt.Errorf("disk on fire")
	}
	n := copy(b, f.data)
	f.data = f.data[n:]
	return n, nil
}

func TestParallelReadError(t *testing.T) {
	for _, in := range []string{"", bigDump(3, 40), bigDump(3, 40) + "0x00", "0x0001 001\n"} {
		want := describe(parseLines("t", &failing{[]byte(in)}))
		if !strings.Contains(want, "read: disk on fire") {
			t.Fatalf("line by line: %s", want)
		}
		for _, size := range []int{5, 100, blockSize} {
			if got := describe(parseParallel("t", &failing{[]byte(in)}, size, 2)); got != want {
				t.Errorf("%d bytes in, blocks of %d: got\n%s\nwant\n%s", len(in), size, got, want)
			}
		}
	}
}
