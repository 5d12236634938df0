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
func benchFrame(b *testing.B, v scene.ViewKind, samples int) {
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
	r.Draw(view, proj, scene.Color{}, w, hh)
	ogl.Finish()
	b.ResetTimer()
	start := benchmodel.CPUTime()
	for i := 0; i < b.N; i++ {
		r.Draw(view, proj, scene.Color{}, w, hh)
		ogl.Finish()
	}
	benchmodel.ReportCPU(b, start)
	b.ReportMetric(float64(s.Spheres.Len()), "spheres")
}

func BenchmarkFrameFatTreeNetwork(b *testing.B)   { benchFrame(b, scene.Network, DefaultSamples) }
func BenchmarkFrameFatTreeProcessor(b *testing.B) { benchFrame(b, scene.Processor, DefaultSamples) }

// The same without multisampling, to see what 4× costs.
func BenchmarkFrameFatTreeNetworkNoMSAA(b *testing.B)   { benchFrame(b, scene.Network, 1) }
func BenchmarkFrameFatTreeProcessorNoMSAA(b *testing.B) { benchFrame(b, scene.Processor, 1) }
