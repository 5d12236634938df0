package data

import (
	"math"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/fabviz/fabviz/model"
)

func rgbBits(c RGB) [3]uint32 {
	return [3]uint32{math.Float32bits(c[0]), math.Float32bits(c[1]), math.Float32bits(c[2])}
}

// TestLinearMapBits checks the §3 map to the bit: MIN pure blue, MAX pure
// red, (t, 0, 1−t) between, the below and above colours outside.
func TestLinearMapBits(t *testing.T) {
	below, above := RGB{0.5, 0.5, 0.5}, RGB{1, 1, 0}
	cases := []struct {
		lo, hi, v int64
		want      RGB
	}{
		{15000, 100000, 15000, RGB{0, 0, 1}},
		{15000, 100000, 100000, RGB{1, 0, 0}},
		{15000, 100000, 14999, below},
		{15000, 100000, 100001, above},
		{15000, 100000, math.MinInt64, below},
		{15000, 100000, math.MaxInt64, above},
		{0, 100, 50, RGB{0.5, 0, 0.5}},
		{0, 100, 25, RGB{0.25, 0, 0.75}},
		{0, 100, 75, RGB{0.75, 0, 0.25}},
		{-100, 100, 0, RGB{0.5, 0, 0.5}},
		{0, 3, 1, RGB{float32(1.0 / 3), 0, float32(2.0 / 3)}},
		{0, 10, 1, RGB{0.1, 0, 0.9}},
		{math.MinInt64, math.MaxInt64, math.MinInt64, RGB{0, 0, 1}},
		{math.MinInt64, math.MaxInt64, math.MaxInt64, RGB{1, 0, 0}},
		{math.MinInt64, math.MaxInt64, 0, RGB{0.5, 0, 0.5}},
		{7, 7, 7, RGB{0, 0, 1}}, // a one-value range: MIN wins
		{7, 7, 8, above},
	}
	for _, c := range cases {
		sc, err := NewScale(c.lo, c.hi, nil, Colors{Below: below, Above: above})
		if err != nil {
			t.Fatal(err)
		}
		if got := sc.Color(c.v); rgbBits(got) != rgbBits(c.want) {
			t.Errorf("[%d,%d] %d: %v (%08x), want %v (%08x)", c.lo, c.hi, c.v, got, rgbBits(got), c.want, rgbBits(c.want))
		}
	}
	if _, err := NewScale(5, 4, nil, Colors{}); err == nil {
		t.Error("reversed range accepted")
	}
}

func TestPerceptualMaps(t *testing.T) {
	for _, cm := range []*ColorMap{Viridis, Diverging} {
		first, last := cm.At(0), cm.At(1)
		if first == last {
			t.Errorf("%s: ends equal", cm.Name)
		}
		// Viridis gets lighter all along; the diverging map is lightest in
		// the middle.
		lum := func(c RGB) float32 { return 0.2126*c[0] + 0.7152*c[1] + 0.0722*c[2] }
		prev := lum(first)
		for i := 1; i <= 100; i++ {
			l := lum(cm.At(float64(i) / 100))
			if cm == Viridis && l < prev-1e-6 {
				t.Errorf("viridis luminance falls at %d", i)
			}
			prev = l
		}
		if cm == Diverging && !(lum(cm.At(0.5)) > lum(first) && lum(cm.At(0.5)) > lum(last)) {
			t.Error("diverging middle not lightest")
		}
		sc, _ := NewScale(0, 1000, cm, Colors{Below: RGB{0.5, 0.5, 0.5}})
		if sc.Color(0) != first || sc.Color(1000) != last || sc.Color(-1) != sc.Below {
			t.Errorf("%s: scale ends", cm.Name)
		}
	}
	if cm, ok := ColorMapByName("viridis"); !ok || cm != Viridis {
		t.Error("by name")
	}
}

