// Command corpus writes the benchmark models that no fabnet generator makes
// (see bench/run):
//
//	corpus grid DIR    DIR/grid400k.fvm: 125×200 sixteen-port switches, 400,000 ports
package main

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/fabviz/fabviz/internal/testsupport/benchmodel"
)

func main() {
	if len(os.Args) != 3 || os.Args[1] != "grid" {
		fmt.Fprintln(os.Stderr, "usage: corpus grid DIR")
		os.Exit(2)
	}
	path := filepath.Join(os.Args[2], "grid400k.fvm")
	if err := os.WriteFile(path, []byte(benchmodel.Grid(125, 200)), 0o644); err != nil {
		fmt.Fprintln(os.Stderr, "corpus:", err)
		os.Exit(1)
	}
}
