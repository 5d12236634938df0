package collect

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/fabviz/fabviz/internal/testsupport/benchmodel"
	"github.com/fabviz/fabviz/internal/testsupport/ibsimtest"
	"github.com/fabviz/fabviz/model"
)

// benchFabric writes an ibsim net file of 32 leaves and 32 spines, all
// 36-port: each leaf has 4 hosts on ports 1–4 and one cable to every spine on
// ports 5–36; each spine has one cable to every leaf on ports 1–32.
func benchFabric(dir string) string {
	var b strings.Builder
	for s := 1; s <= 32; s++ {
		fmt.Fprintf(&b, "Switch\t36 \"spine%02d\"\t# \"spine%02d\"\n", s, s)
		for l := 1; l <= 32; l++ {
			fmt.Fprintf(&b, "[%d]\t\"leaf%02d\"[%d]\n", l, l, s+4)
		}
		b.WriteString("\n")
	}
	for l := 1; l <= 32; l++ {
		fmt.Fprintf(&b, "Switch\t36 \"leaf%02d\"\t# \"leaf%02d\"\n", l, l)
		for h := 1; h <= 4; h++ {
			fmt.Fprintf(&b, "[%d]\t\"cn%03d\"[1]\n", h, (l-1)*4+h)
		}
		for s := 1; s <= 32; s++ {
			fmt.Fprintf(&b, "[%d]\t\"spine%02d\"[%d]\n", s+4, s, l)
		}
		b.WriteString("\n")
	}
	for n := 1; n <= 128; n++ {
		fmt.Fprintf(&b, "Hca\t1 \"cn%03d\"\t# \"cn%03d HCA-1\"\n[1]\t\"leaf%02d\"[%d]\n\n", n, n, (n-1)/4+1, (n-1)%4+1)
	}
	path := filepath.Join(dir, "bench.net")
	os.WriteFile(path, []byte(b.String()), 0o644)
	return path
}

// benchModel writes the matching model, addressing switches by the LIDs
// and GUIDs ibswitches reports.
func benchModel(b *testing.B, sim *ibsimtest.Sim, dir string) *model.Model {
	cmd := exec.Command("ibswitches")
	cmd.Env, cmd.Dir = append(os.Environ(), sim.Env...), sim.Dir
	out, err := cmd.Output()
	if err != nil {
		b.Fatalf("ibswitches: %v", err)
	}
	lids, guids := map[string]string{}, map[string]string{}
	for _, m := range regexp.MustCompile(`(0x[0-9a-f]+) .*"(\w+)".* lid (\d+)`).FindAllStringSubmatch(string(out), -1) {
		lids[m[2]], guids[m[2]] = m[3], m[1]
	}
	var s strings.Builder
	s.WriteString("rows 2\ncolumns 32\nports 36\nport-base 1\nhostname-format cn%03d\nrowdef 0 spine\nrowdef 1 leaf\nportdef leaf\n")
	for p := 1; p <= 4; p++ {
		fmt.Fprintf(&s, "%d proc top %d\n", p, p)
	}
	for p := 5; p <= 36; p++ {
		fmt.Fprintf(&s, "%d net bottom %d\n", p, p)
	}
	s.WriteString("end\nportdef spine\n")
	for p := 1; p <= 32; p++ {
		fmt.Fprintf(&s, "%d net top %d\n", p, p)
	}
	s.WriteString("end\n")
	for i := 1; i <= 32; i++ {
		sp, lf := fmt.Sprintf("spine%02d", i), fmt.Sprintf("leaf%02d", i)
		fmt.Fprintf(&s, "switch %s 0 0 %d sw %s hw %s\n", sp, i-1, lids[sp], guids[sp])
		fmt.Fprintf(&s, "switch %s 0 1 %d node %d sw %s hw %s\n", lf, i-1, (i-1)*4+1, lids[lf], guids[lf])
		for j := 1; j <= 32; j++ {
			fmt.Fprintf(&s, "link spine%02d.%d leaf%02d.%d\n", j, i, i, j+4)
		}
	}
	m, err := model.Parse("bench.fvm", strings.NewReader(s.String()))
	if err != nil {
		b.Fatal(err)
	}
	return m
}