func TestLegend(t *testing.T) {
	sc, _ := NewScale(15000, 100000, nil, DefaultInit().Colors)
	lg := sc.Legend(64, 5)
	if len(lg.Bar) != 64 || lg.Bar[0] != Blue || lg.Bar[63] != Red {
		t.Errorf("bar %d %v %v", len(lg.Bar), lg.Bar[0], lg.Bar[63])
	}
	var vals []int64
	for i, tk := range lg.Ticks {
		vals = append(vals, tk.Value)
		if tk.Color != sc.Color(tk.Value) || tk.Pos < 0 || tk.Pos > 1 || (i > 0 && tk.Pos <= lg.Ticks[i-1].Pos) {
			t.Errorf("tick %+v", tk)
		}
	}
	want := []int64{15000, 20000, 40000, 60000, 80000, 100000}
	if len(vals) != len(want) {
		t.Fatalf("ticks %v want %v", vals, want)
	}
	for i := range want {
		if vals[i] != want[i] {
			t.Fatalf("ticks %v want %v", vals, want)
		}
	}
	if lg.Ticks[0].Label != "15k" || lg.Ticks[5].Label != "100k" {
		t.Errorf("labels %q %q", lg.Ticks[0].Label, lg.Ticks[5].Label)
	}
	for v, s := range map[int64]string{0: "0", -9999: "-9999", 1234567: "1.23M", math.MaxInt64: "9.22E",
		999997: "1M", 999499: "999k", -999997: "-1M", 76363: "76.4k"} {
		if FormatValue(v) != s {
			t.Errorf("FormatValue(%d) = %q, want %q", v, FormatValue(v), s)
		}
	}
	for v, s := range map[int64]string{0: "0", 999: "999", 1000: "1,000", 76363: "76,363", -1234567: "-1,234,567",
		math.MinInt64: "-9,223,372,036,854,775,808"} {
		if FormatExact(v) != s {
			t.Errorf("FormatExact(%d) = %q, want %q", v, FormatExact(v), s)
		}
	}
}

// TestColorize checks the per-port fill in every mode: gaps, unlisted ports,
// running and total, and white with nothing loaded.
func TestColorize(t *testing.T) {
	m := ring4(t)
	s := mustRead(t, m, "s0.0 0 100 -\ns0.1 - - -\ns0.2 - 50 50\n", Options{})
	sc, _ := NewScale(0, 100, nil, DefaultInit().Colors)
	dst := make([]RGB, m.NumPorts())
	p0, p1, p2, un := port(t, m, "s0.0"), port(t, m, "s0.1"), port(t, m, "s0.2"), port(t, m, "s2.3")
	s.Colorize(dst, 0, Slice, sc)
	if dst[p0] != Blue || dst[p1] != sc.NoData || dst[p2] != sc.NoData || dst[un] != Blue {
		t.Errorf("slice 0: %v %v %v %v", dst[p0], dst[p1], dst[p2], dst[un])
	}
	s.Colorize(dst, 1, Slice, sc)
	if dst[p0] != Red || rgbBits(dst[p2]) != rgbBits(RGB{0.5, 0, 0.5}) {
		t.Errorf("slice 1: %v %v", dst[p0], dst[p2])
	}
	s.Colorize(dst, 2, Slice, sc)
	if dst[p0] != sc.NoData {
		t.Errorf("slice 2 gap: %v", dst[p0])
	}
	s.Colorize(dst, 0, Running, sc)
	if dst[p0] != Blue || dst[p2] != sc.NoData {
		t.Errorf("running 0: %v %v", dst[p0], dst[p2])
	}
	s.Colorize(dst, 2, Running, sc)
	if dst[p0] != Red || dst[p2] != Red || dst[p1] != sc.NoData {
		t.Errorf("running 2: %v %v %v", dst[p0], dst[p2], dst[p1])
	}
	s.Colorize(dst, 0, Total, sc)
	if dst[p0] != Red || dst[p1] != sc.NoData {
		t.Errorf("total: %v %v", dst[p0], dst[p1])
	}
	var none *Series
	none.Colorize(dst, 0, Slice, sc)
	for p := model.PortRef(0); int(p) < m.NumPorts(); p++ {
		if dst[p] != White {
			t.Fatalf("nothing loaded: %v", dst[p])
		}
	}
}

// TestJobPalette: the same ids and seed give the same colours; colours are
// clear of the avoided colours and of each other; other seeds differ.
func TestJobPalette(t *testing.T) {
	in := DefaultInit()
	avoid := []RGB{in.Colors.Below, in.Colors.Above, in.Colors.NoData, in.Colors.Background, Blue, Red}
	ids := []int64{4711, 12, 99999, 3, 5, 6, 7, 8}
	a := NewJobPalette(ids, 1, avoid...)
	b := NewJobPalette([]int64{3, 5, 6, 7, 8, 12, 99999, 4711}, 1, avoid...)
	c := NewJobPalette(ids, 2, avoid...)
	same := 0
	for i, id := range ids {
		ca, _ := a.Color(id)
		cb, _ := b.Color(id)
		cc, _ := c.Color(id)
		if ca != cb {
			t.Errorf("job %d: %v vs %v for the same set and seed", id, ca, cb)
		}
		if ca == cc {
			same++
		}
		if d := nearest(ca, avoid); d < minAvoid {
			t.Errorf("job %d colour %v within %.2f of an avoided colour", id, ca, d)
		}
		for _, other := range ids[i+1:] {
			co, _ := a.Color(other)
			if dist(ca, co) < minApart {
				t.Errorf("jobs %d and %d too close: %v %v", id, other, ca, co)
			}
		}
	}
	if same == len(ids) {
		t.Error("seed makes no difference")
	}
	if _, ok := a.Color(0); ok {
		t.Error("job 0 has a colour")
	}
	// Many jobs: all distinct, none on the below or above colour.
	var many []int64
	for i := int64(1); i <= 500; i++ {
		many = append(many, i*7919)
	}
	p := NewJobPalette(many, 42, avoid...)
	seen := map[RGB]bool{}
	for _, id := range many {
		col, _ := p.Color(id)
		if seen[col] || nearest(col, avoid) < minAvoid {
			t.Fatalf("job %d: colour %v repeated or too near an avoided colour", id, col)
		}
		seen[col] = true
	}
}

