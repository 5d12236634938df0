package diagnose

import (
	"cmp"
	"fmt"
	"math"
	"slices"

	"github.com/fabviz/fabviz/data"
	"github.com/fabviz/fabviz/model"
)

// minJobPorts is the fewest ports a job needs for its spread to mean much.
const minJobPorts = 4

// imbalance reports jobs whose ports differ far more than other jobs'
// ports do, for each traffic counter: PerSyst's deciles, as the spread
// (p90 − p10) / p50 at each step, averaged over the steps the job ran.
func imbalance(in Input, th Thresholds) []Finding {
	if in.Jobs == nil {
		return nil
	}
	best := map[int64]Finding{}
	for _, c := range in.Counters {
		if dir, _ := traffic(c); dir == notTraffic {
			continue
		}
		for _, f := range imbalanced(in, c, th) {
			if old, ok := best[f.Jobs[0]]; !ok || f.Score > old.Score {
				best[f.Jobs[0]] = f
			}
		}
	}
	var out []Finding
	for _, f := range best {
		out = append(out, f)
	}
	return out
}

// spreadOf is one job's spread over its run.
type spreadOf struct {
	job         int64
	mean        float64
	steps       int
	first, last int
	ports       []model.PortRef
}

func imbalanced(in Input, c Counter, th Thresholds) []Finding {
	spreads := jobSpreads(in.Model, c.Series, in.Jobs)
	if len(spreads) < 3 {
		return nil // too few jobs to compare with
	}
	var out []Finding
	for i, s := range spreads {
		var others []float64
		for j, o := range spreads {
			if j != i {
				others = append(others, o.mean)
			}
		}
		slices.Sort(others)
		med := median(others)
		limit := max(th.MinSpread, th.Imbalance*med)
		if s.mean < limit {
			continue
		}
		f := Finding{Kind: Imbalance, Ports: labels(in.Model, s.ports), FirstStep: s.first, LastStep: s.last,
			Score: s.mean / limit, Counter: c.Name, Jobs: []int64{s.job},
			Threshold: fmt.Sprintf("spread (p90 − p10) / p50 at least %.2g and %.2g times the other jobs' median", th.MinSpread, th.Imbalance)}
		f.Evidence = append(f.Evidence, fmt.Sprintf("job %d's %s differs across its %d ports by (p90 − p10) / p50 = %.2f on average over %d steps (%s); the other %d jobs' median is %.2f",
			s.job, c.Name, len(s.ports), s.mean, s.steps, stepSpan(s.first, s.last), len(others), med))
		out = append(out, f)
	}
	return out
}

// jobSpreads computes every job's mean spread, in job order.
func jobSpreads(m *model.Model, s, jobs *data.Series) []spreadOf {
	steps := min(s.Steps(), jobs.Steps())
	ids := make([]int64, m.NumPorts())
	acc := map[int64]*spreadOf{}
	vals := map[int64][]int64{}
	for step := range steps {
		jobs.FillJobs(ids, step)
		clear(vals)
		for p, id := range ids {
			if id == 0 {
				continue
			}
			if v, ok := s.Value(model.PortRef(p), step); ok {
				vals[id] = append(vals[id], v)
			}
			a := acc[id]
			if a == nil {
				a = &spreadOf{job: id, first: step}
				acc[id] = a
			}
			if a.first == step { // a job's ports are those it starts on
				a.ports = append(a.ports, model.PortRef(p))
			}
		}
		for id, v := range vals {
			if len(v) < minJobPorts {
				continue
			}
			slices.Sort(v)
			p50 := data.Percentile(v, 50)
			if p50 <= 0 {
				continue
			}
			a := acc[id]
			a.mean += (data.Percentile(v, 90) - data.Percentile(v, 10)) / p50
			a.steps++
			a.last = step
		}
	}
	var out []spreadOf
	for _, a := range acc {
		if a.steps > 0 {
			a.mean /= float64(a.steps)
			out = append(out, *a)
		}
	}
	slices.SortFunc(out, func(a, b spreadOf) int { return cmp.Compare(a.job, b.job) })
	return out
}

func median(sorted []float64) float64 {
	n := len(sorted)
	if n == 0 {
		return math.NaN()
	}
	if n%2 == 1 {
		return sorted[n/2]
	}
	return (sorted[n/2-1] + sorted[n/2]) / 2
}
