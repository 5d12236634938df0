package sim

import (
	"testing"
	"time"

	"github.com/fabviz/fabviz/internal/testsupport/benchmodel"
	"github.com/fabviz/fabviz/model"
	"github.com/fabviz/fabviz/routes"
	"github.com/fabviz/fabviz/routes/gen"
)

// BenchmarkSimTorus4096 simulates 100 steps of one 4,096-node job (random
// pairs, 4,096 flows of 7 hops on average) on the 8×8×8 torus of the route
// benchmarks, with a bad cable: the cost of making a 1,440-step corpus is
// 14.4 times one iteration. Route tables are read once, before timing.
func BenchmarkSimTorus4096(b *testing.B) {
	f, err := gen.Torus([]int{8, 8, 8}, 8, model.Absolute)
	if err != nil {
		b.Fatal(err)
	}
	set := routes.New(f.M, f.Opener())
	p, _ := f.M.PortByLabel("x3y3z3.8")
	cfg := Config{Steps: 100, Capacity: 1000, Packets: 1 << 40, Seed: 1, Bad: []BadCable{{Port: p, Fraction: 0.01}}}
	jobs := []JobSpec{{ID: 1, Size: 4096}}
	if _, err := Run(set, jobs, Config{Steps: 1, Capacity: 1, Packets: 1}, func(*Step) error { return nil }); err != nil {
		b.Fatal(err)
	}
	start, cpu0 := time.Now(), benchmodel.CPUTime()
	steps := 0
	for b.Loop() {
		if _, err := Run(set, jobs, cfg, func(*Step) error { steps++; return nil }); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(steps)/time.Since(start).Seconds(), "steps/s")
	benchmodel.ReportCPU(b, cpu0)
}
