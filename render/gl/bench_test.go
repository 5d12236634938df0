package gl

import (
	"testing"

	ogl "github.com/go-gl/gl/v4.1-core/gl"

	"github.com/fabviz/fabviz/internal/testsupport/benchmodel"
	"github.com/fabviz/fabviz/render/scene"
)

func fatTreeScene(b *testing.B, v scene.ViewKind) *scene.Scene {
	m := benchmodel.Parse("fattree", benchmodel.FatTree())
	s, err := scene.Build(scene.Input{Model: m, View: v, Style: scene.DefaultStyle})
	if err != nil {
		b.Fatal(err)
	}
	return s
}

// benchFrame measures one frame of the 16,384-node fat tree at 1920×1080:
// draw every batch into the multisampled target and wait for it.
func benchFrame(b *testing.B, v scene.ViewKind, samples int) { benchFrameDetail(b, v, samples, false) }

// benchFrameDetail is benchFrame, with the reduced detail of a moving
// camera when reduced is true (link bundles made before the timing).
func benchFrameDetail(b *testing.B, v scene.ViewKind, samples int, reduced bool) {
	h, err := NewHeadless()
	if err != nil {
		b.Skip(err)
	}
	defer h.Release()
	r, err := NewRenderer()
	if err != nil {
		b.Fatal(err)
	}
	defer r.Release()
	s := fatTreeScene(b, v)
	const w, hh = 1920, 1080
	tg, err := NewTargetSamples(w, hh, samples)
	if err != nil {
		b.Fatal(err)
	}
	defer tg.Release()
	cam := scene.DefaultCamera()
	cam.Fit(s, float32(w)/hh)
	centre, radius := s.Sphere()
	r.Upload(s)
	view, proj := cam.View(), cam.Proj(float32(w)/hh, centre, radius)
	tg.Bind()
	draw := func() {
		if reduced {
			r.DrawViewportReduced(view, proj, scene.Color{}, 0, 0, w, hh)
		} else {
			r.Draw(view, proj, scene.Color{}, w, hh)
		}
		ogl.Finish()
	}
	draw()
	b.ResetTimer()
	start := benchmodel.CPUTime()
	for i := 0; i < b.N; i++ {
		draw()
	}
	benchmodel.ReportCPU(b, start)
	b.ReportMetric(float64(s.Spheres.Len()), "spheres")
	b.ReportMetric(float64(r.NumLines()), "lines")
	if reduced {
		b.ReportMetric(float64(r.Reduction().Bundles), "bundles")
	}
}

func BenchmarkFrameFatTreeNetwork(b *testing.B)   { benchFrame(b, scene.Network, DefaultSamples) }
func BenchmarkFrameFatTreeProcessor(b *testing.B) { benchFrame(b, scene.Processor, DefaultSamples) }

// The same without multisampling, to see what 4× costs.
func BenchmarkFrameFatTreeNetworkNoMSAA(b *testing.B)   { benchFrame(b, scene.Network, 1) }
func BenchmarkFrameFatTreeProcessorNoMSAA(b *testing.B) { benchFrame(b, scene.Processor, 1) }

// A frame of a moving camera: single-sampled, links bundled and ports drawn
// as dots (the processor view has no links).
func BenchmarkFrameFatTreeNetworkReduced(b *testing.B) { benchFrameDetail(b, scene.Network, 1, true) }
func BenchmarkFrameFatTreeProcessorReduced(b *testing.B) {
	benchFrameDetail(b, scene.Processor, 1, true)
}
