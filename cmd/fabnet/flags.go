package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/fabviz/fabviz/model"
)

// What every subcommand shares: its flag set, argument parsing, model
// loading and error printing.

// newFlagSet is the flag set of a subcommand: errors and usage to stderr,
// the usage line first, then the flags.
func newFlagSet(name, usage string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		if !strings.HasPrefix(usage, "usage:") {
			usage = "usage: " + usage
		}
		fmt.Fprintln(stderr, strings.TrimSuffix(usage, "\n"))
		fs.PrintDefaults()
	}
	return fs
}

// parseArgs parses flags and positional arguments and checks the number of
// positional arguments, printing the usage when it is wrong.
func parseArgs(fs *flag.FlagSet, args []string, npos int) bool {
	if err := parseInterspersed(fs, args); err != nil {
		return false
	}
	if fs.NArg() != npos {
		fs.Usage()
		return false
	}
	return true
}

// loadModel loads a model file, printing every error on failure.
func loadModel(path string, stderr io.Writer) (*model.Model, bool) {
	m, err := model.Load(path)
	if err != nil {
		printErrors(stderr, err)
		return nil, false
	}
	return m, true
}

// register adds -param, -job and -lenient to a flag set.
func (df *dataFlags) register(fs *flag.FlagSet, what string) {
	fs.StringVar(&df.param, "param", "", "the parameter file or counter log"+what)
	fs.StringVar(&df.job, "job", "", "the job file or job log"+what)
	fs.BoolVar(&df.lenient, "lenient", false, "report labels the model does not know as a warning, not an error")
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

// writeJSON prints v as indented JSON; name is the subcommand, for errors.
func writeJSON(stdout, stderr io.Writer, name string, v any) int {
	enc := json.NewEncoder(stdout)
	enc.SetIndent("", " ")
	if err := enc.Encode(v); err != nil {
		fmt.Fprintf(stderr, "fabnet %s: %v\n", name, err)
		return 1
	}
	return 0
}
