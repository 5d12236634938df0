package model

import (
	"bytes"
	"os"
	"testing"
)

func FuzzParse(f *testing.F) {
	for _, p := range []string{"../examples/ring4/ring4.fvm", "../examples/planes/planes.fvm"} {
		b, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Add([]byte(base + "switch a 0 0 0 node 0\nlink a.2 a.3\n"))
	f.Add([]byte("wrap x y z\nplanes 2\nportdef A\n0 net top 0\n1 net bottom 0\nend\nswitch a 0 0 0\nswitch b 1 0 0\n"))
	f.Add([]byte("rows 3\ncolumns 2\n" + base + "portdef B\n0 proc top 0\nend\nlogical-row 1 2:B\nlogical-row 0 1 0\nswitch a 0 2 1 node 0\n"))
	f.Add([]byte("rows 2\n" + base + "logical-row 0 1 1:A 7\nlogical-row 3 x\nswitch a 0 0 0\n"))
	f.Add([]byte("hostname-format cn%03d\nhostname 0 \"x y\"\n"))
	f.Add([]byte(base + "switch a 0 0 0 node 0\nhostname 0 h\nhostname 1 h\nrate a.2 4x HDR\nrate a.3 12xqdr x\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := Parse("fuzz.fvm", bytes.NewReader(data))
		if err != nil {
			if m != nil {
				t.Fatal("model and error")
			}
			return
		}
		checkInvariants(t, m)
		if m.Rows*m.Columns <= 1<<16 {
			checkLogical(t, m)
		}
	})
}

// checkInvariants asserts what every valid model guarantees.
func checkInvariants(t *testing.T, m *Model) {
	links := 0
	for i := range m.NumPorts() {
		p := PortRef(i)
		q := m.Peer(p)
		if q == NoPort {
			continue
		}
		links++
		if m.Peer(q) != p || q == p {
			t.Fatalf("peer of %s is %s, whose peer is %s", m.Label(p), m.Label(q), m.Label(m.Peer(q)))
		}
		if m.Spec(p).Role != Net || m.Spec(q).Role != Net {
			t.Fatalf("link %s-%s joins a non-net port", m.Label(p), m.Label(q))
		}
	}
	if links != 2*m.NumLinks() {
		t.Fatalf("%d linked ports for %d links", links, m.NumLinks())
	}
	nodes := 0
	for n := m.MinNode; n <= m.MaxNode; n++ {
		p := m.NodePort(n)
		if p == NoPort {
			continue
		}
		nodes++
		if got, ok := m.Node(p); !ok || got != n {
			t.Fatalf("node %d -> %s -> %d", n, m.Label(p), got)
		}
		if h := m.HostName(n); h != "" {
			if back, ok := m.NodeByHost(h); !ok || back != n {
				t.Fatalf("host %q of node %d resolves to %d, %v", h, n, back, ok)
			}
		}
	}
	if nodes != m.NumNodes {
		t.Fatalf("%d nodes resolve, NumNodes %d", nodes, m.NumNodes)
	}
	for i, s := range m.Switches {
		if m.SwitchAt(s.Plane, s.Row, s.Col) != i {
			t.Fatalf("switch %s not at its position", s.Label)
		}
		if j, ok := m.SwitchByLabel(s.Label); !ok || j != i {
			t.Fatalf("switch %s lookup", s.Label)
		}
	}
}

// checkLogical asserts that the logical arrangement places every physical
// row once and every grid position of a plane at its own logical place.
func checkLogical(t *testing.T, m *Model) {
	seen := make([]int, m.Rows)
	for _, rows := range m.LogicalRows() {
		for _, r := range rows {
			seen[r]++
		}
	}
	taken := map[[2]int]bool{}
	for r, n := range seen {
		if n != 1 {
			t.Fatalf("physical row %d is in %d logical rows", r, n)
		}
		for c := range m.Columns {
			lr, lc := m.LogicalPos(r, c)
			if lr < 0 || lr >= len(m.LogicalRows()) || lc < 0 || lc >= m.LogicalColumns() || taken[[2]int{lr, lc}] {
				t.Fatalf("row %d column %d at logical %d,%d: outside or taken", r, c, lr, lc)
			}
			taken[[2]int{lr, lc}] = true
		}
	}
}

func TestInvariantsOfExamples(t *testing.T) {
	for _, p := range []string{"../examples/ring4/ring4.fvm", "../examples/planes/planes.fvm"} {
		checkInvariants(t, mustLoad(t, p))
	}
}
