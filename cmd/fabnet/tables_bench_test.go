package main

import (
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/fabviz/fabviz/routes"
)

// dirBytes is the bytes of the files in a directory tree.
func dirBytes(b *testing.B, dir string) int64 {
	var n int64
	err := filepath.WalkDir(dir, func(_ string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			if fi, err := d.Info(); err == nil {
				n += fi.Size()
			}
		}
		return err
	})
	if err != nil {
		b.Fatal(err)
	}
	return n
}

// BenchmarkTables4096: a generated two-tier fabric of 4,096 hosts (128
// leaves of 32 hosts, 32 uplinks each to 128 spines, 64-port switches)
// imported from its ibnetdiscover and dump_fts text as forwarding tables
// (the default) and as route files, with the bytes each writes against the
// dump's; then every route checked three ways on the same fabric: per
// destination (fabnet check on tables), pair by pair through the tables
// (CheckSources, what check did per source), and the route files. Run
// with -benchtime=1x; docs/benchmarks.md has the figures. With
// FABVIZ_BENCH_DIR set, the fabric and imports are left there (for timing
// other builds of fabnet on the same files).
func BenchmarkTables4096(b *testing.B) {
	dir := os.Getenv("FABVIZ_BENCH_DIR")
	if dir == "" {
		dir = b.TempDir()
	}
	topo, fts := genFabric(b, dir, 128, 32, 128, 32)
	fi, err := os.Stat(fts)
	if err != nil {
		b.Fatal(err)
	}
	in := float64(fi.Size())
	for _, c := range []struct {
		name, out string
		flags     []string
	}{
		{"import-tables", "t", nil},
		{"import-route-files", "f", []string{"-route-files"}},
	} {
		b.Run(c.name, func(b *testing.B) {
			out := filepath.Join(dir, c.out)
			for i := 0; i < b.N; i++ {
				os.RemoveAll(out)
				if code := run(append([]string{"import", "ibnet", "-topo", topo, "-lft", fts, "-o", out}, c.flags...), io.Discard, io.Discard); code != 0 {
					b.Fatalf("import: exit %d", code)
				}
			}
			b.StopTimer()
			written := float64(dirBytes(b, out))
			b.ReportMetric(in, "input-bytes")
			b.ReportMetric(written, "written-bytes")
			b.ReportMetric(written/in, "written/input")
		})
	}
	_, tables := openSet(b, filepath.Join(dir, "t", "model.fvm"))
	m, files := openSet(b, filepath.Join(dir, "f", "model.fvm"))
	want := m.NumNodes * m.NumNodes
	for _, c := range []struct {
		name  string
		check func() *routes.Report
	}{
		{"check-per-destination", func() *routes.Report { return tables.Check(20) }},
		{"check-pair-by-pair", func() *routes.Report { return tables.CheckSources(m.MinNode, m.MaxNode, 20) }},
		{"check-route-files", func() *routes.Report { return files.Check(20) }},
	} {
		b.Run(c.name, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				if r := c.check(); r.Routes != want || r.Bad != 0 || r.Missing != 0 {
					b.Fatalf("%d routes (want %d), %d bad, %d missing", r.Routes, want, r.Bad, r.Missing)
				}
			}
		})
	}
}
