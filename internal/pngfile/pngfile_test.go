package pngfile

import (
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"testing"
)

func TestWriteReadsBack(t *testing.T) {
	dir := t.TempDir()
	img := image.NewRGBA(image.Rect(0, 0, 3, 2))
	img.Set(2, 1, color.RGBA{255, 0, 0, 255})
	p := filepath.Join(dir, "a.png")
	if err := Write(p, img); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(p)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	back, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	if r, _, _, _ := back.At(2, 1).RGBA(); r != 0xffff || back.Bounds() != img.Bounds() {
		t.Errorf("read back %v, red %x", back.Bounds(), r)
	}
	if fi, _ := os.Stat(p); fi.Mode().Perm() != 0o644 {
		t.Errorf("mode %v, want 0644", fi.Mode().Perm())
	}
	// A directory that does not exist: an error, and nothing left behind.
	if err := Write(filepath.Join(dir, "no", "b.png"), img); err == nil {
		t.Error("write into a missing directory succeeded")
	}
	if left, _ := filepath.Glob(filepath.Join(dir, ".fabviz-*")); len(left) != 0 {
		t.Errorf("temporary files left: %v", left)
	}
}