// BenchmarkIBSweep64 measures one sweep of a 64-switch, 36-port ibsim fabric
// (2,176 ports in use) by the collector's IB source, and, in the same run, a
// sequential loop of one perfquery pair per port over a sample of ports,
// scaled to the whole fabric.
func BenchmarkIBSweep64(b *testing.B) {
	dir := b.TempDir()
	sim := ibsimtest.Start(b, benchFabric(dir))
	m := benchModel(b, sim, dir)
	src, err := NewIBSource(m)
	if err != nil {
		b.Fatal(err)
	}
	src.Env, src.Dir, src.Concurrency, src.Timeout = sim.Env, sim.Dir, 8, 10*time.Second
	r := NewReading(len(src.Counters()), len(src.Ports()))

	fabric, err := NewIBSource(m)
	if err != nil {
		b.Fatal(err)
	}
	fabric.Env, fabric.Dir, fabric.Timeout, fabric.Fabric = sim.Env, sim.Dir, 10*time.Second, true
	defer fabric.Close()
	b.Run("collector-fabric", func(b *testing.B) {
		var window time.Duration
		for b.Loop() {
			r.clear()
			st := fabric.Sweep(context.Background(), r)
			if st.Read != len(src.Ports()) || len(st.Warnings) > 0 {
				b.Fatalf("read %d of %d ports: %v", st.Read, len(src.Ports()), st.Warnings)
			}
			window = max(window, st.Window())
		}
		b.ReportMetric(window.Seconds(), "max-read-window-s")
	})
	b.Run("collector", func(b *testing.B) {
		c0, s0 := benchmodel.ChildCPUTime(), benchmodel.CPUTime()
		var window time.Duration
		for b.Loop() {
			r.clear()
			st := src.Sweep(context.Background(), r)
			if st.Read != len(src.Ports()) {
				b.Fatalf("read %d of %d ports: %v", st.Read, len(src.Ports()), st.Warnings)
			}
			window = max(window, st.Window())
		}
		b.ReportMetric(window.Seconds(), "max-read-window-s")
		b.ReportMetric(float64(len(src.Ports())), "ports")
		b.ReportMetric((benchmodel.ChildCPUTime()-c0).Seconds()/float64(b.N), "perfquery-cpu-s/sweep")
		b.ReportMetric((benchmodel.CPUTime()-s0).Seconds()/float64(b.N), "collector-cpu-s/sweep")
		b.ReportMetric(float64(benchmodel.PeakRSS())/(1<<20), "peak-RSS-MiB")
	})
	// The whole fabric's data counters in one process, from a topology
	// cache made once: the read issue 16 points to.
	cache := filepath.Join(dir, "fabric.cache")
	disc := exec.Command("ibnetdiscover", "--cache", cache)
	disc.Env, disc.Dir = append(os.Environ(), sim.Env...), sim.Dir
	if out, err := disc.CombinedOutput(); err != nil {
		b.Fatalf("ibnetdiscover --cache: %v\n%s", err, out)
	}
	b.Run("ibqueryerrors-one-process", func(b *testing.B) {
		for b.Loop() {
			cmd := exec.Command("ibqueryerrors", "--skip-sl", "--switch", "--counters", "--load-cache", cache)
			cmd.Env, cmd.Dir = append(os.Environ(), sim.Env...), sim.Dir
			out, err := cmd.Output()
			if n := bytes.Count(out, []byte("[PortXmitData == ")); err != nil || n < len(src.Ports()) {
				b.Fatalf("ibqueryerrors: %v, %d ports of %d", err, n, len(src.Ports()))
			}
		}
	})
	b.Run("per-port-loop", func(b *testing.B) {
		const sample = 48
		for b.Loop() {
			start := time.Now()
			for i, p := range src.Ports()[:sample] {
				sw := m.Switches[m.SwitchOf(p)]
				for _, x := range [][]string{{"-x", sw.SW, fmt.Sprint(m.Number(p))}, {sw.SW, fmt.Sprint(m.Number(p))}} {
					cmd := exec.Command("perfquery", x...)
					cmd.Env, cmd.Dir = append(os.Environ(), sim.Env...), sim.Dir
					var out bytes.Buffer
					cmd.Stdout = &out
					if err := cmd.Run(); err != nil || !bytes.Contains(out.Bytes(), []byte("PortXmitData")) {
						b.Fatalf("port %d: %v", i, err)
					}
				}
			}
			per := time.Since(start) / sample
			b.ReportMetric((per * time.Duration(len(src.Ports()))).Seconds(), "s/whole-fabric")
		}
	})
}
