package diagnose

import (
	"fmt"

	"github.com/fabviz/fabviz/model"
)

// linkDowns reports the cables whose link_downed counter rose: down once or
// twice, or flapping at th.FlapEvents events and more. Both ends of a cable
// count the same event, so a cable's events are its busier end's.
func linkDowns(in Input, c Counter, th Thresholds) []Finding {
	m, s := in.Model, c.Series
	seen := make([]bool, m.NumPorts())
	var out []Finding
	for p := range m.NumPorts() {
		pr := model.PortRef(p)
		if seen[p] {
			continue
		}
		ends := cableOf(m, pr)
		var events []int64
		most := int64(0)
		for _, e := range ends {
			seen[e] = true
			events = append(events, s.Total(e))
			most = max(most, s.Total(e))
		}
		if most == 0 {
			continue
		}
		if len(ends) == 2 && events[1] > events[0] {
			ends[0], ends[1] = ends[1], ends[0]
			events[0], events[1] = events[1], events[0]
		}
		first, last := activeSteps(s, ends)
		steps := downSteps(in, c, ends)
		f := Finding{Kind: LinkDown, Ports: labels(m, ends), FirstStep: first, LastStep: last,
			Score: float64(most), Counter: c.Name,
			Threshold: fmt.Sprintf("any link_downed event; %d or more: flapping", th.FlapEvents)}
		if most >= th.FlapEvents {
			f.Kind = Flapping
			f.Score = float64(most) / float64(th.FlapEvents)
		}
		ev := fmt.Sprintf("%s counted %d link_downed events", m.Label(ends[0]), events[0])
		if len(ends) == 2 {
			ev += fmt.Sprintf(", its peer %s %d", m.Label(ends[1]), events[1])
		}
		f.Evidence = append(f.Evidence, fmt.Sprintf("%s, in %d steps between %s", ev, steps, stepSpan(first, last)))
		out = append(out, f)
	}
	return out
}

// downSteps counts the steps in which either end counted an event.
func downSteps(in Input, c Counter, ends []model.PortRef) int {
	n := 0
	for step := 0; step < c.Series.Steps(); step++ {
		for _, e := range ends {
			if v, ok := c.Series.Value(e, step); ok && v > 0 {
				n++
				break
			}
		}
	}
	return n
}
