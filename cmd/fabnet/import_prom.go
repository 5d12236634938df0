package main

import (
	"context"
	"fmt"
	"io"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/fabviz/fabviz/data/prom"
)

const importPromUsage = "usage: fabnet import prom MODEL -url URL (-metric NAME | -query PROMQL) [-start T] [-end T] [-step D] -o OUT.fvlog\n" +
	"  T: RFC 3339, `now` or `now-DURATION` (docs/prometheus.md)"

func runImportProm(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("import prom", importPromUsage, stderr)
	url := fs.String("url", "", "the Prometheus (or Thanos, Mimir, VictoriaMetrics) base URL (required)")
	metric := fs.String("metric", "", "a counter metric: logged as its increase in each step")
	query := fs.String("query", "", "a PromQL expression: logged as it is, rounded to whole numbers")
	counter := fs.String("counter", "", "the log's counter name (default: from the metric; `query` for a query)")
	unit := fs.String("unit", "", "the log's unit (default: from the metric)")
	startS := fs.String("start", "now-1h", "time of the first step")
	endS := fs.String("end", "now", "time of the last step at the latest")
	step := fs.Duration("step", time.Minute, "step length, at least 1s")
	out := fs.String("o", "", "the §5 log to write (required)")
	if !parseArgs(fs, args, 1) {
		return 2
	}
	now := time.Now().UTC().Truncate(time.Second)
	start, err1 := parseWhen(*startS, now)
	end, err2 := parseWhen(*endS, now)
	switch {
	case err1 != nil || err2 != nil:
		fmt.Fprintln(stderr, "fabnet import prom:", firstErr(err1, err2))
		return 2
	case *url == "" || *out == "" || (*metric == "") == (*query == ""):
		fs.Usage()
		return 2
	case *step < time.Second || *step%time.Second != 0:
		fmt.Fprintln(stderr, "fabnet import prom: -step must be a whole number of seconds")
		return 2
	}
	m, ok := loadModel(fs.Arg(0), stderr)
	if !ok {
		return 1
	}
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	opt := prom.Options{Metric: *metric, Query: *query, Counter: *counter, Unit: *unit, Start: start, End: end, Step: *step,
		Progress: func(done, total int) {
			if total > 1 {
				fmt.Fprintf(stderr, "queried %d of %d\n", done, total)
			}
		}}
	r, err := prom.Import(ctx, &prom.Client{URL: *url}, m, opt)
	if err != nil {
		fmt.Fprintln(stderr, "fabnet import prom:", err)
		return 1
	}
	if err := r.WriteLog(*out, m); err != nil {
		fmt.Fprintln(stderr, "fabnet import prom:", err)
		return 1
	}
	lines := r.Summary(*out)
	fmt.Fprintln(stdout, lines[0])
	for _, l := range lines[1:] {
		fmt.Fprintln(stderr, l)
	}
	return 0
}

// parseWhen reads RFC 3339, `now` or `now-DURATION`.
func parseWhen(s string, now time.Time) (time.Time, error) {
	if s == "now" {
		return now, nil
	}
	if d, ok := strings.CutPrefix(s, "now-"); ok {
		dur, err := time.ParseDuration(d)
		if err != nil || dur < 0 {
			return time.Time{}, fmt.Errorf("%q: expected now-DURATION, such as now-6h", s)
		}
		return now.Add(-dur), nil
	}
	t, err := time.Parse(time.RFC3339, s)
	if err != nil {
		return time.Time{}, fmt.Errorf("%q: expected RFC 3339 (2026-11-21T10:00:00Z), now or now-DURATION", s)
	}
	return t, nil
}

func firstErr(errs ...error) error {
	for _, e := range errs {
		if e != nil {
			return e
		}
	}
	return nil
}
