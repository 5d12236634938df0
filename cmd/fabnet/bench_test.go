package main

import (
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"testing"
)

// benchImport times `fabnet import ibnet` on a topology and its tables and
// reports the peak heap.
func benchImport(b *testing.B, topo, fts string) {
	dir := b.TempDir()
	runtime.GC()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		out := filepath.Join(dir, "out")
		os.RemoveAll(out)
		if code := run([]string{"import", "ibnet", "-topo", topo, "-lft", fts, "-o", out}, io.Discard, io.Discard); code != 0 {
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
