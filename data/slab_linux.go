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
	if size < hugePage {
		return v
	}
	b := unsafe.Slice((*byte)(unsafe.Pointer(&v[0])), size)
	skip := (hugePage - int(uintptr(unsafe.Pointer(&b[0])))%hugePage) % hugePage
	whole := (size - skip) / hugePage * hugePage
	if whole > 0 {
		_ = syscall.Madvise(b[skip:skip+whole], madvHugeVal) // only advice: an error changes nothing
	}
	return v
}

// makeHuge is make([]E, n) for memory that will be filled: the slice
// starts on a 2 MiB boundary, so that all its whole huge pages can be
// backed by huge pages (its last part, after them, has 4 KiB pages). The
// allocation is 2 MiB larger; the part before the slice is never touched,
// so it is only address space. Below 2 MiB it is make.
func makeHuge[E byte | int32 | int64](n int) []E {
	var z E
	per := hugePage / int(unsafe.Sizeof(z)) // elements in a huge page
	if n < per {
		return make([]E, n)
	}
	v := make([]E, n+per)
	skip := (hugePage - int(uintptr(unsafe.Pointer(&v[0])))%hugePage) % hugePage / int(unsafe.Sizeof(z))
	return adviseHuge(v[skip : skip+n : skip+n])
}
