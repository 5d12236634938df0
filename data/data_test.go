package data

import (
	"errors"
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/fabviz/fabviz/internal/textio"
	"github.com/fabviz/fabviz/model"
)

// ring4 is the four-switch ring: switches s0..s3 of 16 ports, processor
// ports 0..11 (nodes 0..47, host names n00..n47), network ports 12..15.
func ring4(t testing.TB) *model.Model {
	t.Helper()
	m, err := model.Load("../examples/ring4/ring4.fvm")
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func port(t testing.TB, m *model.Model, label string) model.PortRef {
	t.Helper()
	p, ok := m.ResolvePort(label)
	if !ok {
		t.Fatalf("no port %s", label)
	}
	return p
}

func readString(t testing.TB, m *model.Model, src string, opt Options) (*Series, error) {
	t.Helper()
	return Read("t.dat", strings.NewReader(src), m, opt)
}

func mustRead(t testing.TB, m *model.Model, src string, opt Options) *Series {
	t.Helper()
	s, err := readString(t, m, src, opt)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

const basic = `# counter: port_xmit_data
#! steps 2026-11-21T10:00:00Z 60s   # time of step 0
#! counter port_xmit_data bytes
s0.0   120  340  95   0
s0.1   0    0    0    17
n14    5    -    7    2        # host name of node 14 = s1.2
s2.12  -9223372036854775808 9223372036854775807 -1 -
`

func TestReadBasic(t *testing.T) {
	m := ring4(t)
	s := mustRead(t, m, basic, Options{})
	if s.Steps() != 4 || s.Columns() != 4 {
		t.Fatalf("steps %d columns %d", s.Steps(), s.Columns())
	}
	if s.Header.Counter != "port_xmit_data" || s.Header.Unit != "bytes" || s.Header.Step.Seconds() != 60 ||
		s.Header.Start.Format("15:04") != "10:00" {
		t.Errorf("header %+v", s.Header)
	}
	p0, p1, n14, net := port(t, m, "s0.0"), port(t, m, "s0.1"), port(t, m, "s1.2"), port(t, m, "s2.12")
	check := func(p model.PortRef, step int, want int64, wantOK bool) {
		t.Helper()
		if v, ok := s.Value(p, step); v != want || ok != wantOK {
			t.Errorf("%s step %d: %d %v, want %d %v", m.Label(p), step, v, ok, want, wantOK)
		}
	}
	check(p0, 2, 95, true)
	check(p1, 3, 17, true)
	check(n14, 1, 0, false)
	check(net, 0, math.MinInt64, true)
	check(net, 1, math.MaxInt64, true)
	check(net, 3, 0, false)
	check(port(t, m, "s3.5"), 2, 0, true) // unlisted
	if got := s.Running(p0, 1); got != 460 {
		t.Errorf("running %d", got)
	}
	if got := s.Total(n14); got != 14 {
		t.Errorf("total %d", got)
	}
	if got := s.Running(net, 1); got != -1 {
		t.Errorf("running across the int64 range %d", got)
	}
	if lo, hi, ok := s.StepRange(2); lo != -1 || hi != 95 || !ok {
		t.Errorf("step range %d %d %v", lo, hi, ok)
	}
	if lo, hi, ok := s.Range(1, Running); lo != -1 || hi != 460 || !ok {
		t.Errorf("running range %d %d", lo, hi)
	}
	for sw, want := range []bool{true, true, true, false} {
		if s.SwitchHasData(sw) != want {
			t.Errorf("switch %d has data %v", sw, !want)
		}
	}
	if !s.Listed(p0) || s.Listed(port(t, m, "s3.5")) {
		t.Error("Listed")
	}
	vals := make([]int64, m.NumPorts())
	ok := make([]bool, m.NumPorts())
	s.Fill(vals, ok, 1, Slice)
	if vals[p0] != 340 || ok[n14] || !ok[p1] {
		t.Errorf("fill slice: %d %v %v", vals[p0], ok[n14], ok[p1])
	}
	s.Fill(vals, ok, 3, Running)
	if vals[n14] != 14 || !ok[n14] || vals[p0] != 555 {
		t.Errorf("fill running: %d %d", vals[n14], vals[p0])
	}
}

// TestRunningSums checks running sums against a direct sum at every step,
// reached in order, backwards and by jumps, across several checkpoints.
func TestRunningSums(t *testing.T) {
	m := ring4(t)
	const steps = 3*ckptEvery + 7
	var b strings.Builder
	want := map[model.PortRef][]int64{}
	for k := 0; k < 5; k++ {
		label := []string{"s0.0", "s1.3", "n30", "s3.14", "s2.2"}[k]
		b.WriteString(label)
		p := port(t, m, label)
		sum := int64(0)
		for st := 0; st < steps; st++ {
			v := int64((st*7+k*13)%50 - 10)
			if (st+k)%11 == 0 {
				b.WriteString(" -")
				v = 0
			} else {
				b.WriteString(" " + strconv.FormatInt(v, 10))
			}
			sum += v
			want[p] = append(want[p], sum)
		}
		b.WriteString("\n")
	}
	s := mustRead(t, m, b.String(), Options{})
	vals := make([]int64, m.NumPorts())
	order := []int{}
	for st := 0; st < steps; st++ {
		order = append(order, st)
	}
	for st := steps - 1; st >= 0; st -= 5 {
		order = append(order, st)
	}
	order = append(order, 100, 3, 190, 64, 63, 128, 0)
	for _, st := range order {
		s.Fill(vals, nil, st, Running)
		for p, w := range want {
			if vals[p] != w[st] || s.Running(p, st) != w[st] {
				t.Fatalf("step %d %s: fill %d running %d want %d", st, m.Label(p), vals[p], s.Running(p, st), w[st])
			}
		}
	}
	for p, w := range want {
		if s.Total(p) != w[steps-1] {
			t.Errorf("total %s", m.Label(p))
		}
	}
}

func TestSaturatingSums(t *testing.T) {
	m := ring4(t)
	s := mustRead(t, m, "s0.0 9223372036854775807 1 5\ns0.1 -9223372036854775808 -1 7\n", Options{})
	if s.Total(port(t, m, "s0.0")) != math.MaxInt64 || s.Total(port(t, m, "s0.1")) != math.MinInt64+7 {
		t.Errorf("totals %d %d", s.Total(port(t, m, "s0.0")), s.Total(port(t, m, "s0.1")))
	}
}

func TestLenient(t *testing.T) {
	m := ring4(t)
	src := "s0.0 1 2\nbogus 3 4\nn99 5 6\ns0.1 7 8\n"
	_, err := readString(t, m, src, Options{})
	var list textio.ErrorList
	if !errors.As(err, &list) || len(list) != 2 || list[0].Line != 2 || list[1].Line != 3 {
		t.Fatalf("strict: %v", err)
	}
	s := mustRead(t, m, src, Options{Lenient: true})
	if s.Columns() != 2 || len(s.Warnings) != 1 || !strings.Contains(s.Warnings[0], `t.dat:2: 2 line(s)`) {
		t.Errorf("lenient: %d columns, warnings %q", s.Columns(), s.Warnings)
	}
	if v, _ := s.Value(port(t, m, "s0.1"), 1); v != 8 {
		t.Errorf("value after skipped lines %d", v)
	}
}

func TestJobFile(t *testing.T) {
	m := ring4(t)
	j := mustRead(t, m, "s0.0 0 7 7\nn01 3 3 0\ns0.12 0 0 0\n", Options{Kind: Job})
	ids := j.JobIDs()
	if len(ids) != 2 || ids[0] != 3 || ids[1] != 7 {
		t.Errorf("ids %v", ids)
	}
	dst := make([]int64, m.NumPorts())
	j.FillJobs(dst, 1)
	if dst[port(t, m, "s0.0")] != 7 || dst[port(t, m, "s0.1")] != 3 || dst[port(t, m, "s3.0")] != 0 {
		t.Errorf("fill jobs")
	}
	p := mustRead(t, m, "s0.0 1 2\n", Options{})
	if err := CheckJobs(p, j); err == nil || !strings.Contains(err.Error(), "t.dat:1: 3 steps, but the parameter file t.dat has 2") {
		t.Errorf("step mismatch: %v", err)
	}
}
