//go:build !linux

package data

// adviseHuge is a no-op where there is no madvise(MADV_HUGEPAGE).
func adviseHuge[E byte | int32 | int64](v []E) []E { return v }
