package data

import (
	"syscall"
	"unsafe"
)

const (
	hugePage    = 2 << 20
	madvHugeVal = 14 // MADV_HUGEPAGE
)

// adviseHuge asks the kernel to back the whole 2 MiB pages inside v with
// huge pages when they are first touched (transparent huge pages in
// "madvise" mode; with "always" it changes nothing, with "never" the
// advice is ignored). It returns v.
func adviseHuge[E byte | int32 | int64](v []E) []E {
	var z E
	size := len(v) * int(unsafe.Sizeof(z))
	if size < 2*hugePage {
		return v
	}
	b := unsafe.Slice((*byte)(unsafe.Pointer(&v[0])), size)
	skip := (hugePage - int(uintptr(unsafe.Pointer(&b[0])))%hugePage) % hugePage
	whole := (size - skip) / hugePage * hugePage
	_ = syscall.Madvise(b[skip:skip+whole], madvHugeVal) // only advice: an error changes nothing
	return v
}
