package routes_test

import (
	"bytes"
	"fmt"
	"io"
	"testing"

	"github.com/fabviz/fabviz/model"
	"github.com/fabviz/fabviz/routes"
	"github.com/fabviz/fabviz/routes/gen"
)

// BenchmarkContend1024 is `fabnet load` for one 1,024-node job on a
// 16,384-node fat tree (128 leaves of 128 hosts under 127 spines, 255-port
// switches): 1,047,552 routes. The job takes every 16th node, so it spans
// every leaf. Each iteration starts from a fresh route set, so the 1,024
// route files (16,384 lines each, rendered into memory before timing, as
// the page cache would hold them) are read and parsed every time.
func BenchmarkContend1024(b *testing.B) {
	f, err := gen.FatTree(128, 127, 128, 255, model.Absolute)
	if err != nil {
		b.Fatal(err)
	}
	nodes := make([]int, 0, 1024)
	for n := 0; n < 16384; n += 16 {
		nodes = append(nodes, n)
	}
	job := []routes.JobPairs{{Job: 1, Pairs: routes.AllPairs(nodes)}}
	files := map[int][]byte{} // the job's route files, rendered once
	for _, n := range nodes {
		var buf bytes.Buffer
		if err := f.File(&buf, n); err != nil {
			b.Fatal(err)
		}
		files[n] = buf.Bytes()
	}
	open := func(node int) (io.ReadCloser, string, error) {
		return io.NopCloser(bytes.NewReader(files[node])), fmt.Sprint(node), nil
	}
	b.ResetTimer()
	for b.Loop() {
		c := routes.New(f.M, open).Contend(job)
		if c.Traced != 1024*1023 || c.Bad != 0 {
			b.Fatalf("traced %d, bad %d", c.Traced, c.Bad)
		}
	}
	b.ReportMetric(float64(1024*1023), "routes/op")
}
