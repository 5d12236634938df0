package main

import (
	"image"
	"os"
	"path/filepath"
	"testing"

	"github.com/fabviz/fabviz/internal/testsupport/gltest"
)

// scenarioTree mirrors examples/cplant and one scenario directory (by
// symbolic links) and an empty docs/img under a temporary root, so the
// scenario's script runs unchanged without touching the shipped pictures.
func scenarioTree(t *testing.T, scenario string) (root string) {
	t.Helper()
	root = t.TempDir()
	for _, d := range []string{"cplant", scenario} {
		src, err := filepath.Abs(filepath.Join("..", "..", "examples", d))
		if err != nil {
			t.Fatal(err)
		}
		dst := filepath.Join(root, "examples", d)
		os.MkdirAll(dst, 0o755)
		entries, err := os.ReadDir(src)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range entries {
			if err := os.Symlink(filepath.Join(src, e.Name()), filepath.Join(dst, e.Name())); err != nil {
				t.Fatal(err)
			}
		}
	}
	os.MkdirAll(filepath.Join(root, "docs", "img"), 0o755)
	return root
}

// runScenario runs examples/NAME/NAME.fvcmd in a scenario tree (GL
// needed) and returns the tree's root.
func runScenario(t *testing.T, name string) string {
	t.Helper()
	gltest.Need(t)
	root := scenarioTree(t, name)
	if rc, msg := fabviz(t, "run", filepath.Join(root, "examples", name, name+".fvcmd")); rc != 0 {
		t.Fatalf("%s: rc %d: %s", name, rc, msg)
	}
	return root
}

// yellow counts pixels of the above-range colour (1,1,0), lit or not: red
// and green high and equal-ish, blue low.
func yellow(img image.Image) int {
	n := 0
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, bl, _ := img.At(x, y).RGBA()
			if r > 0x8000 && g > 0x8000 && bl < 0x3000 && r-g < 0x2000 && g-r < 0x2000 {
				n++
			}
		}
	}
	return n
}

// The failing cable's two ends are the only yellow in the bad-cable picture;
// before the failure there is none.
func TestBadcableScript(t *testing.T) {
	root := runScenario(t, "badcable")
	before := gltest.ReadPNG(t, filepath.Join(root, "docs", "img", "badcable-before.png"))
	after := gltest.ReadPNG(t, filepath.Join(root, "docs", "img", "badcable.png"))
	// the legend's "above" swatch is yellow in both
	y0, y1 := yellow(before), yellow(after)
	t.Logf("yellow pixels: %d before, %d after", y0, y1)
	if y1 <= y0 || y1-y0 < 20 {
		t.Errorf("yellow pixels: %d before the failure, %d after; want the culprit's ends to add some", y0, y1)
	}
}

func TestSixjobsScript(t *testing.T) {
	root := runScenario(t, "sixjobs")
	for n, size := range map[string][2]int{
		"fig2-jobs": {1500, 1300}, "logical-jobs": {1800, 1000}, "fig4-traffic-jobs": {1500, 1300},
		"fig5-route": {1500, 1300}, "fig6-torus": {1500, 1300},
	} {
		img := gltest.ReadPNG(t, filepath.Join(root, "docs", "img", "sixjobs-"+n+".png"))
		if img.Bounds().Dx() != size[0] || img.Bounds().Dy() != size[1] {
			t.Errorf("%s is %v, want %dx%d", n, img.Bounds(), size[0], size[1])
		}
		// the shipped picture was made by the script as it is now
		shipped := gltest.ReadPNG(t, filepath.Join("..", "..", "docs", "img", "sixjobs-"+n+".png"))
		if shipped.Bounds() != img.Bounds() {
			t.Errorf("docs/img/sixjobs-%s.png is %v, the script draws %v: run make tour", n, shipped.Bounds(), img.Bounds())
		}
	}
}

// The real-fabric picture shows the bad cable's two ends in yellow.
func TestRealfabricScript(t *testing.T) {
	root := runScenario(t, "realfabric")
	img := gltest.ReadPNG(t, filepath.Join(root, "docs", "img", "realfabric-errors.png"))
	// the same view before the cable went bad: the legend's swatch only
	dir := filepath.Join(root, "examples", "realfabric")
	before := filepath.Join(root, "before.png")
	if rc, msg := fabviz(t, "snapshot", filepath.Join(dir, "model", "model.fvm"), "-init", filepath.Join(dir, "fabviz.ini"),
		"-param", filepath.Join(dir, "logs", "symbol_error.fvlog"), "-mode", "running", "-step", "2",
		"-camera", "-25,-6,0", "-size", "1400x1000", "-o", before); rc != 0 {
		t.Fatalf("snapshot rc %d: %s", rc, msg)
	}
	y0, y1 := yellow(gltest.ReadPNG(t, before)), yellow(img)
	t.Logf("yellow pixels: %d before, %d after", y0, y1)
	if y1-y0 < 50 {
		t.Errorf("yellow pixels: %d before the cable went bad, %d over the run; want its two ends to add some", y0, y1)
	}
}
