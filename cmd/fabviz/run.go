package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/fabviz/fabviz/headless"
	"github.com/fabviz/fabviz/view"
)

// runCmd executes a viewer script with the headless session.
func runCmd(args []string, stderr io.Writer) int {
	if len(args) != 1 {
		fmt.Fprintln(stderr, "usage: fabviz run SCRIPT.fvcmd")
		return 2
	}
	f, err := os.Open(args[0])
	if err != nil {
		fmt.Fprintf(stderr, "fabviz run: %v\n", err)
		return 1
	}
	defer f.Close()
	s := headless.New(stderr)
	defer s.Release()
	if err := s.LoadDefaultInit(); err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	in := view.New(s)
	in.Dir = filepath.Dir(args[0])
	if err := in.Run(args[0], f); err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	return 0
}
