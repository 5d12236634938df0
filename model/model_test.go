package model

import (
	"fmt"
	"strings"
	"testing"
)

func mustLoad(t *testing.T, path string) *Model {
	t.Helper()
	m, err := Load(path)
	if err != nil {
		t.Fatalf("Load(%s): %v", path, err)
	}
	return m
}

func port(t *testing.T, m *Model, label string) PortRef {
	t.Helper()
	p, ok := m.PortByLabel(label)
	if !ok {
		t.Fatalf("no port %s", label)
	}
	return p
}

func TestRing4(t *testing.T) {
	m := mustLoad(t, "../examples/ring4/ring4.fvm")
	if got := [5]int{len(m.Switches), m.NumPorts(), m.NumNodes, m.NumLinks(), len(m.Links())}; got != [5]int{4, 64, 48, 8, 8} {
		t.Fatalf("counts = %v", got)
	}
	if m.Name != "four switches in a ring" || !m.Wrap[0] || m.Wrap[1] || m.Wrap[2] {
		t.Errorf("name %q wrap %v", m.Name, m.Wrap)
	}
	// East port slot k of each switch joins west port slot k of the next,
	// and the last switch wraps round to the first.
	for i, want := range map[string]string{
		"s0.12": "s1.14", "s0.13": "s1.15", "s1.12": "s2.14", "s2.13": "s3.15",
		"s3.12": "s0.14", "s3.13": "s0.15",
	} {
		if got := m.Label(m.Peer(port(t, m, i))); got != want {
			t.Errorf("peer of %s = %s, want %s", i, got, want)
		}
		if got := m.Label(m.Peer(port(t, m, want))); got != i {
			t.Errorf("peer of %s = %s, want %s", want, got, i)
		}
	}
	if m.Peer(port(t, m, "s2.5")) != NoPort {
		t.Error("a proc port has a peer")
	}
	for node := 0; node < 48; node++ {
		p := m.NodePort(node)
		if p == NoPort {
			t.Fatalf("node %d has no port", node)
		}
		if n, ok := m.Node(p); !ok || n != node {
			t.Fatalf("Node(NodePort(%d)) = %d, %v", node, n, ok)
		}
		if got, want := m.SwitchOf(p), node/12; got != want {
			t.Errorf("node %d on switch %d, want %d", node, got, want)
		}
		if m.Number(p) != node%12 {
			t.Errorf("node %d on port %d", node, m.Number(p))
		}
	}
	if m.NodePort(48) != NoPort || m.NodePort(-1) != NoPort {
		t.Error("nodes outside the range resolve")
	}
	spec := m.Spec(port(t, m, "s1.13"))
	if spec.Role != Net || spec.Face != East || spec.Slot != 1 || spec.Rank != -1 {
		t.Errorf("s1.13 = %+v", spec)
	}
	if spec := m.Spec(port(t, m, "s1.7")); spec.Role != Proc || spec.Face != Top || spec.Slot != 7 || spec.Rank != 7 {
		t.Errorf("s1.7 = %+v", spec)
	}
}

