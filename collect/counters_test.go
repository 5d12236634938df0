package collect

import "testing"

func TestDelta(t *testing.T) {
	c32 := Counter{Name: "x", Bits: 32}
	c64 := Counter{Name: "y", Bits: 64}
	sat := Counter{Name: "e", Bits: 16, Saturating: true}
	cases := []struct {
		c         Counter
		prev, cur uint64
		want      uint64
		kind      DeltaKind
	}{
		{c32, 10, 25, 15, DeltaOK},
		{c32, 7, 7, 0, DeltaOK},
		{c32, 1<<32 - 6, 4, 10, DeltaWrap},          // wrapped past 2^32
		{c32, 1<<32 - 1, 0, 1, DeltaWrap},           // by exactly one
		{c32, 1 << 31, 5, 0, DeltaReset},            // mid-range drop: a reset
		{c32, 1<<32 - 6, 1 << 31, 0, DeltaReset},    // lands high: a reset
		{c64, ^uint64(0) - 2, 3, 6, DeltaWrap},      // 64-bit wrap
		{c64, 178791657177235, 12, 0, DeltaReset},   // cleared counter
		{sat, 65535, 3, 0, DeltaReset},              // saturating counters never wrap
		{Counter{Name: "u"}, 50, 10, 0, DeltaReset}, // unknown width
	}
	for _, k := range cases {
		got, kind := k.c.Delta(k.prev, k.cur)
		if got != k.want || kind != k.kind {
			t.Errorf("%+v Delta(%d, %d) = %d, %v; want %d, %v", k.c, k.prev, k.cur, got, kind, k.want, k.kind)
		}
	}
}
