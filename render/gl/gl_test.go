package gl

import (
	"flag"
	"fmt"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/fabviz/fabviz/model"
	"github.com/fabviz/fabviz/render/scene"
)

var update = flag.Bool("update", false, "rewrite the golden images in testdata/golden")

// headless makes an EGL context for a test. Outside CI a machine without
// EGL skips; in CI (CI=true) that is a failure.
func headless(t *testing.T) *Headless {
	t.Helper()
	os.Unsetenv("DISPLAY")
	h, err := NewHeadless()
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("no EGL context in CI: %v", err)
		}
		t.Skipf("no EGL context: %v", err)
	}
	t.Cleanup(h.Release)
	return h
}

func renderer(t *testing.T) *Renderer {
	t.Helper()
	headless(t)
	r, err := NewRenderer()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(r.Release)
	return r
}

func loadModel(t *testing.T, name string) *model.Model {
	t.Helper()
	m, err := model.Load(filepath.Join("../../examples", name))
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func ref(t *testing.T, m *model.Model, label string) model.PortRef {
	t.Helper()
	p, ok := m.PortByLabel(label)
	if !ok {
		t.Fatalf("no port %s", label)
	}
	return p
}

// goldenCases are small scenes whose pictures are kept in testdata/golden.
func goldenCases(t *testing.T) map[string]scene.Input {
	ring := loadModel(t, "ring4/ring4.fvm")
	jobs := make([]scene.Color, ring.NumPorts())
	data := make([]scene.Color, ring.NumPorts())
	for p := range jobs {
		jobs[p] = scene.NoJob
		v := float32(p%16) / 15
		data[p] = scene.Color{v, 0, 1 - v} // the §3 ramp, MIN blue to MAX red
	}
	for p := 0; p < 24; p++ { // job A on s0 and s1, job B on half of s2
		if ring.Spec(model.PortRef(p)).Role == model.Proc {
			jobs[p] = scene.Color{0.1, 0.8, 0.2}
		}
	}
	for p := 32; p < 38; p++ {
		jobs[p] = scene.Color{0.9, 0.6, 0.1}
	}
	route := scene.Route{Color: scene.Color{0, 1, 0}, Ports: []model.PortRef{
		ref(t, ring, "s3.2"), ref(t, ring, "s3.12"), ref(t, ring, "s0.14"),
		ref(t, ring, "s0.12"), ref(t, ring, "s1.14"), ref(t, ring, "s1.7")}}
	return map[string]scene.Input{
		"ring4-planar-network": {Model: ring},
		"ring4-torus":          {Model: ring, Kind: scene.Torus},
		"ring4-processor-jobs": {Model: ring, View: scene.Processor, JobColors: jobs},
		"ring4-jobs-and-data":  {Model: ring, View: scene.Processor, JobColors: jobs, PortColors: data},
		"ring4-route":          {Model: ring, Routes: []scene.Route{route}},
		"planes-hidden-plane0": {Model: loadModel(t, "planes/planes.fvm"), Hidden: []bool{true, false}},
	}
}

// Golden comparison: a pixel differs when a channel is off by more than
// goldenTolerance; a picture fails when more than goldenMaxBad of its pixels
// differ (anti-aliased edges may move by a pixel between Mesa versions).
const (
	goldenTolerance = 24
	goldenMaxBad    = 0.003
)

func TestGoldenImages(t *testing.T) {
	r := renderer(t)
	for name, in := range goldenCases(t) {
		in.Style = scene.DefaultStyle
		s, err := scene.Build(in)
		if err != nil {
			t.Fatal(err)
		}
		img, err := Render(r, s, scene.DefaultCamera(), 320, 240, in.Style.Background)
		if err != nil {
			t.Fatal(err)
		}
		path := filepath.Join("testdata", "golden", name+".png")
		if *update {
			writePNG(t, path, img)
			continue
		}
		want := readPNG(t, path)
		if bad, frac := compare(img, want); frac > goldenMaxBad {
			out := filepath.Join(t.TempDir(), name+".png")
			writePNG(t, out, img)
			t.Errorf("%s: %d pixels (%.2f%%) differ from %s by more than %d; got %s",
				name, bad, 100*frac, path, goldenTolerance, out)
		}
	}
}

func compare(got *image.RGBA, want image.Image) (int, float64) {
	if got.Bounds() != want.Bounds() {
		return got.Bounds().Dx() * got.Bounds().Dy(), 1
	}
	bad := 0
	b := got.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			c := got.RGBAAt(x, y)
			wr, wg, wb, _ := want.At(x, y).RGBA()
			if diff(c.R, wr) || diff(c.G, wg) || diff(c.B, wb) {
				bad++
			}
		}
	}
	return bad, float64(bad) / float64(b.Dx()*b.Dy())
}

