package collect

import (
	"context"
	"sync"
	"time"

	"github.com/fabviz/fabviz/model"
)

// Reading holds one sweep's cumulative counter values: Vals[c][i] for counter
// c of the source's Counters() and port i of its Ports(); OK[c][i] is false
// where the value could not be read.
type Reading struct {
	Vals [][]uint64
	OK   [][]bool
	// Bits[c][i], when not 0, is the width the value was read with where it
	// differs from the counter's own (a 64-bit counter read through a 32-bit
	// field of a switch without extended counters).
	Bits [][]uint8
}

// NewReading allocates a reading for counters × ports.
func NewReading(counters, ports int) *Reading {
	r := &Reading{Vals: make([][]uint64, counters), OK: make([][]bool, counters), Bits: make([][]uint8, counters)}
	for c := range r.Vals {
		r.Vals[c] = make([]uint64, ports)
		r.OK[c] = make([]bool, ports)
		r.Bits[c] = make([]uint8, ports)
	}
	return r
}

func (r *Reading) clear() {
	for c := range r.OK {
		clear(r.OK[c])
		clear(r.Bits[c])
	}
}

// SweepStats is a source's account of one sweep.
type SweepStats struct {
	Attempted int     // ports it tried to read
	Read      int     // ports it read
	Warnings  []error // e.g. a switch that did not answer
	// First and Last are when the sweep's first read started and its last
	// read ended: the window in which the fabric was read.
	First, Last time.Time
}

// Window is how long the fabric was being read (0 when nothing was).
func (st SweepStats) Window() time.Duration {
	if st.First.IsZero() {
		return 0
	}
	return st.Last.Sub(st.First)
}

// span widens the read window to [start, end].
func (st *SweepStats) span(start, end time.Time) {
	if st.First.IsZero() || start.Before(st.First) {
		st.First = start
	}
	if end.After(st.Last) {
		st.Last = end
	}
}

// Source reads switch port counters.
type Source interface {
	// Counters lists what the source reads, in a fixed order.
	Counters() []Counter
	// Ports lists the model ports it covers, in log column order.
	Ports() []model.PortRef
	// Sweep reads every port it can before ctx ends, filling r (which the
	// caller has cleared).
	Sweep(ctx context.Context, r *Reading) SweepStats
}

// sweepEach reads n devices (switches, agents) with at most conc at once and
// adds up what each reports: ports read, ports tried, warnings.
func sweepEach(n, conc int, read func(i int) (got, tried int, warns []error)) SweepStats {
	if conc <= 0 {
		conc = 16
	}
	var (
		mu    sync.Mutex
		stats SweepStats
		wg    sync.WaitGroup
		slots = make(chan struct{}, conc)
	)
	for i := range n {
		wg.Add(1)
		slots <- struct{}{}
		go func() {
			defer func() { <-slots; wg.Done() }()
			start := time.Now()
			got, tried, warns := read(i)
			end := time.Now()
			mu.Lock()
			stats.span(start, end)
			stats.Attempted += tried
			stats.Read += got
			stats.Warnings = append(stats.Warnings, warns...)
			mu.Unlock()
		}()
	}
	wg.Wait()
	return stats
}
