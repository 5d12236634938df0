//go:build !linux

package data

// adviseHuge is a no-op where there is no madvise(MADV_HUGEPAGE).
func adviseHuge[E byte | int32 | int64](v []E) []E { return v }

// makeHuge is make where there are no huge pages to ask for.
func makeHuge[E byte | int32 | int64](n int) []E { return make([]E, n) }
