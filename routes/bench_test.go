package routes_test

import (
	"bytes"
	"io"
	"syscall"
	"testing"
	"time"

	"github.com/fabviz/fabviz/model"
	"github.com/fabviz/fabviz/routes"
	"github.com/fabviz/fabviz/routes/gen"
)

// torus4096 is the benchmarks' fabric: an 8×8×8 torus of 512 switches with
// 8 processor ports each, 4,096 nodes, 16.7 M routes of 7.0 hops on average.
func torus4096(b *testing.B) *gen.Fabric {
	f, err := gen.Torus([]int{8, 8, 8}, 8, model.Absolute)
	if err != nil {
		b.Fatal(err)
	}
	return f
}

// BenchmarkTrace traces every route of 1,024 sources (4.2 M routes) over
// all cores, from route tables already in memory: the tracer alone.
func BenchmarkTrace(b *testing.B) {
	f := torus4096(b)
	set := routes.New(f.M, f.Opener())
	const sources = 1024
	for src := range sources {
		if _, err := set.Bytes(src, src); err != nil {
			b.Fatal(err)
		}
	}
	b.ResetTimer()
	var hops int64
	start, cpu0 := time.Now(), cpuTime()
	for b.Loop() {
		r := set.CheckSources(0, sources-1, 10)
		if r.Bad != 0 || r.Routes != sources*4096 {
			b.Fatalf("%d bad of %d", r.Bad, r.Routes)
		}
		hops += r.Hops
	}
	reportRates(b, float64(hops)/1e6, "Mhops", start, cpu0)
}

// cpuTime is the CPU time (user + system) the process has used.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// reportRates reports a rate per wall second and per CPU second: the
// machine is shared, so wall time depends on the load and CPU time does not.
func reportRates(b *testing.B, amount float64, unit string, start time.Time, cpu0 time.Duration) {
	b.ReportMetric(amount/time.Since(start).Seconds(), unit+"/s")
	b.ReportMetric(amount/(cpuTime()-cpu0).Seconds(), unit+"/cpu-s")
}

// BenchmarkTraceOne is one route with its hops, through the lazy cache.
func BenchmarkTraceOne(b *testing.B) {
	f := torus4096(b)
	set := routes.New(f.M, f.Opener())
	if _, err := set.Trace(0, 4095); err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := set.Trace(0, 4095); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkCheckFiles is `fabnet check`'s work on the 4,096-node torus:
// read all 4,096 route files (353 MB) from disk and trace all 16.7 M routes.
func BenchmarkCheckFiles(b *testing.B) {
	f := torus4096(b)
	path, err := f.Write(b.TempDir())
	if err != nil {
		b.Fatal(err)
	}
	m, err := model.Load(path)
	if err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	start, cpu0 := time.Now(), cpuTime()
	for b.Loop() {
		set, err := routes.Open(m)
		if err != nil {
			b.Fatal(err)
		}
		if r := set.Check(20); r.Bad != 0 || r.Routes != 4096*4096 {
			b.Fatalf("%d bad of %d", r.Bad, r.Routes)
		}
	}
	reportRates(b, float64(b.N), "checks", start, cpu0)
}

// BenchmarkParse reads one route file of the torus (4,096 lines) from memory.
func BenchmarkParse(b *testing.B) {
	f := torus4096(b)
	r, _, err := f.Opener()(0)
	if err != nil {
		b.Fatal(err)
	}
	text, _ := io.ReadAll(r)
	b.SetBytes(int64(len(text)))
	start, cpu0 := time.Now(), cpuTime()
	for b.Loop() {
		set := routes.New(f.M, func(int) (routes.ReadCloser, string, error) {
			return memFile{bytes.NewReader(text)}, "0.rt", nil
		})
		if _, err := set.Bytes(0, 4095); err != nil {
			b.Fatal(err)
		}
	}
	reportRates(b, float64(len(text))*float64(b.N)/1e6, "MB", start, cpu0)
}

// memFile is a route file in memory that, like a file, tells its size.
type memFile struct{ *bytes.Reader }

func (memFile) Close() error { return nil }

// BenchmarkReadTables reads the forwarding tables of a three-level fat
// tree of 32-port switches (8,192 hosts, 1,280 switches; d-mod-k tables,
// about 40 MB of §2b text) from memory.
func BenchmarkReadTables(b *testing.B) {
	f, err := gen.FatTree3(32, 32, 16, model.Absolute)
	if err != nil {
		b.Fatal(err)
	}
	var text bytes.Buffer
	if err := f.WriteTables(&text); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	var mb float64
	start, cpu0 := time.Now(), cpuTime()
	for b.Loop() {
		if _, err := routes.ReadTables("t.lft", bytes.NewReader(text.Bytes()), f.M); err != nil {
			b.Fatal(err)
		}
		mb += float64(text.Len()) / 1e6
	}
	reportRates(b, mb, "MB", start, cpu0)
}
