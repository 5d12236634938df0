package main

import (
	"image"
	"path/filepath"
	"strings"
	"testing"

	"github.com/fabviz/fabviz/internal/testsupport/gltest"
)

// The analysis flags of `fabviz snapshot`: a log directory, a counter, a
// selection with its plot below the scene (its cyan line in the bottom
// third), a job selected; an unknown counter names the ones there are.
func TestSnapshotLogsAndPlot(t *testing.T) {
	gltest.Need(t)
	out := filepath.Join(t.TempDir(), "p.png")
	logs := "../../session/testdata/ring4logs"
	rc, msg := fabviz(t, "snapshot", ring4, "-logs", logs, "-counter", "symbol_error", "-select", "s0.1", "-select-job", "7",
		"-plot", "-job-routes", "-step", "1", "-size", "600x450", "-o", out)
	if rc != 0 {
		t.Fatalf("rc %d: %s", rc, msg)
	}
	img := gltest.ReadPNG(t, out)
	if img.Bounds().Dx() != 600 || img.Bounds().Dy() != 450 {
		t.Fatalf("image %v, want 600x450", img.Bounds())
	}
	cyan := func(r, g, b uint32) bool { return r < 64 && g > 224 && b > 224 }
	below := countPixels(img.SubImage(image.Rect(60, 300, 600, 450)), cyan)
	if below < 30 {
		t.Errorf("%d cyan pixels in the plot strip: no line of s0.1", below)
	}
	rc, msg = fabviz(t, "snapshot", ring4, "-logs", logs, "-counter", "nosuch", "-o", out)
	if rc == 0 || !strings.Contains(msg, "port_xmit_data, symbol_error") {
		t.Errorf("unknown counter: rc %d: %s", rc, msg)
	}
}
