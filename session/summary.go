package session

import (
	"cmp"
	"fmt"
	"slices"

	"github.com/fabviz/fabviz/data"
	"github.com/fabviz/fabviz/model"
	"github.com/fabviz/fabviz/view"
)

// PortValue is one port's sample at a step.
type PortValue struct {
	Port  model.PortRef
	Label string // SW.PORT, with the host name for a processor port
	Value int64
	Has   bool // false: no sample at the step
}

// Summary is the machine at one step (the drill-down's first level): the
// counter's distribution over every listed port with a sample (PerSyst's
// numbers), how many listed ports have none, a histogram, the top ports.
type Summary struct {
	Counter string
	Step    int
	Ports   int // listed ports with a sample at the step
	Gaps    int // listed ports without one
	Stat    data.StepStat
	// Hist counts the ports by value in Bins equal bins from Stat.Min to
	// Stat.Max (the last bin includes Max).
	Hist []int
	Top  []PortValue // the largest values, largest first
}

// summaryBins and summaryTop size the summary's histogram and list.
const (
	summaryBins = 20
	summaryTop  = 10
)

// MachineSummary is the summary of the parameter data at the state's step
// (nil without parameter data).
func (s *Session) MachineSummary(st *view.State) (*Summary, error) {
	p := s.d.param
	if p == nil || s.model == nil {
		return nil, nil
	}
	if st.Step >= p.Steps() {
		return nil, fmt.Errorf("step %d is beyond the data", st.Step)
	}
	m := s.model
	sum := &Summary{Counter: cmp.Or(p.Header.Counter, "values"), Step: st.Step}
	var vals []int64
	var all []PortValue
	for q := range model.PortRef(m.NumPorts()) {
		if !p.Listed(q) {
			continue
		}
		v, ok := p.Value(q, st.Step)
		if !ok {
			sum.Gaps++
			continue
		}
		vals = append(vals, v)
		all = append(all, PortValue{Port: q, Label: portName(m, q), Value: v, Has: true})
	}
	sum.Ports = len(vals)
	if len(vals) == 0 {
		return sum, nil
	}
	slices.Sort(vals)
	sum.Stat = data.StepStatOf(st.Step, vals)
	sum.Hist = histogram(vals, summaryBins)
	slices.SortStableFunc(all, func(a, b PortValue) int { return cmp.Compare(b.Value, a.Value) })
	sum.Top = all[:min(summaryTop, len(all))]
	return sum, nil
}

// histogram counts sorted values in n equal bins from the first to the
// last (all in the first bin when they are equal).
func histogram(sorted []int64, n int) []int {
	h := make([]int, n)
	lo, hi := sorted[0], sorted[len(sorted)-1]
	for _, v := range sorted {
		i := 0
		if hi > lo {
			i = int(float64(v-lo) / float64(hi-lo) * float64(n))
		}
		h[min(i, n-1)]++
	}
	return h
}

// JobPorts lists a job's processor ports at the state's step with their
// samples, largest first, gaps last (the drill-down's job level).
func (s *Session) JobPorts(st *view.State, id int64) []PortValue {
	if s.d.jobs == nil || s.model == nil || st.Step >= s.d.jobs.Steps() {
		return nil
	}
	m := s.model
	ids := make([]int64, m.NumPorts())
	s.d.jobs.FillJobs(ids, st.Step)
	var out []PortValue
	for q, j := range ids {
		if j != id {
			continue
		}
		pv := PortValue{Port: model.PortRef(q), Label: portName(m, model.PortRef(q))}
		if s.d.param != nil {
			pv.Value, pv.Has = s.d.param.Value(pv.Port, st.Step)
		}
		out = append(out, pv)
	}
	slices.SortStableFunc(out, func(a, b PortValue) int {
		if a.Has != b.Has {
			return cmp.Compare(b2i(b.Has), b2i(a.Has))
		}
		return cmp.Compare(b.Value, a.Value)
	})
	return out
}
