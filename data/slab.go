package data

import "sync"

// slabs hands out the 32-bit step-major storage of one load's tables,
// carved from a few large heap allocations instead of one per chunk. A
// large allocation can be backed by huge pages (adviseHuge): a first touch
// of fresh memory then costs one fault per 2 MiB instead of one per 4 KiB,
// which on virtual machines is most of the time a load takes. The storage
// is ordinary Go memory: a table's slice keeps its slab alive.
type slabs struct {
	mu   sync.Mutex
	free []int32 // the unused end of the current slab
	next int     // size of the next slab, in values
}

// Slab sizes in values: the first comes from an estimate of the whole
// file; when it runs out, the next ones are an eighth of it, at least
// slabMin and at most slabMax.
const (
	slabMin = 1 << 20 // 4 MiB
	slabMax = 1 << 24 // 64 MiB
)

// newSlabs prepares slabs for about estimate values (0: unknown).
func newSlabs(estimate int) *slabs {
	return &slabs{next: max(estimate, slabMin)}
}

// int32s returns n zero values of storage. With no slabs (nil) it is make.
func (sl *slabs) int32s(n int) []int32 {
	if sl == nil || n >= slabMax {
		return adviseHuge(make([]int32, n))
	}
	sl.mu.Lock()
	defer sl.mu.Unlock()
	if len(sl.free) < n {
		size := max(n, sl.next)
		sl.next = min(max(size/8, slabMin), slabMax)
		sl.free = adviseHuge(make([]int32, size))
	}
	v := sl.free[:n:n]
	sl.free = sl.free[n:]
	return v
}
