package main

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/fabviz/fabviz/model"
	"github.com/fabviz/fabviz/model/ibnet"
	"github.com/fabviz/fabviz/routes"
	"github.com/fabviz/fabviz/routes/lft"
)

func init() {
	register("import", "turn a real fabric into a model and routes (import ibnet), or Prometheus history into a log (import prom)", runImport)
}

const importUsage = "usage: fabnet import ibnet -topo FILE [-lft FILE [-route-files | -check=false]] -o DIR [-name NAME] [-lenient] [-columns N]\n" +
	"  (docs/import.md: how to capture FILEs with ibnetdiscover and dump_fts)"

func runImport(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 && args[0] == "prom" {
		return runImportProm(args[1:], stdout, stderr)
	}
	if len(args) == 0 || args[0] != "ibnet" {
		fmt.Fprintln(stderr, importUsage)
		fmt.Fprintln(stderr, importPromUsage)
		return 2
	}
	fs := newFlagSet("import ibnet", importUsage, stderr)
	topo := fs.String("topo", "", "ibnetdiscover output (default or -p form)")
	tables := fs.String("lft", "", "forwarding tables: dump_fts, ibroute, opensm-lfts.dump or opensm.fdbs")
	out := fs.String("o", "", "output directory: DIR/model.fvm, and with -lft DIR/tables.lft (or DIR/routes/<id>.rt)")
	name := fs.String("name", "", "the model's name (default: the topology file's name)")
	lenient := fs.Bool("lenient", false, "keep going past inconsistent links (first description wins), with warnings")
	cols := fs.Int("columns", ibnet.DefaultMaxColumns, "widest row of switches in the layout")
	asTables := fs.Bool("tables", true, "with -lft: write the forwarding tables, DIR/tables.lft (FORMATS §2b); the default, the flag is kept for old scripts")
	check := fs.Bool("check", true, "with -lft: check every route through the tables written (as fabnet check does); -check=false leaves that to fabnet check")
	routeFiles := fs.Bool("route-files", false, "with -lft: write a route file per host, DIR/routes/<id>.rt (FORMATS §2; quadratic in the hosts), instead of the tables")
	if err := parseInterspersed(fs, args[1:]); err != nil {
		return 2
	}
	if flagSet(fs, "tables") && !*asTables {
		*routeFiles = true // -tables=false: the old default
	} else if *routeFiles && flagSet(fs, "tables") {
		fmt.Fprintln(stderr, "fabnet import: -tables and -route-files: choose one")
		return 2
	}
	if *topo == "" || *out == "" || fs.NArg() != 0 {
		fs.Usage()
		return 2
	}
	fab, err := ibnet.Load(*topo, ibnet.Options{Lenient: *lenient})
	if err != nil {
		printErrors(stderr, err)
		return 1
	}
	im, err := ibnet.Build(fab, ibnet.BuildOptions{MaxColumns: *cols})
	if err != nil {
		printErrors(stderr, err)
		return 1
	}
	var ts *lft.Tables
	if *tables != "" {
		if ts, err = lft.Load(*tables); err != nil {
			printErrors(stderr, err)
			return 1
		}
	}
	for _, l := range []model.ErrorList{fab.Warnings, im.Warnings, tableWarnings(ts)} {
		for _, w := range l {
			fmt.Fprintln(stderr, w)
		}
	}
	if *name == "" {
		*name = filepath.Base(*topo)
	}
	mo := ibnet.ModelOptions{Name: *name, Source: filepath.Base(*topo)}
	switch {
	case ts != nil && *routeFiles:
		mo.RoutesDir, mo.RoutesExt = "routes", ".rt"
	case ts != nil:
		mo.LFTFile = "tables.lft"
	}
	m, err := writeModel(im, mo, *out)
	if err != nil {
		printErrors(stderr, err)
		return 1
	}
	fmt.Fprintf(stdout, "%s: %d switches, %d host ports, %d portdefs, %d planes × %d rows × %d columns\n",
		filepath.Join(*out, "model.fvm"), len(im.Switches), len(im.Hosts), im.NumPortdefs(), im.Planes, im.Rows, im.Columns)
	if ts == nil {
		return 0
	}
	if !*routeFiles {
		return writeTables(m, im, ts, *out, *check, stdout, stderr)
	}
	res, err := lft.Write(filepath.Join(*out, "routes"), ".rt", im, ts)
	if err != nil {
		printErrors(stderr, err)
		return 1
	}
	fmt.Fprintf(stdout, "%s: %d route files, %d routes, %d missing\n", filepath.Join(*out, "routes"), res.Files, res.Routes, res.Missing)
	for _, w := range res.Warnings {
		fmt.Fprintln(stderr, w)
	}
	for _, p := range res.Problems {
		fmt.Fprintf(stderr, "route missing (%d routes): %s\n", p.Routes, p.Msg)
	}
	if n := res.MoreProblems(); n > 0 {
		fmt.Fprintf(stderr, "... and %d more reasons for missing routes\n", n)
	}
	if res.Missing > res.Unaddressed {
		return 1 // the tables lack routes to ports that have a LID
	}
	return 0
}

