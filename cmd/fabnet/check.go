package main

import (
	"fmt"
	"io"

	"github.com/fabviz/fabviz/model"
	"github.com/fabviz/fabviz/routes"
)

func init() {
	register("check", "validate a model (and its routes and data)", runCheck)
}

func runCheck(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("check", "fabnet check MODEL.fvm [-param FILE] [-job FILE] [--lenient]", stderr)
	maxErrors := fs.Int("max-errors", 20, "bad routes listed before only counting them")
	var df dataFlags
	df.register(fs, " to validate against the model")
	if err := parseInterspersed(fs, args); err != nil {
		return 2
	}
	if fs.NArg() != 1 {
		fs.Usage()
		return 2
	}
	m, ok := loadModel(fs.Arg(0), stderr)
	if !ok {
		return 1
	}
	steps, ok := checkData(m, df, stderr)
	if !ok {
		return 1
	}
	n, code := checkRoutes(m, *maxErrors, stderr)
	status := "ok"
	if code != 0 {
		status = "failed"
	}
	fmt.Fprintf(stdout, "%s: %d switches, %d ports, %d nodes, %d links, %d routes",
		status, len(m.Switches), m.NumPorts(), m.NumNodes, m.NumLinks(), n)
	if steps >= 0 {
		fmt.Fprintf(stdout, ", %d steps", steps)
	}
	fmt.Fprintln(stdout)
	return code
}

// checkRoutes traces every route of the model, listing bad routes (up to
// limit) and warnings on stderr. It returns the routes checked and the exit
// status: 1 when any route is bad.
func checkRoutes(m *model.Model, limit int, stderr io.Writer) (int, int) {
	set, err := routes.Open(m)
	if err != nil {
		return 0, 0 // a model without routes has none to check
	}
	r := set.Check(limit)
	for _, w := range r.Warnings {
		if w.Kind.Missing() {
			fmt.Fprintf(stderr, "warning: %v\n", w)
		} else {
			fmt.Fprintln(stderr, w)
		}
	}
	for _, e := range r.Errors {
		fmt.Fprintln(stderr, e)
	}
	if r.More > 0 {
		fmt.Fprintf(stderr, "... and %d more bad routes\n", r.More)
	}
	if r.Bad > 0 {
		fmt.Fprintf(stderr, "%d of %d routes bad\n", r.Bad, r.Routes)
		return r.Routes, 1
	}
	return r.Routes, 0
}
