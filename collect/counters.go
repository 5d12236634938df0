package collect

// Counter describes one port counter the collector can log.
type Counter struct {
	Name string // log name: <Name>.fvlog, and the `#! counter` line
	Unit string
	// Bits is the counter's width in the hardware; 0 = unknown.
	Bits uint
	// Saturating counters stop at their maximum instead of wrapping (the
	// InfiniBand error counters do).
	Saturating bool
	// Scale turns the device's unit into the log's: InfiniBand data
	// counters count 4-octet words and are logged in bytes (4). Readings
	// keep the device's unit; deltas and exported values are scaled.
	// 0 means 1.
	Scale uint64
	// Gauge marks a state rather than a count (a link's state, width or
	// speed): logged as read at each step, never differenced.
	Gauge bool
}

// Scaled is v (a delta or a reading) in the log's unit, saturating at the
// largest uint64.
func (c Counter) Scaled(v uint64) uint64 {
	if c.Scale <= 1 {
		return v
	}
	if v > ^uint64(0)/c.Scale {
		return ^uint64(0)
	}
	return v * c.Scale
}

// Max is the largest value the counter holds (all ones for an unknown width).
func (c Counter) Max() uint64 {
	if c.Bits == 0 || c.Bits >= 64 {
		return ^uint64(0)
	}
	return 1<<c.Bits - 1
}

// DeltaKind says how a per-interval value was obtained.
type DeltaKind uint8

const (
	DeltaOK    DeltaKind = iota // cur ≥ prev
	DeltaWrap                   // the counter wrapped past its width
	DeltaReset                  // the counter went down without wrapping: no value
)

// Delta turns two cumulative readings into the amount counted between them.
//
// A value lower than the previous one is a wrap when the width is known, the
// counter does not saturate, the previous reading was in the top quarter of
// the range and the new one in the bottom quarter; any other decrease is a
// reset (someone cleared the counter, or the device restarted), for which no
// value can be given.
func (c Counter) Delta(prev, cur uint64) (uint64, DeltaKind) {
	if cur >= prev {
		return cur - prev, DeltaOK
	}
	if c.Saturating || c.Bits == 0 {
		return 0, DeltaReset
	}
	max := c.Max()
	quarter := max / 4
	if prev >= max-quarter && cur <= quarter {
		return (max - prev) + cur + 1, DeltaWrap
	}
	return 0, DeltaReset
}
