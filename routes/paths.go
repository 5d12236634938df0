package routes

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/fabviz/fabviz/model"
)

// Path is one distinct way between two switches and how many routes take
// it. Its first hop's In and last hop's Out are -1: they are the source's
// and destination's processor ports, which differ from route to route.
type Path struct {
	Routes int
	Hops   []Hop
}

// Nodes lists the node ids on a switch's processor ports in port order.
func Nodes(m *model.Model, sw int) []int {
	var out []int
	for off := range m.Ports {
		if n, ok := m.Node(model.PortRef(sw*m.Ports + off)); ok {
			out = append(out, n)
		}
	}
	return out
}

// Between traces the routes from every node of switch a to every node of
// switch b and returns the distinct paths among them in order of first
// appearance. The first route that does not trace is returned as an error.
func (s *Set) Between(a, b int) ([]Path, error) { return s.BetweenOffset(a, b, 0) }

// BetweenOffset is Between for the routes to each destination's LID at
// offset off (forwarding tables with LMC > 0; 0 is the base LID).
func (s *Set) BetweenOffset(a, b, off int) ([]Path, error) {
	if a < 0 || a >= len(s.m.Switches) || b < 0 || b >= len(s.m.Switches) {
		return nil, fmt.Errorf("switch index out of range 0..%d", len(s.m.Switches)-1)
	}
	var paths []Path
	index := map[string]int{}
	var key strings.Builder
	for _, src := range Nodes(s.m, a) {
		for _, dst := range Nodes(s.m, b) {
			hops, err := s.TraceOffset(src, dst, off)
			if err != nil {
				return nil, err
			}
			if len(hops) == 0 {
				continue // a node's route to itself crosses no switch
			}
			hops[0].In, hops[len(hops)-1].Out = -1, -1
			key.Reset()
			for _, h := range hops {
				key.WriteString(strconv.Itoa(h.Switch) + ":" + strconv.Itoa(h.In) + ":" + strconv.Itoa(h.Out) + " ")
			}
			if i, ok := index[key.String()]; ok {
				paths[i].Routes++
				continue
			}
			index[key.String()] = len(paths)
			paths = append(paths, Path{Routes: 1, Hops: hops})
		}
	}
	return paths, nil
}
