package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"testing"

	"github.com/fabviz/fabviz/model"
)

// benchImport times `fabnet import ibnet -route-files` (the figures in
// docs/benchmarks.md were taken when route files were the default; tables
// are timed by BenchmarkTables4096) on a topology and its tables and
// reports the peak heap.
func benchImport(b *testing.B, topo, fts string) {
	dir := b.TempDir()
	runtime.GC()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		out := filepath.Join(dir, "out")
		os.RemoveAll(out)
		if code := run([]string{"import", "ibnet", "-topo", topo, "-lft", fts, "-o", out, "-route-files"}, io.Discard, io.Discard); code != 0 {
			b.Fatalf("import: exit %d", code)
		}
	}
	b.StopTimer()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	b.ReportMetric(float64(ms.Sys)/(1<<20), "MB-sys")
}

// BenchmarkImportNDR: the 40-switch / 582-CA NDR fabric from
// NVIDIA/topograph, routed by opensm inside ibsim (needs the tools).
func BenchmarkImportNDR(b *testing.B) {
	s := startSim(b, filepath.Join(fixtures, "real/NVIDIA_topograph_example.out"))
	topo := s.save("topo.txt", s.run("ibnetdiscover"))
	fts := s.save("fts.txt", s.run("dump_fts"))
	benchImport(b, topo, fts)
}

// BenchmarkImportBig: a generated 1,000-switch / 16,000-CA fabric (640
// leaves of 25 hosts, 360 spines) with full dump_fts tables (1.2 GB).
// Generating the files takes about a minute; run with -benchtime=1x.
func BenchmarkImportBig(b *testing.B) {
	topo, fts := genFabric(b, b.TempDir(), 640, 25, 360, 30)
	benchImport(b, topo, fts)
}

// BenchmarkWriteFilesReference writes what BenchmarkImportBig's import
// writes — 16,000 files of 144 kB — and nothing else: the yardstick for
// the import's own cost (docs/benchmarks.md compares the two).
func BenchmarkWriteFilesReference(b *testing.B) {
	buf := make([]byte, 144000)
	for i := 0; i < b.N; i++ {
		dir := filepath.Join(b.TempDir(), "routes")
		if err := os.MkdirAll(dir, 0o755); err != nil {
			b.Fatal(err)
		}
		for f := 0; f < 16000; f++ {
			if err := os.WriteFile(filepath.Join(dir, strconv.Itoa(f)+".rt"), buf, 0o644); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// BenchmarkImportDGXTopo: a generated topology of 5,000 CA ports — 625
// DGX-like hosts of eight HCAs ("luna-0001 mlx5_0" … "mlx5_7") on 200
// leaves of 25, 120 spines — imported without tables: parse, host
// grouping, layout, model written and parsed back. Target: under a second.
func BenchmarkImportDGXTopo(b *testing.B) {
	dir := b.TempDir()
	topo, _ := genFabric(b, dir, 200, 25, 120, 30)
	text, err := os.ReadFile(topo)
	if err != nil {
		b.Fatal(err)
	}
	cn := regexp.MustCompile(`"cn([0-9]{5}) HCA-1"`)
	text = cn.ReplaceAllFunc(text, func(m []byte) []byte {
		h, _ := strconv.Atoi(string(m[3:8]))
		return []byte(fmt.Sprintf(`"luna-%04d mlx5_%d"`, h/8+1, h%8))
	})
	if err := os.WriteFile(topo, text, 0o644); err != nil {
		b.Fatal(err)
	}
	runtime.GC()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		out := filepath.Join(dir, "out")
		if code := run([]string{"import", "ibnet", "-topo", topo, "-o", out}, io.Discard, io.Discard); code != 0 {
			b.Fatalf("import: exit %d", code)
		}
	}
	b.StopTimer()
	m, err := model.Load(filepath.Join(dir, "out", "model.fvm"))
	if err != nil {
		b.Fatal(err)
	}
	if m.NumNodes != 5000 || len(m.HostNodes("luna-0625")) != 8 {
		b.Fatalf("%d nodes, luna-0625 has %v", m.NumNodes, m.HostNodes("luna-0625"))
	}
}
