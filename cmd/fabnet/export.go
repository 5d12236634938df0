package main

import (
	"fmt"
	"io"
	"os"

	"github.com/fabviz/fabviz/data"
)

func init() {
	register("export", "turn a collection log (.fvlog) into a parameter or job file", runExport)
}

func runExport(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("export", "fabnet export LOG.fvlog -o FILE.dat", stderr)
	out := fs.String("o", "-", "the parameter or job file to write (- = standard output)")
	if !parseArgs(fs, args, 1) {
		return 2
	}
	lg, err := data.LoadLog(fs.Arg(0))
	if err != nil {
		printErrors(stderr, err)
		return 1
	}
	if lg.Interrupted {
		fmt.Fprintf(stderr, "warning: %s: the last line has no newline (an interrupted write) and was left out\n", lg.File)
	}
	if *out == "-" {
		err = lg.WriteDat(stdout)
	} else {
		err = writeFile(*out, lg.WriteDat)
	}
	if err != nil {
		fmt.Fprintln(stderr, "fabnet export:", err)
		return 1
	}
	return 0
}

// writeFile writes a file through a temporary name, so a failed write
// leaves no half file behind.
func writeFile(path string, write func(io.Writer) error) error {
	tmp := path + ".tmp"
	f, err := os.Create(tmp)
	if err != nil {
		return err
	}
	if err := write(f); err != nil {
		f.Close()
		os.Remove(tmp)
		return err
	}
	if err := f.Close(); err != nil {
		os.Remove(tmp)
		return err
	}
	return os.Rename(tmp, path)
}
