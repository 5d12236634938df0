package data

import (
	"fmt"
	"math"
	"slices"

	"github.com/fabviz/fabviz/model"
)

// StepStat is a group of ports' distribution of parameter values at one
// step (PerSyst's thirteen numbers): count, mean, min (p0), the deciles
// p10…p90 and max (p100), plus NWPerf's node-to-node coefficient of
// variation. Gaps are left out.
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
	// CV is the population standard deviation over |mean| across the
	// ports at this step; nil when it is not defined: fewer than two
	// ports (no node-to-node variation to measure) or a mean of 0.
	CV *float64 `json:"cv"`
}

// Summary is a group's whole run (NWPerf's job averages): every sample of
// every step on its ports. Std is the population standard deviation.
// CVMean is the mean of the steps' CV over the steps where it is defined
// (nil when none is).
type Summary struct {
	Mean   float64  `json:"mean"`
	Min    int64    `json:"min"`
	Max    int64    `json:"max"`
	Std    float64  `json:"std"`
	Count  int      `json:"count"`
	CVMean *float64 `json:"cv_mean"`
}

// JobStat is the statistics of one job (or of a reference group: the
// ports with no job, every processor port). Ports counts the distinct
// processor ports the job file puts the job on over its run.
type JobStat struct {
	Job     int64      `json:"job"`
	Ports   int        `json:"ports"`
	Steps   []StepStat `json:"steps"`
	Summary Summary    `json:"summary"`
}

// QuantileMethod is how a percentile falls between two observations.
type QuantileMethod uint8

const (
	// PerSyst: the k-th percentile of N sorted values is the value at
	// 1-based position N·k/100; between two positions, linear
	// interpolation from ⌊N·k/100⌋ to the next; below position 1, the
	// smallest value.
	PerSyst QuantileMethod = iota
	// NumPy: linear interpolation at 0-based position (N−1)·k/100
	// (NumPy's and R's default).
	NumPy
)

// ParseQuantileMethod reads "persyst" or "numpy".
func ParseQuantileMethod(s string) (QuantileMethod, error) {
	switch s {
	case "persyst":
		return PerSyst, nil
	case "numpy":
		return NumPy, nil
	}
	return 0, fmt.Errorf("quantiles %q: want persyst or numpy", s)
}

// Quantile is the k-th percentile (0 ≤ k ≤ 100) of sorted values by the
// method; NaN for no values. Positions are kept as whole hundredths, so the
// interpolation weight is exact (p90 of 48 values is 0.2 of the way from
// the 43rd to the 44th, not 0.2000000000000028).
func Quantile(sorted []int64, k int, method QuantileMethod) float64 {
	n := len(sorted)
	if n == 0 {
		return math.NaN()
	}
	// pos100 is the 0-based position times 100
	pos100 := int64(n)*int64(k) - 100
	if method == NumPy {
		pos100 = int64(n-1) * int64(k)
	}
	if pos100 <= 0 {
		return float64(sorted[0])
	}
	lo := int(pos100 / 100)
	if lo >= n-1 {
		return float64(sorted[n-1])
	}
	a, b := float64(sorted[lo]), float64(sorted[lo+1])
	return a + float64(pos100%100)/100*(b-a)
}

// Percentile is the k-th percentile of sorted values as PerSyst defines it.
func Percentile(sorted []int64, k int) float64 { return Quantile(sorted, k, PerSyst) }

// StatsOptions say how JobStats computes.
type StatsOptions struct {
	Quantiles QuantileMethod
}

// JobReport is what JobStats finds: every job in increasing id order and
// two reference groups, NoJob (Job 0: processor ports running no job at
// the step, including job-file gaps) and All (every processor port).
type JobReport struct {
	Jobs  []JobStat
	NoJob JobStat
	All   JobStat
}

// group gathers one job's (or reference group's) samples step by step.
type group struct {
	stat  *JobStat
	vals  []int64
	acc   welford
	cvSum float64
	cvN   int
	ports map[model.PortRef]struct{}
}

// add takes a port's sample (if sampled) at this step; changed says the
// port's job differs from the step before, so only then is the port
// recorded among the group's ports (a set, so A, B, A counts once each).
func (g *group) add(p model.PortRef, v int64, sampled, changed bool) {
	if changed && g.ports != nil {
		g.ports[p] = struct{}{}
	}
	if sampled {
		g.vals = append(g.vals, v)
	}
}

