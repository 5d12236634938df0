// Package gltest is for tests that draw: Need checks that this machine can
// make an EGL surfaceless context, with no display.
package gltest

import (
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
