package data

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/fabviz/fabviz/model"
)

// randomFile writes a file listing most ring4 ports in shuffled order, with
// comments, blank lines, CRLF endings and gaps, and returns the expected
// values by port (gaps as nil entries).
func randomFile(m *model.Model, steps int, seed uint64) (string, map[model.PortRef][]*int64) {
	r := rand.New(rand.NewPCG(seed, 1))
	want := map[model.PortRef][]*int64{}
	var b strings.Builder
	b.WriteString("#! counter x\n")
	for _, pi := range r.Perm(m.NumPorts()) {
		p := model.PortRef(pi)
		if r.IntN(8) == 0 {
			continue
		}
		switch r.IntN(5) {
		case 0:
			b.WriteString("# a comment line\n\n")
		case 1:
			b.WriteString("   \t\n")
		}
		label := m.Label(p)
		if n, ok := m.Node(p); ok && r.IntN(2) == 0 {
			label = m.HostName(n)
		}
		b.WriteString(label)
		row := make([]*int64, steps)
		for s := range row {
			b.WriteString([]string{" ", "\t", "  "}[r.IntN(3)])
			if r.IntN(20) == 0 {
				b.WriteString("-")
				continue
			}
			v := r.Int64N(2000) - 1000
			if r.IntN(50) == 0 {
				v = r.Int64() // force 64-bit storage in some chunks
			}
			row[s] = &v
			b.WriteString(strconv.FormatInt(v, 10))
		}
		if r.IntN(4) == 0 {
			b.WriteString(" # trailing comment")
		}
		if r.IntN(3) == 0 {
			b.WriteString("\r")
		}
		b.WriteString("\n")
		want[p] = row
	}
	return b.String(), want
}

func TestChunksAndWorkers(t *testing.T) {
	m := ring4(t)
	defer func(n int) { chunkSize = n }(chunkSize)
	for seed := uint64(1); seed <= 3; seed++ {
		src, want := randomFile(m, 70, seed)
		for _, cs := range []int{4 << 20, 1, 300, 4000} {
			for _, w := range []int{1, 2, 3} {
				chunkSize = cs
				name := fmt.Sprintf("seed%d/chunk%d/workers%d", seed, cs, w)
				s, err := readString(t, m, src, Options{Workers: w})
				if err != nil {
					t.Fatalf("%s: %v", name, err)
				}
				compareSeries(t, name, m, s, want)
			}
		}
	}
}

func compareSeries(t *testing.T, name string, m *model.Model, s *Series, want map[model.PortRef][]*int64) {
	t.Helper()
	if s.Columns() != len(want) {
		t.Fatalf("%s: %d columns, want %d", name, s.Columns(), len(want))
	}
	for p := model.PortRef(0); int(p) < m.NumPorts(); p++ {
		row, listed := want[p]
		for st := 0; st < s.Steps(); st++ {
			v, ok := s.Value(p, st)
			switch {
			case !listed:
				if v != 0 || !ok {
					t.Fatalf("%s: unlisted %s step %d = %d %v", name, m.Label(p), st, v, ok)
				}
			case row[st] == nil:
				if ok {
					t.Fatalf("%s: %s step %d should be a gap", name, m.Label(p), st)
				}
			case !ok || v != *row[st]:
				t.Fatalf("%s: %s step %d = %d %v, want %d", name, m.Label(p), st, v, ok, *row[st])
			}
		}
	}
}

// TestErrorsAcrossChunks checks that line numbers and duplicates are right
// when the lines involved are in different chunks.
func TestErrorsAcrossChunks(t *testing.T) {
	m := ring4(t)
	defer func(n int) { chunkSize = n }(chunkSize)
	var b strings.Builder
	b.WriteString("# head\n")
	for i := 0; i < 12; i++ {
		fmt.Fprintf(&b, "s0.%d 1 2 3\n", i)
	}
	b.WriteString("s1.0 1 2\n")  // line 14: ragged
	b.WriteString("n05 4 5 6\n") // line 15: duplicate of s0.5 on line 7
	b.WriteString("s1.1 1 x 3\n")
	want := "t.dat:14: 2 values, expected 3 as on line 2\n" +
		"t.dat:15: duplicate label s0.5 (already on line 7)\n" +
		"t.dat:16:8: expected an integer or \"-\", got \"x\""
	for _, cs := range []int{1, 20, 4 << 20} {
		chunkSize = cs
		_, err := readString(t, m, b.String(), Options{})
		if err == nil || err.Error() != want {
			t.Errorf("chunk %d: got\n%v\nwant\n%s", cs, err, want)
		}
	}
}

// TestSWARDigits checks the eight-bytes-at-a-time digit parser against
// strconv for every digit count and for all 256 bytes after the digits.
func TestSWARDigits(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 5))
	for nd := 0; nd <= 8; nd++ {
		for c := 0; c < 256; c++ {
			if c >= '0' && c <= '9' {
				continue
			}
			var b [8]byte
			for k := range b {
				b[k] = byte(r.IntN(256))
			}
			for k := 0; k < nd; k++ {
				b[k] = byte('0' + r.IntN(10))
			}
			if nd < 8 {
				b[nd] = byte(c)
			}
			x := uint64(0)
			for k := 7; k >= 0; k-- {
				x = x<<8 | uint64(b[k])
			}
			if got := leadingDigits(x); got != nd {
				t.Fatalf("%q: %d digits, want %d", b, got, nd)
			}
			if nd == 0 {
				continue
			}
			want, _ := strconv.ParseUint(string(b[:nd]), 10, 64)
			if got := digitsValue(x, nd); got != want {
				t.Fatalf("%q: %d, want %d", b[:nd], got, want)
			}
		}
	}
}
