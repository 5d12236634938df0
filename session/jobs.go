package session

import (
	"cmp"
	"slices"
	"time"

	"github.com/fabviz/fabviz/data"
	"github.com/fabviz/fabviz/model"
	"github.com/fabviz/fabviz/render/scene"
	"github.com/fabviz/fabviz/view"
)

// dimWeight is how far a port outside the selected job is blended toward
// the background.
const dimWeight = 0.75

// dimOthers keeps the selected job's ports at the step in their colours
// — its processor ports and the network ports its routes use (when the
// routes trace) — and blends every other port toward the background, in
// both views. With no parameter data the job's ports stay white.
func (s *Session) dimOthers(st *view.State, in *scene.Input) {
	if st.Job == 0 || s.d.jobs == nil {
		return
	}
	m := s.model
	n := m.NumPorts()
	ids := make([]int64, n)
	s.d.jobs.FillJobs(ids, st.Step)
	dst := &in.PortColors
	switch {
	case in.PortColors == nil && in.JobColors != nil: // ports coloured by job
		dst = &in.JobColors
	case in.PortColors == nil:
		in.PortColors = make([]scene.Color, n)
		data.FillWhite(in.PortColors)
	default:
		in.PortColors = slices.Clone(in.PortColors) // s.d.rgb is reused for the next step
	}
	onRoute := map[model.PortRef]bool{} // network ports the job's routes use
	for _, r := range s.routesOfJobs(st) {
		for _, p := range r.Ports {
			onRoute[p] = true
		}
	}
	bg := s.style.Background
	for p, id := range ids {
		if c := (*dst)[p]; id != st.Job && !onRoute[model.PortRef(p)] && c != scene.NoJob {
			for k := range c {
				c[k] += (bg[k] - c[k]) * dimWeight
			}
			(*dst)[p] = c
		}
	}
}

// JobRow is one line of the Jobs panel: a job running at the step with
// its metadata (nil when none) and its statistics at the step (Has false
// when none of its ports has a sample there).
type JobRow struct {
	ID    int64
	Ports int // processor ports it runs on at the step
	Meta  *data.JobMeta
	Color data.RGB
	Has   bool
	Stat  data.StepStat
}

// JobRows lists the jobs running at a step, in id order, with their
// metadata (the .meta file beside the job file, when there is one) and
// their statistics over the step's parameter values.
func (s *Session) JobRows(step int) ([]JobRow, error) {
	if s.d.jobs == nil || s.model == nil || step >= s.d.jobs.Steps() {
		return nil, nil
	}
	ids := make([]int64, s.model.NumPorts())
	s.d.jobs.FillJobs(ids, step)
	count := map[int64]int{}
	for _, id := range ids {
		if id != 0 {
			count[id]++
		}
	}
	meta := s.jobMeta()
	var rep *data.JobReport
	if s.d.param != nil {
		r, err := s.jobReport()
		if err != nil {
			return nil, err
		}
		rep = r
	}
	rows := make([]JobRow, 0, len(count))
	for id, n := range count {
		r := JobRow{ID: id, Ports: n, Meta: meta[id], Color: s.jobColor(id)}
		if rep != nil {
			if js := findJob(rep, id); js != nil {
				r.Stat, r.Has = stepOf(js, step)
			}
		}
		rows = append(rows, r)
	}
	slices.SortFunc(rows, func(a, b JobRow) int { return cmp.Compare(a.ID, b.ID) })
	return rows, nil
}

func stepOf(js *data.JobStat, step int) (data.StepStat, bool) {
	i, ok := slices.BinarySearchFunc(js.Steps, step, func(a data.StepStat, t int) int { return cmp.Compare(a.Step, t) })
	if !ok {
		return data.StepStat{}, false
	}
	return js.Steps[i], true
}

// jobMeta reads the metadata beside the job file once per job series; a
// missing or unreadable file leaves the metadata out (with a note on Warn
// for an unreadable one).
func (s *Session) jobMeta() map[int64]*data.JobMeta {
	if s.meta.jobs == s.d.jobs {
		return s.meta.byID
	}
	s.meta.jobs, s.meta.byID = s.d.jobs, map[int64]*data.JobMeta{}
	list, found, err := data.LoadJobMeta(s.d.jobs.File)
	if err != nil {
		s.Warn.Write([]byte(err.Error() + "; jobs are listed without metadata\n"))
	}
	if found {
		for i := range list {
			s.meta.byID[list[i].ID] = &list[i]
		}
	}
	return s.meta.byID
}

