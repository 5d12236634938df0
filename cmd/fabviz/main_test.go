package main

import (
	"bytes"
	"fmt"
	"image"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/fabviz/fabviz/internal/testsupport/gltest"
	"github.com/fabviz/fabviz/internal/testsupport/xvfb"
)

const ring4 = "../../examples/ring4/ring4.fvm"

func fabviz(t *testing.T, args ...string) (int, string) {
	t.Helper()
	var out, errb bytes.Buffer
	rc := run(args, &out, &errb)
	return rc, out.String() + errb.String()
}

// countPixels counts the pixels whose 8-bit colour passes a test.
func countPixels(img image.Image, pass func(r, g, b uint32) bool) int {
	n := 0
	bd := img.Bounds()
	for y := bd.Min.Y; y < bd.Max.Y; y++ {
		for x := bd.Min.X; x < bd.Max.X; x++ {
			r, g, b, _ := img.At(x, y).RGBA()
			if pass(r>>8, g>>8, b>>8) {
				n++
			}
		}
	}
	return n
}

// countBright counts pixels brighter than the grey of the switch cubes:
// white ports and links, the caption text.
func countBright(img image.Image) int {
	return countPixels(img, func(r, g, b uint32) bool { return r > 220 && g > 220 && b > 220 })
}

// countGreen counts pixels of the route colour (pure green by default).
func countGreen(img image.Image) int {
	return countPixels(img, func(r, g, b uint32) bool { return g > 150 && r < 80 && b < 80 })
}

func TestSnapshotRing4(t *testing.T) {
	gltest.Need(t)
	dir := t.TempDir()
	out := filepath.Join(dir, "ring.png")
	if rc, msg := fabviz(t, "snapshot", ring4, "-o", out, "-size", "400x300"); rc != 0 {
		t.Fatalf("rc %d: %s", rc, msg)
	}
	if fi, err := os.Stat(out); err != nil || fi.Mode().Perm() != 0o644 {
		t.Errorf("snapshot file mode: %v %v, want -rw-r--r--", fi.Mode(), err)
	}
	img := gltest.ReadPNG(t, out)
	if img.Bounds().Dx() != 400 || img.Bounds().Dy() != 300 {
		t.Errorf("image %v, want 400x300", img.Bounds())
	}
	if n := countBright(img); n < 200 {
		t.Errorf("only %d bright pixels: no white ports or links?", n)
	}
	// Flags after the model, the model after the flags: both work.
	proc := filepath.Join(dir, "proc.png")
	if rc, msg := fabviz(t, "snapshot", "-view", "processor", "-size", "400x300", "-o", proc, ring4, "-select", "s1.5"); rc != 0 {
		t.Fatalf("processor view: rc %d: %s", rc, msg)
	}
	if bytes.Equal(mustRead(t, out), mustRead(t, proc)) {
		t.Error("processor view picture equals the network view's")
	}
}

func mustRead(t *testing.T, p string) []byte {
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestSnapshotRefusesBadInput(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "x.png")
	cases := []struct {
		args []string
		msg  string
	}{
		{[]string{"-size", "0x0"}, "-size: size: 0×0"},
		{[]string{"-size", "100000x100000"}, "100000×100000"},
		{[]string{"-size", "big"}, "want WxH"},
		{[]string{"-select", "nosuch"}, `-select: select: unknown label "nosuch"`},
		{[]string{"-mode", "sideways"}, "-mode: mode"},
		{[]string{"-range", "9,1"}, "MIN 9 must be less than MAX 1"},
		{[]string{"-camera", "1,2"}, "camera: want 3 argument(s)"},
		{[]string{"-hide-planes", "4"}, "the model has planes 0..0"},
		{[]string{"-route", "0-13"}, "want SRC:DST"},
		{[]string{"-route", "0:777"}, `unknown node "777"`},
		{[]string{"-steps", "3-1"}, "want A-B"},
		{[]string{"-steps", "0-2"}, "needs a step verb"},
	}
	for _, c := range cases {
		args := append([]string{"snapshot", ring4, "-o", out}, c.args...)
		rc, msg := fabviz(t, args...)
		if rc == 0 || !strings.Contains(msg, c.msg) {
			t.Errorf("%v: rc %d, message %q, want it to contain %q", c.args, rc, msg, c.msg)
		}
	}
	if _, err := os.Stat(out); err == nil {
		t.Error("a refused snapshot left a file behind")
	}
	if rc, msg := fabviz(t, "snapshot", "-o", out); rc != 2 || !strings.Contains(msg, "exactly one MODEL") {
		t.Errorf("no model: rc %d %q", rc, msg)
	}
	if rc, msg := fabviz(t, "snapshot", ring4); rc != 2 || !strings.Contains(msg, "-o OUT.png is required") {
		t.Errorf("no -o: rc %d %q", rc, msg)
	}
}

