package session

import (
	"fmt"
	"slices"

	"github.com/fabviz/fabviz/model"
	"github.com/fabviz/fabviz/render/scene"
	"github.com/fabviz/fabviz/routes"
	"github.com/fabviz/fabviz/view"
)

// maxJobRoutes bounds the routes traced for one picture's job routes
// (every ordered pair of a job's nodes, as `fabnet load` traces them).
const maxJobRoutes = 250_000

// jobRouteCache holds the job routes of one job series, step and job
// choice.
type jobRouteCache struct {
	noRoutes *model.Model // the model whose route files did not open (warned once)
	warned   string       // the last trace failure warned about
	key      string
	routes   []scene.Route
	note     string // the caption's line
}

// jobRouteKey names what the job routes depend on ("" when off).
func jobRouteKey(st *view.State) string {
	if !st.JobRoutes {
		return ""
	}
	return fmt.Sprintf("step %d job %d", st.Step, st.Job)
}

// jobRoutes are, with `job-routes on`, the links and switch crossings the
// routes of the jobs running at the step use (the selected job's only,
// when one is selected): one segment per job in the job's colour, side by
// side in lanes where several jobs use the same link. A route that does
// not trace is counted in one warning; a job with more routes than
// maxJobRoutes is left out with a warning.
func (s *Session) jobRoutes(st *view.State) []scene.Route {
	if !st.JobRoutes {
		return nil
	}
	return s.routesOfJobs(st)
}

// routesOfJobs is jobRoutes whether or not they are drawn (a selected
// job's routes also keep its network ports bright).
func (s *Session) routesOfJobs(st *view.State) []scene.Route {
	if s.d.jobs == nil || st.Step >= s.d.jobs.Steps() {
		return nil
	}
	key := fmt.Sprintf("%p step %d job %d", s.d.jobs, st.Step, st.Job)
	if s.jr.key == key {
		return s.jr.routes
	}
	m := s.model
	if s.jr.noRoutes == m {
		return nil
	}
	s.jr = jobRouteCache{key: key, warned: s.jr.warned}
	if s.routes == nil {
		set, err := routes.Open(m)
		if err != nil {
			fmt.Fprintf(s.Warn, "the jobs' routes are left out: %v\n", err)
			s.jr.noRoutes = m
			return nil
		}
		s.routes = set
	}
	nodes := s.jobNodes(st)
	users := map[[2]model.PortRef][]int64{} // link → jobs using it, in id order
	var order [][2]model.PortRef
	bad, traced := 0, 0
	var firstErr error
	for _, id := range sortedIDs(nodes) {
		ns := nodes[id]
		if n := len(ns) * (len(ns) - 1); n > maxJobRoutes {
			fmt.Fprintf(s.Warn, "job %d: %d nodes, %d routes: more than %d to trace for a picture; drawn without its routes (fabnet load counts them)\n", id, len(ns), n, maxJobRoutes)
			continue
		}
		seen := map[[2]model.PortRef]bool{}
		for _, a := range ns {
			for _, b := range ns {
				if a == b {
					continue
				}
				hops, err := s.routes.Trace(a, b)
				if err != nil {
					bad++
					firstErr = cmpOrErr(firstErr, err)
					continue
				}
				traced++
				ps := hopPorts(m, hops)
				for i := 0; i+1 < len(ps); i++ {
					k := [2]model.PortRef{min(ps[i], ps[i+1]), max(ps[i], ps[i+1])}
					if !seen[k] {
						seen[k] = true
						if users[k] == nil {
							order = append(order, k)
						}
						users[k] = append(users[k], id)
					}
				}
			}
		}
	}
	if bad > 0 && firstErr.Error() != s.jr.warned {
		// once per kind of failure, not at every step of an animation
		fmt.Fprintf(s.Warn, "job routes: %d of %d routes did not trace (first: %v); drawn without them\n", bad, bad+traced, firstErr)
		s.jr.warned = firstErr.Error()
	}
	var out []scene.Route
	shared := 0
	for _, k := range order {
		ids := users[k]
		if len(ids) > 1 {
			shared++
		}
		for lane, id := range ids {
			out = append(out, scene.Route{Ports: []model.PortRef{k[0], k[1]}, Color: s.jobColor(id), Lane: lane, Lanes: len(ids)})
		}
	}
	note := fmt.Sprintf("job routes: %d job(s), %d routes over %d links and switch crossings, %d of them used by more than one job (side by side)", len(nodes), traced, len(order), shared)
	s.jr = jobRouteCache{key: key, routes: out, note: note}
	return out
}

func cmpOrErr(a, b error) error {
	if a != nil {
		return a
	}
	return b
}

// jobNodes lists the nodes of each job at the state's step (only the
// selected job's when one is selected).
func (s *Session) jobNodes(st *view.State) map[int64][]int {
	m := s.model
	ids := make([]int64, m.NumPorts())
	s.d.jobs.FillJobs(ids, st.Step)
	out := map[int64][]int{}
	for p, id := range ids {
		if id == 0 || (st.Job != 0 && id != st.Job) {
			continue
		}
		if n, ok := m.Node(model.PortRef(p)); ok {
			out[id] = append(out[id], n)
		}
	}
	return out
}

func sortedIDs(m map[int64][]int) []int64 {
	out := make([]int64, 0, len(m))
	for id := range m {
		out = append(out, id)
	}
	slices.Sort(out)
	return out
}
