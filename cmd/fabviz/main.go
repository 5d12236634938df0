// Command fabviz is the 3-D viewer. Subcommands:
//
//	fabviz snapshot MODEL [flags] -o OUT.png   draw a picture with no display
//	fabviz run SCRIPT.fvcmd                    run a viewer script headless
//
// The interactive window is not built yet.
package main

import (
	"fmt"
	"io"
	"os"
)

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }

func run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		usage(stderr)
		return 2
	}
	switch args[0] {
	case "snapshot":
		return snapshotCmd(args[1:], stderr)
	case "run":
		return runCmd(args[1:], stderr)
	case "help", "-h", "-help", "--help":
		usage(stdout)
		return 0
	}
	fmt.Fprintf(stderr, "fabviz: unknown command %q (the interactive viewer is not built yet)\n", args[0])
	usage(stderr)
	return 2
}

func usage(w io.Writer) {
	fmt.Fprint(w, `usage:
  fabviz snapshot MODEL [flags] -o OUT.png   draw the scene into a PNG (no display needed)
  fabviz run SCRIPT.fvcmd                    run a viewer script (FORMATS.md §6) headless
run 'fabviz snapshot -h' for the snapshot flags
`)
}
