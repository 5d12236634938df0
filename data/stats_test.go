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
// with Python's statistics module) for the hand-made files above: job 1
// has [5 10 40], [20] (s0.1 is a gap) and [5 60]; job 2 has [100], [8 200]
// and [9 30 300].
func TestJobStats(t *testing.T) {
	m := ring4(t)
	p := mustRead(t, m, statsParam, Options{})
	j := mustRead(t, m, statsJobs, Options{Kind: Job})
	got, err := JobStats(p, j)
	if err != nil {
		t.Fatal(err)
	}
	type step struct {
		count    int
		mean     float64
		min, max int64
		pct      [9]float64
	}
	want := map[int64][]step{
		1: {
			{3, 18.333333333333332, 5, 40, [9]float64{6, 7, 8, 9, 10, 16, 22, 28, 34}},
			{1, 20, 20, 20, [9]float64{20, 20, 20, 20, 20, 20, 20, 20, 20}},
			{2, 32.5, 5, 60, [9]float64{10.5, 16, 21.5, 27, 32.5, 38, 43.5, 49, 54.5}},
		},
		2: {
			{1, 100, 100, 100, [9]float64{100, 100, 100, 100, 100, 100, 100, 100, 100}},
			{2, 104, 8, 200, [9]float64{27.2, 46.4, 65.6, 84.8, 104, 123.2, 142.4, 161.6, 180.8}},
			{3, 113, 9, 300, [9]float64{13.2, 17.4, 21.6, 25.8, 30, 84, 138, 192, 246}},
		},
	}
	summaries := map[int64]Summary{
		1: {Mean: 23.333333333333332, Min: 5, Max: 60, Std: 20.344259359556172, Count: 6},
		2: {Mean: 107.83333333333333, Min: 8, Max: 300, Std: 108.99299161974692, Count: 6},
	}
	near := func(a, b float64) bool { return math.Abs(a-b) <= 1e-9*math.Max(1, math.Abs(b)) }
	if len(got) != 2 || got[0].Job != 1 || got[1].Job != 2 {
		t.Fatalf("jobs %+v", got)
	}
	for _, js := range got {
		w := want[js.Job]
		if len(js.Steps) != len(w) {
			t.Fatalf("job %d: %d steps", js.Job, len(js.Steps))
		}
		for k, st := range js.Steps {
			ws := w[k]
			pct := [9]float64{st.P10, st.P20, st.P30, st.P40, st.P50, st.P60, st.P70, st.P80, st.P90}
			if st.Step != k || st.Count != ws.count || !near(st.Mean, ws.mean) || st.Min != ws.min || st.Max != ws.max {
				t.Errorf("job %d step %d: %+v, want %+v", js.Job, k, st, ws)
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
	}
}

func TestPercentile(t *testing.T) {
	v := []int64{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}
	for k := 0; k <= 100; k += 10 {
		if got := Percentile(v, k); got != float64(1+k/10) {
			t.Errorf("p%d = %v", k, got)
		}
	}
	if !math.IsNaN(Percentile(nil, 50)) || Percentile([]int64{7}, 90) != 7 {
		t.Error("edge cases")
	}
}
