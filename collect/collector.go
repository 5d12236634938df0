package collect

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
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
	Steps     int // lines written to each log, gap lines included
	Sweeps    int
	Attempted int // port reads attempted, over all sweeps
	Read      int
	Overruns  int // sweeps that ran past the next interval
	Skipped   int // intervals not sampled because a sweep overran
	Resets    int // counter resets detected
	Wraps     int
	JobErrors int // job queries that failed (their step's job line is all gaps)
	// BadJobLines counts job lines that could not be read (each lost its
	// job only).
	BadJobLines int
	MaxSweep    time.Duration
	SumSweep    time.Duration
	// Values is how many values the counter logs hold for this run, and
	// Cells how many they would hold with none missing: logged counters ×
	// ports × intervals of the grid from the run's first step to its last.
	Values, Cells int64
	// Windows are the read windows of the sweeps (first read start to last
	// read end).
	Windows []time.Duration
}

// Held is the share of the grid the logs hold, in percent (100 before the
// first step).
func (s Summary) Held() float64 {
	if s.Cells == 0 {
		return 100
	}
	return 100 * float64(s.Values) / float64(s.Cells)
}

// WindowStats gives the median and the largest read window.
func (s Summary) WindowStats() (p50, maxw time.Duration) {
	if len(s.Windows) == 0 {
		return 0, 0
	}
	w := slices.Clone(s.Windows)
	slices.Sort(w)
	return w[(len(w)-1)/2], w[len(w)-1]
}

func (s Summary) String() string {
	mean := time.Duration(0)
	if s.Sweeps > 0 {
		mean = s.SumSweep / time.Duration(s.Sweeps)
	}
	p50, maxw := s.WindowStats()
	return fmt.Sprintf("collected %d steps in %d sweeps: logs hold %d of %d values (%.1f%%), ports read %d of %d, read window p50 %.3fs max %.3fs, sweep mean %.3fs max %.3fs, overruns %d (%d intervals skipped), resets %d, wraps %d, job errors %d, bad job lines %d",
		s.Steps, s.Sweeps, s.Values, s.Cells, s.Held(), s.Read, s.Attempted, p50.Seconds(), maxw.Seconds(), mean.Seconds(), s.MaxSweep.Seconds(), s.Overruns, s.Skipped, s.Resets, s.Wraps, s.JobErrors, s.BadJobLines)
}