// metaCache holds the metadata of one job series.
type metaCache struct {
	jobs *data.Series
	byID map[int64]*data.JobMeta
}

// SortJobRows orders rows by a column (id, user, partition, nodes, start,
// ports, mean, p10, p50, p90, max), descending when desc; ties by id.
// Rows without statistics or metadata sort last.
func SortJobRows(rows []JobRow, col string, desc bool) {
	key := jobKeys[col]
	if key == nil {
		key = jobKeys["id"]
	}
	slices.SortStableFunc(rows, func(a, b JobRow) int {
		c := key(a, b)
		if desc {
			c = -c
		}
		return cmp.Or(c, cmp.Compare(a.ID, b.ID))
	})
}

// JobColumns are the Jobs panel's columns, in order.
var JobColumns = []string{"id", "user", "partition", "nodes", "start", "ports", "mean", "p10", "p50", "p90", "max"}

var jobKeys = map[string]func(a, b JobRow) int{
	"id":        func(a, b JobRow) int { return cmp.Compare(a.ID, b.ID) },
	"user":      func(a, b JobRow) int { return cmp.Compare(metaStr(a, "user"), metaStr(b, "user")) },
	"partition": func(a, b JobRow) int { return cmp.Compare(metaStr(a, "partition"), metaStr(b, "partition")) },
	"nodes":     func(a, b JobRow) int { return cmp.Compare(nodes(a), nodes(b)) },
	"start":     func(a, b JobRow) int { return start(a).Compare(start(b)) },
	"ports":     func(a, b JobRow) int { return cmp.Compare(a.Ports, b.Ports) },
	"mean":      statKey(func(s data.StepStat) float64 { return s.Mean }),
	"p10":       statKey(func(s data.StepStat) float64 { return s.P10 }),
	"p50":       statKey(func(s data.StepStat) float64 { return s.P50 }),
	"p90":       statKey(func(s data.StepStat) float64 { return s.P90 }),
	"max":       statKey(func(s data.StepStat) float64 { return float64(s.Max) }),
}

func statKey(f func(data.StepStat) float64) func(a, b JobRow) int {
	return func(a, b JobRow) int {
		if a.Has != b.Has {
			return cmp.Compare(b2i(b.Has), b2i(a.Has))
		}
		return cmp.Compare(f(a.Stat), f(b.Stat))
	}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

func metaStr(r JobRow, field string) string {
	if r.Meta == nil {
		return "\xff" // unknown last
	}
	if field == "user" {
		return cmp.Or(r.Meta.User, "\xff")
	}
	return cmp.Or(r.Meta.Partition, "\xff")
}

func nodes(r JobRow) int {
	if r.Meta == nil || r.Meta.Nodes == 0 {
		return 1 << 30
	}
	return r.Meta.Nodes
}

func start(r JobRow) time.Time {
	if r.Meta == nil || r.Meta.Start.IsZero() {
		return time.Unix(1<<40, 0)
	}
	return r.Meta.Start
}

// JobCentre is the middle of a job's ports at the state's step in its
// layout (the Jobs panel turns the camera there); ok false when the job
// runs on no port at that step.
func (s *Session) JobCentre(st *view.State, id int64) (scene.Vec3, bool) {
	if s.model == nil || s.d.jobs == nil || st.Step >= s.d.jobs.Steps() {
		return scene.Vec3{}, false
	}
	ids := make([]int64, s.model.NumPorts())
	s.d.jobs.FillJobs(ids, st.Step)
	l := s.layout(st.Layout, st.Arrange)
	var sum scene.Vec3
	n := 0
	for p, j := range ids {
		if j == id {
			sum = sum.Add(l.PortPos[p])
			n++
		}
	}
	if n == 0 {
		return scene.Vec3{}, false
	}
	return sum.Mul(1 / float32(n)), true
}
