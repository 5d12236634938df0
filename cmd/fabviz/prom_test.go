package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/fabviz/fabviz/internal/testsupport/gltest"
	"github.com/fabviz/fabviz/internal/testsupport/promtest"
)

// TestSnapshotProm draws a fabric's history read straight from a real
// Prometheus scraping an infiniband_exporter-style target: the ports the
// exporter serves are coloured, and the import's summary is printed.
func TestSnapshotProm(t *testing.T) {
	dir := t.TempDir()
	fvm := filepath.Join(dir, "two.fvm")
	os.WriteFile(fvm, []byte(promtest.TwoSwitches), 0o644)
	e := &promtest.Exporter{}
	for p := 1; p <= 4; p++ {
		e.Ports = append(e.Ports, promtest.ExporterPort{GUID: "0x7cfe9003009ce5b0", Switch: "leaf1", Port: p, Inc: int64(100 * p)})
	}
	p := promtest.Start(t, time.Second, promtest.Serve(t, e))
	p.WaitFor(t, `count_over_time(`+promtest.Metric+`[1m]) >= 5`)
	out := filepath.Join(dir, "prom.png")
	if d := os.Getenv("FABVIZ_SHOTS"); d != "" {
		out = filepath.Join(d, "prom.png")
	}
	var stderr bytes.Buffer
	code := snapshotCmd([]string{fvm, "-prom", p.URL, "-metric", promtest.Metric, "-since", "4s", "-prom-step", "1s",
		"-mode", "total", "-o", out}, &stderr)
	if code != 0 {
		t.Fatalf("exit %d:\n%s", code, stderr.String())
	}
	if !strings.Contains(stderr.String(), "4 series matched") || !strings.Contains(stderr.String(), "note: 4 ports have no series: gaps") {
		t.Errorf("summary:\n%s", stderr.String())
	}
	// leaf1.3's total is near the top of the range: a red-purple sphere.
	img := gltest.ReadPNG(t, out)
	red := 0
	for y := 0; y < img.Bounds().Dy(); y++ {
		for x := 0; x < img.Bounds().Dx()*3/5; x++ { // left of the legend
			if c := img.RGBAAt(x, y); c.R > 150 && c.G < 60 && c.B < 160 && c.B > 20 {
				red++
			}
		}
	}
	if red < 50 {
		t.Errorf("%d red-purple pixels: leaf1.3 is not coloured by its data", red)
	}
	code = snapshotCmd([]string{fvm, "-prom", p.URL, "-o", out}, &stderr)
	if code == 0 {
		t.Error("-prom without -metric accepted")
	}
}