func diff(a uint8, b uint32) bool {
	d := int(a) - int(b>>8)
	return d > goldenTolerance || d < -goldenTolerance
}

func writePNG(t *testing.T, path string, img image.Image) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := png.Encode(f, img); err != nil {
		t.Fatal(err)
	}
}

func readPNG(t *testing.T, path string) image.Image {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	return img
}

// project is the pixel where a world point lands.
func project(c scene.Camera, s *scene.Scene, p scene.Vec3, w, h int) (int, int) {
	centre, radius := s.Sphere()
	q := c.Proj(float32(w)/float32(h), centre, radius).Mul(c.View()).Apply(p)
	return int((q[0] + 1) / 2 * float32(w)), int((1 - q[1]) / 2 * float32(h))
}

// TestColourUpdateAndPixels checks the picture against the scene: the
// background is the background colour, a port is drawn in its colour, and
// UpdateColors changes it without rebuilding.
func TestColourUpdateAndPixels(t *testing.T) {
	r := renderer(t)
	m := loadModel(t, "ring4/ring4.fvm")
	pc := make([]scene.Color, m.NumPorts())
	for i := range pc {
		pc[i] = scene.Color{0, 0, 1}
	}
	s, err := scene.Build(scene.Input{Model: m, View: scene.Processor, PortColors: pc, Style: scene.DefaultStyle})
	if err != nil {
		t.Fatal(err)
	}
	const w, h = 400, 300
	cam := scene.DefaultCamera()
	cam.Fit(s, float32(w)/h)
	tg, err := NewTarget(w, h)
	if err != nil {
		t.Fatal(err)
	}
	defer tg.Release()
	centre, radius := s.Sphere()
	draw := func() *image.RGBA {
		tg.Bind()
		r.Draw(cam.View(), cam.Proj(float32(w)/h, centre, radius), scene.Color{0, 0, 0}, w, h)
		return tg.Read()
	}
	r.Upload(s)
	img := draw()
	if c := img.RGBAAt(2, h-2); c.R != 0 || c.G != 0 || c.B != 0 {
		t.Errorf("corner pixel %v, want the black background", c)
	}
	p := ref(t, m, "s1.5")
	x, y := project(cam, s, s.Layout.PortPos[p], w, h)
	if c := img.RGBAAt(x, y); c.B < 150 || c.R > 80 || c.G > 80 {
		t.Errorf("port s1.5 at (%d,%d) is %v, want blue", x, y, c)
	}
	pc[p] = scene.Color{1, 0, 0}
	s.SetColors(pc, nil)
	r.UpdateColors(s)
	img = draw()
	if c := img.RGBAAt(x, y); c.R < 150 || c.B > 80 || c.G > 80 {
		t.Errorf("after UpdateColors port s1.5 is %v, want red", c)
	}
}

func TestShaderErrorsCarryTheLog(t *testing.T) {
	headless(t)
	_, err := LinkProgram("broken", instancedVert, "#version 410 core\nout vec4 c;\nvoid main() { c = undefined_thing; }\n")
	if err == nil || !strings.Contains(err.Error(), "broken.frag") || !strings.Contains(err.Error(), "undefined_thing") {
		t.Errorf("error %v: want the shader name and the compiler's log", err)
	}
}

func TestTargetSizeLimits(t *testing.T) {
	headless(t)
	for _, sz := range [][2]int{{0, 0}, {100000, 100000}, {-3, 10}} {
		if tg, err := NewTarget(sz[0], sz[1]); err == nil {
			tg.Release()
			t.Errorf("target %d×%d accepted", sz[0], sz[1])
		} else if !strings.Contains(err.Error(), fmt.Sprint(sz[0])) {
			t.Errorf("error %q does not name the size", err)
		}
	}
}
