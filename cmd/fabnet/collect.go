package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/fabviz/fabviz/collect"
)

func init() {
	register("collect", "sweep switch counters and jobs into logs", runCollect)
}

func runCollect(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("collect", "fabnet collect MODEL -o DIR [flags]", stderr)
	out := fs.String("o", "", "directory for the logs (required)")
	var so collect.SourceOptions
	fs.StringVar(&so.Kind, "source", "ib", "counter source: ib, snmp or sysfs")
	fs.StringVar(&so.Map, "map", "", "snmp: mapping file (switch → agent, port → ifIndex/ifName)")
	fs.StringVar(&so.Secrets, "secrets", "", "snmp: secrets file (communities, v3 users); must not be readable by others")
	fs.StringVar(&so.SysfsRoot, "sysfs-root", "/sys", "sysfs: where sysfs is mounted")
	sysfsPorts := fs.String("sysfs-ports", "", "sysfs: DEV/PORT=LABEL,... (default: the only HCA port is this host's)")
	fs.StringVar(&so.Host, "host", "", "sysfs: this host's name in the model (default: the short host name)")
	interval := fs.Duration("interval", 60*time.Second, "sweep interval, whole seconds")
	offset := fs.Duration("offset", 0, "shift of the sampling grid against multiples of -interval")
	deadline := fs.Duration("deadline", 0, "time a sweep may take (default 0.8 × interval)")
	steps := fs.Int("steps", 0, "stop after N logged steps (0 = run until interrupted)")
	raw := fs.Bool("raw", false, "log cumulative counter values instead of per-interval deltas")
	counters := fs.String("counters", "", "comma-separated counters to log (default all)")
	jobs := fs.String("jobs", "", "job source: slurm, cmd:COMMAND or file:PATH")
	fs.IntVar(&so.Concurrency, "concurrency", 8, "switches read at once")
	fs.DurationVar(&so.Timeout, "timeout", 2*time.Second, "per-switch timeout")
	listen := fs.String("listen", "", "serve Prometheus /metrics on this address, e.g. 127.0.0.1:9417")
	shard := fs.String("shard", "", "K/N: read only the K-th of N blocks of switches")
	clockListen := fs.String("clock-listen", "", "be the reference clock of sharded collectors: answer on this UDP address")
	clockRef := fs.String("clock-ref", "", "estimate this collector's clock offset against the reference at this UDP address")
	clockEvery := fs.Duration("clock-every", time.Hour, "with -clock-ref: re-estimate the offset this often")
	if parseInterspersed(fs, args) != nil {
		return 2
	}
	if fs.NArg() != 1 || *out == "" {
		fs.Usage()
		return 2
	}
	fail := func(code int, err error) int {
		fmt.Fprintln(stderr, "fabnet collect:", err)
		return code
	}
	m, ok := loadModel(fs.Arg(0), stderr)
	if !ok {
		return 1
	}
	var err error
	cfg := collect.Config{
		Model: m, Dir: *out, Interval: *interval, Offset: *offset, Deadline: *deadline,
		Raw: *raw, Steps: *steps, Status: stderr, Metrics: *listen != "",
	}
	if *counters != "" {
		cfg.Counters = strings.Split(*counters, ",")
	}
	if *sysfsPorts != "" {
		so.SysfsPorts = strings.Split(*sysfsPorts, ",")
	}
	if cfg.Jobs, err = collect.ParseJobSource(*jobs); err != nil {
		return fail(2, err)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if *shard != "" {
		sh, err := collect.ParseShard(*shard)
		if err != nil {
			return fail(2, err)
		}
		so.Keep = sh.Keep(len(m.Switches))
		cfg.Header = append(cfg.Header, "shard "+sh.String())
	}
	if cfg.Header, err = clockHeader(ctx, &cfg, *clockListen, *clockRef, stderr); err != nil {
		return fail(1, err)
	}
	cfg.ReclockEvery = *clockEvery
	if cfg.Source, err = collect.NewSource(m, so); err != nil {
		printErrors(stderr, err)
		return 1
	}
	c, err := collect.New(cfg)
	if err != nil {
		return fail(1, err)
	}
	defer c.Close()
	if *listen != "" {
		addr, err := collect.ListenMetrics(ctx, *listen, c.Exporter())
		if err != nil {
			return fail(1, err)
		}
		fmt.Fprintf(stderr, "serving Prometheus metrics on http://%s/metrics\n", addr)
	}
	if _, err := c.Run(ctx); err != nil {
		return fail(1, err)
	}
	return 0
}

// clockHeader serves the reference clock or measures the offset against
// it (and sets up its re-estimation), and adds the `clock-offset` header
// line.
func clockHeader(ctx context.Context, cfg *collect.Config, listen, ref string, stderr io.Writer) ([]string, error) {
	header := cfg.Header
	switch {
	case listen != "" && ref != "":
		return nil, fmt.Errorf("-clock-listen and -clock-ref: a collector is the reference or measures against it, not both")
	case listen != "":
		addr, err := collect.ServeClock(ctx, listen, nil)
		if err != nil {
			return nil, err
		}
		fmt.Fprintf(stderr, "reference clock on udp %s\n", addr)
		return append(header, collect.ClockOffset{Ref: "self"}.HeaderLine()), nil
	case ref != "":
		off, err := collect.EstimateOffset(ctx, ref, nil, 8, 2*time.Second)
		if err != nil {
			return nil, err
		}
		fmt.Fprintf(stderr, "clock offset against %s: %+.6fs (round trip %.6fs)\n", ref, off.Offset.Seconds(), off.RTT.Seconds())
		cfg.Reclock = collect.Reclocker(ref, nil, off)
		return append(header, off.HeaderLine()), nil
	}
	return header, nil
}
