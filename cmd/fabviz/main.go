// Command fabviz is the 3-D viewer. The viewer and the headless snapshot
// renderer are not built yet; until then this command says so and points at
// fabnet, which checks and summarises a model.
package main

import (
	"fmt"
	"os"
)

func main() {
	fmt.Fprintln(os.Stderr, "fabviz: the 3-D viewer is not built yet; use 'fabnet check MODEL' to inspect a model")
	os.Exit(1)
}
