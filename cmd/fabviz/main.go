// Command fabviz is the 3-D viewer:
//
//	fabviz [MODEL] [-param F] [-job F] [-init F] [-script F.fvcmd]   open the window
//	fabviz snapshot MODEL [flags] -o OUT.png   draw a picture with no display
//	fabviz run SCRIPT.fvcmd                    run a viewer script headless
package main

import (
	"fmt"
	"io"
	"os"
	"runtime"
)

// GLFW wants its window, events and GL calls on the process's main
// thread: keep the main goroutine there from the start.
func init() { runtime.LockOSThread() }

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }

func run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		return viewerCmd(args, stderr)
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
	return viewerCmd(args, stderr)
}

func usage(w io.Writer) {
	fmt.Fprint(w, `usage:
  fabviz [MODEL] [-logs DIR] [-param F] [-job F] [-init F] [-script F.fvcmd] [-size WxH]
                                             open the viewer window (needs a display)
  fabviz snapshot MODEL [flags] -o OUT.png   draw the scene into a PNG (no display needed)
  fabviz run SCRIPT.fvcmd                    run a viewer script (FORMATS.md §6) headless
run 'fabviz snapshot -h' for the snapshot flags
`)
}
