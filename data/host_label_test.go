package data

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/fabviz/fabviz/model"
)

// hostModel has a host dgx1 with three ports (a.1, a.2, b.1), a one-port
// host cn7 (a.3) and a net port a.4.
func hostModel(t testing.TB) *model.Model {
	t.Helper()
	return hostModelWith(t, "hostname 0 dgx1\nhostname 1 dgx1\nhostname 3 dgx1\nhostname 2 cn7\n")
}

// hostModelWith is hostModel's switches and ports with other hostname lines.
func hostModelWith(t testing.TB, hostnames string) *model.Model {
	t.Helper()
	m, err := model.Parse("h.fvm", strings.NewReader(`ports 4
port-base 1
columns 2
portdef A
1 proc bottom 0
2 proc bottom 1
3 proc bottom 2
4 net top 0
end
switch a 0 0 0 node 0
switch b 0 0 1 node 3
link a.4 b.4
`+hostnames))
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func readSeries(t *testing.T, m *model.Model, text string, kind Kind) *Series {
	t.Helper()
	s, err := Read("j.dat", strings.NewReader(text), m, Options{Kind: kind})
	if err != nil {
		t.Fatalf("%q: %v", text, err)
	}
	return s
}

// TestJobHostLabel: in a job file, the name of a host with several ports
// tags every port of the host, exactly as a line per port would, in any
// chunking, with gaps and 64-bit ids; a one-port host's name stands for its
// port as before.
func TestJobHostLabel(t *testing.T) {
	m := hostModel(t)
	defer func(n int) { chunkSize = n }(chunkSize)
	for _, vals := range []string{"7 7 0", "7 - 9", "5000000000 - 3"} {
		byHost := "#! steps 2026-11-21T10:00:00Z 60s\ncn7 5 5 5\na.4 0 0 0\ndgx1 " + vals + "\n"
		byPort := "#! steps 2026-11-21T10:00:00Z 60s\ncn7 5 5 5\na.4 0 0 0\na.1 " + vals + "\na.2 " + vals + "\nb.1 " + vals + "\n"
		for _, cs := range []int{7, 20, 1 << 20} {
			chunkSize = cs
			host, port := readSeries(t, m, byHost, Job), readSeries(t, m, byPort, Job)
			if host.Columns() != 5 {
				t.Errorf("%q, chunks of %d: %d columns, want 5", vals, cs, host.Columns())
			}
			host.File = port.File
			sameSeries(t, host, port)
			want := []model.PortRef{}
			for _, l := range []string{"a.1", "a.2", "b.1"} {
				p, _ := m.PortByLabel(l)
				want = append(want, p)
			}
			f := strings.Fields(vals)
			id, _ := strconv.ParseInt(f[0], 10, 64)
			if got := host.jobPorts(id, 0); fmt.Sprint(got) != fmt.Sprint(want) {
				t.Errorf("%q: ports of job %d at step 0: %v, want %v", vals, id, got, want)
			}
		}
	}
	// The same in a job log (§5).
	host, err := Read("j.fvlog", strings.NewReader(
		"#! fabviz-log 1\n#! counter job\n#! ports cn7 dgx1\n2026-11-21T10:00:00Z 5 7\n2026-11-21T10:01:00Z 5 -\n"), m, Options{Kind: Job})
	if err != nil {
		t.Fatal(err)
	}
	port, err := Read("j.fvlog", strings.NewReader(
		"#! fabviz-log 1\n#! counter job\n#! ports cn7 a.1 a.2 b.1\n2026-11-21T10:00:00Z 5 7 7 7\n2026-11-21T10:01:00Z 5 - - -\n"), m, Options{Kind: Job})
	if err != nil {
		t.Fatal(err)
	}
	if host.Columns() != 4 {
		t.Errorf("log: %d columns, want 4", host.Columns())
	}
	sameSeries(t, host, port)
}

// TestHostLabelRefused: a parameter file (or counter log) refuses the name
// of a host with several ports, lenient or not, saying why; a host and one
// of its own ports on two lines of a job file are a duplicate.
func TestHostLabelRefused(t *testing.T) {
	m := hostModel(t)
	const why = `"dgx1" is a host with 3 ports: a parameter value belongs to one port (copied to each, the host's sums would count it 3 times); label each port SWITCH.PORT (a.1, ...)`
	for _, lenient := range []bool{false, true} {
		_, err := Read("p.dat", strings.NewReader("cn7 5\ndgx1 5\n"), m, Options{Kind: Param, Lenient: lenient})
		if err == nil || !strings.Contains(err.Error(), "p.dat:2:1: "+why) {
			t.Errorf("parameter file (lenient %v): %v", lenient, err)
		}
		_, err = Read("p.fvlog", strings.NewReader("#! fabviz-log 1\n#! counter port_xmit_data\n#! ports cn7 dgx1\n2026-11-21T10:00:00Z 5 5\n"), m, Options{Kind: Param, Lenient: lenient})
		if err == nil || !strings.Contains(err.Error(), why) {
			t.Errorf("counter log (lenient %v): %v", lenient, err)
		}
	}
	// Only hosts of several ports: refused for what they are, not as labels
	// of another model.
	_, err := Read("p.dat", strings.NewReader("dgx1 5\ndgx1 6\n"), m, Options{})
	if err == nil || strings.Contains(err.Error(), "another model") || !strings.Contains(err.Error(), "p.dat:2:1: "+why) {
		t.Errorf("two host labels: %v", err)
	}
	// A one-port host's name stands for its port in both kinds.
	if s := readSeries(t, m, "cn7 5\n", Param); s.Columns() != 1 {
		t.Errorf("cn7: %d columns", s.Columns())
	}
	for _, c := range []struct{ text, want string }{
		{"dgx1 5\nb.1 5\n", "j.dat:2: duplicate label b.1 (already on line 1)"},
		{"a.2 5\ndgx1 5\n", "j.dat:2: duplicate label dgx1 (port a.2 of the host, already on line 1)"},
		{"dgx1 5\ndgx1 5\n", "j.dat:2: duplicate label a.1 (already on line 1)"},
	} {
		_, err := Read("j.dat", strings.NewReader(c.text), m, Options{Kind: Job})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: %v, want %q", c.text, err, c.want)
		}
	}
	_, err = Read("j.fvlog", strings.NewReader("#! fabviz-log 1\n#! counter job\n#! ports dgx1 b.1\n2026-11-21T10:00:00Z 5 5\n"), m, Options{Kind: Job})
	if err == nil || !strings.Contains(err.Error(), "b.1 is port b.1, already listed at line 3") {
		t.Errorf("log with a host and its port: %v", err)
	}
}

