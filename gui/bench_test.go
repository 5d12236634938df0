package gui

import (
	"bufio"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	ogl "github.com/go-gl/gl/v4.1-core/gl"
	"github.com/go-gl/glfw/v3.3/glfw"

	"github.com/fabviz/fabviz/gui/ctl"
	"github.com/fabviz/fabviz/internal/testsupport/benchmodel"
	"github.com/fabviz/fabviz/internal/testsupport/fattree"
	"github.com/fabviz/fabviz/internal/testsupport/xvfb"
)

// benchSteps is the number of steps of the fat tree's parameter file; the
// animation loops over them.
const benchSteps = 64

// fatTreeViewer opens the 16,384-node fat tree with a parameter file in a
// 1280×800 window on a private Xvfb (Mesa llvmpipe), vsync off so a frame
// costs what it draws.
func fatTreeViewer(b *testing.B, view string) *App {
	b.Helper()
	return shapeViewer(b, fattree.Full, benchSteps, view)
}

// shapeViewer is fatTreeViewer for a fat tree of another shape, with a
// parameter file of the given steps.
func shapeViewer(b *testing.B, shape fattree.Shape, steps int, view string) *App {
	b.Helper()
	xvfb.Start(b, 1280, 800)
	dir := b.TempDir()
	mp, pp := filepath.Join(dir, "ft.fvm"), filepath.Join(dir, "ft.fvd")
	var model strings.Builder
	if err := shape.WriteModel(&model); err != nil {
		b.Fatal(err)
	}
	if err := os.WriteFile(mp, []byte(model.String()), 0o644); err != nil {
		b.Fatal(err)
	}
	f, err := os.Create(pp)
	if err != nil {
		b.Fatal(err)
	}
	w := bufio.NewWriter(f)
	if err := shape.WriteParam(w, steps, 1); err != nil {
		b.Fatal(err)
	}
	w.Flush()
	f.Close()
	a, err := newApp(Options{Model: mp, Param: pp, Width: 1280, Height: 800})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(a.release)
	if err := a.start(); err != nil {
		b.Fatal(err)
	}
	glfw.SwapInterval(0)
	if err := a.exec(ctl.Cmd{"view", view}); err != nil {
		b.Fatal(err)
	}
	for i := 0; i < 3; i++ { // scene built, panels laid out
		a.frame()
	}
	a.player = ctl.Player{Playing: true, Loop: true}
	a.spin = true
	return a
}

// animate draws one frame of the playing animation (pause 0: the player
// moves a step every frame, so the colours of every port are recomputed
// and uploaded) and waits for the GL to finish it.
func animate(a *App) {
	a.frame()
	ogl.Finish()
}

// BenchmarkViewerFatTree is the frame time of the window animating the fat
// tree: a step a frame, panels drawn, 1280×800. "still" is a frame of the
// paused viewer (nothing recoloured; the scene multisampled).
func BenchmarkViewerFatTree(b *testing.B) {
	for _, view := range []string{"processor", "network", "processor-still"} {
		b.Run(view, func(b *testing.B) {
			a := fatTreeViewer(b, strings.TrimSuffix(view, "-still"))
			if strings.HasSuffix(view, "-still") {
				a.player.Playing = false
			}
			b.ResetTimer()
			start, cpu := time.Now(), benchmodel.CPUTime()
			for i := 0; i < b.N; i++ {
				animate(a)
			}
			b.ReportMetric(float64(time.Since(start).Microseconds())/1000/float64(b.N), "ms/frame")
			benchmodel.ReportCPU(b, cpu)
		})
	}
}

// BenchmarkViewerOrbitFatTree is the 3-D pass of a frame while the camera
// is dragged round the fat tree (a degree a frame): single-sampled, since
// no layer is valid for a moving camera, and with the reduced detail of a
// moving camera (links bundled, ports as dots) where the scene is big
// enough. Panels and swap are not included.
func BenchmarkViewerOrbitFatTree(b *testing.B) {
	for _, view := range []string{"processor", "network"} {
		b.Run(view, func(b *testing.B) { orbit(b, fatTreeViewer(b, view)) })
	}
}

// BenchmarkViewerOrbitFatTree100k is BenchmarkViewerOrbitFatTree on a
// fat tree of 102,400 hosts (3,200 leaves, 1,600 spines, 307,200 ports,
// 102,400 links) with a 2-step parameter file.
func BenchmarkViewerOrbitFatTree100k(b *testing.B) {
	for _, view := range []string{"processor", "network"} {
		b.Run(view, func(b *testing.B) { orbit(b, shapeViewer(b, fattree.Shape{Leaves: 3200}, 2, view)) })
	}
}

// orbit measures frames of a camera dragged round the scene, after one
// untimed frame (which makes the link bundles).
func orbit(b *testing.B, a *App) {
	a.player.Playing = false
	step := func() {
		a.in.State.Camera.Orbit(1, 0)
		a.mouse = mouseState{drag: 0, moved: true, started: true}
		a.draw3D()
		ogl.Finish()
	}
	step()
	b.ResetTimer()
	start, cpu := time.Now(), benchmodel.CPUTime()
	for i := 0; i < b.N; i++ {
		step()
	}
	b.ReportMetric(float64(time.Since(start).Microseconds())/1000/float64(b.N), "ms/frame")
	benchmodel.ReportCPU(b, cpu)
}

// BenchmarkViewerMemory10kSteps animates the fat tree for 10,000 steps and
// reports how the Go heap and the process's resident size changed between
// step 1,000 (everything warmed up) and step 10,000. The network view
// takes the static-layer path (links drawn once, ports over a copy).
func BenchmarkViewerMemory10kSteps(b *testing.B) {
	for _, view := range []string{"processor", "network"} {
		b.Run(view, func(b *testing.B) {
			a := fatTreeViewer(b, view)
			for n := 0; n < b.N; n++ {
				var heap [2]uint64
				var rss [2]int64
				for i := 1; i <= 10000; i++ {
					animate(a)
					if i == 1000 || i == 10000 {
						var ms runtime.MemStats
						runtime.GC()
						runtime.ReadMemStats(&ms)
						k := i / 10000
						heap[k], rss[k] = ms.HeapInuse, rssKB()
					}
				}
				b.ReportMetric(float64(heap[0])/(1<<20), "heap-MB@1k")
				b.ReportMetric(float64(heap[1])/(1<<20), "heap-MB@10k")
				b.ReportMetric(float64(rss[0])/1024, "rss-MB@1k")
				b.ReportMetric(float64(rss[1])/1024, "rss-MB@10k")
			}
		})
	}
}

// rssKB is the resident set size of this process (Linux), in KiB.
func rssKB() int64 {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for _, l := range strings.Split(string(b), "\n") {
		if f := strings.Fields(l); len(f) >= 2 && f[0] == "VmRSS:" {
			n, _ := strconv.ParseInt(f[1], 10, 64)
			return n
		}
	}
	return 0
}
