// Package xvfb starts a private X server for tests and benchmarks that
// open a window. Without Xvfb they skip, except in CI (CI=true), where a
// missing Xvfb fails them.
package xvfb

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// Start runs `Xvfb :N -screen 0 WxHx24` on a free display number, points
// DISPLAY at it for the rest of the test and stops it at the test's end.
// The server does not reset when its last client leaves (-noreset), so a
// test may open and close several windows.
func Start(t testing.TB, w, h int) {
	t.Helper()
	bin, err := exec.LookPath("Xvfb")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("Xvfb is missing in CI")
		}
		t.Skip("no Xvfb")
	}
	for n := 90 + os.Getpid()%400; n < 1000; n += 7 {
		if _, err := os.Stat(fmt.Sprintf("/tmp/.X%d-lock", n)); err == nil {
			continue
		}
		cmd := exec.Command(bin, fmt.Sprintf(":%d", n), "-screen", "0", fmt.Sprintf("%dx%dx24", w, h), "-nolisten", "tcp", "-noreset")
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() {
			// SIGTERM lets Xvfb remove its socket and lock file.
			cmd.Process.Signal(syscall.SIGTERM)
			cmd.Wait()
		})
		sock := filepath.Join("/tmp/.X11-unix", fmt.Sprintf("X%d", n))
		for i := 0; i < 100; i++ {
			if _, err := os.Stat(sock); err == nil {
				t.Setenv("DISPLAY", fmt.Sprintf(":%d", n))
				return
			}
			time.Sleep(50 * time.Millisecond)
		}
		t.Fatalf("Xvfb :%d did not start", n)
	}
	t.Fatal("no free X display number")
}
