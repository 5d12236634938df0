// Package gltest is for tests that draw: Need checks that this machine can
// make an EGL surfaceless context, with no display; ReadPNG reads back a
// picture a test wrote.
package gltest

import (
	"image"
	"image/draw"
	"image/png"
	"os"
	"testing"

	"github.com/fabviz/fabviz/render/gl"
)

// Need unsets DISPLAY (the tests must work without one) and makes and drops
// an EGL context. When that fails the test skips — or, in CI (CI=true),
// fails: there a missing context is a broken setup.
func Need(t testing.TB) {
	t.Helper()
	os.Unsetenv("DISPLAY")
	h, err := gl.NewHeadless()
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("no EGL context in CI: %v", err)
		}
		t.Skipf("no EGL context: %v", err)
	}
	h.Release()
}

// ReadPNG reads a PNG written by a test as RGBA.
func ReadPNG(t testing.TB, path string) *image.RGBA {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	if rgba, ok := img.(*image.RGBA); ok {
		return rgba
	}
	rgba := image.NewRGBA(img.Bounds())
	draw.Draw(rgba, rgba.Bounds(), img, img.Bounds().Min, draw.Src)
	return rgba
}
