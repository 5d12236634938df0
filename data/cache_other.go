//go:build !unix

package data

import "os"

// mapFile reads a file whole where there is no mmap.
func mapFile(path string) ([]byte, error) { return os.ReadFile(path) }

func unmapFile([]byte) {}
