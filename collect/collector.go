package collect

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"time"

	"github.com/fabviz/fabviz/model"
)

// Config is what a Collector needs.
type Config struct {
	Model    *model.Model
	Source   Source
	Jobs     JobSource // nil: no job log
	Counters []string  // names to log; nil = all the source reads
	Dir      string
	Interval time.Duration // whole seconds, at least 1 s
	Offset   time.Duration // shifts the sampling grid
	Deadline time.Duration // how long a sweep may take; default 0.8 × Interval
	Raw      bool          // log cumulative values instead of deltas
	Steps    int           // stop after this many logged steps; 0 = until ctx ends
	Status   io.Writer     // a status line a sweep and a summary; nil = none
	Metrics  bool          // keep an Exporter of the latest sweep (see Collector.Exporter)
	// Now is the collector's clock; nil = time.Now. Tests give one with an
	// artificial skew.
	Now func() time.Time
	// Header holds notes for every log (written as `# fabviz NOTE`
	// comments, see LogSpec.Extra), such as the shard and clock offset of a
	// sharded collector.
	Header []string
	// Reclock, when set, is asked every ReclockEvery (default 1 h) for a
	// fresh note, such as a sharded collector's new clock offset;
	// a line it returns is appended to every log before the next step
	// ("" = nothing worth noting). An error is a status warning.
	Reclock      func(ctx context.Context) (string, error)
	ReclockEvery time.Duration
}

// Summary is the account of a whole run.
type Summary struct {
	Steps     int // lines written to each log
	Sweeps    int
	Attempted int // port reads attempted, over all sweeps
	Read      int
	Overruns  int // sweeps that ran past the next interval
	Resets    int // counter resets detected
	Wraps     int
	JobErrors int // job queries that failed (their step's job line is all gaps)
	// BadJobLines counts job lines that could not be read (each lost its
	// job only).
	BadJobLines int
	MaxSweep    time.Duration
	SumSweep    time.Duration
}

func (s Summary) String() string {
	pct := 100.0
	if s.Attempted > 0 {
		pct = 100 * float64(s.Read) / float64(s.Attempted)
	}
	mean := time.Duration(0)
	if s.Sweeps > 0 {
		mean = s.SumSweep / time.Duration(s.Sweeps)
	}
	return fmt.Sprintf("collected %d steps in %d sweeps: ports read %d of %d (%.1f%%), sweep mean %.3fs max %.3fs, overruns %d, resets %d, wraps %d, job errors %d, bad job lines %d",
		s.Steps, s.Sweeps, s.Read, s.Attempted, pct, mean.Seconds(), s.MaxSweep.Seconds(), s.Overruns, s.Resets, s.Wraps, s.JobErrors, s.BadJobLines)
}

// Collector runs aligned sweeps and appends them to logs.
type Collector struct {
	cfg       Config
	counters  []int // indexes into Source.Counters()
	logs      []*LogWriter
	jobLog    *LogWriter
	jobCols   map[model.PortRef]int
	prev      *Reading
	reading   *Reading
	sum       Summary
	exporter  *Exporter
	reclockAt time.Time
}

// New checks the configuration and opens (or resumes) the logs.
func New(cfg Config) (*Collector, error) {
	if cfg.Interval < time.Second || cfg.Interval%time.Second != 0 {
		return nil, fmt.Errorf("interval %v: must be a whole number of seconds, at least 1s", cfg.Interval)
	}
	if cfg.Deadline <= 0 {
		cfg.Deadline = cfg.Interval * 8 / 10
	}
	c := &Collector{cfg: cfg}
	all := cfg.Source.Counters()
	if cfg.Counters == nil {
		for i := range all {
			c.counters = append(c.counters, i)
		}
	}
	for _, name := range cfg.Counters {
		found := false
		for i, k := range all {
			if k.Name == name {
				c.counters, found = append(c.counters, i), true
			}
		}
		if !found {
			return nil, fmt.Errorf("unknown counter %q", name)
		}
	}
	if err := os.MkdirAll(cfg.Dir, 0o755); err != nil {
		return nil, err
	}
	if err := c.openLogs(all); err != nil {
		c.Close()
		return nil, err
	}
	ports := len(cfg.Source.Ports())
	c.reading = NewReading(len(all), ports)
	c.prev = NewReading(len(all), ports)
	if cfg.Metrics {
		c.exporter = NewExporter(cfg.Model, cfg.Source, c.counters)
	}
	if c.cfg.Now == nil {
		c.cfg.Now = time.Now
	}
	return c, nil
}

