package diagnose

import (
	"fmt"
	"slices"
	"strings"

	"github.com/fabviz/fabviz/data"
	"github.com/fabviz/fabviz/model"
)

// direction says which link of a port a traffic counter measures.
type direction int

const (
	notTraffic direction = iota
	received             // the link into the port
	sent                 // the link out of the port
)

// traffic tells a traffic counter's direction and how many bytes one unit
// is (0 for packets).
func traffic(c Counter) (direction, float64) {
	n := strings.ToLower(c.Name)
	if strings.Contains(n, "error") || strings.Contains(n, "discard") || strings.Contains(n, "drop") || strings.Contains(n, "wait") {
		return notTraffic, 0
	}
	var bytes float64
	switch c.Unit {
	case "bytes", "octets":
		bytes = 1
	case "octets/4":
		bytes = 4
	case "packets":
	default:
		return notTraffic, 0
	}
	switch {
	case strings.Contains(n, "xmit") || strings.Contains(n, "out"):
		return sent, bytes
	case strings.Contains(n, "rcv") || strings.Contains(n, "in") || n == "packets":
		return received, bytes
	}
	return notTraffic, 0
}

// capacity is what the link of port p carries in one step, in the
// counter's unit, or 0 when unknown.
func capacity(in Input, c Counter, p model.PortRef, bytes float64, th Thresholds) float64 {
	if bytes == 0 {
		return float64(th.Capacity)
	}
	if in.Links == nil || in.Interval <= 0 {
		return 0
	}
	l, ok := in.Links(p)
	if !ok || l.Gbps <= 0 {
		return 0
	}
	return l.Gbps * 1e9 / 8 * in.Interval.Seconds() / bytes
}

// congestion reports links that stay above th.Utilisation of their
// capacity for th.CongestedSteps steps or more, with the jobs whose routes
// cross them.
func congestion(in Input, th Thresholds) []Finding {
	var out []Finding
	jobs := newJobRoutes(in)
	for _, c := range in.Counters {
		dir, bytes := traffic(c)
		if dir == notTraffic {
			continue
		}
		for p := range in.Model.NumPorts() {
			pr := model.PortRef(p)
			if !c.Series.Listed(pr) {
				continue
			}
			limit := capacity(in, c, pr, bytes, th)
			if limit <= 0 {
				continue
			}
			if f, ok := congestedRun(in, c, pr, dir, limit, th); ok {
				f.Jobs = jobs.across(pr, dir, f.FirstStep)
				if len(f.Jobs) > 0 {
					f.Evidence = append(f.Evidence, fmt.Sprintf("at step %d the routes of %s cross this link (%s)", f.FirstStep, jobList(f.Jobs), jobs.traced()))
				}
				out = append(out, f)
			}
		}
	}
	return out
}

// congestedRun finds the port's longest run of congested steps.
func congestedRun(in Input, c Counter, p model.PortRef, dir direction, limit float64, th Thresholds) (Finding, bool) {
	s := c.Series
	bestStart, bestLen, curStart, congested := -1, 0, -1, 0
	var bestSum, cur float64
	for step := 0; step <= s.Steps(); step++ {
		v, ok := int64(0), false
		if step < s.Steps() {
			v, ok = s.Value(p, step)
		}
		if u := float64(v) / limit; ok && u >= th.Utilisation {
			if curStart < 0 {
				curStart, cur = step, 0
			}
			cur += u
			congested++
			continue
		}
		if curStart >= 0 && step-curStart > bestLen {
			bestStart, bestLen, bestSum = curStart, step-curStart, cur
		}
		curStart = -1
	}
	if bestLen < max(th.CongestedSteps, 1) {
		return Finding{}, false
	}
	m := in.Model
	ends := []model.PortRef{p}
	if q := m.Peer(p); q != model.NoPort {
		ends = append(ends, q)
	}
	mean := bestSum / float64(bestLen)
	way := "into"
	if dir == sent {
		way = "out of"
	}
	f := Finding{Kind: Congestion, Ports: labels(m, ends), FirstStep: bestStart, LastStep: bestStart + bestLen - 1,
		Score: mean / th.Utilisation * float64(bestLen) / float64(max(th.CongestedSteps, 1)), Counter: c.Name,
		Threshold: fmt.Sprintf("%.0f %% of the link's capacity for %d steps in a row", 100*th.Utilisation, th.CongestedSteps)}
	f.Evidence = append(f.Evidence, fmt.Sprintf("the link %s %s carried %.0f %% of its capacity (%.0f %s a step) on average over %s; %d congested steps in all",
		way, m.Label(p), 100*mean, limit, unitName(c), stepSpan(f.FirstStep, f.LastStep), congested))
	return f, true
}

