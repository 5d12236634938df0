// Package atomicfile writes a file so that a reader never sees it half
// written: through a temporary file in the same directory, renamed into
// place once complete. A failed write leaves the old file, or none.
package atomicfile

import (
	"bufio"
	"errors"
	"io"
	"os"
	"path/filepath"
)

// Write creates or replaces path with what write writes, mode 0644.
func Write(path string, write func(io.Writer) error) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), ".fabviz-*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name()) // after a rename there is nothing left to remove
	bw := bufio.NewWriterSize(tmp, 1<<16)
	err = write(bw)
	if err == nil {
		err = bw.Flush()
	}
	if err = errors.Join(err, tmp.Close()); err != nil {
		return err
	}
	if err := os.Chmod(tmp.Name(), 0o644); err != nil { // CreateTemp made it private
		return err
	}
	return os.Rename(tmp.Name(), path)
}
