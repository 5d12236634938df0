package diagnose

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/fabviz/fabviz/data"
	"github.com/fabviz/fabviz/model"
	"github.com/fabviz/fabviz/routes"
)

// Kind names what a finding is.
type Kind string

// The kinds of finding, most severe first: a rank used to order findings of
// different kinds.
const (
	LinkDown   Kind = "link-down"
	Flapping   Kind = "flapping"
	BadCable   Kind = "bad-cable"
	Degraded   Kind = "degraded-link"
	Congestion Kind = "congestion"
	Imbalance  Kind = "imbalance"
)

var kindRank = map[Kind]int{LinkDown: 0, Flapping: 1, BadCable: 2, Degraded: 3, Congestion: 4, Imbalance: 5}

// Finding is one problem found, with what shows it.
type Finding struct {
	Kind Kind `json:"kind"`
	// Ports are SW.PORT labels: both ends of a cable, the receiving port
	// first; a job's ports for an imbalance.
	Ports []string `json:"ports"`
	// FirstStep and LastStep are indices of the input's steps; -1 for a
	// finding from the model alone.
	FirstStep int `json:"first_step"`
	LastStep  int `json:"last_step"`
	// Score is how far over its threshold the finding is (1 = just at it).
	Score float64 `json:"score"`
	// Counter is the counter the finding was read from ("" for the model).
	Counter string `json:"counter,omitempty"`
	// Jobs are the jobs concerned: those whose routes cross a congested
	// link, or the imbalanced job.
	Jobs []int64 `json:"jobs,omitempty"`
	// Evidence are sentences a person can check against the data.
	Evidence []string `json:"evidence"`
	// Threshold says which threshold the finding passed.
	Threshold string `json:"threshold"`
}

// Counter is one counter's series over the fabric.
type Counter struct {
	Name   string // from the file's `#! counter` header
	Unit   string
	Series *data.Series
}

// Input is what Run looks at.
type Input struct {
	Model    *model.Model
	Routes   *routes.Set // nil: no reasoning along routes
	Counters []Counter
	Jobs     *data.Series // nil: no job information
	// Interval is the length of a step, for rates; 0 when unknown.
	Interval time.Duration
	// Pairs, when not nil, are the node pairs that exchange traffic (as
	// `fabnet sim` writes them to pairs.txt), each belonging to its
	// source's job; otherwise every ordered pair of a job's nodes is
	// taken to exchange traffic.
	Pairs []routes.Pair
	// Links gives what a port's link trained at (from the model's `rate`
	// lines); nil, or !ok for a port, when unknown.
	Links func(p model.PortRef) (Link, bool)
}

// Thresholds decide what is worth a finding.
type Thresholds struct {
	// MinErrors is the fewest errors a cable must count over the input's
	// steps (at each end, for propagating counters) to be reported.
	MinErrors int64
	// FlapEvents is how many link-down events make a link flapping rather
	// than down.
	FlapEvents int64
	// Utilisation is the share of a link's capacity above which a step
	// counts as congested, and CongestedSteps how many consecutive such
	// steps make a finding.
	Utilisation    float64
	CongestedSteps int
	// Capacity is what a link carries in one step, in the unit of counters
	// that have no rate (the simulator's packets); 0 when unknown.
	Capacity int64
	// Imbalance is how many times the median of the other jobs' spread a
	// job's spread must be, and MinSpread the least spread worth a finding.
	// A job's spread at a step is (p90 − p10) / p50 over its ports.
	Imbalance float64
	MinSpread float64
}

// Set sets a threshold by its flag name (data.DiagnoseKeys; an init file's
// `diagnose NAME VALUE`).
func (th *Thresholds) Set(name string, v float64) error {
	switch name {
	case "min-errors":
		th.MinErrors = int64(v)
	case "flap-events":
		th.FlapEvents = int64(v)
	case "util":
		th.Utilisation = v
	case "congested-steps":
		th.CongestedSteps = int(v)
	case "capacity":
		th.Capacity = int64(v)
	case "imbalance":
		th.Imbalance = v
	case "min-spread":
		th.MinSpread = v
	default:
		return fmt.Errorf("unknown threshold %q", name)
	}
	return nil
}

