package main

import (
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/fabviz/fabviz/data"
	"github.com/fabviz/fabviz/diagnose"
	"github.com/fabviz/fabviz/routes"
)

func init() {
	register("diagnose", "find failing cables, downed, degraded and congested links, imbalanced jobs", runDiagnose)
}

func runDiagnose(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("diagnose", "fabnet diagnose MODEL [LOG|PARAM|DIR]... [-job FILE] [--json] [thresholds]", stderr)
	jobFile := fs.String("job", "", "job file or job log (default: a job log among the inputs)")
	initFile := fs.String("init", "", "initialisation file whose `diagnose NAME VALUE` lines set thresholds (default ./fabviz.ini when present); flags win")
	asJSON := fs.Bool("json", false, `print {"findings": [...]} as JSON`)
	pairsFile := fs.String("pairs", "", "file of `SRC DST` lines: the node pairs that exchange traffic (default every pair of a job's nodes)")
	all := fs.Bool("all", false, "list every finding (default: the first 10 of each kind, and a count of the rest)")
	th := diagnose.Defaults
	fs.Int64Var(&th.MinErrors, "min-errors", th.MinErrors, "fewest errors on a cable (at each end, for errors that propagate) to report it")
	fs.Int64Var(&th.FlapEvents, "flap-events", th.FlapEvents, "link_downed events that make a link flapping")
	fs.Float64Var(&th.Utilisation, "util", th.Utilisation, "share of a link's capacity above which a step is congested")
	fs.IntVar(&th.CongestedSteps, "congested-steps", th.CongestedSteps, "congested steps in a row that make a finding")
	fs.Int64Var(&th.Capacity, "capacity", th.Capacity, "what a link carries in one step, for counters without a link rate (packets); 0 = unknown")
	fs.Float64Var(&th.Imbalance, "imbalance", th.Imbalance, "times the other jobs' median spread that make a job imbalanced")
	fs.Float64Var(&th.MinSpread, "min-spread", th.MinSpread, "least spread (p90 − p10) / p50 worth a finding")
	if parseInterspersed(fs, args) != nil {
		return 2
	}
	if fs.NArg() < 1 {
		fs.Usage()
		return 2
	}
	if err := initThresholds(fs, &th, *initFile); err != nil {
		printErrors(stderr, err)
		return 1
	}
	m, ok := loadModel(fs.Arg(0), stderr)
	if !ok {
		return 1
	}
	in, err := diagnose.Load(m, fs.Args()[1:], *jobFile)
	if err != nil {
		printErrors(stderr, err)
		return 1
	}
	for _, w := range in.Warnings {
		fmt.Fprintln(stderr, "warning:", w)
	}
	input := diagnose.Input{Model: m, Counters: in.Counters, Jobs: in.Jobs, Links: diagnose.ModelLinks(m), Interval: in.Interval()}
	if m.HasRoutes() {
		set, err := routes.Open(m)
		if err != nil {
			printErrors(stderr, err)
			return 1
		}
		input.Routes = set
	}
	if *pairsFile != "" {
		if input.Pairs, err = routes.LoadPairs(*pairsFile, m); err != nil {
			printErrors(stderr, err)
			return 1
		}
	}
	findings := diagnose.Run(input, th)
	if *asJSON {
		return writeJSON(stdout, stderr, "diagnose", struct {
			Findings []diagnose.Finding `json:"findings"`
		}{append([]diagnose.Finding{}, findings...)})
	}
	if len(findings) == 0 {
		fmt.Fprintf(stdout, "no findings in %d counters over %d files\n", len(in.Counters), len(in.Files))
		return 0
	}
	perKind := 10
	if *all {
		perKind = 0
	}
	if err := diagnose.WriteText(stdout, findings, perKind); err != nil {
		fmt.Fprintln(stderr, "fabnet diagnose:", err)
		return 1
	}
	return 0
}

// initThresholds applies an init file's `diagnose` lines to th, except
// those whose flag was given: flags win.
func initThresholds(fs *flag.FlagSet, th *diagnose.Thresholds, path string) error {
	if path == "" {
		path = "fabviz.ini" // as the viewer: the working directory's, when there is one
	} else if _, err := os.Stat(path); err != nil {
		return err // a file named on the command line must be there
	}
	in, err := data.LoadInit(path)
	if err != nil {
		return err
	}
	given := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { given[f.Name] = true })
	for name, v := range in.Diagnose {
		if !given[name] {
			if err := th.Set(name, v); err != nil {
				return fmt.Errorf("%s: %v", path, err)
			}
		}
	}
	return nil
}
