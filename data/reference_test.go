package data

import (
	"bytes"
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/fabviz/fabviz/model"
)

// refParse is a plain reader of §3 data lines, written for clarity, not
// speed: one line at a time, fields cut at blanks, strconv for numbers. It
// returns the values by port (gaps as nil) and the line of the first
// problem (0 if none). Only what refFile writes is covered: one header
// line, labels the model knows, each once.
func refParse(m *model.Model, src string) (map[model.PortRef][]*int64, int) {
	rows := map[model.PortRef][]*int64{}
	steps := -1
	for n, line := range strings.Split(src, "\n") {
		n++
		line = strings.TrimSuffix(line, "\r")
		if strings.HasPrefix(line, "#!") && steps < 0 {
			continue
		}
		rest := strings.TrimLeft(line, " \t")
		if rest == "" || rest[0] == '#' {
			continue
		}
		end := strings.IndexAny(rest, " \t#")
		if end < 0 {
			end = len(rest)
		}
		p, ok := m.ResolvePort(rest[:end])
		if !ok {
			return nil, n
		}
		rest = rest[end:]
		if c := strings.IndexByte(rest, '#'); c >= 0 {
			rest = rest[:c] // a comment to the end of the line
		}
		var row []*int64
		for _, tok := range strings.FieldsFunc(rest, func(c rune) bool { return c == ' ' || c == '\t' }) {
			if tok == "-" {
				row = append(row, nil)
				continue
			}
			digits := strings.TrimPrefix(tok, "-")
			if digits == "" || strings.Trim(digits, "0123456789") != "" {
				return nil, n // not an integer (ParseInt would take "+1")
			}
			v, err := strconv.ParseInt(tok, 10, 64)
			if err != nil {
				return nil, n
			}
			row = append(row, &v)
		}
		if steps < 0 {
			steps = len(row)
		}
		if len(row) != steps || steps == 0 {
			return nil, n
		}
		rows[p] = row
	}
	return rows, 0
}

// refFile writes a random §3 file over ring4's ports: numbers of every
// length (up to the int64 limits, with leading zeros), gaps, blanks of
// every kind, comments, CRLF, and sometimes a bad value (bad: true).
// Without gaps, the values fit in 32 bits.
func refFile(m *model.Model, r *rand.Rand, steps int, bad, gaps bool) string {
	good := func() string {
		if !gaps { // and 32-bit values: the common file
			switch r.IntN(5) {
			case 0:
				return strconv.FormatInt(r.Int64N(1<<32)-1<<31, 10)
			case 1:
				return []string{"2147483647", "-2147483648", "0", "-0", "0000000000000000000000042"}[r.IntN(5)]
			default:
				return strconv.FormatInt(r.Int64N(1e6), 10)
			}
		}
		switch r.IntN(12) {
		case 0:
			return "-"
		case 1:
			return strconv.FormatInt(-r.Int64N(1000), 10)
		case 2: // 8 to 15 digits
			return strconv.FormatInt(r.Int64N(1e15-1e7)+1e7, 10)
		case 3: // 16 to 19 digits
			return strconv.FormatInt(r.Int64N(math.MaxInt64-1e15)+1e15, 10)
		case 4:
			return []string{"9223372036854775807", "-9223372036854775808", "0", "-0", "007",
				"00000000000000000012", "2147483647", "2147483648", "-2147483648", "-2147483649",
				"99999999", "100000000", "9999999999999999", "12345678"}[r.IntN(14)]
		case 5:
			return strconv.FormatInt(r.Int64N(1e6), 10) + "#" // a comment right after
		default:
			return strconv.FormatInt(r.Int64N(1e6), 10)
		}
	}
	wrong := []string{"+5", "1e5", "1.5", "NaN", "Inf", "-Inf", "--", "5-", "x", "12a", "0x10",
		"9223372036854775808", "-9223372036854775809", "99999999999999999999", "1_000", "\v1"}
	var b strings.Builder
	b.WriteString("#! counter x\n")
	first := true
	for _, pi := range r.Perm(m.NumPorts()) {
		if r.IntN(6) == 0 {
			continue
		}
		switch r.IntN(6) {
		case 0:
			b.WriteString("# comment 1 2 3\n")
		case 1:
			b.WriteString(" \t \r\n")
		}
		b.WriteString(m.Label(model.PortRef(pi)))
		n := steps
		if bad && !first && r.IntN(40) == 0 {
			n += r.IntN(3) - 1 // a value too few or too many
		}
		for k := 0; k < n; k++ {
			b.WriteString([]string{" ", " ", " ", "\t", "  ", " \t"}[r.IntN(6)])
			tok := good()
			if bad && !first && r.IntN(400) == 0 {
				tok = wrong[r.IntN(len(wrong))]
			}
			if first || k < n-1 {
				tok = strings.TrimSuffix(tok, "#")
			}
			b.WriteString(tok)
		}
		first = false
		if r.IntN(5) == 0 {
			b.WriteString(" # tail 1 2")
		}
		b.WriteString([]string{"\n", "\n", "\r\n"}[r.IntN(3)])
	}
	s := b.String()
	if r.IntN(3) == 0 {
		s = strings.TrimSuffix(strings.TrimSuffix(s, "\n"), "\r") // no newline at the end
	}
	return s
}

