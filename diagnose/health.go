package diagnose

import (
	"cmp"
	"fmt"
	"slices"

	"github.com/fabviz/fabviz/data"
	"github.com/fabviz/fabviz/model"
)

// portActive is link_state's value for an active link (IBA PortState:
// 1 down, 2 init, 3 armed, 4 active).
const portActive = 4

// linkStates reports, from the collector's link_state log, the cables
// whose links left the active state during the run: down once or twice,
// or flapping at th.FlapEvents times and more. A cable's events are its
// busier end's.
func linkStates(in Input, c Counter, th Thresholds) []Finding {
	m, s := in.Model, c.Series
	seen := make([]bool, m.NumPorts())
	var out []Finding
	for p := range m.NumPorts() {
		pr := model.PortRef(p)
		if seen[p] || !s.Listed(pr) {
			continue
		}
		ends := cableOf(m, pr)
		best, bestDowns, first, last := pr, 0, -1, -1
		for _, e := range ends {
			seen[e] = true
			d, f, l := downs(s, e)
			if d > bestDowns {
				best, bestDowns, first, last = e, d, f, l
			}
		}
		if bestDowns == 0 {
			continue
		}
		f := Finding{Kind: LinkDown, Ports: labels(m, ends), FirstStep: first, LastStep: last,
			Score: float64(bestDowns), Counter: c.Name,
			Threshold: fmt.Sprintf("the link leaves the active state; %d times or more: flapping", th.FlapEvents)}
		if int64(bestDowns) >= th.FlapEvents {
			f.Kind, f.Score = Flapping, float64(bestDowns)/float64(th.FlapEvents)
		}
		f.Evidence = append(f.Evidence, fmt.Sprintf("%s's link left the active state %d times between %s (link_state read every step)",
			m.Label(best), bestDowns, stepSpan(first, last)))
		out = append(out, f)
	}
	return out
}

// downs counts a port's steps where the link state fell from active,
// with the first and last such step.
func downs(s *data.Series, p model.PortRef) (n, first, last int) {
	first, last = -1, -1
	prev, have := int64(0), false
	for st := 0; st < s.Steps(); st++ {
		v, ok := s.Value(p, st)
		if !ok {
			continue // a gap says nothing of the link
		}
		if have && prev == portActive && v != portActive {
			n++
			if first < 0 {
				first = st
			}
			last = st
		}
		prev, have = v, true
	}
	return n, first, last
}

// trainedDown reports, from the collector's link_width or link_speed log,
// ports whose link ran narrower or slower at some step than it usually does
// (the value most of its samples have): a link that retrained at 1x.
func trainedDown(in Input, c Counter) []Finding {
	m, s := in.Model, c.Series
	unit := "lanes"
	if c.Name == "link_speed" {
		unit = "Mb/s a lane"
	}
	seen := make([]bool, m.NumPorts())
	var out []Finding
	for p := range m.NumPorts() {
		pr := model.PortRef(p)
		if seen[p] || !s.Listed(pr) {
			continue
		}
		ends := cableOf(m, pr)
		for _, e := range ends {
			seen[e] = true
		}
		for _, e := range ends {
			usual, low, first, last, n := belowUsual(s, e)
			if n == 0 {
				continue
			}
			f := Finding{Kind: Degraded, Ports: labels(m, ends), FirstStep: first, LastStep: last,
				Score: float64(usual) / float64(max(low, 1)), Counter: c.Name,
				Threshold: "below the value the link has at most of its steps"}
			f.Evidence = append(f.Evidence, fmt.Sprintf("%s's %s was %d %s at %d steps between %s, against its usual %d",
				m.Label(e), c.Name, low, unit, n, stepSpan(first, last), usual))
			out = append(out, f)
			break // one finding a cable
		}
	}
	return out
}

// belowUsual finds the most common value of a port and the steps below it.
func belowUsual(s *data.Series, p model.PortRef) (usual, low int64, first, last, n int) {
	count := map[int64]int{}
	for st := 0; st < s.Steps(); st++ {
		if v, ok := s.Value(p, st); ok && v > 0 {
			count[v]++
		}
	}
	if len(count) < 2 {
		return 0, 0, -1, -1, 0
	}
	vals := make([]int64, 0, len(count))
	for v := range count {
		vals = append(vals, v)
	}
	slices.SortFunc(vals, func(a, b int64) int {
		if count[a] != count[b] {
			return count[b] - count[a]
		}
		return cmp.Compare(b, a) // a tie: the faster is the usual
	})
	usual, low, first, last = vals[0], vals[0], -1, -1
	for st := 0; st < s.Steps(); st++ {
		if v, ok := s.Value(p, st); ok && v > 0 && v < usual {
			n++
			low = min(low, v)
			if first < 0 {
				first = st
			}
			last = st
		}
	}
	return usual, low, first, last, n
}
