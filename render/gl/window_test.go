package gl

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/fabviz/fabviz/render/scene"
)

// xvfb starts a private X server for the window test and points DISPLAY at
// it. Without Xvfb the test skips, except in CI.
func xvfb(t *testing.T) {
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
		cmd := exec.Command(bin, fmt.Sprintf(":%d", n), "-screen", "0", "640x480x24", "-nolisten", "tcp")
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

func TestWindowDrawsTheScene(t *testing.T) {
	xvfb(t)
	w, err := NewWindow("fabviz test", 320, 240)
	if err != nil {
		t.Fatal(err)
	}
	defer w.Release()
	r, err := NewRenderer()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Release()
	m := loadModel(t, "ring4/ring4.fvm")
	s, err := scene.Build(scene.Input{Model: m, Style: scene.DefaultStyle})
	if err != nil {
		t.Fatal(err)
	}
	fw, fh := w.GetFramebufferSize()
	cam := scene.DefaultCamera()
	cam.Fit(s, float32(fw)/float32(fh))
	centre, radius := s.Sphere()
	r.Upload(s)
	w.BindDefault()
	r.Draw(cam.View(), cam.Proj(float32(fw)/float32(fh), centre, radius), scene.Color{0, 0, 0.2}, fw, fh)
	img := w.Read()
	x, y := project(cam, s, s.Cubes.Pos(1), fw, fh)
	if c := img.RGBAAt(x, y); c.R < 60 || c.R != c.G {
		t.Errorf("switch s1's centre pixel is %v, want the grey cube", c)
	}
	if c := img.RGBAAt(1, 1); c.B < 40 || c.R > 10 {
		t.Errorf("corner pixel %v, want the dark blue background", c)
	}
	w.SwapBuffers()
}
