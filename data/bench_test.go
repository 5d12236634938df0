package data

import (
	"bytes"
	"runtime"
	"strconv"
	"sync"
	"testing"

	"github.com/fabviz/fabviz/internal/testsupport/benchmodel"
	"github.com/fabviz/fabviz/internal/testsupport/fattree"
	"github.com/fabviz/fabviz/model"
)

// The unit-size benchmark tree: 64 leaves, 32 spines, 6,144 ports, 240
// steps (about 10 MB). The full 16,384-node, 1,440-step case is
// bench/dataload.sh.
var (
	benchOnce  sync.Once
	benchModel *model.Model
	benchFile  []byte
)

const benchSteps = 240

func benchData(b *testing.B) (*model.Model, []byte) {
	benchOnce.Do(func() {
		shape := fattree.Shape{Leaves: 64}
		var mb, pb bytes.Buffer
		if err := shape.WriteModel(&mb); err != nil {
			b.Fatal(err)
		}
		m, err := model.Parse("ft.fvm", &mb)
		if err != nil {
			b.Fatal(err)
		}
		if err := shape.WriteParam(&pb, benchSteps, 1); err != nil {
			b.Fatal(err)
		}
		benchModel, benchFile = m, pb.Bytes()
	})
	return benchModel, benchFile
}

// BenchmarkLoad reads the parameter file (MB/s) and reports the heap the
// series keeps per value.
func BenchmarkLoad(b *testing.B) {
	m, src := benchData(b)
	b.SetBytes(int64(len(src)))
	var s *Series
	for b.Loop() {
		var err error
		if s, err = Read("ft.dat", bytes.NewReader(src), m, Options{}); err != nil {
			b.Fatal(err)
		}
	}
	b.StopTimer()
	s = nil
	runtime.GC()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	s, _ = Read("ft.dat", bytes.NewReader(src), m, Options{})
	runtime.GC()
	runtime.ReadMemStats(&after)
	b.ReportMetric(float64(after.HeapAlloc-before.HeapAlloc)/float64(s.Columns()*s.Steps()), "heapB/value")
	runtime.KeepAlive(s)
}

func benchColorize(b *testing.B, mode Mode) {
	m, src := benchData(b)
	s, err := Read("ft.dat", bytes.NewReader(src), m, Options{})
	if err != nil {
		b.Fatal(err)
	}
	sc, _ := NewScale(100000, 900000, nil, DefaultInit().Colors)
	dst := make([]RGB, m.NumPorts())
	step := 0
	for b.Loop() {
		s.Colorize(dst, step, mode, sc)
		step = (step + 1) % s.Steps()
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(m.NumPorts()), "ns/port")
}

// BenchmarkColorizeSlice recolours one step (ns/port is the figure).
func BenchmarkColorizeSlice(b *testing.B) { benchColorize(b, Slice) }

// BenchmarkColorizeRunning recolours running sums, stepping forward.
func BenchmarkColorizeRunning(b *testing.B) { benchColorize(b, Running) }

// BenchmarkColorizeViridis recolours one step through a lookup-table map.
func BenchmarkColorizeViridis(b *testing.B) {
	m, src := benchData(b)
	s, _ := Read("ft.dat", bytes.NewReader(src), m, Options{})
	sc, _ := NewScale(100000, 900000, Viridis, DefaultInit().Colors)
	dst := make([]RGB, m.NumPorts())
	for b.Loop() {
		s.Colorize(dst, 7, Slice, sc)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(m.NumPorts()), "ns/port")
}

// BenchmarkJobStats: PerSyst's numbers and the CV for 48 jobs of 64 ports
// each plus the two reference groups, over the unit tree's 240 steps
// (ns/port-step is the figure: every processor port is read once a step).
func BenchmarkJobStats(b *testing.B) {
	m, src := benchData(b)
	param, err := Read("ft.dat", bytes.NewReader(src), m, Options{})
	if err != nil {
		b.Fatal(err)
	}
	var jb bytes.Buffer
	procs := procPorts(m)
	for i, p := range procs {
		jb.WriteString(m.Label(p))
		for st := 0; st < benchSteps; st++ {
			id := 0
			if i < 48*64 {
				id = 1 + i/64
			}
			jb.WriteString(" " + strconv.Itoa(id))
		}
		jb.WriteByte('\n')
	}
	jobs, err := Read("ft.jobs", &jb, m, Options{Kind: Job})
	if err != nil {
		b.Fatal(err)
	}
	cpu := benchmodel.CPUTime()
	for b.Loop() {
		if _, err := JobStats(param, jobs, StatsOptions{}); err != nil {
			b.Fatal(err)
		}
	}
	cells := float64(b.N * len(procs) * benchSteps)
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/cells, "ns/port-step")
	b.ReportMetric(float64(benchmodel.CPUTime()-cpu)/cells, "cpu-ns/port-step")
}
