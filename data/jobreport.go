package data

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
)

// JobRow is one job's statistics with what the metadata file says about
// it (nil when it says nothing). Size is its node count: the metadata's
// when known, else the number of processor ports the job file gives it.
type JobRow struct {
	JobStat
	Meta *JobMeta `json:"meta"`
	Size int      `json:"size"`
}

// GroupStat pools the jobs of one user or size class: every sample of
// every step of those jobs (Summary), and the mean of the jobs' CVMean
// over the jobs where it is defined.
type GroupStat struct {
	Key     string  `json:"key"`
	Jobs    int     `json:"jobs"`
	Summary Summary `json:"summary"`
}

// JobQuery selects, orders and groups job rows. Zero values select all.
type JobQuery struct {
	User     string // only this user's jobs
	MinNodes int    // only jobs of at least this size
	Job      int64  // only this job (0: any)
	// Sort is a key (job, user, nodes, steps, mean, std, min, max, cv,
	// start), "-" in front for descending; empty is job.
	Sort string
	By   string // "", "user" or "size"
}

// Rows joins the report's jobs with their metadata (by id).
func (r *JobReport) Rows(meta []JobMeta) []JobRow {
	byID := make(map[int64]*JobMeta, len(meta))
	for i := range meta {
		byID[meta[i].ID] = &meta[i]
	}
	rows := make([]JobRow, len(r.Jobs))
	for i, js := range r.Jobs {
		rows[i] = JobRow{JobStat: js, Meta: byID[js.Job], Size: js.Ports}
		if m := rows[i].Meta; m != nil && m.Nodes > 0 {
			rows[i].Size = m.Nodes
		}
	}
	return rows
}

// Select filters and sorts rows by the query.
func (q JobQuery) Select(rows []JobRow) ([]JobRow, error) {
	key, desc := strings.CutPrefix(q.Sort, "-")
	less, ok := sortKeys[cmp.Or(key, "job")]
	if !ok {
		return nil, fmt.Errorf("sort %q: want one of %s (with - for descending)", q.Sort, strings.Join(sortNames, ", "))
	}
	var out []JobRow
	for _, r := range rows {
		switch {
		case q.User != "" && (r.Meta == nil || r.Meta.User != q.User),
			r.Size < q.MinNodes,
			q.Job != 0 && r.Job != q.Job:
			continue
		}
		out = append(out, r)
	}
	slices.SortStableFunc(out, func(a, b JobRow) int {
		c := less(a, b)
		if desc {
			c = -c
		}
		return cmp.Or(c, cmp.Compare(a.Job, b.Job))
	})
	return out, nil
}

var sortNames = []string{"job", "user", "nodes", "steps", "mean", "std", "min", "max", "cv", "start"}

var sortKeys = map[string]func(a, b JobRow) int{
	"job":   func(a, b JobRow) int { return cmp.Compare(a.Job, b.Job) },
	"user":  func(a, b JobRow) int { return cmp.Compare(metaUser(a), metaUser(b)) },
	"nodes": func(a, b JobRow) int { return cmp.Compare(a.Size, b.Size) },
	"steps": func(a, b JobRow) int { return cmp.Compare(len(a.Steps), len(b.Steps)) },
	"mean":  func(a, b JobRow) int { return cmp.Compare(a.Summary.Mean, b.Summary.Mean) },
	"std":   func(a, b JobRow) int { return cmp.Compare(a.Summary.Std, b.Summary.Std) },
	"min":   func(a, b JobRow) int { return cmp.Compare(a.Summary.Min, b.Summary.Min) },
	"max":   func(a, b JobRow) int { return cmp.Compare(a.Summary.Max, b.Summary.Max) },
	"cv":    func(a, b JobRow) int { return cmp.Compare(orNaN(a.Summary.CVMean), orNaN(b.Summary.CVMean)) },
	"start": func(a, b JobRow) int { return cmp.Compare(metaStart(a), metaStart(b)) },
}

func metaUser(r JobRow) string {
	if r.Meta == nil {
		return ""
	}
	return r.Meta.User
}

func metaStart(r JobRow) int64 {
	if r.Meta == nil || r.Meta.Start.IsZero() {
		return math.MinInt64
	}
	return r.Meta.Start.UnixNano()
}

// orNaN: an undefined value sorts first (cmp.Compare puts NaN lowest).
func orNaN(p *float64) float64 {
	if p == nil {
		return math.NaN()
	}
	return *p
}

// Group pools rows by user ("-" for unknown) or by size class (1, 2, 3-4,
// 5-8, … nodes), in increasing key order (size classes by size).
func (q JobQuery) Group(rows []JobRow) ([]GroupStat, error) {
	var key func(JobRow) (string, int)
	switch q.By {
	case "user":
		key = func(r JobRow) (string, int) { return cmp.Or(metaUser(r), "-"), 0 }
	case "size":
		key = func(r JobRow) (string, int) { return sizeClass(r.Size) }
	default:
		return nil, fmt.Errorf("by %q: want user or size", q.By)
	}
	groups := map[string]*pool{}
	for _, r := range rows {
		k, order := key(r)
		a := groups[k]
		if a == nil {
			a = &pool{order: order, g: GroupStat{Key: k}}
			groups[k] = a
		}
		a.add(r.Summary)
	}
	out := make([]GroupStat, 0, len(groups))
	orders := map[string]int{}
	for k, a := range groups {
		out = append(out, a.result())
		orders[k] = a.order
	}
	slices.SortFunc(out, func(x, y GroupStat) int {
		return cmp.Or(cmp.Compare(orders[x.Key], orders[y.Key]), cmp.Compare(x.Key, y.Key))
	})
	return out, nil
}

// sizeClass names the power-of-two class of a node count and orders it.
func sizeClass(n int) (string, int) {
	if n <= 2 {
		return strconv.Itoa(n), n
	}
	hi := 4
	for hi < n {
		hi *= 2
	}
	return fmt.Sprintf("%d-%d", hi/2+1, hi), hi
}

// pool merges job summaries (Chan et al.'s pairwise variance update).
type pool struct {
	order    int
	g        GroupStat
	n        int
	mean, m2 float64
	min, max int64
	cvSum    float64
	cvN      int
}

func (a *pool) add(s Summary) {
	a.g.Jobs++
	if s.CVMean != nil {
		a.cvSum += *s.CVMean
		a.cvN++
	}
	if s.Count == 0 {
		return
	}
	if a.n == 0 || s.Min < a.min {
		a.min = s.Min
	}
	if a.n == 0 || s.Max > a.max {
		a.max = s.Max
	}
	n := a.n + s.Count
	d := s.Mean - a.mean
	a.m2 += s.Std*s.Std*float64(s.Count) + d*d*float64(a.n)*float64(s.Count)/float64(n)
	a.mean += d * float64(s.Count) / float64(n)
	a.n = n
}

func (a *pool) result() GroupStat {
	g := a.g
	if a.n > 0 {
		g.Summary = Summary{Mean: a.mean, Min: a.min, Max: a.max, Std: math.Sqrt(a.m2 / float64(a.n)), Count: a.n}
	}
	if a.cvN > 0 {
		m := a.cvSum / float64(a.cvN)
		g.Summary.CVMean = &m
	}
	return g
}
