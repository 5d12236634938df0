package model

import (
	"math"
	"reflect"
	"strings"
	"testing"
)

// A host with two HCAs on two switches: its name repeats, and the order of
// its hostname lines is the order of its ports.
const multiHost = `ports 4
port-base 1
portdef A
1 proc bottom 0
2 proc bottom 1
3 net top 0
end
switch a 0 0 0 node 0
switch b 0 0 1 node 2
hostname 2 dgx1
hostname 0 dgx1
hostname 1 cn7
hostname 3 dgx1
rate a.1 4x HDR
rate b.3 1x sdr
`

func TestHostWithSeveralPorts(t *testing.T) {
	m, err := Parse("multi.fvm", strings.NewReader(multiHost+"columns 2\n"))
	if err != nil {
		t.Fatal(err)
	}
	if got := m.HostNodes("dgx1"); !reflect.DeepEqual(got, []int{2, 0, 3}) {
		t.Errorf("HostNodes(dgx1) = %v, want [2 0 3]", got)
	}
	if got := m.HostNodes("cn7"); !reflect.DeepEqual(got, []int{1}) {
		t.Errorf("HostNodes(cn7) = %v", got)
	}
	if m.HostNodes("nobody") != nil {
		t.Error("HostNodes of an unknown host is not nil")
	}
	if n, ok := m.NodeByHost("dgx1"); !ok || n != 2 {
		t.Errorf("NodeByHost(dgx1) = %d %v, want its first port 2", n, ok)
	}
	// Where one node is wanted, the host's other ports are named by their
	// port label or node id; a network port is no node.
	for name, want := range map[string]int{"dgx1": 2, "a.1": 0, "b.2": 3, "3": 3, "cn7": 1} {
		if n, ok := m.NodeByName(name); !ok || n != want {
			t.Errorf("NodeByName(%s) = %d %v, want %d", name, n, ok, want)
		}
	}
	for _, name := range []string{"a.3", "b.9", "dgx1.1", "nobody"} {
		if n, ok := m.NodeByName(name); ok {
			t.Errorf("NodeByName(%s) = %d", name, n)
		}
	}
	for _, n := range []int{0, 2, 3} {
		if m.HostName(n) != "dgx1" {
			t.Errorf("HostName(%d) = %q", n, m.HostName(n))
		}
	}
	// A data label names one port: a host of several is refused, and
	// UnknownLabel says why.
	if p, ok := m.ResolvePort("dgx1"); ok {
		t.Errorf("ResolvePort(dgx1) = %v", m.Label(p))
	}
	if why := m.UnknownLabel("dgx1"); why != `"dgx1" is a host with 3 ports: a data label names one port; label each port SWITCH.PORT (b.1, ...)` {
		t.Errorf("UnknownLabel(dgx1) = %s", why)
	}
	if p, ok := m.ResolvePort("cn7"); !ok || m.Label(p) != "a.2" {
		t.Errorf("ResolvePort(cn7) = %v %v", p, ok)
	}
}

func TestRates(t *testing.T) {
	m, err := Parse("multi.fvm", strings.NewReader(multiHost+"columns 2\n"))
	if err != nil {
		t.Fatal(err)
	}
	r, ok := m.Rate(port(t, m, "a.1"))
	if !ok || r != (LinkRate{4, "HDR"}) || r.String() != "4xHDR" {
		t.Errorf("a.1 rate %v %v", r, ok)
	}
	if r, ok := m.Rate(port(t, m, "b.3")); !ok || r != (LinkRate{1, "SDR"}) {
		t.Errorf("b.3 rate %v %v", r, ok)
	}
	if _, ok := m.Rate(port(t, m, "a.2")); ok {
		t.Error("a.2 has a rate without a rate line")
	}
	if u, ok := m.UsualRate(); !ok || u != (LinkRate{4, "HDR"}) {
		t.Errorf("usual rate of one 4xHDR and one 1xSDR: %v %v (want the faster on a tie)", u, ok)
	}
	m2, err := Parse("m2.fvm", strings.NewReader(multiHost+"rate a.2 1x SDR\ncolumns 2\n"))
	if err != nil {
		t.Fatal(err)
	}
	if u, _ := m2.UsualRate(); u != (LinkRate{1, "SDR"}) {
		t.Errorf("usual rate of two 1xSDR and one 4xHDR: %v", u)
	}
	plain, _ := Parse("p.fvm", strings.NewReader(base+"switch a 0 0 0 node 0\n"))
	if _, ok := plain.Rate(0); ok {
		t.Error("a model without rate lines gives a rate")
	}
	if _, ok := plain.UsualRate(); ok {
		t.Error("a model without rate lines has a usual rate")
	}
}

func TestGbps(t *testing.T) {
	for _, c := range []struct {
		in   string
		want float64
	}{{"4xEDR", 100}, {"4xHDR", 200}, {"4xQDR", 32}, {"4xFDR", 54.545}, {"4xFDR10", 40},
		{"1xSDR", 2}, {"4xDDR", 16}, {"4xNDR", 400}, {"12xQDR", 96}, {"2xHDR", 100}, {"4xXDR", 800}} {
		r, err := ParseRate(c.in, "")
		if err != nil {
			t.Fatalf("%s: %v", c.in, err)
		}
		if math.Abs(r.Gbps()-c.want) > 0.001 {
			t.Errorf("%s = %.3f Gbit/s, want %.3f", c.in, r.Gbps(), c.want)
		}
	}
	for _, bad := range []string{"4x", "xHDR", "4HDR", "16xHDR", "4x???"} {
		if _, err := ParseRate(bad, ""); err == nil {
			t.Errorf("ParseRate(%q) accepted", bad)
		}
	}
}