// TestJobHostLabelCache: a large job file with a host label answers the
// same from the column cache as parsed.
func TestJobHostLabelCache(t *testing.T) {
	t.Setenv("FABVIZ_CACHE", t.TempDir())
	m := hostModel(t)
	var b strings.Builder
	for _, l := range []string{"cn7", "dgx1"} {
		b.WriteString(l)
		for s := 0; s < 200000; s++ {
			switch {
			case s%97 == 0:
				b.WriteString(" -")
			case l == "dgx1":
				fmt.Fprintf(&b, " %d", 1000+s/1000)
			default:
				b.WriteString(" 4")
			}
		}
		b.WriteByte('\n')
	}
	path := filepath.Join(t.TempDir(), "big.jobs")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	parsed, err := Load(path, m, Options{Kind: Job})
	if err != nil {
		t.Fatal(err)
	}
	hits := cacheHits.Load()
	cached, err := Load(path, m, Options{Kind: Job})
	if err != nil || cacheHits.Load() != hits+1 {
		t.Fatalf("second load: %v, not from the cache: %v", err, cacheHits.Load() == hits)
	}
	if parsed.Columns() != 4 {
		t.Errorf("%d columns, want 4", parsed.Columns())
	}
	sameSeries(t, parsed, cached)

	// The same file on a model whose hosts have other ports (same port
	// labels): read again, not answered from the cache.
	other := hostModelWith(t, "hostname 0 dgx1\nhostname 1 dgx1\nhostname 3 cn7\n")
	hits = cacheHits.Load()
	again, err := Load(path, other, Options{Kind: Job})
	if err != nil || cacheHits.Load() != hits {
		t.Fatalf("another model: %v, from the cache: %v", err, cacheHits.Load() != hits)
	}
	fresh, err := Read(path, mustOpen(t, path), other, Options{Kind: Job})
	if err != nil {
		t.Fatal(err)
	}
	sameSeries(t, again, fresh)
	a3, _ := m.PortByLabel("a.3")
	b1, _ := other.PortByLabel("b.1")
	if again.Columns() != 3 || again.Total(b1) != parsed.Total(a3) || again.Listed(a3) {
		t.Errorf("cn7 moved to b.1: %d columns, total %d, a.3 listed %v", again.Columns(), again.Total(b1), again.Listed(a3))
	}
}

// FuzzReadHostLabels is FuzzRead on a model with a host of several ports.
func FuzzReadHostLabels(f *testing.F) {
	for _, s := range []string{"dgx1 5 -\ncn7 1 2\n", "a.2 1\ndgx1 2\n", "dgx1 5000000000\nb.4 0\n"} {
		f.Add([]byte(s), true)
		f.Add([]byte(s), false)
	}
	m := hostModel(f)
	f.Fuzz(func(t *testing.T, src []byte, job bool) { wholeOrCut(t, m, src, job) })
}
