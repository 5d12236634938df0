package data

import (
	"math"
	"testing"
)

const statsParam = `s0.0 10 20 30
s0.1 40 -  60
s0.2 5  5  5
s0.3 100 200 300
n04 7 8 9
s1.0 1000 1000 1000
`

const statsJobs = `s0.0 1 1 2
s0.1 1 1 1
s0.2 1 0 1
s0.3 2 2 2
s0.4 0 2 2
`

// TestJobStats compares with numbers worked out independently (by hand and
// with Python's statistics module and the paper's percentile formula) for
// the hand-made files above: job 1 has [5 10 40], [20] (s0.1 is a gap) and
// [5 60]; job 2 has [100], [8 200] and [9 30 300].
func TestJobStats(t *testing.T) {
	m := ring4(t)
	p := mustRead(t, m, statsParam, Options{})
	j := mustRead(t, m, statsJobs, Options{Kind: Job})
	rep, err := JobStats(p, j, StatsOptions{})
	if err != nil {
		t.Fatal(err)
	}
	got := rep.Jobs
	type step struct {
		count    int
		mean     float64
		min, max int64
		pct      [9]float64
		cv       float64
	}
	want := map[int64][]step{
		1: {
			{3, 18.333333333333332, 5, 40, [9]float64{5, 5, 5, 6, 7.5, 9, 13, 22, 31}, 0.8430562268632458},
			{1, 20, 20, 20, [9]float64{20, 20, 20, 20, 20, 20, 20, 20, 20}, math.NaN()},
			{2, 32.5, 5, 60, [9]float64{5, 5, 5, 5, 5, 16, 27, 38, 49}, 0.8461538461538461},
		},
		2: {
			{1, 100, 100, 100, [9]float64{100, 100, 100, 100, 100, 100, 100, 100, 100}, math.NaN()},
			{2, 104, 8, 200, [9]float64{8, 8, 8, 8, 8, 46.4, 84.8, 123.2, 161.6}, 0.9230769230769231},
			{3, 113, 9, 300, [9]float64{9, 9, 9, 13.2, 19.5, 25.8, 57, 138, 219}, 1.1726248106993604},
		},
	}
	summaries := map[int64]Summary{
		1: {Mean: 23.333333333333332, Min: 5, Max: 60, Std: 20.344259359556172, Count: 6},
		2: {Mean: 107.83333333333333, Min: 8, Max: 300, Std: 108.99299161974692, Count: 6},
	}
	// the mean over the steps with two ports or more
	cvMeans := map[int64]float64{1: 0.844605036508546, 2: 1.0478508668881417}
	if len(got) != 2 || got[0].Job != 1 || got[1].Job != 2 {
		t.Fatalf("jobs %+v", got)
	}
	for _, js := range got {
		w := want[js.Job]
		if len(js.Steps) != len(w) || js.Ports != 3 {
			t.Fatalf("job %d: %d steps, %d ports", js.Job, len(js.Steps), js.Ports)
		}
		for k, st := range js.Steps {
			ws := w[k]
			pct := [9]float64{st.P10, st.P20, st.P30, st.P40, st.P50, st.P60, st.P70, st.P80, st.P90}
			if st.Step != k || st.Count != ws.count || !near(st.Mean, ws.mean) || st.Min != ws.min || st.Max != ws.max {
				t.Errorf("job %d step %d: %+v, want %+v", js.Job, k, st, ws)
			}
			if math.IsNaN(ws.cv) != (st.CV == nil) || st.CV != nil && !near(*st.CV, ws.cv) {
				t.Errorf("job %d step %d: cv %v, want %v", js.Job, k, st.CV, ws.cv)
			}
			for i := range pct {
				if !near(pct[i], ws.pct[i]) {
					t.Errorf("job %d step %d p%d: %v, want %v", js.Job, k, 10*(i+1), pct[i], ws.pct[i])
				}
			}
		}
		ws, s := summaries[js.Job], js.Summary
		if s.Count != ws.Count || s.Min != ws.Min || s.Max != ws.Max || !near(s.Mean, ws.Mean) || !near(s.Std, ws.Std) {
			t.Errorf("job %d summary %+v, want %+v", js.Job, s, ws)
		}
		if s.CVMean == nil || !near(*s.CVMean, cvMeans[js.Job]) {
			t.Errorf("job %d cv mean %v, want %v", js.Job, s.CVMean, cvMeans[js.Job])
		}
	}
}

func near(a, b float64) bool { return math.Abs(a-b) <= 1e-9*math.Max(1, math.Abs(b)) }