func tableWarnings(ts *lft.Tables) model.ErrorList {
	if ts == nil {
		return nil
	}
	return ts.Warnings
}

// flagSet says whether a flag was given on the command line.
func flagSet(fs *flag.FlagSet, name string) bool {
	set := false
	fs.Visit(func(f *flag.Flag) { set = set || f.Name == name })
	return set
}

// writeModel writes DIR/model.fvm after checking that it parses, and
// returns it parsed.
func writeModel(im *ibnet.Import, mo ibnet.ModelOptions, dir string) (*model.Model, error) {
	var b bytes.Buffer
	if err := im.WriteModel(&b, mo); err != nil {
		return nil, err
	}
	path := filepath.Join(dir, "model.fvm")
	m, err := model.Parse(path, bytes.NewReader(b.Bytes()))
	if err != nil {
		return nil, fmt.Errorf("internal error: the imported model does not parse: %w", err)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	return m, os.WriteFile(path, b.Bytes(), 0o644)
}

// importMaxErrors is how many bad routes the import lists.
const importMaxErrors = 10

// writeTables writes DIR/tables.lft: the fabric's tables in §2b form, which
// the model's `lft` line names. Then it checks every route through them,
// destination by destination as fabnet check does, and says how many are
// bad or missing: the exit status is 1 when any route to a port with a LID
// is bad.
func writeTables(m *model.Model, im *ibnet.Import, ts *lft.Tables, dir string, check bool, stdout, stderr io.Writer) int {
	r, err := lft.Match(im, ts)
	if err != nil {
		printErrors(stderr, err)
		return 1
	}
	for _, w := range r.Warnings() {
		fmt.Fprintln(stderr, w)
	}
	// Written straight to the file: a big fabric's tables are hundreds of
	// megabytes of text.
	path := filepath.Join(dir, "tables.lft")
	cw := &countWriter{}
	if err := writeFile(path, func(w io.Writer) error { cw.w = w; return r.WriteFVLFT(cw) }); err != nil {
		fmt.Fprintln(stderr, "fabnet import:", err)
		return 1
	}
	fmt.Fprintf(stdout, "%s: forwarding tables of %d switches, %d bytes\n", path, len(ts.List), cw.n)
	if !check {
		return 0
	}
	tab, err := readTablesFile(path, m)
	if err != nil {
		fmt.Fprintln(stderr, "internal error: the imported tables do not read:")
		printErrors(stderr, err)
		return 1
	}
	rep := routes.NewFromTables(m, tab).Check(importMaxErrors)
	fmt.Fprintf(stdout, "%s: %d routes, %d bad, %d missing\n", path, rep.Routes, rep.Bad, rep.Missing)
	for _, e := range rep.Errors {
		fmt.Fprintln(stderr, e)
	}
	if rep.More > 0 {
		fmt.Fprintf(stderr, "... and %d more bad routes (fabnet check -max-errors N lists more)\n", rep.More)
	}
	if rep.Bad > 0 {
		return 1
	}
	return 0
}

// countWriter counts the bytes written through it.
type countWriter struct {
	w io.Writer
	n int64
}

func (c *countWriter) Write(b []byte) (int, error) {
	n, err := c.w.Write(b)
	c.n += int64(n)
	return n, err
}

// readTablesFile reads the tables.lft just written.
func readTablesFile(path string, m *model.Model) (*routes.Tables, error) {
	fh, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer fh.Close()
	return routes.ReadTables(path, fh, m)
}
