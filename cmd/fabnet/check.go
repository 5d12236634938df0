package main

import (
	"errors"
	"flag"
	"fmt"
	"io"

	"github.com/fabviz/fabviz/model"
)

func init() {
	register("check", "validate a model (and its routes and data)", runCheck)
}

func runCheck(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("check", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: fabnet check MODEL.fvm")
		fs.PrintDefaults()
	}
	if err := parseInterspersed(fs, args); err != nil {
		return 2
	}
	if fs.NArg() != 1 {
		fs.Usage()
		return 2
	}
	m, err := model.Load(fs.Arg(0))
	if err != nil {
		printErrors(stderr, err)
		return 1
	}
	fmt.Fprintf(stdout, "ok: %d switches, %d ports, %d nodes, %d links, %d routes\n",
		len(m.Switches), m.NumPorts(), m.NumNodes, m.NumLinks(), 0)
	return 0
}

// printErrors writes every error of a list, one a line.
func printErrors(w io.Writer, err error) {
	var list model.ErrorList
	if errors.As(err, &list) {
		for _, e := range list {
			fmt.Fprintln(w, e)
		}
		return
	}
	fmt.Fprintln(w, err)
}

// parseInterspersed parses flags that may come before or after positional
// arguments, as users type them: `fabnet check m.fvm -param x.dat`.
func parseInterspersed(fs *flag.FlagSet, args []string) error {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return err
		}
		if fs.NArg() == 0 {
			break
		}
		pos = append(pos, fs.Arg(0))
		args = fs.Args()[1:]
	}
	return fs.Parse(append([]string{"--"}, pos...))
}
