package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/fabviz/fabviz/data/collect"
	"github.com/fabviz/fabviz/model"
)

func init() {
	register("collect", "sweep switch counters and jobs into logs", runCollect)
}

func runCollect(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("collect", flag.ContinueOnError)
	fs.SetOutput(stderr)
	out := fs.String("o", "", "directory for the logs (required)")
	source := fs.String("source", "ib", "counter source: ib")
	interval := fs.Duration("interval", 60*time.Second, "sweep interval, whole seconds")
	offset := fs.Duration("offset", 0, "shift of the sampling grid against multiples of -interval")
	deadline := fs.Duration("deadline", 0, "time a sweep may take (default 0.8 × interval)")
	steps := fs.Int("steps", 0, "stop after N logged steps (0 = run until interrupted)")
	raw := fs.Bool("raw", false, "log cumulative counter values instead of per-interval deltas")
	counters := fs.String("counters", "", "comma-separated counters to log (default all)")
	jobs := fs.String("jobs", "", "job source: slurm, cmd:COMMAND or file:PATH")
	conc := fs.Int("concurrency", 8, "switches read at once")
	timeout := fs.Duration("timeout", 2*time.Second, "per-switch timeout")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: fabnet collect MODEL -o DIR [flags]")
		fs.PrintDefaults()
	}
	if parseInterspersed(fs, args) != nil {
		return 2
	}
	if fs.NArg() != 1 || *out == "" {
		fs.Usage()
		return 2
	}
	m, err := model.Load(fs.Arg(0))
	if err != nil {
		printErrors(stderr, err)
		return 1
	}
	cfg := collect.Config{
		Model: m, Dir: *out, Interval: *interval, Offset: *offset, Deadline: *deadline,
		Raw: *raw, Steps: *steps, Status: stderr,
	}
	if *counters != "" {
		cfg.Counters = strings.Split(*counters, ",")
	}
	if cfg.Jobs, err = collect.ParseJobSource(*jobs); err != nil {
		fmt.Fprintln(stderr, "fabnet collect:", err)
		return 2
	}
	switch *source {
	case "ib":
		src, err := collect.NewIBSource(m)
		if err != nil {
			fmt.Fprintln(stderr, "fabnet collect:", err)
			return 1
		}
		src.Concurrency, src.Timeout = *conc, *timeout
		cfg.Source = src
	default:
		fmt.Fprintf(stderr, "fabnet collect: unknown -source %q (expected ib)\n", *source)
		return 2
	}
	c, err := collect.New(cfg)
	if err != nil {
		fmt.Fprintln(stderr, "fabnet collect:", err)
		return 1
	}
	defer c.Close()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if _, err := c.Run(ctx); err != nil {
		fmt.Fprintln(stderr, "fabnet collect:", err)
		return 1
	}
	return 0
}
