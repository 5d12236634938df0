package data

import (
	"math"
	"slices"
)

// StepStat is a job's distribution of parameter values at one step, over
// the processor ports it runs on (PerSyst's thirteen numbers): count, mean,
// min, the deciles p10…p90 and max. Gaps are left out.
type StepStat struct {
	Step  int     `json:"step"`
	Count int     `json:"count"`
	Mean  float64 `json:"mean"`
	Min   int64   `json:"min"`
	P10   float64 `json:"p10"`
	P20   float64 `json:"p20"`
	P30   float64 `json:"p30"`
	P40   float64 `json:"p40"`
	P50   float64 `json:"p50"`
	P60   float64 `json:"p60"`
	P70   float64 `json:"p70"`
	P80   float64 `json:"p80"`
	P90   float64 `json:"p90"`
	Max   int64   `json:"max"`
}

// Summary is a job's whole run (NWPerf's job averages): every sample of
// every step on its ports. Std is the population standard deviation.
type Summary struct {
	Mean  float64 `json:"mean"`
	Min   int64   `json:"min"`
	Max   int64   `json:"max"`
	Std   float64 `json:"std"`
	Count int     `json:"count"`
}

// JobStat is the statistics of one job.
type JobStat struct {
	Job     int64      `json:"job"`
	Steps   []StepStat `json:"steps"`
	Summary Summary    `json:"summary"`
}

// Percentile is the k-th percentile of sorted values by linear
// interpolation at position k/100·(n−1).
func Percentile(sorted []int64, k int) float64 {
	n := len(sorted)
	if n == 0 {
		return math.NaN()
	}
	pos := float64(k*(n-1)) / 100
	lo := int(pos)
	if lo >= n-1 {
		return float64(sorted[n-1])
	}
	f := pos - float64(lo)
	a, b := float64(sorted[lo]), float64(sorted[lo+1])
	return a + f*(b-a)
}

// JobStats computes, for every job of the job series in increasing id
// order, the statistics of the parameter series over the job's processor
// ports, step by step and over its whole run. A step where the job has no
// port with a sample is left out of its Steps. The series must have the
// same number of steps (see CheckJobs).
func JobStats(param, jobs *Series) ([]JobStat, error) {
	if err := CheckJobs(param, jobs); err != nil {
		return nil, err
	}
	ids := jobs.JobIDs()
	out := make([]JobStat, len(ids))
	index := make(map[int64]int, len(ids))
	acc := make([]welford, len(ids))
	for k, id := range ids {
		out[k].Job = id
		index[id] = k
	}
	byJob := make([][]int64, len(ids))
	for step := 0; step < jobs.steps; step++ {
		for k := range byJob {
			byJob[k] = byJob[k][:0]
		}
		jobs.eachSample(step, func(c int, id int64) {
			if id == 0 {
				return
			}
			if v, ok := param.Value(jobs.cols[c], step); ok {
				k := index[id]
				byJob[k] = append(byJob[k], v)
			}
		})
		for k, vals := range byJob {
			if len(vals) == 0 {
				continue
			}
			slices.Sort(vals)
			out[k].Steps = append(out[k].Steps, stepStat(step, vals))
			for _, v := range vals {
				acc[k].add(v)
			}
		}
	}
	for k := range out {
		out[k].Summary = acc[k].summary()
		if out[k].Steps == nil {
			out[k].Steps = []StepStat{}
		}
	}
	return out, nil
}

// eachSample calls f with the column and value of every sample (not gap)
// of a step.
func (s *Series) eachSample(step int, f func(col int, v int64)) {
	for gi := range s.segs {
		g := &s.segs[gi]
		for i := 0; i < g.n; i++ {
			idx := step*g.n + i
			if !g.gap(idx) {
				f(g.col0+i, g.at(idx))
			}
		}
	}
}

func stepStat(step int, sorted []int64) StepStat {
	sum := 0.0
	for _, v := range sorted {
		sum += float64(v)
	}
	st := StepStat{Step: step, Count: len(sorted), Mean: sum / float64(len(sorted)),
		Min: sorted[0], Max: sorted[len(sorted)-1]}
	for k, dst := range []*float64{&st.P10, &st.P20, &st.P30, &st.P40, &st.P50, &st.P60, &st.P70, &st.P80, &st.P90} {
		*dst = Percentile(sorted, 10*(k+1))
	}
	return st
}

// welford accumulates count, mean, variance (Welford's method), min, max.
type welford struct {
	n        int
	mean, m2 float64
	min, max int64
}

func (w *welford) add(v int64) {
	if w.n == 0 || v < w.min {
		w.min = v
	}
	if w.n == 0 || v > w.max {
		w.max = v
	}
	w.n++
	x := float64(v)
	d := x - w.mean
	w.mean += d / float64(w.n)
	w.m2 += d * (x - w.mean)
}

func (w *welford) summary() Summary {
	if w.n == 0 {
		return Summary{}
	}
	return Summary{Mean: w.mean, Min: w.min, Max: w.max, Std: math.Sqrt(w.m2 / float64(w.n)), Count: w.n}
}
