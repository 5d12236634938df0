package routes

import (
	"strconv"
	"strings"
	"testing"

	"github.com/fabviz/fabviz/internal/textio"
)

// slowEntry reads an entry line the general way (ReadTables' fields).
func slowEntry(line string) (lo, hi, port int, ok bool) {
	f, err := textio.Fields([]byte(line))
	if err != nil || len(f) != 2 {
		return 0, 0, 0, false
	}
	loS, hiS, isRange := strings.Cut(f[0].Text, "-")
	lo, ok1 := parseLID(loS)
	hi, ok2 := lo, true
	if isRange {
		hi, ok2 = parseLID(hiS)
	}
	port, err = strconv.Atoi(f[1].Text)
	return lo, hi, port, ok1 && ok2 && hi >= lo && err == nil
}

func TestFastEntry(t *testing.T) {
	for line, want := range map[string][4]int{
		"12 5":           {12, 12, 5, 1},
		"  13-40\t7  ":   {13, 40, 7, 1},
		"1-49151 255":    {1, 49151, 255, 1},
		"7 007":          {7, 7, 7, 1},
		"0x29 7":         {}, // hex: the general way
		"012 5":          {}, // a leading zero reads as octal there
		"0 5":            {}, // not a unicast LID
		"49152 5":        {},
		"40-13 7":        {},
		"12 5 # comment": {},
		"12":             {},
		"12 1000":        {},
		"123456 1":       {},
		"table s0":       {},
	} {
		lo, hi, port, ok := fastEntry([]byte(line))
		if got := [4]int{lo, hi, port, map[bool]int{true: 1}[ok]}; ok != (want[3] == 1) || ok && got != want {
			t.Errorf("%q: %v, want %v", line, got, want)
		}
	}
}

// Whatever fastEntry takes, the general way reads alike.
func FuzzFastEntry(f *testing.F) {
	for _, s := range []string{"12 5", " 13-40\t7 ", "0x29 7", "012 5", "1-49151 255", "9 0"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		lo, hi, port, ok := fastEntry([]byte(line))
		if !ok {
			return
		}
		slo, shi, sport, sok := slowEntry(line)
		if !sok || lo != slo || hi != shi || port != sport {
			t.Fatalf("%q: fast %d-%d %d, general %d-%d %d %v", line, lo, hi, port, slo, shi, sport, sok)
		}
	})
}
