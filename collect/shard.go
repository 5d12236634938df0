package collect

import (
	"context"
	"encoding/binary"
	"fmt"
	"net"
	"strconv"
	"strings"
	"sync/atomic"
	"time"
)

// Shard is one collector's share of a fabric split among N collectors: the
// K-th of N contiguous blocks of the model's switches, in file order.
type Shard struct{ K, N int }

// ParseShard reads K/N, 1 ≤ K ≤ N ≤ 4096.
func ParseShard(s string) (Shard, error) {
	ks, ns, ok := strings.Cut(s, "/")
	k, err1 := strconv.Atoi(ks)
	n, err2 := strconv.Atoi(ns)
	switch {
	case !ok || err1 != nil || err2 != nil:
		return Shard{}, fmt.Errorf("shard %q: expected K/N, e.g. 1/4", s)
	case n < 1 || n > 4096:
		return Shard{}, fmt.Errorf("shard %q: N must be 1..4096", s)
	case k < 1 || k > n:
		return Shard{}, fmt.Errorf("shard %q: K must be 1..%d (the shards of %d collectors are numbered from 1)", s, n, n)
	}
	return Shard{k, n}, nil
}

func (s Shard) String() string { return fmt.Sprintf("%d/%d", s.K, s.N) }

// Keep returns the switch filter of the shard for a model of total
// switches: switch i belongs to shard ⌊i·N/total⌋+1, so shards differ in
// size by at most one switch and neighbours in the file stay together.
func (s Shard) Keep(total int) func(sw int) bool {
	return func(sw int) bool { return sw*s.N/total == s.K-1 }
}

// Clock offsets between collectors are estimated the way the HPVM monitor
// did, with Cristian's algorithm: a collector asks the reference collector
// for its time a few times, and from the exchange with the shortest round
// trip takes offset = reference time + rtt/2 − local receive time. The
// error is at most rtt/2.

const clockPacket = 16 // request: 8-byte nonce; reply: nonce + 8-byte Unix ns

// ServeClock answers time requests on a UDP address until ctx ends, with
// now as the reference clock (nil = time.Now).
func ServeClock(ctx context.Context, addr string, now func() time.Time) (net.Addr, error) {
	if now == nil {
		now = time.Now
	}
	pc, err := net.ListenPacket("udp", addr)
	if err != nil {
		return nil, fmt.Errorf("clock server %s: %v", addr, err)
	}
	go func() { <-ctx.Done(); pc.Close() }()
	go func() {
		buf := make([]byte, 64)
		for {
			n, from, err := pc.ReadFrom(buf)
			if err != nil {
				return // closed
			}
			if n != 8 {
				continue
			}
			var reply [clockPacket]byte
			copy(reply[:8], buf[:8])
			binary.BigEndian.PutUint64(reply[8:], uint64(now().UnixNano()))
			pc.WriteTo(reply[:], from)
		}
	}()
	return pc.LocalAddr(), nil
}

// ClockOffset is an estimate of reference time − local time.
type ClockOffset struct {
	Offset time.Duration
	RTT    time.Duration // of the exchange used; the error is at most RTT/2
	Ref    string        // the reference's address, or "self"
	// Applied says the collector samples and stamps on the reference's
	// clock (local + Offset): its stamps need no correction.
	Applied bool
}

// HeaderLine is the clock-offset note (without NotePrefix).
func (o ClockOffset) HeaderLine() string {
	l := fmt.Sprintf("clock-offset %+.6f rtt %.6f ref %s", o.Offset.Seconds(), o.RTT.Seconds(), o.Ref)
	if o.Applied {
		l += " applied"
	}
	return l
}

// RefClock is a sharded collector's clock: the local clock moved by the
// measured offset, so that every shard samples at the same moments of the
// reference's time and stamps with it.
type RefClock struct {
	local func() time.Time
	off   atomic.Int64 // ns
}

// NewRefClock starts a clock at local + first.Offset (local nil = time.Now).
func NewRefClock(local func() time.Time, first ClockOffset) *RefClock {
	if local == nil {
		local = time.Now
	}
	c := &RefClock{local: local}
	c.off.Store(int64(first.Offset))
	return c
}

// Now is the reference's time as this collector estimates it.
func (c *RefClock) Now() time.Time { return c.local().Add(time.Duration(c.off.Load())) }

// Reclocker re-estimates the offset against ref when asked, moves the clock
// when it moved by more than the exchange's round trip (at least 5 ms), and
// returns the note saying so ("" when it did not move).
func (c *RefClock) Reclocker(ref string) func(ctx context.Context) (string, error) {
	return func(ctx context.Context) (string, error) {
		off, err := EstimateOffset(ctx, ref, c.local, 8, 2*time.Second)
		if err != nil {
			return "", err
		}
		if (off.Offset - time.Duration(c.off.Load())).Abs() <= max(off.RTT, 5*time.Millisecond) {
			return "", nil
		}
		c.off.Store(int64(off.Offset))
		off.Applied = true
		return off.HeaderLine(), nil
	}
}

// EstimateOffset runs rounds exchanges with the clock server at addr, with
// now as the local clock (nil = time.Now), each waiting at most wait.
func EstimateOffset(ctx context.Context, addr string, now func() time.Time, rounds int, wait time.Duration) (ClockOffset, error) {
	if now == nil {
		now = time.Now
	}
	conn, err := net.Dial("udp", addr)
	if err != nil {
		return ClockOffset{}, fmt.Errorf("clock reference %s: %v", addr, err)
	}
	defer conn.Close()
	best := ClockOffset{RTT: -1, Ref: addr}
	buf := make([]byte, 64)
	var lastErr error
	for i := range rounds {
		if ctx.Err() != nil {
			break
		}
		var req [8]byte
		binary.BigEndian.PutUint64(req[:], uint64(time.Now().UnixNano())^uint64(i))
		t0 := now()
		dl := time.Now().Add(wait)
		if cd, ok := ctx.Deadline(); ok && cd.Before(dl) {
			dl = cd
		}
		conn.SetDeadline(dl)
		if _, err := conn.Write(req[:]); err != nil {
			lastErr = err
			continue
		}
		for {
			n, err := conn.Read(buf)
			if err != nil {
				lastErr = err
				break
			}
			if n != clockPacket || string(buf[:8]) != string(req[:]) {
				continue // a late answer to an earlier round
			}
			t1 := now()
			ref := time.Unix(0, int64(binary.BigEndian.Uint64(buf[8:16])))
			rtt := t1.Sub(t0)
			if best.RTT < 0 || rtt < best.RTT {
				best.RTT = rtt
				best.Offset = ref.Add(rtt / 2).Sub(t1)
			}
			break
		}
	}
	if best.RTT < 0 {
		return ClockOffset{}, fmt.Errorf("clock reference %s: no answer in %d tries: %v", addr, rounds, lastErr)
	}
	return best, nil
}
