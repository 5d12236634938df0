package main

import (
	"fmt"
	"io"

	"github.com/fabviz/fabviz/collect"
)

func init() {
	register("merge", "join sharded collectors' logs into one timeline", runMerge)
}

func runMerge(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("merge", "fabnet merge -o DIR SHARD-DIR...", stderr)
	out := fs.String("o", "", "directory for the merged logs (required)")
	if parseInterspersed(fs, args) != nil {
		return 2
	}
	if fs.NArg() < 1 || *out == "" {
		fs.Usage()
		return 2
	}
	stats, err := collect.MergeDirs(*out, fs.Args())
	if err != nil {
		printErrors(stderr, err)
		return 1
	}
	for _, s := range stats {
		fmt.Fprintf(stdout, "%s: %d logs, %d ports, %d steps", s.Counter, s.Inputs, s.Ports, s.Steps)
		if s.Collisions > 0 {
			fmt.Fprintf(stdout, ", %d lines dropped on steps already taken", s.Collisions)
		}
		fmt.Fprintln(stdout)
	}
	return 0
}
