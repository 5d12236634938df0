package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/fabviz/fabviz/data"
	"github.com/fabviz/fabviz/data/jobmap"
	"github.com/fabviz/fabviz/model"
)

const jobsImportUsage = "usage: fabnet jobs import MODEL.fvm FILE -o OUT [-start RFC3339 -step DURATION -steps N | -grid LOG] [-format COLUMNS] [-delimiter D]\n" +
	"  FILE: `JOBID HOSTLIST` lines (a one-step job file) or sacct --parsable2 output with its header (a job file on the grid)"

// gridFlags is how the time grid is given.
type gridFlags struct {
	start, grid string
	step        time.Duration
	steps       int
}

func (gf *gridFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&gf.start, "start", "", "time of step 0 (RFC 3339)")
	fs.DurationVar(&gf.step, "step", 0, "step length (60s, 5m)")
	fs.IntVar(&gf.steps, "steps", 0, "number of steps")
	fs.StringVar(&gf.grid, "grid", "", "take the grid from a collector log (or a §3 file with #! steps)")
}

func (gf *gridFlags) given() bool {
	return gf.start != "" || gf.step != 0 || gf.steps != 0 || gf.grid != ""
}

// resolve turns the flags into a grid.
func (gf *gridFlags) resolve(m *model.Model) (jobmap.Grid, error) {
	if gf.grid != "" {
		if gf.start != "" || gf.step != 0 || gf.steps != 0 {
			return jobmap.Grid{}, fmt.Errorf("-grid and -start/-step/-steps exclude each other")
		}
		return jobmap.GridFromFile(gf.grid, m)
	}
	if gf.start == "" || gf.step <= 0 || gf.steps <= 0 {
		return jobmap.Grid{}, fmt.Errorf("sacct input needs a time grid: -start RFC3339 -step DURATION -steps N, or -grid LOG")
	}
	t, err := time.Parse(time.RFC3339Nano, gf.start)
	if err != nil {
		return jobmap.Grid{}, fmt.Errorf("-start %q: expected an RFC 3339 time such as 2026-11-21T10:00:00Z", gf.start)
	}
	g := jobmap.Grid{Start: t.UTC(), Step: gf.step, Steps: gf.steps}
	return g, g.Check()
}

func runJobsImport(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("jobs import", jobsImportUsage, stderr)
	out := fs.String("o", "", "the job file to write (its metadata goes to OUT.meta)")
	var gf gridFlags
	gf.register(fs)
	format := fs.String("format", "", "columns of headerless sacct output, as given to sacct --format")
	delim := fs.String("delimiter", "", "field delimiter of sacct output (default: from the header, else |)")
	if !parseArgs(fs, args, 2) {
		return 2
	}
	if *out == "" {
		fs.Usage()
		return 2
	}
	m, ok := loadModel(fs.Arg(0), stderr)
	if !ok {
		return 1
	}
	acc, timed, err := readJobInput(fs.Arg(1), jobmap.SacctOptions{Format: *format, Delimiter: *delim, Location: time.Local})
	if err != nil {
		printErrors(stderr, err)
		return 1
	}
	grid := jobmap.Grid{Steps: 1}
	if timed {
		if grid, err = gf.resolve(m); err != nil {
			fmt.Fprintln(stderr, "fabnet jobs import:", err)
			return 2
		}
	} else if gf.given() {
		fmt.Fprintln(stderr, "fabnet jobs import: JOBID HOSTLIST lines have no times: they make a one-step job file; a grid needs sacct input")
		return 2
	}
	jm, err := jobmap.Build(m, acc.Jobs, grid)
	if err != nil {
		fmt.Fprintln(stderr, "fabnet jobs import:", err)
		return 1
	}
	for _, w := range append(acc.Warnings, jm.Warnings...) {
		fmt.Fprintln(stderr, "warning:", w)
	}
	if err := jm.WriteFiles(*out, "made by fabnet jobs import from "+filepath.Base(fs.Arg(1))); err != nil {
		fmt.Fprintln(stderr, "fabnet jobs import:", err)
		return 1
	}
	fmt.Fprintf(stdout, "%s: %d processor ports × %s, %d jobs; metadata of %d jobs in %s\n",
		*out, len(jm.Ports), describeGrid(grid), jm.Held, len(jm.Jobs), data.MetaPath(*out))
	return 0
}

func readJobInput(path string, opt jobmap.SacctOptions) (*jobmap.Accounting, bool, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, false, err
	}
	defer f.Close()
	return jobmap.ReadInput(path, f, opt)
}

func describeGrid(g jobmap.Grid) string {
	if g.Step == 0 {
		return "1 step"
	}
	return fmt.Sprintf("%d steps of %v from %s", g.Steps, g.Step, g.Start.UTC().Format(time.RFC3339))
}
