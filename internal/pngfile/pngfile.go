package pngfile

import (
	"image"
	"image/png"
	"os"
	"path/filepath"
)

// Write encodes img as PNG into path, through a temporary file in the
// same directory.
func Write(path string, img image.Image) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), ".fabviz-*.png")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if err := png.Encode(tmp, img); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if err := os.Chmod(tmp.Name(), 0o644); err != nil { // CreateTemp made it private
		return err
	}
	return os.Rename(tmp.Name(), path)
}
