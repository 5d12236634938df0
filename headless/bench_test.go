package headless

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/fabviz/fabviz/internal/testsupport/benchmodel"
	"github.com/fabviz/fabviz/internal/testsupport/fattree"
	"github.com/fabviz/fabviz/view"
)

// BenchmarkSnapshotFatTree1080p is a whole headless snapshot of the
// 16,384-node fat tree at 1920×1080, as `fabviz snapshot` does it: a new
// session (EGL context, shaders), model file read, scene built, drawn,
// read back, caption drawn and the PNG written. The model file is left in
// the temporary directory as fabviz-fattree.fvm (and its 10-step parameter
// file as fabviz-fattree.fvd) for timing the command too.
func BenchmarkSnapshotFatTree1080p(b *testing.B) {
	path := filepath.Join(os.TempDir(), "fabviz-fattree.fvm")
	if err := os.WriteFile(path, []byte(benchmodel.FatTree()), 0o644); err != nil {
		b.Fatal(err)
	}
	param := filepath.Join(os.TempDir(), "fabviz-fattree.fvd")
	f, err := os.Create(param)
	if err != nil {
		b.Fatal(err)
	}
	if err := fattree.Full.WriteParam(f, 10, 1); err != nil {
		b.Fatal(err)
	}
	f.Close()
	out := filepath.Join(b.TempDir(), "ft.png")
	for _, v := range []string{"network", "processor", "processor-data"} {
		b.Run(v, func(b *testing.B) {
			lines := []string{"model " + path, "view network", "size 1920 1080", "snapshot " + out}
			switch v {
			case "processor":
				lines[1] = "view processor"
			case "processor-data":
				lines = []string{"model " + path, "param " + param, "view processor", "step 5", "size 1920 1080", "snapshot " + out}
			}
			start := benchmodel.CPUTime()
			defer func() { benchmodel.ReportCPU(b, start) }()
			for i := 0; i < b.N; i++ {
				s := New(nil)
				in := view.New(s)
				for _, l := range lines {
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
