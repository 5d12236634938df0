package pngfile

import (
	"image"
	"image/png"
	"io"

	"github.com/fabviz/fabviz/internal/atomicfile"
)

// Write encodes img as PNG into path, through a temporary file in the
// same directory.
func Write(path string, img image.Image) error {
	return atomicfile.Write(path, func(w io.Writer) error { return png.Encode(w, img) })
}