// Collector runs aligned sweeps and appends them to logs.
type Collector struct {
	cfg       Config
	counters  []int // indexes into Source.Counters()
	logs      []*LogWriter
	jobLog    *LogWriter
	jobMeta   *jobMeta // the job log's metadata file
	jobCols   map[model.PortRef]int
	prev      *Reading
	reading   *Reading
	sum       Summary
	exporter  *Exporter
	reclockAt time.Time
	// prevAt is the grid time of the reading in prev (zero before the
	// first sweep): a delta spans the intervals from prevAt to now.
	prevAt time.Time
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
		if c.cfg.Raw && !k.Gauge {
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
	c.jobMeta, err = openJobMeta(w.Path)
	return err
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

// preparer is a source with set-up work (a topology cache) that should not
// eat into the first sweep's deadline.
type preparer interface {
	Prepare(ctx context.Context) error
}

// Run sweeps until Steps steps are logged or ctx ends, and returns the summary.
func (c *Collector) Run(ctx context.Context) (Summary, error) {
	baseline := !c.cfg.Raw // the first sweep only sets the counters' baseline
	if p, ok := c.cfg.Source.(preparer); ok {
		if err := p.Prepare(ctx); err != nil {
			c.cfg.status("  warning: %v", err)
		}
	}
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
		after := NextAligned(c.cfg.Now(), c.cfg.Interval, c.cfg.Offset)
		if skipped := int(after.Sub(next)/c.cfg.Interval) - 1; skipped > 0 {
			c.sum.Overruns++
			c.sum.Skipped += skipped
		}
		next = after
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
	c.sum.Sweeps++
	c.sum.Attempted += st.Attempted
	c.sum.Read += st.Read
	c.sum.SumSweep += took
	c.sum.MaxSweep = max(c.sum.MaxSweep, took)
	if st.Read > 0 {
		c.sum.Windows = append(c.sum.Windows, st.Window())
	}
	values := int64(-1)
	if !baseline {
		var err error
		if values, err = c.writeStep(t, st, jobs); err != nil {
			return err
		}
	}
	if c.exporter != nil {
		c.exporter.Observe(c.reading, st, took, t, c.sum)
	}
	c.prev, c.reading = c.reading, c.prev
	c.prevAt = t
	c.status(t, st, took, values, jobs)
	return nil
}

// maxGapLines bounds the lines of gaps written for intervals a long stall
// skipped; beyond it the intervals are simply absent, which readers of a log
// with `#! interval` show as gaps too.
const maxGapLines = 1000

// writeStep logs step t: first a line of gaps for every interval since the
// previous sweep that was not sampled, then step t itself. A counter's delta
// is a value only when it spans exactly one interval; after skipped
// intervals it would span several, so it is a gap. It returns how many
// values step t holds.
func (c *Collector) writeStep(t time.Time, st SweepStats, jobs jobResult) (int64, error) {
	span := 1
	if !c.prevAt.IsZero() {
		span = int((t.Sub(c.prevAt) + c.cfg.Interval/2) / c.cfg.Interval)
	}
	cells := c.gridCells()
	for k := 1; k < span; k++ {
		c.sum.Cells += cells
		if k > maxGapLines || c.cfg.Steps > 0 && c.sum.Steps >= c.cfg.Steps {
			continue
		}
		if err := c.writeGaps(c.prevAt.Add(time.Duration(k) * c.cfg.Interval)); err != nil {
			return 0, err
		}
		c.sum.Steps++
	}
	if c.cfg.Steps > 0 && c.sum.Steps >= c.cfg.Steps {
		return 0, nil
	}
	note := readNote(st)
	values, err := c.writeCounters(t, span == 1 || c.cfg.Raw, note)
	if err != nil {
		return 0, err
	}
	if err := c.writeJobs(t, jobs); err != nil {
		return 0, err
	}
	c.sum.Steps++
	c.sum.Cells += cells
	c.sum.Values += values
	return values, nil
}

// gridCells is how many values one step of the counter logs holds when
// none is missing. The link health logs (gauges) are not counted: a down
// link has no width, which is not a lost value.
func (c *Collector) gridCells() int64 {
	all := c.cfg.Source.Counters()
	n := 0
	for _, ci := range c.counters {
		if !all[ci].Gauge {
			n++
		}
	}
	return int64(n * len(c.cfg.Source.Ports()))
}

// readNote is the comment kept before each step: when its reads actually
// started and ended.
func readNote(st SweepStats) string {
	if st.First.IsZero() {
		return "read - -"
	}
	return "read " + st.First.UTC().Format(ReadTimeFormat) + " " + st.Last.UTC().Format(ReadTimeFormat)
}

// writeGaps writes a line of gaps at t to every log.
func (c *Collector) writeGaps(t time.Time) error {
	for _, w := range append(c.logs[:len(c.logs):len(c.logs)], c.jobLog) {
		if w == nil {
			continue
		}
		n := len(w.spec.Labels)
		if err := w.AppendNote(t, make([]int64, n), make([]bool, n), "read - -"); err != nil {
			return err
		}
	}
	return nil
}

// writeCounters writes step t of every counter log; with valid false every
// value is a gap (a delta across several intervals). It returns how many
// values were written.
func (c *Collector) writeCounters(t time.Time, valid bool, note string) (int64, error) {
	all := c.cfg.Source.Counters()
	n := len(c.cfg.Source.Ports())
	vals := make([]int64, n)
	ok := make([]bool, n)
	var held int64
	for li, ci := range c.counters {
		for i := range n {
			vals[i], ok[i] = 0, false
			if valid {
				vals[i], ok[i] = c.value(all[ci], ci, i)
			}
			if ok[i] && !all[ci].Gauge {
				held++
			}
		}
		if err := c.logs[li].AppendNote(t, vals, ok, note); err != nil {
			return held, err
		}
	}
	return held, nil
}

// value is counter ci's value for port i at this step: the cumulative
// reading with -raw, else the delta since the previous sweep (none without a
// baseline, after a reset, or when the two readings differ in width).
func (c *Collector) value(k Counter, ci, i int) (int64, bool) {
	if !c.reading.OK[ci][i] {
		return 0, false
	}
	cur := c.reading.Vals[ci][i]
	if c.cfg.Raw || k.Gauge {
		return clampInt64(k.Scaled(cur)), true
	}
	if !c.prev.OK[ci][i] || c.prev.Bits[ci][i] != c.reading.Bits[ci][i] {
		return 0, false // no baseline of the same kind
	}
	if b := c.reading.Bits[ci][i]; b != 0 {
		k.Bits, k.Saturating = uint(b), false
	}
	d, kind := k.Delta(c.prev.Vals[ci][i], cur)
	switch kind {
	case DeltaReset:
		c.sum.Resets++
		return 0, false
	case DeltaWrap:
		c.sum.Wraps++
	}
	return clampInt64(k.Scaled(d)), true
}

func clampInt64(v uint64) int64 {
	if v > math.MaxInt64 {
		return math.MaxInt64
	}
	return int64(v)
}

func (c *Collector) status(t time.Time, st SweepStats, took time.Duration, values int64, jobs jobResult) {
	if c.cfg.Status == nil {
		return
	}
	what := fmt.Sprintf("step %d", c.sum.Steps-1)
	if values < 0 {
		what = "baseline"
	}
	fmt.Fprintf(c.cfg.Status, "%s %s: ports %d/%d read in %.3fs (window %.3fs)",
		t.UTC().Format(TimeFormat), what, st.Read, st.Attempted, took.Seconds(), st.Window().Seconds())
	if values >= 0 {
		fmt.Fprintf(c.cfg.Status, ", values %d/%d, logs hold %.1f%%", values, c.gridCells(), c.sum.Held())
	}
	fmt.Fprintf(c.cfg.Status, ", overruns %d, resets %d", c.sum.Overruns, c.sum.Resets)
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
