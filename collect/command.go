package collect

import (
	"context"
	"errors"
	"fmt"
	"time"
)

// Options is everything `fabnet collect` asks for: the collector's Config
// (Source, Jobs, Header, Reclock and Now are filled in here) and how to get
// its source, jobs, shard, clock and metrics.
type Options struct {
	Config
	Source      SourceOptions
	JobSpec     string // -jobs: slurm, cmd:COMMAND, file:PATH or ""
	Shard       string // K/N or ""
	ClockListen string // serve the reference clock on this UDP address
	ClockRef    string // measure the offset against this reference
	ClockEvery  time.Duration
	Listen      string // serve Prometheus /metrics here
}

// UsageError is a bad option value (a command line mistake).
type UsageError struct{ Err error }

func (e UsageError) Error() string { return e.Err.Error() }
func (e UsageError) Unwrap() error { return e.Err }

// RunCommand sets up a collector from opt and runs it until opt.Steps are
// logged or ctx ends; what it says goes to opt.Status.
func RunCommand(ctx context.Context, opt Options) (Summary, error) {
	cfg := opt.Config
	var err error
	if cfg.Jobs, err = ParseJobSource(opt.JobSpec); err != nil {
		return Summary{}, UsageError{err}
	}
	if opt.Shard != "" {
		sh, err := ParseShard(opt.Shard)
		if err != nil {
			return Summary{}, UsageError{err}
		}
		opt.Source.Keep = sh.Keep(len(cfg.Model.Switches))
		cfg.Header = append(cfg.Header, "shard "+sh.String())
	}
	if err := opt.clock(ctx, &cfg); err != nil {
		return Summary{}, err
	}
	cfg.ReclockEvery = opt.ClockEvery
	cfg.Metrics = opt.Listen != ""
	if cfg.Source, err = NewSource(cfg.Model, opt.Source); err != nil {
		return Summary{}, err
	}
	c, err := New(cfg)
	if err != nil {
		return Summary{}, err
	}
	defer c.Close()
	if opt.Listen != "" {
		addr, err := ListenMetrics(ctx, opt.Listen, c.Exporter())
		if err != nil {
			return Summary{}, err
		}
		cfg.status("serving Prometheus metrics on http://%s/metrics", addr)
	}
	return c.Run(ctx)
}

// clock serves the reference clock, or measures the offset against it and
// moves the collector's clock onto the reference's time (sampling on the
// common timebase), and notes the offset in the logs.
func (opt Options) clock(ctx context.Context, cfg *Config) error {
	switch {
	case opt.ClockListen != "" && opt.ClockRef != "":
		return UsageError{errors.New("-clock-listen and -clock-ref: a collector is the reference or measures against it, not both")}
	case opt.ClockListen != "":
		addr, err := ServeClock(ctx, opt.ClockListen, nil)
		if err != nil {
			return err
		}
		cfg.status("reference clock on udp %s", addr)
		cfg.Header = append(cfg.Header, ClockOffset{Ref: "self"}.HeaderLine())
	case opt.ClockRef != "":
		off, err := EstimateOffset(ctx, opt.ClockRef, nil, 8, 2*time.Second)
		if err != nil {
			return err
		}
		cfg.status("clock offset against %s: %+.6fs (round trip %.6fs); sampling on its time", opt.ClockRef, off.Offset.Seconds(), off.RTT.Seconds())
		rc := NewRefClock(nil, off)
		cfg.Now, cfg.Reclock = rc.Now, rc.Reclocker(opt.ClockRef)
		off.Applied = true
		cfg.Header = append(cfg.Header, off.HeaderLine())
	}
	return nil
}

// status prints one line on Status, if any.
func (cfg *Config) status(format string, a ...any) {
	if cfg.Status != nil {
		fmt.Fprintf(cfg.Status, format+"\n", a...)
	}
}
