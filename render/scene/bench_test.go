package scene

import (
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/fabviz/fabviz/internal/testsupport/benchmodel"
	"github.com/fabviz/fabviz/internal/testsupport/fattree"
	"github.com/fabviz/fabviz/model"
)

var (
	bigOnce  sync.Once
	bigModel *model.Model
)

// big400k is a 125×200 grid of 16-port switches: 400,000 ports.
func big400k() *model.Model {
	bigOnce.Do(func() { bigModel = benchmodel.Parse("grid", benchmodel.Grid(125, 200)) })
	return bigModel
}

func benchBuild(b *testing.B, v ViewKind, withLayout bool) {
	m := big400k()
	var l *Layout
	if withLayout {
		l = NewLayout(m, Planar)
	}
	b.ResetTimer()
	start := benchmodel.CPUTime()
	for i := 0; i < b.N; i++ {
		if _, err := Build(Input{Model: m, View: v, Layout: l, Style: DefaultStyle}); err != nil {
			b.Fatal(err)
		}
	}
	benchmodel.ReportCPU(b, start)
	b.ReportMetric(float64(m.NumPorts()), "ports")
}

// Scene build for 400k ports, layout included (the first build of a model).
func BenchmarkBuild400kNetwork(b *testing.B)   { benchBuild(b, Network, false) }
func BenchmarkBuild400kProcessor(b *testing.B) { benchBuild(b, Processor, false) }

// The same with the layout cached (a view change on a loaded model).
func BenchmarkBuild400kProcessorCachedLayout(b *testing.B) { benchBuild(b, Processor, true) }

// Per-step colour update: ns per drawn port.
func BenchmarkSetColors400k(b *testing.B) {
	m := big400k()
	pc := make([]Color, m.NumPorts())
	for i := range pc {
		pc[i] = Color{float32(i%7) / 7, 0, 1}
	}
	s, err := Build(Input{Model: m, View: Processor, PortColors: pc, Style: DefaultStyle})
	if err != nil {
		b.Fatal(err)
	}
	n := len(s.SpherePort)
	b.ResetTimer()
	start := benchmodel.CPUTime()
	for i := 0; i < b.N; i++ {
		s.SetColors(pc, nil)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/port")
	b.ReportMetric(float64(benchmodel.CPUTime()-start)/float64(b.N)/float64(n), "cpu-ns/port")
}

// Picking: one ray through the middle of the scene.
func BenchmarkPick400k(b *testing.B) {
	m := big400k()
	s, err := Build(Input{Model: m, View: Processor, Style: DefaultStyle})
	if err != nil {
		b.Fatal(err)
	}
	c := DefaultCamera()
	c.Fit(s, 16.0/9)
	eye := c.Eye()
	rays := make([]Ray, 1024)
	for i := range rays {
		p := s.SpherePort[(i*7919)%len(s.SpherePort)]
		rays[i] = Ray{Origin: eye, Dir: s.Layout.PortPos[p].Sub(eye).Norm()}
	}
	b.ResetTimer()
	hits := 0
	for i := 0; i < b.N; i++ {
		if s.Pick(rays[i%len(rays)]).Kind == model.KindPort {
			hits++
		}
	}
	if hits == 0 {
		b.Fatal("no ray hit a port")
	}
}

// Layout alone: where 400k ports go.
func BenchmarkLayout400k(b *testing.B) {
	m := big400k()
	b.ResetTimer()
	start := benchmodel.CPUTime()
	for i := 0; i < b.N; i++ {
		NewLayout(m, Planar)
	}
	benchmodel.ReportCPU(b, start)
}

// Link bundles of a moving camera (at most 1,024) for the fat tree's
// network view: 16,384 hosts, and 102,400 (3,200 leaves).
func BenchmarkBundleLinksFatTree(b *testing.B) {
	for _, leaves := range []int{512, 3200} {
		b.Run(fmt.Sprint(leaves*32, "-hosts"), func(b *testing.B) {
			var text strings.Builder
			if err := (fattree.Shape{Leaves: leaves}).WriteModel(&text); err != nil {
				b.Fatal(err)
			}
			s, err := Build(Input{Model: benchmodel.Parse("ft", text.String()), Style: DefaultStyle})
			if err != nil {
				b.Fatal(err)
			}
			b.ResetTimer()
			start := benchmodel.CPUTime()
			var bs Bundles
			for i := 0; i < b.N; i++ {
				bs = s.BundleLinks(1024)
			}
			benchmodel.ReportCPU(b, start)
			b.ReportMetric(float64(s.NumLinkCyls), "lines")
			b.ReportMetric(float64(bs.Len()), "bundles")
		})
	}
}
