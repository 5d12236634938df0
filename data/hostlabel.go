package data

import (
	"fmt"

	"github.com/fabviz/fabviz/model"
)

// resolveLabel resolves a data label: a port label (SWITCH.PORT) or a host
// name (then host is the host's nodes). The name of a host with several
// ports (repeated `hostname` lines) stands for all of them in a job file,
// where a value tags ports with a job: it gives the host's first port, and
// the caller gives each of the others a copy of the line. A parameter file
// refuses it (why says so): its value is a quantity of one port, and
// copied to every port of the host it would be counted once per port in
// every sum. why is also set for a label the model does not know; unknown
// says which of the two it is (only an unknown label may be skipped with
// Options.Lenient).
func resolveLabel(m *model.Model, label string, kind Kind) (p model.PortRef, host []int, why string, unknown bool) {
	if p, ok := m.PortByLabel(label); ok {
		return p, nil, "", false
	}
	ns := m.HostNodes(label)
	switch {
	case len(ns) == 0:
		return model.NoPort, nil, m.UnknownLabel(label), true
	case len(ns) == 1 || kind == Job:
		return m.NodePort(ns[0]), ns, "", false
	}
	return model.NoPort, nil, fmt.Sprintf("%q is a host with %d ports: a parameter value belongs to one port (copied to each, the host's sums would count it %d times); label each port SWITCH.PORT (%s, ...)",
		label, len(ns), len(ns), m.Label(m.NodePort(ns[0]))), false
}

// hostRow is a line whose label is a host name: its row (kept under the
// host's first port), the name and the host's nodes.
type hostRow struct {
	row   int
	name  string
	nodes []int
}

// addHostPorts records that a host label gave these ports (for the column
// cache, which checks that the host still has them).
func (s *Series) addHostPorts(name string, ports []model.PortRef) {
	if s.hostPorts == nil {
		s.hostPorts = map[string][]model.PortRef{}
	}
	s.hostPorts[name] = ports
}

// copyColumns builds a segment whose column k holds the values and gaps of
// column src[k] of segs (which lie side by side from column 0, in order):
// the copies of a host's line for its other ports.
func copyColumns(segs []segment, steps int, src []int) (segment, segStats) {
	type place struct {
		g *segment
		i int
	}
	at := make([]place, len(src))
	wide := false
	for k, c := range src {
		col0 := 0
		for gi := range segs {
			if c < col0+segs[gi].n {
				at[k] = place{&segs[gi], c - col0}
				wide = wide || segs[gi].v64 != nil
				break
			}
			col0 += segs[gi].n
		}
	}
	n := len(src)
	t := newTable(steps, n, wide)
	for s := 0; s < steps; s++ {
		for k, a := range at {
			idx := s*a.g.n + a.i
			if v := a.g.at(idx); wide {
				t.v64[s*n+k] = v
			} else {
				t.v32[s*n+k] = int32(v)
			}
			if a.g.gap(idx) {
				t.gaps = append(t.gaps, int64(s*n+k))
			}
		}
	}
	return t.finish(n)
}
