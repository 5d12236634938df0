package diagnose

import (
	"runtime"
	"sync"

	"github.com/fabviz/fabviz/data"
	"github.com/fabviz/fabviz/model"
)

// maxTraces bounds the routes traced to explain propagating errors: all
// pairs of a model of up to 2,048 nodes.
const maxTraces = 2048 * 2048

// explainCandidates is how many of the best cables are explained by routes.
const explainCandidates = 32

// explainer knows, for the ends of the best candidate cables, which input
// ports lie after them on the routes that enter a switch through them: the
// ports a packet corrupted on that cable is counted at again.
type explainer struct {
	down map[model.PortRef]map[model.PortRef]bool
}

func newExplainer(in Input, cands []cable) *explainer {
	m := in.Model
	var nodes []int
	for n := m.MinNode; n >= 0 && n <= m.MaxNode; n++ {
		if m.NodePort(n) != model.NoPort {
			nodes = append(nodes, n)
		}
	}
	if len(nodes)*len(nodes) > maxTraces {
		return nil
	}
	ex := &explainer{down: map[model.PortRef]map[model.PortRef]bool{}}
	for i := 0; i < len(cands) && i < explainCandidates; i++ {
		for _, e := range cands[i].ends {
			ex.down[e] = map[model.PortRef]bool{}
		}
	}
	src := make(chan int, len(nodes))
	for _, n := range nodes {
		src <- n
	}
	close(src)
	var mu sync.Mutex
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			local := map[model.PortRef]map[model.PortRef]bool{}
			for s := range src {
				for _, d := range nodes {
					ex.follow(in, s, d, local)
				}
			}
			mu.Lock()
			for e, set := range local {
				for p := range set {
					ex.down[e][p] = true
				}
			}
			mu.Unlock()
		}()
	}
	wg.Wait()
	return ex
}

// follow traces one route and notes, for each candidate end it enters
// through, the input ports after it.
func (ex *explainer) follow(in Input, s, d int, local map[model.PortRef]map[model.PortRef]bool) {
	if s == d {
		return
	}
	hops, err := in.Routes.Trace(s, d)
	if err != nil {
		return
	}
	m := in.Model
	for i, h := range hops {
		e := m.Port(h.Switch, h.In)
		if _, ok := ex.down[e]; !ok {
			continue
		}
		set := local[e]
		if set == nil {
			set = map[model.PortRef]bool{}
			local[e] = set
		}
		for _, later := range hops[i+1:] {
			set[m.Port(later.Switch, later.In)] = true
		}
	}
}

// explain marks the cable's ends and every port after them as explained and
// returns the share of all errors those ports counted.
func (ex *explainer) explain(cb cable, explained []bool, s *data.Series, total int64) float64 {
	set := map[model.PortRef]bool{}
	for _, e := range cb.ends {
		set[e] = true
		for p := range ex.down[e] {
			set[p] = true
		}
	}
	var sum int64
	for p := range set {
		explained[p] = true
		sum += s.Total(p)
	}
	return float64(sum) / float64(total)
}
