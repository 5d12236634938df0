// Package benchmodel writes large model files for benchmarks and tests:
// a wrapped grid of ring4-style switches and a two-level fat tree. Only
// tests import it.
package benchmodel

import (
	"fmt"
	"strings"

	"github.com/fabviz/fabviz/model"
)

// ring4Portdef is ring4's switch: 12 processor ports on top, two network
// ports on each of east and west.
const ring4Portdef = `portdef A
0 proc top 0
1 proc top 1
2 proc top 2
3 proc top 3
4 proc top 4
5 proc top 5
6 proc top 6
7 proc top 7
8 proc top 8
9 proc top 9
10 proc top 10
11 proc top 11
12 net east 0
13 net east 1
14 net west 0
15 net west 1
end
`

// Grid is a model of rows×cols 16-port switches wrapped along x.
func Grid(rows, cols int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "name grid %dx%d\nrows %d\ncolumns %d\nports 16\nwrap x\n%s", rows, cols, rows, cols, ring4Portdef)
	for r := 0; r < rows; r++ {
		for c := 0; c < cols; c++ {
			fmt.Fprintf(&b, "switch g%d_%d 0 %d %d node %d\n", r, c, r, c, (r*cols+c)*12)
		}
	}
	return b.String()
}

// FatTree is a two-level fat tree of 32-port switches with 16,384 nodes:
// 1,024 leaves (16 nodes and 16 uplinks each) in plane 0 on a 32×32 grid,
// 512 spines (32 downlinks each) in plane 1 — 49,152 ports in all.
func FatTree() string {
	var b strings.Builder
	b.WriteString("name fat tree, 16384 nodes\nplanes 2\nrows 32\ncolumns 32\nports 32\n")
	b.WriteString("portdef Leaf\n")
	for p := 0; p < 16; p++ {
		fmt.Fprintf(&b, "%d proc top %d\n", p, p)
	}
	for p := 16; p < 32; p++ {
		fmt.Fprintf(&b, "%d net top %d\n", p, p)
	}
	b.WriteString("end\nportdef Spine\n")
	for p := 0; p < 32; p++ {
		fmt.Fprintf(&b, "%d net bottom %d\n", p, p)
	}
	b.WriteString("end\n")
	for r := 0; r < 16; r++ {
		fmt.Fprintf(&b, "rowdef 1.%d Spine\n", r)
	}
	for i := 0; i < 1024; i++ {
		fmt.Fprintf(&b, "switch leaf%d 0 %d %d node %d\n", i, i/32, i%32, i*16)
	}
	for s := 0; s < 512; s++ {
		fmt.Fprintf(&b, "switch spine%d 1 %d %d\n", s, s/32, s%32)
	}
	for i := 0; i < 1024; i++ {
		for j := 0; j < 16; j++ {
			fmt.Fprintf(&b, "link leaf%d.%d spine%d.%d\n", i, 16+j, (i%32)*16+j, i/32)
		}
	}
	return b.String()
}

// Parse parses generated text, panicking on error (the text is ours).
func Parse(name, text string) *model.Model {
	m, err := model.Parse(name, strings.NewReader(text))
	if err != nil {
		panic(err)
	}
	return m
}