// FromInit is Defaults with an init file's `diagnose` lines applied.
func FromInit(set map[string]float64) (Thresholds, error) {
	th := Defaults
	for name, v := range set {
		if err := th.Set(name, v); err != nil {
			return th, err
		}
	}
	return th, nil
}

// Defaults are the thresholds used unless told otherwise.
var Defaults = Thresholds{
	MinErrors:      10,
	FlapEvents:     3,
	Utilisation:    0.8,
	CongestedSteps: 3,
	Imbalance:      3,
	MinSpread:      0.5,
}

// Run looks for every kind of finding and returns them ranked: by kind, most
// severe first, then by score.
func Run(in Input, th Thresholds) []Finding {
	var out []Finding
	for _, c := range in.Counters {
		switch {
		case c.Name == "link_downed":
			out = append(out, linkDowns(in, c, th)...)
		case c.Name == "link_state":
			out = append(out, linkStates(in, c, th)...)
		case c.Name == "link_width" || c.Name == "link_speed":
			out = append(out, trainedDown(in, c)...)
		case errorCounter(c.Name) != notError:
			out = append(out, badCables(in, c, th)...)
		}
	}
	out = append(out, degradedLinks(in)...)
	out = append(out, congestion(in, th)...)
	out = append(out, imbalance(in, th)...)
	out = mergeLinkFindings(out)
	sortFindings(out)
	return out
}

// mergeLinkFindings makes one finding of a cable that both link_downed and
// link_state show going down: flapping if either counter says so, both
// counters' evidence, the wider span of steps.
func mergeLinkFindings(fs []Finding) []Finding {
	byCable := map[string]int{}
	var out []Finding
	for _, f := range fs {
		if f.Kind != LinkDown && f.Kind != Flapping {
			out = append(out, f)
			continue
		}
		key := cableKey(f.Ports)
		i, dup := byCable[key]
		if !dup {
			byCable[key] = len(out)
			out = append(out, f)
			continue
		}
		g := &out[i]
		if f.Kind == Flapping && g.Kind == LinkDown || f.Kind == g.Kind && f.Score > g.Score {
			g.Kind, g.Score, g.Threshold = f.Kind, f.Score, f.Threshold
		}
		g.Evidence = append(g.Evidence, f.Evidence...)
		g.Counter += "," + f.Counter
		g.FirstStep, g.LastStep = min(g.FirstStep, f.FirstStep), max(g.LastStep, f.LastStep)
	}
	return out
}

// cableKey names a cable by its ends in either order.
func cableKey(ports []string) string {
	s := slices.Clone(ports)
	slices.Sort(s)
	return strings.Join(s, " ")
}

func sortFindings(f []Finding) {
	sort.SliceStable(f, func(i, j int) bool {
		if kindRank[f[i].Kind] != kindRank[f[j].Kind] {
			return kindRank[f[i].Kind] < kindRank[f[j].Kind]
		}
		if f[i].Score != f[j].Score {
			return f[i].Score > f[j].Score
		}
		return len(f[i].Jobs) > len(f[j].Jobs) // more jobs on a congested link: more contention
	})
}

// cableOf returns the two ends of the cable on port p: p and its peer, or p
// alone for a processor port or an unconnected one.
func cableOf(m *model.Model, p model.PortRef) []model.PortRef {
	if q := m.Peer(p); q != model.NoPort {
		return []model.PortRef{p, q}
	}
	return []model.PortRef{p}
}

func labels(m *model.Model, ps []model.PortRef) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = m.Label(p)
	}
	return out
}

// activeSteps gives the first and last step at which any of ports has a
// nonzero value, or -1, -1.
func activeSteps(s *data.Series, ports []model.PortRef) (first, last int) {
	first, last = -1, -1
	for step := 0; step < s.Steps(); step++ {
		for _, p := range ports {
			if v, ok := s.Value(p, step); ok && v != 0 {
				if first < 0 {
					first = step
				}
				last = step
				break
			}
		}
	}
	return first, last
}

func stepSpan(first, last int) string {
	if first == last {
		return fmt.Sprintf("step %d", first)
	}
	return fmt.Sprintf("steps %d–%d", first, last)
}
