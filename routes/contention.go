package routes

import (
	"runtime"
	"sort"
	"sync"

	"github.com/fabviz/fabviz/model"
)

// JobPairs is one job's traffic: the ordered node pairs that exchange
// messages.
type JobPairs struct {
	Job   int64
	Pairs [][2]int
}

// Contention says how busy each network port is with the given jobs' routes.
type Contention struct {
	// Routes[p] is how many routes leave through network port p
	// (indexed by model.PortRef; 0 for other ports).
	Routes []int32
	// Jobs[p] is how many distinct jobs have a route leaving through p.
	Jobs []int32
	// Traced counts routes followed; Failed holds the routes that did not
	// trace (they add nothing), up to a limit, and Bad counts them all.
	Traced int
	Bad    int
	Failed []error
}

// maxFailed bounds the route errors Contention keeps.
const maxFailed = 20

// Contend traces every pair of every job and counts, per network port, the
// routes leaving through it and the distinct jobs they belong to. Within a
// job the pairs are grouped by source and traced on every core, so each
// route file is read once.
func (s *Set) Contend(jobs []JobPairs) *Contention {
	m := s.m
	c := &Contention{Routes: make([]int32, m.NumPorts()), Jobs: make([]int32, m.NumPorts())}
	workers := runtime.GOMAXPROCS(0)
	used := make([][]bool, workers)
	counts := make([][]int32, workers)
	for w := range used {
		used[w] = make([]bool, m.NumPorts())
		counts[w] = make([]int32, m.NumPorts())
	}
	var mu sync.Mutex
	for _, j := range jobs {
		bySrc := groupBySource(j.Pairs)
		next := make(chan []([2]int), len(bySrc))
		for _, g := range bySrc {
			next <- g
		}
		close(next)
		var wg sync.WaitGroup
		for w := range workers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				traced, bad, errs := s.contendGroups(next, used[w], counts[w])
				mu.Lock()
				c.Traced += traced
				c.Bad += bad
				for _, e := range errs {
					if len(c.Failed) < maxFailed {
						c.Failed = append(c.Failed, e)
					}
				}
				mu.Unlock()
			}()
		}
		wg.Wait()
		for p := range c.Jobs {
			hit := false
			for w := range used {
				hit = hit || used[w][p]
				used[w][p] = false
			}
			if hit {
				c.Jobs[p]++
			}
		}
	}
	for w := range counts {
		for p, n := range counts[w] {
			c.Routes[p] += n
		}
	}
	return c
}

func (s *Set) contendGroups(next <-chan [][2]int, used []bool, counts []int32) (traced, bad int, errs []error) {
	m := s.m
	for g := range next {
		for _, pr := range g {
			hops, err := s.Trace(pr[0], pr[1])
			if err != nil {
				bad++
				if len(errs) < maxFailed {
					errs = append(errs, err)
				}
				continue
			}
			traced++
			for _, h := range hops {
				p := m.Port(h.Switch, h.Out)
				if p != model.NoPort && m.Spec(p).Role == model.Net {
					counts[p]++
					used[p] = true
				}
			}
		}
	}
	return traced, bad, errs
}

// groupBySource splits pairs into runs with one source each.
func groupBySource(pairs [][2]int) [][][2]int {
	sorted := append([][2]int(nil), pairs...)
	sort.SliceStable(sorted, func(a, b int) bool { return sorted[a][0] < sorted[b][0] })
	var out [][][2]int
	for i := 0; i < len(sorted); {
		j := i
		for j < len(sorted) && sorted[j][0] == sorted[i][0] {
			j++
		}
		out = append(out, sorted[i:j])
		i = j
	}
	return out
}

// AllPairs lists every ordered pair of distinct nodes.
func AllPairs(nodes []int) [][2]int {
	out := make([][2]int, 0, len(nodes)*(len(nodes)-1))
	for _, a := range nodes {
		for _, b := range nodes {
			if a != b {
				out = append(out, [2]int{a, b})
			}
		}
	}
	return out
}