func TestPlanesExample(t *testing.T) {
	m := mustLoad(t, "../examples/planes/planes.fvm")
	if m.PortBase != 1 || m.Planes != 2 || m.NumLinks() != 14 || m.NumNodes != 16 {
		t.Fatalf("base %d planes %d links %d nodes %d", m.PortBase, m.Planes, m.NumLinks(), m.NumNodes)
	}
	if _, ok := m.PortByLabel("p0r0c0.0"); ok {
		t.Error("port 0 exists with port-base 1")
	}
	links := map[string]string{
		"p0r1c0.3": "p0r1c1.3", // east of A meets the rotated switch's west face: its port 3
		"p0r0c1.5": "p0r1c1.5", // south of A meets the rotated switch's north face: its port 5
		"p0r0c0.3": "p0r0c1.4",
		"p0r0c0.5": "p0r1c0.6",
		"p0r0c0.7": "p1r0c0.8", // top of plane 0 to bottom of plane 1
		"p1r0c0.7": "p1r1c1.7", // explicit cross cables
		"p1r0c1.7": "p1r1c0.7",
	}
	for a, b := range links {
		if got := m.Label(m.Peer(port(t, m, a))); got != b {
			t.Errorf("peer of %s = %s, want %s", a, got, b)
		}
	}
	for _, l := range []string{"p0r0c0.8", "p0r0c0.4", "p0r0c0.6", "p0r1c1.4", "p0r1c1.6"} {
		if q := m.Peer(port(t, m, l)); q != NoPort {
			t.Errorf("%s (grid edge) joined to %s", l, m.Label(q))
		}
	}
	rot := m.Switches[3]
	if rot.Label != "p0r1c1" || rot.Def.Label != "B" || m.Switches[2].Def.Label != "A" {
		t.Errorf("rowdef: %s has %s, %s has %s", rot.Label, rot.Def.Label, m.Switches[2].Label, m.Switches[2].Def.Label)
	}
	if rot.HW != "0x0002c90000000004" || rot.SW != "4" {
		t.Errorf("ids %q %q", rot.HW, rot.SW)
	}
	for name, node := range map[string]int{"login1": 0, "gpu1": 15, "node3": 3, "node14": 14} {
		n, ok := m.NodeByHost(name)
		if !ok || n != node {
			t.Errorf("host %s = %d, %v; want %d", name, n, ok, node)
		}
		if got := m.HostName(node); got != name {
			t.Errorf("HostName(%d) = %q, want %q", node, got, name)
		}
	}
	for _, name := range []string{"node0", "node15", "node16", "node03", "nodex", "node"} {
		if n, ok := m.NodeByHost(name); ok {
			t.Errorf("host %s resolved to %d", name, n)
		}
	}
	p, ok := m.ResolvePort("gpu1")
	if !ok || m.Label(p) != "p1r1c1.2" {
		t.Errorf("gpu1 resolves to %v", p)
	}
	if o, ok := m.Lookup("p0r1c1"); !ok || o.Kind != KindSwitch || o.Switch != 3 {
		t.Errorf("Lookup switch = %+v", o)
	}
	if o, ok := m.Lookup("login1"); !ok || o.Kind != KindNode || m.Label(o.Port) != "p0r0c0.1" {
		t.Errorf("Lookup host = %+v", o)
	}
	if _, ok := m.Lookup("nosuch"); ok {
		t.Error("unknown label found")
	}
}

func TestDefaults(t *testing.T) {
	m, err := Parse("d.fvm", strings.NewReader("portdef A\n0 proc top 0\nend\nswitch a 0 0 0 node 5\n"))
	if err != nil {
		t.Fatal(err)
	}
	if m.Name != "d" || m.Ports != 16 || m.PortBase != 0 || m.Planes != 1 || m.Rows != 1 || m.Columns != 1 {
		t.Errorf("defaults: %+v", m)
	}
	if m.Encoding != Absolute || m.RoutesPath(5) != "" || m.MinNode != 5 || m.MaxNode != 5 || m.NumNodes != 1 {
		t.Errorf("defaults: enc %v routes %q nodes %d..%d", m.Encoding, m.RoutesPath(5), m.MinNode, m.MaxNode)
	}
}

