package prom

import (
	"context"
	"fmt"
	"math"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"
)

// chunk is a group of series selected by one label's values.
type chunk struct {
	label  string
	values []string
}

// fillCounter reads the counter at every grid time and one step before the
// first, chunk by chunk, and differences.
func (r *Result) fillCounter(ctx context.Context, c *Client, ix *portIndex, opt Options) error {
	before := opt.Start.Add(-opt.Step)
	list, err := c.SeriesLabels(ctx, opt.Metric, before, opt.End)
	if err != nil {
		return err
	}
	a := newAssigner(r, ix)
	chunks := r.chunks(a, list, opt.MaxSeries)
	// The raw grid has one time more than the log: before the first step.
	n := len(r.Times) + 1
	ws := windows(n, opt.MaxPoints)
	done, total := 0, len(chunks)*len(ws)
	for _, ch := range chunks {
		g := newRawGrid(n)
		sel := ch.selector(opt.Metric)
		for _, w := range ws {
			t0, t1 := before.Add(opt.Step*time.Duration(w[0])), before.Add(opt.Step*time.Duration(w[1]-1))
			vals, err := c.QueryRange(ctx, sel, t0, t1, opt.Step)
			if err != nil {
				return err
			}
			stamps, err := c.QueryRange(ctx, "timestamp("+sel+")", t0, t1, opt.Step)
			if err != nil {
				return err
			}
			g.add(a, vals, stamps, opt)
			done++
			r.progress(opt, done, total)
		}
		g.difference(r)
	}
	a.finish()
	return nil
}

// chunks groups the listed series by the label that matched them to a
// switch (guid or switch), at most max series a chunk.
func (r *Result) chunks(a *assigner, list []map[string]string, max int) []chunk {
	count := map[[2]string]int{}
	for _, l := range list {
		if _, ok := a.column(l); !ok {
			continue
		}
		label := "switch"
		if g, ok := parseGUID(l["guid"]); ok {
			if _, known := a.ix.byGUID[g]; known {
				label = "guid"
			}
		}
		count[[2]string{label, l[label]}]++
	}
	keys := make([][2]string, 0, len(count))
	for k := range count {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool { return keys[i][0]+"\x00"+keys[i][1] < keys[j][0]+"\x00"+keys[j][1] })
	var out []chunk
	size := 0
	for _, k := range keys {
		if len(out) == 0 || out[len(out)-1].label != k[0] || size+count[k] > max {
			out = append(out, chunk{label: k[0]})
			size = 0
		}
		last := &out[len(out)-1]
		last.values = append(last.values, k[1])
		size += count[k]
	}
	return out
}

func (ch chunk) selector(metric string) string {
	q := make([]string, len(ch.values))
	for i, v := range ch.values {
		q[i] = regexp.QuoteMeta(v)
	}
	// PromQL strings escape as Go's do.
	return fmt.Sprintf(`%s{%s=~%s}`, metric, ch.label, strconv.Quote(strings.Join(q, "|")))
}

// rawGrid holds counter values and sample times for the columns of one
// chunk at every raw grid time.
type rawGrid struct {
	n     int
	vals  map[int][]float64
	stamp map[int][]float64
}

func newRawGrid(n int) *rawGrid {
	return &rawGrid{n: n, vals: map[int][]float64{}, stamp: map[int][]float64{}}
}

func (g *rawGrid) column(k int) ([]float64, []float64) {
	if g.vals[k] == nil {
		v, s := make([]float64, g.n), make([]float64, g.n)
		for i := range v {
			v[i], s[i] = math.NaN(), math.NaN()
		}
		g.vals[k], g.stamp[k] = v, s
	}
	return g.vals[k], g.stamp[k]
}

// add lays a window's values and sample times on the grid.
func (g *rawGrid) add(a *assigner, vals, stamps []Series, opt Options) {
	before := opt.Start.Add(-opt.Step)
	at := func(t time.Time) (int, bool) {
		i := int((t.Sub(before) + opt.Step/2) / opt.Step)
		return i, i >= 0 && i < g.n && absDur(before.Add(opt.Step*time.Duration(i)).Sub(t)) <= time.Millisecond
	}
	for pass, list := range [][]Series{vals, stamps} {
		for _, s := range sortSeries(list) {
			// query_range and timestamp() drop the metric name that the
			// series listing has: put it back to find the same column.
			k, ok := a.column(withName(s.Labels, opt.Metric))
			if !ok {
				continue
			}
			v, st := g.column(k)
			for _, smp := range s.Samples {
				if i, ok := at(smp.T); ok {
					if pass == 0 {
						v[i] = smp.Value
					} else {
						st[i] = smp.Value
					}
				}
			}
		}
	}
}

// withName puts the metric name back on labels, as the series listing has it.
func withName(l map[string]string, metric string) map[string]string {
	if l["__name__"] == metric {
		return l
	}
	out := make(map[string]string, len(l)+1)
	for k, v := range l {
		out[k] = v
	}
	out["__name__"] = metric
	return out
}

// difference turns the chunk's raw values into per-step increases: step k
// is raw k+1 less raw k, when both samples are fresh (taken within the step
// before their grid time) and the counter did not go down.
func (g *rawGrid) difference(r *Result) {
	before := r.Times[0].Add(-r.Step)
	fresh := func(st []float64, i int) bool {
		t := before.Add(r.Step * time.Duration(i))
		age := float64(t.UnixNano())/1e9 - st[i]
		return !math.IsNaN(st[i]) && age >= -0.001 && age < r.Step.Seconds()
	}
	for k, v := range g.vals {
		st := g.stamp[k]
		for i := 1; i < g.n; i++ {
			if math.IsNaN(v[i]) || math.IsNaN(v[i-1]) {
				continue
			}
			if !fresh(st, i) || !fresh(st, i-1) {
				r.Stale++
				continue
			}
			d := v[i] - v[i-1]
			if d < 0 {
				r.Resets++
				continue
			}
			r.Values[i-1][k], r.OK[i-1][k] = int64(math.Round(d)), true
		}
	}
}