// TestReferenceGroups: job 0 is every processor port of ring4 (48) that
// runs no job at the step, unlisted ports counting 0 as the contract says;
// "all" is every processor port. Expected counts and means by hand (and
// Python): no job holds s0.4 (7) and s1.0 (1000) and 42 zeros at step 0,
// s0.2 (5), s1.0 and 42 zeros at step 1, s1.0 and 42 zeros at step 2.
func TestReferenceGroups(t *testing.T) {
	m := ring4(t)
	rep, err := JobStats(mustRead(t, m, statsParam, Options{}), mustRead(t, m, statsJobs, Options{Kind: Job}), StatsOptions{})
	if err != nil {
		t.Fatal(err)
	}
	check := func(name string, js JobStat, ports int, counts []int, means, cvs []float64) {
		t.Helper()
		if js.Ports != ports || len(js.Steps) != len(counts) {
			t.Fatalf("%s: %d ports, %d steps", name, js.Ports, len(js.Steps))
		}
		for k, st := range js.Steps {
			if st.Count != counts[k] || !near(st.Mean, means[k]) || st.Max != 1000 || st.Min != 0 || !near(*st.CV, cvs[k]) {
				t.Errorf("%s step %d: %+v", name, k, st)
			}
		}
	}
	check("no job", rep.NoJob, 45, []int{44, 44, 43}, []float64{22.886363636363637, 22.84090909090909, 23.25581395348837},
		[]float64{6.510954944231954, 6.52413727772747, 6.480740698407861})
	check("all", rep.All, 48, []int{48, 47, 48}, []float64{24.208333333333332, 26.23404255319149, 29.25},
		[]float64{5.913348107500956, 5.582732233256978, 5.06499264900675})
	if rep.NoJob.Job != 0 || rep.All.Summary.Count != 143 {
		t.Errorf("all summary %+v", rep.All.Summary)
	}
}

// TestPerSystQuantiles: the paper's worked examples. 20 values i² give
// p10..p90 = 4, 16, …, 324 (whole positions); 15 values i² interpolate:
// p10 = 2.5, p30 = 20.5, p50 = 56.5, p90 = 182.5.
func TestPerSystQuantiles(t *testing.T) {
	sq := func(n int) []int64 {
		v := make([]int64, n)
		for i := range v {
			v[i] = int64((i + 1) * (i + 1))
		}
		return v
	}
	v20 := sq(20)
	for k := 10; k <= 90; k += 10 {
		if got, want := Percentile(v20, k), float64(k/5*k/5); got != want {
			t.Errorf("20 values p%d = %v, want %v", k, got, want)
		}
	}
	v15 := sq(15)
	for k, want := range map[int]float64{10: 2.5, 20: 9, 30: 20.5, 50: 56.5, 90: 182.5, 0: 1, 100: 225} {
		if got := Percentile(v15, k); got != want {
			t.Errorf("15 values p%d = %v, want %v", k, got, want)
		}
	}
	// NumPy's rule on the same 20 values: position 0.1·19 = 1.9 → 4+0.9·5.
	if got := Quantile(v20, 10, NumPy); !near(got, 8.5) {
		t.Errorf("numpy p10 = %v, want 8.5", got)
	}
	if got := Quantile(v20, 90, NumPy); !near(got, 327.7) {
		t.Errorf("numpy p90 = %v, want 327.7", got)
	}
}

func TestPercentileEdges(t *testing.T) {
	v := []int64{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}
	for k := 0; k <= 100; k += 10 {
		if got := Quantile(v, k, NumPy); got != float64(1+k/10) {
			t.Errorf("numpy p%d = %v", k, got)
		}
	}
	if !math.IsNaN(Percentile(nil, 50)) || Percentile([]int64{7}, 90) != 7 || Percentile([]int64{7}, 0) != 7 {
		t.Error("edge cases")
	}
	if m, err := ParseQuantileMethod("numpy"); err != nil || m != NumPy {
		t.Error("parse numpy")
	}
	if _, err := ParseQuantileMethod("R7"); err == nil {
		t.Error("R7 accepted")
	}
}

// A step whose mean is 0 has no CV, nor has a step with one port; the
// job's mean CV leaves them out.
func TestCVUndefined(t *testing.T) {
	m := ring4(t)
	p := mustRead(t, m, "s0.0 0 4\ns0.1 0 6\n", Options{})
	j := mustRead(t, m, "s0.0 5 5\ns0.1 5 5\n", Options{Kind: Job})
	rep, err := JobStats(p, j, StatsOptions{})
	if err != nil {
		t.Fatal(err)
	}
	st := rep.Jobs[0].Steps
	if st[0].CV != nil || st[1].CV == nil || !near(*st[1].CV, 0.2) || !near(*rep.Jobs[0].Summary.CVMean, 0.2) {
		t.Errorf("cv %v %v mean %v", st[0].CV, st[1].CV, rep.Jobs[0].Summary.CVMean)
	}
}