// TestLinearMapRounding: for random ranges and values, both colour parts are
// the float32 nearest the exact fractions (v−MIN)/(MAX−MIN) and
// (MAX−v)/(MAX−MIN), or one float32 step from it.
func TestLinearMapRounding(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 9))
	for k := 0; k < 20000; k++ {
		lo := r.Int64N(1<<40) - 1<<39
		hi := lo + 1 + r.Int64N(1<<(1+k%62))
		if hi < lo {
			hi = math.MaxInt64
		}
		v := lo + r.Int64N(hi-lo+1)
		sc, _ := NewScale(lo, hi, nil, Colors{})
		c := sc.Color(v)
		span := new(big.Rat).SetFrac(new(big.Int).Sub(big.NewInt(hi), big.NewInt(lo)), big.NewInt(1))
		for _, part := range []struct {
			got float32
			num int64
			sub int64
		}{{c[0], v, lo}, {c[2], hi, v}} {
			exact := new(big.Rat).Quo(new(big.Rat).SetInt(new(big.Int).Sub(big.NewInt(part.num), big.NewInt(part.sub))), span)
			want, _ := exact.Float32()
			if part.got != want && math.Nextafter32(part.got, 2) != want && math.Nextafter32(part.got, -1) != want {
				t.Fatalf("[%d,%d] %d: %v, exact %v", lo, hi, v, part.got, want)
			}
		}
	}
}

// TestColorizeMatchesColor: the specialised slice loop gives exactly
// Scale.Color for every port, in and out of range.
func TestColorizeMatchesColor(t *testing.T) {
	m := ring4(t)
	src, _ := randomFile(m, 20, 11)
	s := mustRead(t, m, src, Options{})
	vals := make([]int64, m.NumPorts())
	ok := make([]bool, m.NumPorts())
	dst := make([]RGB, m.NumPorts())
	for _, r := range [][2]int64{{-500, 500}, {0, 1}, {-1 << 62, 1 << 62}, {math.MinInt64, math.MaxInt64}, {3, 3}} {
		for _, cm := range []*ColorMap{Linear, Diverging} {
			sc, _ := NewScale(r[0], r[1], cm, DefaultInit().Colors)
			for st := 0; st < s.Steps(); st++ {
				s.Colorize(dst, st, Slice, sc)
				s.Fill(vals, ok, st, Slice)
				for p := range dst {
					want := sc.NoData
					if ok[p] {
						want = sc.Color(vals[p])
					}
					if rgbBits(dst[p]) != rgbBits(want) {
						t.Fatalf("range %v step %d port %d: %v, want %v", r, st, p, dst[p], want)
					}
				}
			}
		}
	}
}

// TestShownMatchesColorize checks that the one value a panel reads for a
// port is the value its colour shows, in every mode at every step.
func TestShownMatchesColorize(t *testing.T) {
	m := ring4(t)
	src, _ := randomFile(m, 20, 11)
	s := mustRead(t, m, src, Options{})
	sc, _ := NewScale(-500, 500, Linear, DefaultInit().Colors)
	dst := make([]RGB, m.NumPorts())
	for _, mode := range []Mode{Slice, Running, Total} {
		for st := 0; st < s.Steps(); st++ {
			s.Colorize(dst, st, mode, sc)
			for p := range dst {
				v, ok := s.Shown(model.PortRef(p), st, mode)
				want := sc.NoData
				if ok {
					want = sc.Color(v)
				}
				if rgbBits(dst[p]) != rgbBits(want) {
					t.Fatalf("%v step %d port %d: colour %v, Shown %d (ok %v) gives %v", mode, st, p, dst[p], v, ok, want)
				}
			}
		}
	}
}