// TestReadMatchesReference reads random files, whole and cut into chunks
// of many sizes, and compares every value and gap, running sums, every
// port's total, each step's range and the line of the first error with
// refParse.
func TestReadMatchesReference(t *testing.T) {
	m := ring4(t)
	defer func(n int) { chunkSize = n }(chunkSize)
	r := rand.New(rand.NewPCG(22, 3))
	for i := range 80 {
		steps := []int{1, 2, 7, 40, 300}[i%5]
		src := refFile(m, r, steps, i%3 == 2, i%4 != 0)
		want, errLine := refParse(m, src)
		for _, cs := range []int{4 << 20, 1, 97, 1000} {
			chunkSize = cs
			name := fmt.Sprintf("file %d (steps %d, chunk %d)", i, steps, cs)
			s, err := Read("t.dat", bytes.NewReader([]byte(src)), m, Options{Workers: 1 + i%3})
			if errLine != 0 {
				prefix := fmt.Sprintf("t.dat:%d:", errLine)
				if err == nil || !strings.HasPrefix(err.Error(), prefix) {
					t.Fatalf("%s: got error %v, want one starting %q\n%s", name, err, prefix, src)
				}
				continue
			}
			if err != nil {
				t.Fatalf("%s: %v\n%s", name, err, src)
			}
			compareSeries(t, name, m, s, want)
			lo, hi, has := make([]int64, steps), make([]int64, steps), make([]bool, steps)
			for p, row := range want {
				var sum int64
				for st, v := range row {
					if v != nil {
						sum = satAdd(sum, *v)
						if !has[st] || *v < lo[st] {
							lo[st] = *v
						}
						if !has[st] || *v > hi[st] {
							hi[st] = *v
						}
						has[st] = true
					}
					if st%13 == 0 || st == len(row)-1 {
						if got := s.Running(p, st); got != sum {
							t.Fatalf("%s: running sum of %s at %d %d, want %d", name, m.Label(p), st, got, sum)
						}
					}
				}
				if got := s.Total(p); got != sum {
					t.Fatalf("%s: total of %s %d, want %d", name, m.Label(p), got, sum)
				}
			}
			for st := range steps {
				l, h, ok := s.StepRange(st)
				if ok != has[st] || ok && (l != lo[st] || h != hi[st]) {
					t.Fatalf("%s: step %d range %d..%d %v, want %d..%d %v", name, st, l, h, ok, lo[st], hi[st], has[st])
				}
			}
		}
	}
}
