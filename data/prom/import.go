package prom

import (
	"context"
	"errors"
	"fmt"
	"math"
	"regexp"
	"sort"
	"strings"
	"time"

	"github.com/fabviz/fabviz/model"
)

// Options say what to import.
type Options struct {
	Metric string // a counter: per-step increases (see the package doc)
	Query  string // or a PromQL expression, taken as given
	// Counter and Unit name the log's counter; by default they come from
	// the metric's name ("query" and "" for a query).
	Counter, Unit string
	Start, End    time.Time // the grid: Start, Start+Step, … up to End
	Step          time.Duration
	// MaxSeries is the most series one query may return and MaxPoints
	// the most grid times per series; a larger import is split by switch
	// and by time. Defaults 2,000 and 10,000 (Prometheus refuses more
	// than 11,000 points per series).
	MaxSeries, MaxPoints int
	// Progress, when set, is told after each query how many of all were done.
	Progress func(done, total int)
}

// Result is the imported grid and an account of how it was filled.
type Result struct {
	Counter, Unit string
	Step          time.Duration
	Ports         []model.PortRef // the log's columns: every port a portdef uses
	Times         []time.Time     // the grid
	Values        [][]int64       // [step][column]
	OK            [][]bool        // false: a gap
	Matched       int             // series laid on a port
	Unmatched     int             // series naming no port of the model
	Unknown       string          // one unmatched series' labels, for the warning
	Duplicates    int             // further series for a port already filled (left out)
	NoSeries      int             // ports no series named: gaps throughout
	Stale         int             // grid times whose latest sample was older than a step
	Resets        int             // steps where a counter went down
	Rounded       int             // query values that were not whole numbers
}

func (o *Options) check() error {
	switch {
	case (o.Metric == "") == (o.Query == ""):
		return errors.New("give a metric or a query, not both")
	case o.Step <= 0:
		return errors.New("the step must be positive")
	case !o.End.After(o.Start) && !o.End.Equal(o.Start):
		return errors.New("the end is before the start")
	case o.Metric != "" && !metricName.MatchString(o.Metric):
		return fmt.Errorf("%q is not a metric name", o.Metric)
	}
	if o.MaxSeries <= 0 {
		o.MaxSeries = 2000
	}
	if o.MaxPoints <= 0 {
		o.MaxPoints = 10000
	}
	return nil
}

var metricName = regexp.MustCompile(`^[a-zA-Z_:][a-zA-Z0-9_:]*$`)

// Import reads the metric or query over the grid and lays it on the model.
func Import(ctx context.Context, c *Client, m *model.Model, opt Options) (*Result, error) {
	if err := opt.check(); err != nil {
		return nil, err
	}
	r := newResult(m, opt)
	ix := newPortIndex(m)
	if opt.Query != "" {
		return r, r.fillQuery(ctx, c, ix, opt)
	}
	return r, r.fillCounter(ctx, c, ix, opt)
}

func newResult(m *model.Model, opt Options) *Result {
	r := &Result{Counter: opt.Counter, Unit: opt.Unit, Step: opt.Step, Ports: usedPorts(m)}
	if r.Counter == "" {
		if opt.Metric != "" {
			r.Counter, r.Unit = counterName(opt.Metric)
		} else {
			r.Counter = "query"
		}
	}
	for t := opt.Start; !t.After(opt.End); t = t.Add(opt.Step) {
		r.Times = append(r.Times, t)
		r.Values = append(r.Values, make([]int64, len(r.Ports)))
		r.OK = append(r.OK, make([]bool, len(r.Ports)))
	}
	return r
}

// columns maps a PortRef to its column.
func (r *Result) columns() map[model.PortRef]int {
	col := make(map[model.PortRef]int, len(r.Ports))
	for i, p := range r.Ports {
		col[p] = i
	}
	return col
}

// windows splits n grid times into runs of at most max.
func windows(n, max int) [][2]int {
	var out [][2]int
	for lo := 0; lo < n; lo += max {
		out = append(out, [2]int{lo, min(n, lo+max)})
	}
	return out
}

// fillQuery takes a query's values as they are.
func (r *Result) fillQuery(ctx context.Context, c *Client, ix *portIndex, opt Options) error {
	a := newAssigner(r, ix)
	ws := windows(len(r.Times), opt.MaxPoints)
	for wi, w := range ws {
		series, err := c.QueryRange(ctx, opt.Query, r.Times[w[0]], r.Times[w[1]-1], opt.Step)
		if err != nil {
			return err
		}
		for _, s := range sortSeries(series) {
			k, ok := a.column(s.Labels)
			if !ok {
				continue
			}
			for _, smp := range s.Samples {
				i, ok := r.index(smp.T)
				if !ok || math.IsNaN(smp.Value) || math.IsInf(smp.Value, 0) {
					continue
				}
				v := math.Round(smp.Value)
				if v != smp.Value {
					r.Rounded++
				}
				r.Values[i][k], r.OK[i][k] = int64(v), true
			}
		}
		r.progress(opt, wi+1, len(ws))
	}
	a.finish()
	return nil
}

// assigner gives each series its column: the first series (in label
// order) naming a port owns it; others for the same port are duplicates,
// left out and counted; series naming no port are counted once each.
type assigner struct {
	r      *Result
	ix     *portIndex
	col    map[model.PortRef]int
	owner  map[int]string
	others map[string]bool
}

func newAssigner(r *Result, ix *portIndex) *assigner {
	return &assigner{r: r, ix: ix, col: r.columns(), owner: map[int]string{}, others: map[string]bool{}}
}

func (a *assigner) column(labels map[string]string) (int, bool) {
	key := labelString(labels)
	p, ok := a.ix.port(labels)
	if !ok {
		if !a.others[key] {
			a.others[key] = true
			a.r.Unmatched++
			if a.r.Unknown == "" {
				a.r.Unknown = key
			}
		}
		return 0, false
	}
	k := a.col[p]
	switch a.owner[k] {
	case key:
		return k, true
	case "":
		a.owner[k] = key
		a.r.Matched++
		return k, true
	}
	if !a.others[key] {
		a.others[key] = true
		a.r.Duplicates++
	}
	return 0, false
}

func (a *assigner) finish() { a.r.NoSeries = len(a.r.Ports) - len(a.owner) }

func (r *Result) progress(opt Options, done, total int) {
	if opt.Progress != nil {
		opt.Progress(done, total)
	}
}

// index finds the grid step of a time the API returned.
func (r *Result) index(t time.Time) (int, bool) {
	if len(r.Times) == 0 {
		return 0, false
	}
	d := t.Sub(r.Times[0])
	i := int((d + r.Step/2) / r.Step)
	if i < 0 || i >= len(r.Times) || absDur(r.Times[i].Sub(t)) > time.Millisecond {
		return 0, false
	}
	return i, true
}

func absDur(d time.Duration) time.Duration {
	if d < 0 {
		return -d
	}
	return d
}

// sortSeries orders series by their labels, so that which of two series
// for one port is kept does not depend on the server's order.
func sortSeries(s []Series) []Series {
	sort.Slice(s, func(i, j int) bool { return labelString(s[i].Labels) < labelString(s[j].Labels) })
	return s
}

func labelString(l map[string]string) string {
	keys := make([]string, 0, len(l))
	for k := range l {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = fmt.Sprintf("%s=%q", k, l[k])
	}
	return "{" + strings.Join(parts, ",") + "}"
}