func (c *Collector) openLogs(all []Counter) error {
	m := c.cfg.Model
	labels := make([]string, len(c.cfg.Source.Ports()))
	for i, p := range c.cfg.Source.Ports() {
		labels[i] = m.Label(p)
	}
	for _, ci := range c.counters {
		k := all[ci]
		unit := k.Unit
		if c.cfg.Raw {
			unit += " cumulative"
		}
		w, res, err := OpenLog(filepath.Join(c.cfg.Dir, k.Name+".fvlog"),
			LogSpec{Counter: k.Name, Unit: unit, Interval: c.cfg.Interval, Labels: labels, Extra: c.cfg.Header})
		if err != nil {
			return err
		}
		c.logs = append(c.logs, w)
		c.noteResume(w, res)
	}
	if c.cfg.Jobs == nil {
		return nil
	}
	var jl []string
	c.jobCols = map[model.PortRef]int{}
	for p := range m.NumPorts() {
		if m.Spec(model.PortRef(p)).Role == model.Proc {
			c.jobCols[model.PortRef(p)] = len(jl)
			jl = append(jl, m.Label(model.PortRef(p)))
		}
	}
	w, res, err := OpenLog(filepath.Join(c.cfg.Dir, "job.fvlog"), LogSpec{Counter: "job", Interval: c.cfg.Interval, Labels: jl, Extra: c.cfg.Header})
	if err != nil {
		return err
	}
	c.jobLog = w
	c.noteResume(w, res)
	return nil
}

func (c *Collector) noteResume(w *LogWriter, res Resumed) {
	if c.cfg.Status == nil || !res.Existed {
		return
	}
	msg := "resuming " + w.Path
	if !res.Last.IsZero() {
		msg += " after " + res.Last.Format(TimeFormat)
	}
	if res.CutBytes > 0 {
		msg += fmt.Sprintf(" (cut off an interrupted last line of %d bytes)", res.CutBytes)
	}
	fmt.Fprintln(c.cfg.Status, msg)
}

// Exporter serves the latest sweep in Prometheus format; nil unless
// Config.Metrics was set.
func (c *Collector) Exporter() *Exporter { return c.exporter }

// Close closes every log.
func (c *Collector) Close() error {
	var errs []error
	for _, w := range c.logs {
		errs = append(errs, w.Close())
	}
	if c.jobLog != nil {
		errs = append(errs, c.jobLog.Close())
	}
	if cl, ok := c.cfg.Source.(io.Closer); ok {
		errs = append(errs, cl.Close())
	}
	return errors.Join(errs...)
}

// lastLogged is the latest step any log holds.
func (c *Collector) lastLogged() time.Time {
	var t time.Time
	for _, w := range append(c.logs[:len(c.logs):len(c.logs)], c.jobLog) {
		if w != nil && w.Last().After(t) {
			t = w.Last()
		}
	}
	return t
}

// Run sweeps until Steps steps are logged or ctx ends, and returns the summary.
func (c *Collector) Run(ctx context.Context) (Summary, error) {
	baseline := !c.cfg.Raw // the first sweep only sets the counters' baseline
	next := NextAligned(c.cfg.Now(), c.cfg.Interval, c.cfg.Offset)
	if last := c.lastLogged(); !next.After(last) {
		next = NextAligned(last, c.cfg.Interval, c.cfg.Offset)
	}
	c.reclockAt = c.cfg.Now().Add(c.reclockEvery())
	for c.cfg.Steps == 0 || c.sum.Steps < c.cfg.Steps {
		if err := c.sleepUntil(ctx, next); err != nil {
			break
		}
		if err := c.sweep(ctx, next, baseline); err != nil {
			return c.sum, err
		}
		if err := c.reclock(ctx); err != nil {
			return c.sum, err
		}
		baseline = false
		now := c.cfg.Now()
		if now.After(next.Add(c.cfg.Interval)) {
			c.sum.Overruns++
		}
		next = NextAligned(now, c.cfg.Interval, c.cfg.Offset)
	}
	if c.cfg.Status != nil {
		fmt.Fprintln(c.cfg.Status, c.sum)
	}
	return c.sum, nil
}

func (c *Collector) reclockEvery() time.Duration {
	if c.cfg.ReclockEvery > 0 {
		return c.cfg.ReclockEvery
	}
	return time.Hour
}

// reclock asks for a fresh header line when one is due and notes it in
// every log.
func (c *Collector) reclock(ctx context.Context) error {
	if c.cfg.Reclock == nil || c.cfg.Now().Before(c.reclockAt) {
		return nil
	}
	c.reclockAt = c.cfg.Now().Add(c.reclockEvery())
	// Half an interval at most, so the next sweep starts on time.
	ctx, cancel := context.WithTimeout(ctx, c.cfg.Interval/2)
	defer cancel()
	line, err := c.cfg.Reclock(ctx)
	if err != nil {
		if c.cfg.Status != nil {
			fmt.Fprintf(c.cfg.Status, "  warning: %v\n", err)
		}
		return nil
	}
	if line == "" {
		return nil
	}
	for _, w := range append(c.logs[:len(c.logs):len(c.logs)], c.jobLog) {
		if w != nil {
			if err := w.Note(line); err != nil {
				return err
			}
		}
	}
	if c.cfg.Status != nil {
		fmt.Fprintf(c.cfg.Status, "  noted: %s\n", line)
	}
	return nil
}

