//go:build unix

// (mapFlags: cache_linux.go, cache_bsd.go)

package data

import (
	"os"
	"syscall"
)

// mapFile maps a file read-only into memory.
func mapFile(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil || st.Size() == 0 {
		return nil, os.ErrInvalid
	}
	return syscall.Mmap(int(f.Fd()), 0, int(st.Size()), syscall.PROT_READ, mapFlags)
}

func unmapFile(b []byte) { syscall.Munmap(b) }
