package collect

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gosnmp/gosnmp"

	"github.com/fabviz/fabviz/internal/testsupport/snmpdtest"
	"github.com/fabviz/fabviz/model"
)

// benchSNMP starts agents snmpd processes and maps a model of switches
// 48-port switches onto them round robin, every port to ifIndex 1 (loopback,
// the one interface every machine has).
func benchSNMP(b *testing.B, agents, switches int, secret string) (*model.Model, *SNMPSource) {
	var addrs []string
	for range agents {
		addrs = append(addrs, snmpdtest.Start(b, v3Conf).Addr())
	}
	var ms, mp strings.Builder
	fmt.Fprintf(&ms, "columns %d\nports 48\nport-base 1\nportdef A\n", switches)
	for p := 1; p <= 48; p++ {
		fmt.Fprintf(&ms, "%d net top %d\n", p, p)
	}
	ms.WriteString("end\n")
	for i := range switches {
		fmt.Fprintf(&ms, "switch s%02d 0 0 %d\n", i, i)
		fmt.Fprintf(&mp, "agent s%02d %s %s\n", i, addrs[i%agents], secret)
		for p := 1; p <= 48; p++ {
			fmt.Fprintf(&mp, "port s%02d.%d ifindex 1\n", i, p)
		}
	}
	m, err := model.Parse("bench.fvm", strings.NewReader(ms.String()))
	if err != nil {
		b.Fatal(err)
	}
	return m, snmpSource(b, m, mp.String())
}

// BenchmarkSNMPSweep sweeps 16 switches of 48 ports (768 ports) served by 4
// snmpd processes, with the source's multi-column bulk walk, and in the same
// run with two common alternatives at the same concurrency: gosnmp's
// BulkWalkAll one column at a time, and one Get of the eight counters per
// port.
func BenchmarkSNMPSweep(b *testing.B) {
	_, src := benchSNMP(b, 4, 16, "pub")
	src.Concurrency, src.Timeout = 8, 10*time.Second
	r := NewReading(len(src.Counters()), len(src.Ports()))
	b.Run("bulk-columns", func(b *testing.B) {
		for b.Loop() {
			r.clear()
			if st := src.Sweep(context.Background(), r); st.Read != len(src.Ports()) {
				b.Fatalf("read %d of %d: %v", st.Read, len(src.Ports()), st.Warnings)
			}
		}
		b.ReportMetric(float64(len(src.Ports())), "ports")
	})
	other := func(b *testing.B, read func(g *gosnmp.GoSNMP, a *snmpAgent) error) {
		for b.Loop() {
			st := sweepEach(len(src.agents), src.Concurrency, func(i int) (int, int, []error) {
				a := src.agents[i]
				g := src.client(context.Background(), a)
				if err := g.Connect(); err != nil {
					return 0, 1, []error{err}
				}
				defer g.Conn.Close()
				if err := read(g, a); err != nil {
					return 0, 1, []error{err}
				}
				return len(a.Ports), len(a.Ports), nil
			})
			if len(st.Warnings) > 0 {
				b.Fatal(st.Warnings)
			}
		}
	}
	b.Run("bulkwalk-per-column", func(b *testing.B) {
		other(b, func(g *gosnmp.GoSNMP, a *snmpAgent) error {
			for _, c := range snmpCounters {
				if _, err := g.BulkWalkAll(c.OID); err != nil {
					return err
				}
			}
			return nil
		})
	})
	b.Run("get-per-port", func(b *testing.B) {
		other(b, func(g *gosnmp.GoSNMP, a *snmpAgent) error {
			for _, p := range a.Ports {
				oids := make([]string, len(snmpCounters))
				for i, c := range snmpCounters {
					oids[i] = fmt.Sprintf("%s.%d", c.OID, p.IfIndex)
				}
				if _, err := g.Get(oids); err != nil {
					return err
				}
			}
			return nil
		})
	})
}

// BenchmarkSNMPSweepV3 sweeps 8 switches of 48 ports on 2 agents over SNMP
// v3 (SHA, AES), keeping each agent's session between sweeps, and in the
// same run opening a new session every sweep (engine discovery each time).
func BenchmarkSNMPSweepV3(b *testing.B) {
	_, src := benchSNMP(b, 2, 8, "v3")
	src.Concurrency, src.Timeout = 8, 10*time.Second
	r := NewReading(len(src.Counters()), len(src.Ports()))
	for _, fresh := range []bool{false, true} {
		name := "kept-session"
		if fresh {
			name = "new-session"
		}
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				if fresh {
					src.Close()
				}
				r.clear()
				if st := src.Sweep(context.Background(), r); st.Read != len(src.Ports()) {
					b.Fatalf("read %d of %d: %v", st.Read, len(src.Ports()), st.Warnings)
				}
			}
		})
	}
}

