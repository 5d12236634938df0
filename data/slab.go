package data

import "sync"

// slabs hands out the storage a load keeps — the tables' 32-bit values and
// the running-sum checkpoints — carved from a few large heap allocations
// instead of one per chunk. A large allocation can be backed by huge pages
// (adviseHuge): a first touch of fresh memory then costs one fault per
// 2 MiB instead of one per 4 KiB, which on virtual machines is a large
// part of a load. The storage is ordinary Go memory: a slice keeps its
// slab alive.
type slabs struct {
	v32  slab[int32]
	ckpt slab[int64]
}

// slab is a series of allocations of E handed out in pieces.
type slab[E int32 | int64] struct {
	mu   sync.Mutex
	free []E  // the unused end of the current allocation
	next int  // size of the next allocation
	huge bool // allocations aligned for huge pages (makeHuge)
}

// The first allocation has the size of an estimate of the whole file (at
// most firstMax elements), or slabMin without one; each next one is twice
// the last, up to slabMax. A request of slabMax or more gets its own.
const (
	slabMin  = 1 << 16
	slabMax  = 1 << 24
	firstMax = slabMax << (4 * (^uint(0) >> 63)) // 1 GiB of values; 64 MiB on 32-bit machines
)

// hugeMin is the estimate, in values, from which a load's slabs are
// aligned for huge pages (16 MiB): below it, the 2 MiB an alignment costs
// in address space, and a last huge page half used, weigh more than the
// page faults saved.
const hugeMin = 1 << 22

// newSlabs prepares slabs for about values values (0: unknown). A small
// file gets small slabs.
func newSlabs(values int) *slabs {
	sl := &slabs{}
	sl.v32.next, sl.ckpt.next = slabMin, slabMin/16
	if values > 0 {
		sl.v32.next = min(values, firstMax)
		sl.ckpt.next = min(values/(ckptEvery-4), firstMax) // (T/64 rounded up)·rows
	}
	sl.v32.huge = values >= hugeMin || values == 0
	sl.ckpt.huge = sl.v32.huge
	return sl
}

// int32s returns n zero values of storage. With no slabs (nil) it is a
// make of its own.
func (sl *slabs) int32s(n int) []int32 {
	if sl == nil {
		return make([]int32, n)
	}
	return sl.v32.take(n)
}

// ckpts returns n zero checkpoints.
func (sl *slabs) ckpts(n int) []int64 {
	if sl == nil {
		return make([]int64, n)
	}
	return sl.ckpt.take(n)
}

func (s *slab[E]) take(n int) []E {
	if n >= slabMax {
		return makeHuge[E](n)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.free) < n {
		size := max(n, s.next)
		s.next = min(2*size, slabMax)
		if s.huge {
			s.free = makeHuge[E](size)
		} else {
			s.free = make([]E, size)
		}
	}
	v := s.free[:n:n]
	s.free = s.free[n:]
	return v
}
