package snapshot

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/fabviz/fabviz/internal/benchmodel"
	"github.com/fabviz/fabviz/view"
)

// BenchmarkSnapshotFatTree1080p is a whole headless snapshot of the
// 16,384-node fat tree at 1920×1080, as `fabviz snapshot` does it: a new
// session (EGL context, shaders), model file read, scene built, drawn,
// read back, caption drawn and the PNG written. The model file is left in
// the temporary directory as fabviz-fattree.fvm for timing the command too.
func BenchmarkSnapshotFatTree1080p(b *testing.B) {
	path := filepath.Join(os.TempDir(), "fabviz-fattree.fvm")
	if err := os.WriteFile(path, []byte(benchmodel.FatTree()), 0o644); err != nil {
		b.Fatal(err)
	}
	out := filepath.Join(b.TempDir(), "ft.png")
	for _, v := range []string{"network", "processor"} {
		b.Run(v, func(b *testing.B) {
			start := benchmodel.CPUTime()
			defer func() { benchmodel.ReportCPU(b, start) }()
			for i := 0; i < b.N; i++ {
				s := New(nil)
				in := view.New(s)
				for _, l := range []string{"model " + path, "view " + v, "size 1920 1080", "snapshot " + out} {
					if err := in.ExecLine(l); err != nil {
						s.Release()
						b.Fatal(err)
					}
				}
				s.Release()
			}
		})
	}
}
