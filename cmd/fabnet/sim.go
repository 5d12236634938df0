package main

import (
	"flag"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/fabviz/fabviz/data"
	"github.com/fabviz/fabviz/model"
	"github.com/fabviz/fabviz/sim"
)

func init() {
	register("sim", "simulate jobs' traffic over the routes: packet counts, bad packets, job file, progress", runSim)
}

const simUsage = `usage: fabnet sim MODEL (-alloc SIZE[@STEP],... | -job FILE) [flags] -o DIR
Writes DIR/packets.dat, DIR/jobs.dat, DIR/bad.dat (with -bad-cable) and
DIR/progress.txt (also printed); -format log writes .fvlog files instead.
See docs/sim.md for what is simulated and what is not.`

func runSim(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("sim", simUsage, stderr)
	out := fs.String("o", "", "output `DIR`")
	alloc := fs.String("alloc", "", "jobs for the in-order allocator: `SIZE[@STEP][/PATTERN][/sync],...`")
	jobFile := fs.String("job", "", "job file or job log: each job's nodes at the first step it appears")
	cfg := sim.Config{}
	fs.IntVar(&cfg.Steps, "steps", 100, "time steps")
	fs.IntVar(&cfg.Capacity, "capacity", 1000, "packets a link carries per step and direction")
	fs.Int64Var(&cfg.Packets, "packets", 20000, "packets each flow (one direction of a pair) delivers")
	fs.Uint64Var(&cfg.Seed, "seed", 1, "seed of the pairing and corruption draws")
	pattern := fs.String("pattern", "random", "how a job's nodes pair up: random (seeded), halves or blocks:S (each S nodes with the next S)")
	badCable := fs.String("bad-cable", "", "`SW.PORT`: the cable on this port corrupts packets")
	badFrac := fs.Float64("bad-fraction", 0.01, "fraction of packets the bad cable corrupts")
	badFrom := fs.Int("bad-from", 0, "step from which the cable is bad")
	format := fs.String("format", "dat", "output format: dat (§3 files) or log (§5 logs)")
	start := fs.String("start", "2026-01-01T00:00:00Z", "time of step 0 (RFC 3339)")
	interval := fs.Duration("interval", time.Minute, "step length")
	fs.BoolVar(&cfg.Sync, "sync", false, "bulk-synchronous jobs: each flow of a job sends no more than the job's slowest")
	alone := fs.Bool("alone", false, "also run each job alone on its nodes and report how much the others slow it")
	if parseInterspersed(fs, args) != nil {
		return 2
	}
	if fs.NArg() != 1 || *out == "" || (*alloc == "") == (*jobFile == "") || (*format != "dat" && *format != "log") {
		fs.Usage()
		return 2
	}
	o := sim.Output{Dir: *out, Log: *format == "log", Interval: *interval, Alone: *alone,
		Comment: simComment(fs)}
	var err error
	if o.Start, err = time.Parse(time.RFC3339, *start); err != nil {
		fmt.Fprintln(stderr, "fabnet sim: -start:", err)
		return 2
	}
	if cfg.Pattern, err = sim.ParsePattern(*pattern); err != nil {
		fmt.Fprintln(stderr, "fabnet sim:", err)
		return 2
	}
	m, set, ok := openRoutes(fs.Arg(0), stderr)
	if !ok {
		return 1
	}
	jobs, err := simJobs(m, *alloc, *jobFile)
	if err != nil {
		printErrors(stderr, err)
		return 1
	}
	if *badCable != "" {
		p, ok := m.PortByLabel(*badCable)
		if !ok {
			fmt.Fprintf(stderr, "fabnet sim: -bad-cable %s: no such port\n", *badCable)
			return 1
		}
		cfg.Bad = []sim.BadCable{{Port: p, Fraction: *badFrac, From: *badFrom}}
	}
	res, aloneSteps, err := sim.RunToDir(set, jobs, cfg, o)
	if err != nil {
		fmt.Fprintln(stderr, "fabnet sim:", err)
		return 1
	}
	sim.WriteProgress(stdout, m, res, aloneSteps)
	return 0
}

// simComment is the command line without -o, so that the files say how
// they were made wherever they were written.
func simComment(fs *flag.FlagSet) string {
	parts := []string{"fabnet sim", fs.Arg(0)}
	fs.Visit(func(f *flag.Flag) {
		if f.Name != "o" {
			parts = append(parts, "-"+f.Name+" "+f.Value.String())
		}
	})
	return strings.Join(parts, " ")
}

func simJobs(m *model.Model, alloc, jobFile string) ([]sim.JobSpec, error) {
	if alloc != "" {
		return sim.ParseAlloc(alloc)
	}
	s, err := data.Load(jobFile, m, data.Options{Kind: data.Job})
	if err != nil {
		return nil, err
	}
	return sim.JobsFromSeries(m, s), nil
}