// endStep turns the step's samples into a StepStat.
func (g *group) endStep(step int, method QuantileMethod) {
	if len(g.vals) == 0 {
		return
	}
	slices.Sort(g.vals)
	st := stepStat(step, g.vals, method)
	g.stat.Steps = append(g.stat.Steps, st)
	if st.CV != nil {
		g.cvSum += *st.CV
		g.cvN++
	}
	for _, v := range g.vals {
		g.acc.add(v)
	}
	g.vals = g.vals[:0]
}

func (g *group) finish() {
	g.stat.Summary = g.acc.summary()
	if g.cvN > 0 {
		m := g.cvSum / float64(g.cvN)
		g.stat.Summary.CVMean = &m
	}
	if g.ports != nil {
		g.stat.Ports = len(g.ports)
	}
	if g.stat.Steps == nil {
		g.stat.Steps = []StepStat{}
	}
}

// JobStats computes, for every job of the job series in increasing id
// order and for the two reference groups, the statistics of the parameter
// series over the processor ports, step by step and over the whole run. A
// step where a group has no port with a sample is left out of its Steps.
// The series must have the same number of steps (see CheckJobs).
func JobStats(param, jobs *Series, opt StatsOptions) (*JobReport, error) {
	if err := CheckJobs(param, jobs); err != nil {
		return nil, err
	}
	m := param.Model
	ids := jobs.JobIDs()
	rep := &JobReport{Jobs: make([]JobStat, len(ids)), NoJob: JobStat{Job: 0}}
	groups := make([]group, len(ids)+2)
	index := make(map[int64]int, len(ids))
	for k, id := range ids {
		rep.Jobs[k].Job = id
		index[id] = k
		groups[k] = group{stat: &rep.Jobs[k], ports: map[model.PortRef]struct{}{}}
	}
	noJob, all := &groups[len(ids)], &groups[len(ids)+1]
	*noJob = group{stat: &rep.NoJob, ports: map[model.PortRef]struct{}{}}
	*all = group{stat: &rep.All}
	procs := procPorts(m)
	rep.All.Ports = len(procs)
	n := m.NumPorts()
	vals, ok, jid, prev := make([]int64, n), make([]bool, n), make([]int64, n), make([]int64, n)
	for step := 0; step < jobs.steps; step++ {
		param.Fill(vals, ok, step, Slice)
		copy(prev, jid)
		jobs.FillJobs(jid, step)
		for _, p := range procs {
			g := noJob
			if id := jid[p]; id != 0 {
				g = &groups[index[id]]
			}
			g.add(p, vals[p], ok[p], step == 0 || jid[p] != prev[p])
			all.add(p, vals[p], ok[p], false)
		}
		for k := range groups {
			groups[k].endStep(step, opt.Quantiles)
		}
	}
	for k := range groups {
		groups[k].finish()
	}
	return rep, nil
}

// procPorts lists a model's processor ports in port order.
func procPorts(m *model.Model) []model.PortRef {
	var out []model.PortRef
	for p := range model.PortRef(m.NumPorts()) {
		if _, ok := m.Node(p); ok {
			out = append(out, p)
		}
	}
	return out
}

func stepStat(step int, sorted []int64, method QuantileMethod) StepStat {
	n := float64(len(sorted))
	sum := 0.0
	for _, v := range sorted {
		sum += float64(v)
	}
	mean := sum / n
	st := StepStat{Step: step, Count: len(sorted), Mean: mean, Min: sorted[0], Max: sorted[len(sorted)-1]}
	for k, dst := range []*float64{&st.P10, &st.P20, &st.P30, &st.P40, &st.P50, &st.P60, &st.P70, &st.P80, &st.P90} {
		*dst = Quantile(sorted, 10*(k+1), method)
	}
	if mean != 0 && len(sorted) > 1 {
		ss := 0.0
		for _, v := range sorted {
			d := float64(v) - mean
			ss += d * d
		}
		cv := math.Sqrt(ss/n) / math.Abs(mean)
		st.CV = &cv
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

// StepStatOf is the PerSyst statistics of sorted values at a step (the
// viewer's machine summary uses the same numbers as the job reports).
func StepStatOf(step int, sorted []int64) StepStat { return stepStat(step, sorted, PerSyst) }