// BenchmarkSysfsSweep reads the two HCA ports of the fixture tree.
func BenchmarkSysfsSweep(b *testing.B) {
	m, err := model.Load("testdata/fattree.fvm")
	if err != nil {
		b.Fatal(err)
	}
	src, err := NewSysfsSource(m, sysfsRoot, []string{"mlx5_0/1=cn001", "mlx5_1/1=cn009"}, "", nil)
	if err != nil {
		b.Fatal(err)
	}
	r := NewReading(len(src.Counters()), len(src.Ports()))
	for b.Loop() {
		r.clear()
		src.Sweep(context.Background(), r)
	}
}

// BenchmarkExporterObserve renders the Prometheus page of a sweep of 768
// ports × 8 counters.
func BenchmarkExporterObserve(b *testing.B) {
	m, src := benchSNMPModelOnly(b)
	e := NewExporter(m, src, nil)
	r := NewReading(len(src.Counters()), len(src.Ports()))
	for c := range r.Vals {
		for i := range r.Vals[c] {
			r.Vals[c][i], r.OK[c][i] = uint64(i)*1234567, true
		}
	}
	for b.Loop() {
		e.Observe(r, SweepStats{Attempted: 768, Read: 768}, time.Second, time.Now(), Summary{})
	}
	b.ReportMetric(float64(len(e.body)), "bytes/page")
}

// benchSNMPModelOnly is the 768-port model and mapping without agents.
func benchSNMPModelOnly(b *testing.B) (*model.Model, *SNMPSource) {
	var ms, mp strings.Builder
	ms.WriteString("columns 16\nports 48\nport-base 1\nhostname-format n%03d\nportdef A\n")
	for p := 1; p <= 48; p++ {
		fmt.Fprintf(&ms, "%d proc top %d\n", p, p)
	}
	ms.WriteString("end\n")
	for i := range 16 {
		fmt.Fprintf(&ms, "switch s%02d 0 0 %d node %d\n", i, i, i*48)
		fmt.Fprintf(&mp, "agent s%02d 127.0.0.1 pub\n", i)
		for p := 1; p <= 48; p++ {
			fmt.Fprintf(&mp, "port s%02d.%d ifindex %d\n", i, p, p)
		}
	}
	m, err := model.Parse("bench.fvm", strings.NewReader(ms.String()))
	if err != nil {
		b.Fatal(err)
	}
	return m, snmpSource(b, m, mp.String())
}

// BenchmarkMerge merges two shard logs of 384 ports × 1,440 steps (a day
// at one minute), the second with a clock offset.
func BenchmarkMerge(b *testing.B) {
	dir := b.TempDir()
	start := time.Date(2026, 11, 21, 0, 0, 0, 0, time.UTC)
	var files []string
	for k := range 2 {
		var sb strings.Builder
		fmt.Fprintf(&sb, "#! fabviz-log 1\n#! counter x bytes\n#! interval 60s\n# fabviz shard %d/2\n", k+1)
		if k == 1 {
			sb.WriteString("# fabviz clock-offset -3.3 rtt 0.0002 ref a:1\n")
		}
		for i := 0; i < 384; i += 32 {
			sb.WriteString("#! ports")
			for j := i; j < i+32; j++ {
				fmt.Fprintf(&sb, " s%d.%d", k, j)
			}
			sb.WriteString("\n")
		}
		for s := range 1440 {
			t := start.Add(time.Duration(s) * time.Minute)
			if k == 1 {
				t = t.Add(3 * time.Second)
			}
			sb.WriteString(t.Format(TimeFormat))
			for j := range 384 {
				fmt.Fprintf(&sb, " %d", (s*j)%100000)
			}
			sb.WriteString("\n")
		}
		p := filepath.Join(dir, fmt.Sprintf("s%d.fvlog", k))
		os.WriteFile(p, []byte(sb.String()), 0o644)
		files = append(files, p)
	}
	for b.Loop() {
		st, err := MergeLogs(filepath.Join(dir, "out.fvlog"), files)
		if err != nil || st.Steps != 1440 {
			b.Fatal(st, err)
		}
	}
}
