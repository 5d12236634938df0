package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/fabviz/fabviz/collect"
	"github.com/fabviz/fabviz/model"
)

func init() {
	register("collect", "sweep switch counters and jobs into logs", runCollect)
}

func runCollect(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("collect", "fabnet collect MODEL -o DIR [flags]", stderr)
	var o collect.Options
	fs.StringVar(&o.Dir, "o", "", "directory for the logs (required)")
	fs.StringVar(&o.Source.Kind, "source", "ib", "counter source: ib, snmp or sysfs")
	fs.StringVar(&o.Source.Map, "map", "", "snmp: mapping file (switch → agent, port → ifIndex/ifName)")
	fs.StringVar(&o.Source.Secrets, "secrets", "", "snmp: secrets file (communities, v3 users); must not be readable by others")
	fs.StringVar(&o.Source.SysfsRoot, "sysfs-root", "/sys", "sysfs: where sysfs is mounted")
	sysfsPorts := fs.String("sysfs-ports", "", "sysfs: DEV/PORT=LABEL,... (default: the only HCA port is this host's)")
	fs.StringVar(&o.Source.Host, "host", "", "sysfs: this host's name in the model (default: the short host name)")
	fs.DurationVar(&o.Interval, "interval", 60*time.Second, "sweep interval, whole seconds")
	fs.DurationVar(&o.Offset, "offset", 0, "shift of the sampling grid against multiples of -interval")
	fs.DurationVar(&o.Deadline, "deadline", 0, "time a sweep may take (default 0.8 × interval)")
	fs.IntVar(&o.Steps, "steps", 0, "stop after N logged steps (0 = run until interrupted)")
	fs.BoolVar(&o.Raw, "raw", false, "log cumulative counter values instead of per-interval deltas")
	counters := fs.String("counters", "", "comma-separated counters to log (default all)")
	fs.StringVar(&o.JobSpec, "jobs", "", "job source: slurm, cmd:COMMAND or file:PATH")
	fs.StringVar(&o.Source.IBRead, "ib-read", "fabric", "ib: fabric (two ibqueryerrors processes a sweep) or switch (perfquery per switch)")
	fs.BoolVar(&o.Source.NoLinks, "no-links", false, "ib: do not log link state, width and speed")
	fs.IntVar(&o.Source.Concurrency, "concurrency", 8, "switches read at once")
	fs.DurationVar(&o.Source.Timeout, "timeout", 2*time.Second, "per-switch timeout")
	fs.StringVar(&o.Listen, "listen", "", "serve Prometheus /metrics on this address, e.g. 127.0.0.1:9417")
	fs.StringVar(&o.Shard, "shard", "", "K/N: read only the K-th of N blocks of switches")
	fs.StringVar(&o.ClockListen, "clock-listen", "", "be the reference clock of sharded collectors: answer on this UDP address")
	fs.StringVar(&o.ClockRef, "clock-ref", "", "sample on the time of the reference clock at this UDP address")
	fs.DurationVar(&o.ClockEvery, "clock-every", time.Hour, "with -clock-ref: re-estimate the offset this often")
	if parseInterspersed(fs, args) != nil {
		return 2
	}
	if fs.NArg() != 1 || o.Dir == "" {
		fs.Usage()
		return 2
	}
	m, ok := loadModel(fs.Arg(0), stderr)
	if !ok {
		return 1
	}
	o.Model, o.Status = m, stderr
	o.Counters, o.Source.SysfsPorts = splitList(*counters), splitList(*sysfsPorts)
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if _, err := collect.RunCommand(ctx, o); err != nil {
		var list model.ErrorList
		if errors.As(err, &list) {
			printErrors(stderr, err) // file:line: messages
		} else {
			fmt.Fprintln(stderr, "fabnet collect:", err)
		}
		if errors.As(err, new(collect.UsageError)) {
			return 2
		}
		return 1
	}
	return 0
}

// splitList splits a comma-separated flag value; "" is none.
func splitList(s string) []string {
	if s == "" {
		return nil
	}
	return strings.Split(s, ",")
}