func TestNodeGapsAndNoProcSwitch(t *testing.T) {
	src := `columns 3
portdef A
0 proc top 0
1 proc top 1
2 net east 0
3 net west 0
end
portdef S
0 net east 0
1 net west 0
end
rowdef 0 A S A
switch a 0 0 0 node 100
switch spine 0 0 1
switch b 0 0 2 node 110
routes r .rt
route-encoding relative
`
	m, err := Parse("g.fvm", strings.NewReader(src))
	if err != nil {
		t.Fatal(err)
	}
	if m.MinNode != 100 || m.MaxNode != 111 || m.NumNodes != 4 || m.Switches[1].FirstNode != -1 {
		t.Errorf("nodes %d..%d count %d", m.MinNode, m.MaxNode, m.NumNodes)
	}
	if m.NodePort(105) != NoPort || m.Label(m.NodePort(111)) != "b.1" {
		t.Error("gap node resolves, or last node misplaced")
	}
	if m.Label(m.Peer(port(t, m, "a.2"))) != "spine.1" || m.Label(m.Peer(port(t, m, "spine.0"))) != "b.3" {
		t.Error("links through the proc-less switch")
	}
	if m.Encoding != Relative || m.RoutesPath(100) != "r/100.rt" {
		t.Errorf("routes %v %q", m.Encoding, m.RoutesPath(100))
	}
}

func TestExplicitLinkSuppressesImplicit(t *testing.T) {
	src := `columns 3
portdef A
0 net east 0
1 net west 0
end
switch a 0 0 0
switch b 0 0 1
switch c 0 0 2
link a.0 c.1
`
	m, err := Parse("x.fvm", strings.NewReader(src))
	if err != nil {
		t.Fatal(err)
	}
	// a.0 is cabled to c.1 explicitly, so their implicit partners b.1 and
	// b.0 stay unconnected.
	if m.NumLinks() != 1 || m.Label(m.Peer(port(t, m, "a.0"))) != "c.1" {
		t.Errorf("links %d", m.NumLinks())
	}
	if m.Peer(port(t, m, "b.1")) != NoPort || m.Peer(port(t, m, "b.0")) != NoPort {
		t.Errorf("b joined a port an explicit link already holds")
	}
}

func TestWrapOfOneColumn(t *testing.T) {
	src := "wrap x\nportdef A\n0 net east 0\n1 net west 0\nend\nswitch a 0 0 0\n"
	m, err := Parse("w.fvm", strings.NewReader(src))
	if err != nil {
		t.Fatal(err)
	}
	if m.NumLinks() != 1 || m.Label(m.Peer(port(t, m, "a.0"))) != "a.1" {
		t.Errorf("a single wrapped switch should loop east to west: %d links", m.NumLinks())
	}
}

func TestLogicalRows(t *testing.T) {
	src := "rows 4\ncolumns 2\n" + base + "portdef B\n0 proc top 0\n1 proc top 1\n2 net north 0\n3 net south 0\nend\n" +
		"logical-row 1 3 1\nlogical-row 0 0 2:B\n" +
		"switch a 0 0 0 node 0\nswitch b 0 2 1 node 2\nswitch c 0 3 0 node 4\n"
	m, err := Parse("lr.fvm", strings.NewReader(src))
	if err != nil {
		t.Fatal(err)
	}
	if got := fmt.Sprint(m.LogicalRows()); got != "[[0 2] [3 1]]" || !m.HasLogicalRows() || m.LogicalColumns() != 4 {
		t.Fatalf("logical rows %s, declared %v, width %d", got, m.HasLogicalRows(), m.LogicalColumns())
	}
	for _, c := range []struct{ row, col, lr, lc int }{{0, 1, 0, 1}, {2, 1, 0, 3}, {3, 0, 1, 0}, {1, 1, 1, 3}} {
		if lr, lc := m.LogicalPos(c.row, c.col); lr != c.lr || lc != c.lc {
			t.Errorf("row %d col %d: logical %d,%d, want %d,%d", c.row, c.col, lr, lc, c.lr, c.lc)
		}
	}
	if b, _ := m.SwitchByLabel("b"); m.Switches[b].Def.Label != "B" {
		t.Errorf("switch b in row 2 has portdef %s, want B from logical-row 0 2:B", m.Switches[b].Def.Label)
	}
	checkLogical(t, m)
	plain := mustLoad(t, "../examples/ring4/ring4.fvm")
	if plain.HasLogicalRows() || fmt.Sprint(plain.LogicalRows()) != "[[0]]" {
		t.Errorf("ring4 without logical-row lines: %v", plain.LogicalRows())
	}
}