func unitName(c Counter) string {
	if c.Unit == "" {
		return "units"
	}
	return c.Unit
}

func jobList(ids []int64) string {
	parts := make([]string, len(ids))
	for i, id := range ids {
		parts[i] = fmt.Sprint(id)
	}
	if len(ids) == 1 {
		return "job " + parts[0]
	}
	return "jobs " + strings.Join(parts, ", ")
}

// jobRoutes traces, per step asked, every ordered pair of each running
// job's nodes, and remembers which jobs enter and leave by each port.
type jobRoutes struct {
	in     Input
	byStep map[int][2]map[model.PortRef][]int64 // [received, sent]
}

func newJobRoutes(in Input) *jobRoutes {
	return &jobRoutes{in: in, byStep: map[int][2]map[model.PortRef][]int64{}}
}

func (jr *jobRoutes) traced() string {
	if jr.in.Pairs != nil {
		return "the node pairs given, each of its source's job"
	}
	return "taking every pair of a job's nodes to exchange traffic"
}

// maxJobPairs bounds the pairs traced per job: larger jobs are sampled
// along a fixed stride of sources.
const maxJobPairs = 1 << 16

func (jr *jobRoutes) across(p model.PortRef, dir direction, step int) []int64 {
	if jr.in.Jobs == nil || jr.in.Routes == nil || step < 0 || step >= jr.in.Jobs.Steps() {
		return nil
	}
	maps, ok := jr.byStep[step]
	if !ok {
		maps = jr.trace(step)
		jr.byStep[step] = maps
	}
	if dir == received {
		return maps[0][p]
	}
	return maps[1][p]
}

func (jr *jobRoutes) trace(step int) [2]map[model.PortRef][]int64 {
	m := jr.in.Model
	res := [2]map[model.PortRef][]int64{{}, {}}
	pairs := jr.pairs(step)
	ids := make([]int64, 0, len(pairs))
	for id := range pairs {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	for _, id := range ids {
		seen := [2]map[model.PortRef]bool{{}, {}}
		for _, pr := range pairs[id] {
			hops, err := jr.in.Routes.Trace(pr[0], pr[1])
			if err != nil {
				continue
			}
			for _, h := range hops {
				seen[0][m.Port(h.Switch, h.In)] = true
				seen[1][m.Port(h.Switch, h.Out)] = true
			}
		}
		for k := range 2 {
			for p := range seen[k] {
				res[k][p] = append(res[k][p], id)
			}
		}
	}
	return res
}

// pairs gives each job running at step its pairs: those of Input.Pairs
// whose source it runs on, or every ordered pair of its nodes (sampled
// along a stride of sources above maxJobPairs).
func (jr *jobRoutes) pairs(step int) map[int64][][2]int {
	nodes := jobNodes(jr.in.Model, jr.in.Jobs, step)
	out := map[int64][][2]int{}
	if jr.in.Pairs != nil {
		jobOf := map[int]int64{}
		for id, ns := range nodes {
			for _, n := range ns {
				jobOf[n] = id
			}
		}
		for _, pr := range jr.in.Pairs {
			if id, ok := jobOf[pr.Src]; ok && pr.Src != pr.Dst {
				out[id] = append(out[id], [2]int{pr.Src, pr.Dst})
			}
		}
		return out
	}
	for id, ns := range nodes {
		stride := max(1, len(ns)*len(ns)/maxJobPairs)
		for i := 0; i < len(ns); i += stride {
			for _, d := range ns {
				if d != ns[i] {
					out[id] = append(out[id], [2]int{ns[i], d})
				}
			}
		}
	}
	return out
}

// jobNodes gives each job's nodes at a step.
func jobNodes(m *model.Model, jobs *data.Series, step int) map[int64][]int {
	ids := make([]int64, m.NumPorts())
	jobs.FillJobs(ids, step)
	out := map[int64][]int{}
	for p, id := range ids {
		if id == 0 {
			continue
		}
		if n, ok := m.Node(model.PortRef(p)); ok {
			out[id] = append(out[id], n)
		}
	}
	return out
}
