package model

import (
	"bytes"
	"fmt"
	"runtime"
	"testing"
)

// bigModel writes a model of planes × rows × cols switches with 64 ports:
// 32 processor ports on top and 32 network ports on the side faces, top and
// bottom, wrapping in x and y.
func bigModel(planes, rows, cols int) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "planes %d\nrows %d\ncolumns %d\nports 64\nwrap x y\nprocessor-ports 32\nnetwork-ports 32\nhostname-format cn%%05d\nportdef A\n", planes, rows, cols)
	for i := range 32 {
		fmt.Fprintf(&b, "%d proc top %d\n", i, i)
	}
	port := 32
	for _, fc := range []struct {
		face  string
		slots int
		first int
	}{{"east", 8, 0}, {"west", 8, 0}, {"south", 4, 0}, {"north", 4, 0}, {"top", 4, 32}, {"bottom", 4, 32}} {
		for s := range fc.slots {
			fmt.Fprintf(&b, "%d net %s %d\n", port, fc.face, fc.first+s)
			port++
		}
	}
	b.WriteString("end\n")
	node := 0
	for p := range planes {
		for r := range rows {
			for c := range cols {
				fmt.Fprintf(&b, "switch sw%d_%d_%d %d %d %d node %d hw 0x%016x sw %d\n", p, r, c, p, r, c, node, node, node/32+1)
				node += 32
			}
		}
	}
	return b.Bytes()
}

func TestBigModel(t *testing.T) {
	m, err := Parse("big.fvm", bytes.NewReader(bigModel(2, 3, 4)))
	if err != nil {
		t.Fatal(err)
	}
	checkInvariants(t, m)
	// 24 switches: 8 east cables each (x wraps), 4 south (y wraps), and 4
	// top cables from plane 0 to plane 1 (z does not wrap).
	if want := 24*8 + 24*4 + 12*4; m.NumLinks() != want || m.NumNodes != 24*32 {
		t.Errorf("links %d want %d, nodes %d", m.NumLinks(), want, m.NumNodes)
	}
}

// BenchmarkParse5000 parses and validates a 5,000-switch, 64-port model
// (320,000 ports) and reports the heap the model keeps per port.
func BenchmarkParse5000(b *testing.B) {
	src := bigModel(5, 25, 40)
	b.SetBytes(int64(len(src)))
	var m *Model
	for b.Loop() {
		var err error
		m, err = Parse("big.fvm", bytes.NewReader(src))
		if err != nil {
			b.Fatal(err)
		}
	}
	b.StopTimer()
	m = nil
	runtime.GC()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	m, _ = Parse("big.fvm", bytes.NewReader(src))
	runtime.GC()
	runtime.ReadMemStats(&after)
	b.ReportMetric(float64(after.HeapAlloc-before.HeapAlloc)/float64(m.NumPorts()), "heapB/port")
	runtime.KeepAlive(m)
}
