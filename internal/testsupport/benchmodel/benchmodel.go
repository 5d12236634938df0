// Package benchmodel writes large model files for benchmarks and tests:
// a wrapped grid of ring4-style switches and the team's 16,384-node fat
// tree. Only tests import it.
package benchmodel

import (
	"fmt"
	"strings"

	"github.com/fabviz/fabviz/internal/testsupport/fattree"
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

// FatTree is the 16,384-node fat tree the data benchmarks use
// (internal/fattree: 512 leaves, 256 spines, 64-port switches, 49,152
// ports), as model text.
func FatTree() string {
	var b strings.Builder
	if err := fattree.Full.WriteModel(&b); err != nil {
		panic(err)
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