// sleepUntil waits until the collector's clock reads t.
func (c *Collector) sleepUntil(ctx context.Context, t time.Time) error {
	timer := time.NewTimer(t.Sub(c.cfg.Now()))
	defer timer.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-timer.C:
		return nil
	}
}

// sweep reads counters and jobs in one window and logs step t.
func (c *Collector) sweep(parent context.Context, t time.Time, baseline bool) error {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(parent), t.Add(c.cfg.Deadline).Sub(c.cfg.Now()))
	defer cancel()
	start := time.Now()
	jobsDone := make(chan jobResult, 1)
	if c.cfg.Jobs != nil {
		go func() {
			q, err := c.cfg.Jobs.Jobs(ctx)
			jobsDone <- jobResult{q, err}
		}()
	}
	c.reading.clear()
	st := c.cfg.Source.Sweep(ctx, c.reading)
	var jobs jobResult
	if c.cfg.Jobs != nil {
		jobs = <-jobsDone
	}
	took := time.Since(start)
	if c.exporter != nil {
		c.exporter.Observe(c.reading, st, took, t)
	}
	c.sum.Sweeps++
	c.sum.Attempted += st.Attempted
	c.sum.Read += st.Read
	c.sum.SumSweep += took
	c.sum.MaxSweep = max(c.sum.MaxSweep, took)

	if !baseline {
		if err := c.writeCounters(t); err != nil {
			return err
		}
		if err := c.writeJobs(t, jobs); err != nil {
			return err
		}
		c.sum.Steps++
	}
	c.prev, c.reading = c.reading, c.prev
	c.status(t, st, took, baseline, jobs)
	return nil
}

func (c *Collector) writeCounters(t time.Time) error {
	all := c.cfg.Source.Counters()
	n := len(c.cfg.Source.Ports())
	vals := make([]int64, n)
	ok := make([]bool, n)
	for li, ci := range c.counters {
		k := all[ci]
		cur, curOK := c.reading.Vals[ci], c.reading.OK[ci]
		prev, prevOK := c.prev.Vals[ci], c.prev.OK[ci]
		for i := range n {
			vals[i], ok[i] = 0, false
			if !curOK[i] {
				continue
			}
			if c.cfg.Raw {
				vals[i], ok[i] = clampInt64(cur[i]), true
				continue
			}
			if !prevOK[i] {
				continue // no baseline: the port was not read last sweep
			}
			d, kind := k.Delta(prev[i], cur[i])
			switch kind {
			case DeltaReset:
				c.sum.Resets++
				continue
			case DeltaWrap:
				c.sum.Wraps++
			}
			vals[i], ok[i] = clampInt64(d), true
		}
		if err := c.logs[li].Append(t, vals, ok); err != nil {
			return err
		}
	}
	return nil
}

func clampInt64(v uint64) int64 {
	if v > math.MaxInt64 {
		return math.MaxInt64
	}
	return int64(v)
}

func (c *Collector) status(t time.Time, st SweepStats, took time.Duration, baseline bool, jobs jobResult) {
	if c.cfg.Status == nil {
		return
	}
	what := fmt.Sprintf("step %d", c.sum.Steps-1)
	if baseline {
		what = "baseline"
	}
	fmt.Fprintf(c.cfg.Status, "%s %s: ports %d/%d read in %.3fs, overruns %d, resets %d",
		t.Format(TimeFormat), what, st.Read, st.Attempted, took.Seconds(), c.sum.Overruns, c.sum.Resets)
	if c.cfg.Jobs != nil {
		if jobs.err != nil {
			fmt.Fprintf(c.cfg.Status, ", jobs: %v", jobs.err)
		} else {
			fmt.Fprintf(c.cfg.Status, ", jobs %d", len(jobs.Jobs))
		}
	}
	fmt.Fprintln(c.cfg.Status)
	for _, w := range st.Warnings {
		fmt.Fprintf(c.cfg.Status, "  warning: %v\n", w)
	}
	if n := len(jobs.Bad); n > 0 {
		fmt.Fprintf(c.cfg.Status, "  warning: %d job line(s) could not be read, their jobs are left out; first: %v\n", n, jobs.Bad[0])
	}
}