func TestRunScript(t *testing.T) {
	gltest.Need(t)
	dir := t.TempDir()
	abs, _ := filepath.Abs(ring4)
	script := fmt.Sprintf("model %s\nsize 200 150\nsnapshot a.png\nview processor\nsnapshot b.png\n", abs)
	path := filepath.Join(dir, "s.fvcmd")
	os.WriteFile(path, []byte(script), 0o644)
	if rc, msg := fabviz(t, "run", path); rc != 0 {
		t.Fatalf("rc %d: %s", rc, msg)
	}
	for _, n := range []string{"a.png", "b.png"} {
		if img := gltest.ReadPNG(t, filepath.Join(dir, n)); img.Bounds().Dx() != 200 {
			t.Errorf("%s is %v, want 200 wide (next to the script)", n, img.Bounds())
		}
	}
	bad := filepath.Join(dir, "bad.fvcmd")
	os.WriteFile(bad, []byte("model "+abs+"\n\nview upside-down\n"), 0o644)
	if rc, msg := fabviz(t, "run", bad); rc != 1 || !strings.Contains(msg, bad+":3: view:") {
		t.Errorf("bad script: rc %d %q, want FILE:3", rc, msg)
	}
}

func TestSnapshotWithRoutes(t *testing.T) {
	gltest.Need(t)
	dir := t.TempDir()
	out := filepath.Join(dir, "r.png")
	rc, msg := fabviz(t, "snapshot", ring4, "-route", "2:40", "-route", "n13:n30", "-size", "300x200", "-o", out)
	if rc != 0 || msg != "" {
		t.Fatalf("rc %d: %q", rc, msg)
	}
	if green := countGreen(gltest.ReadPNG(t, out)); green < 100 {
		t.Errorf("only %d green pixels: routes not drawn?", green)
	}
	// A model without route files: the route is reported, the picture still written.
	out2 := filepath.Join(dir, "p.png")
	rc, msg = fabviz(t, "snapshot", "../../examples/planes/planes.fvm", "-route", "0:3", "-size", "300x200", "-o", out2)
	if rc != 0 || !strings.Contains(msg, "route 0 3: ") || !strings.Contains(msg, "drawn without it") {
		t.Errorf("rc %d, message %q", rc, msg)
	}
	if _, err := os.Stat(out2); err != nil {
		t.Errorf("snapshot not written: %v", err)
	}
}

func TestSnapshotStepsAndData(t *testing.T) {
	gltest.Need(t)
	dir := t.TempDir()
	data := "../../session/testdata/"
	pattern := filepath.Join(dir, "frame%04d.png")
	rc, msg := fabviz(t, "snapshot", ring4, "-init", data+"fabviz.ini", "-param", data+"ring4.fvd",
		"-view", "processor", "-size", "160x100", "-steps", "0-2", "-o", pattern)
	if rc != 0 {
		t.Fatalf("rc %d: %s", rc, msg)
	}
	var frames [][]byte
	for s := 0; s <= 2; s++ {
		frames = append(frames, mustRead(t, fmt.Sprintf(pattern, s)))
	}
	if bytes.Equal(frames[0], frames[1]) {
		t.Error("frames 0 and 1 are the same picture, though the data changes")
	}
	rc, msg = fabviz(t, "snapshot", ring4, "-param", data+"ring4.fvd", "-steps", "1-3", "-o", pattern)
	if rc == 0 || !strings.Contains(msg, "step 3 is beyond the data: it has 3 steps (0..2)") {
		t.Errorf("steps past the data: rc %d %q", rc, msg)
	}
	rc, msg = fabviz(t, "snapshot", ring4, "-param", data+"ring4.fvd", "-step", "9", "-o", filepath.Join(dir, "x.png"))
	if rc == 0 || !strings.Contains(msg, "-step: step: step 9 is beyond the data") {
		t.Errorf("-step 9: rc %d %q", rc, msg)
	}
	rc, msg = fabviz(t, "snapshot", ring4, "-param", data+"fabviz.ini", "-o", filepath.Join(dir, "y.png"))
	if rc == 0 || !strings.Contains(msg, "-param: param: ") || !strings.Contains(msg, "fabviz.ini:") {
		t.Errorf("bad parameter file: rc %d %q", rc, msg)
	}
}

func TestViewerScriptExitStatus(t *testing.T) {
	xvfb.Start(t, 1280, 800)
	dir := t.TempDir()
	model, _ := filepath.Abs(ring4)
	good := filepath.Join(dir, "good.fvcmd")
	shot := filepath.Join(dir, "w.png")
	os.WriteFile(good, []byte("model "+model+"\nstep 0\nscreenshot "+shot+"\n"), 0o644)
	if rc, out := fabviz(t, "-script", good); rc != 0 {
		t.Fatalf("good script: exit %d: %s", rc, out)
	}
	if img := gltest.ReadPNG(t, shot); img.Bounds().Dx() != 1280 {
		t.Errorf("screenshot %v, want the 1280-wide window", img.Bounds())
	}
	bad := filepath.Join(dir, "bad.fvcmd")
	os.WriteFile(bad, []byte("model "+model+"\nlayout sphere\n"), 0o644)
	rc, out := fabviz(t, model, "-script", bad)
	if rc != 1 || !strings.Contains(out, "bad.fvcmd:2: layout:") {
		t.Errorf("bad script: exit %d, %q", rc, out)
	}
}
