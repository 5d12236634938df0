package sim

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"sort"
	"strconv"
	"strings"

	"github.com/fabviz/fabviz/model"
	"github.com/fabviz/fabviz/routes"
)

// JobSpec is a job to run: either its Nodes, or a Size for the in-order
// allocator. It starts at step Start (or later, when the allocator has too
// few free nodes).
type JobSpec struct {
	ID    int64
	Nodes []int
	Size  int
	Start int
	// Pattern pairs this job's nodes; the zero Pattern means the run's.
	Pattern Pattern
	// Sync makes this job bulk-synchronous (see Config.Sync).
	Sync bool
}

// BadCable is a failing cable, named by either of its two ports: from step
// From on, each packet crossing it in either direction is corrupted with
// probability Fraction.
type BadCable struct {
	Port     model.PortRef
	Fraction float64
	From     int
}

// Config sets the run.
type Config struct {
	Steps    int    // time steps to simulate
	Capacity int    // packets a directed link carries per step
	Packets  int64  // packets each flow (one direction of a pair) delivers
	Seed     uint64 // pairing and corruption draws
	Pattern  Pattern
	Bad      []BadCable
	// Sync makes every job bulk-synchronous (JobSpec.Sync makes one job
	// so): in a step each of its flows
	// sends no more than its slowest flow can, so one congested route holds
	// the whole job back, as an application waiting on its slowest
	// exchange is.
	Sync bool
}

// Step is what one time step produced, indexed by model.PortRef. The slices
// are reused from step to step: copy what you keep.
type Step struct {
	Index   int
	Packets []int64 // packets received by the switch on each port
	Bad     []int64 // bad packets counted at each input port
	Jobs    []int64 // the job running on each processor port, 0 = none
}

// JobResult is how far a job got.
type JobResult struct {
	ID         int64
	Nodes      []int // in increasing order; nil when it never started
	Start, End int   // steps; End is -1 while unfinished, Start -1 if never started
	Flows      int
	Pairs      [][2]int // the flows: source and destination node
	Pattern    Pattern  // how its nodes were paired
	Sync       bool     // bulk-synchronous
	Delivered  int64
	Total      int64
}

// Progress is the fraction of the job's packets delivered.
func (j JobResult) Progress() float64 {
	if j.Total == 0 {
		if j.Start >= 0 {
			return 1
		}
		return 0
	}
	return float64(j.Delivered) / float64(j.Total)
}

// flow is one direction of a pair.
type flow struct {
	job  int
	res  []int32         // links crossed: input ports, then NumPorts+the ejection port
	in   []model.PortRef // input ports of the route, in hop order
	bad  []badHop        // hops entered through a bad cable, in hop order
	left int64
	cap  int64 // this step's share: the least capacity/flows over its links
}

// badHop is a hop whose input port receives over bad cable cable.
type badHop struct{ hop, cable int }

type runner struct {
	set   *routes.Set
	m     *model.Model
	cfg   Config
	specs []JobSpec
	res   []JobResult
	flows [][]*flow // by job
	free  []bool    // by node − MinNode
	next  int       // first spec not started (FIFO)
	bad   map[model.PortRef]int
	rng   *rand.Rand
	users []int32 // flows per link in the current step
	step  Step
}

// Run simulates cfg.Steps steps and hands each one to each, in order. Jobs
// start in the order given; a job that cannot get its nodes waits and holds
// back the jobs behind it.
func Run(set *routes.Set, jobs []JobSpec, cfg Config, each func(*Step) error) ([]JobResult, error) {
	r, err := newRunner(set, jobs, cfg)
	if err != nil {
		return nil, err
	}
	for s := range cfg.Steps {
		if err := r.start(s); err != nil {
			return nil, err
		}
		r.send(s)
		if err := each(&r.step); err == errDone {
			break
		} else if err != nil {
			return nil, err
		}
		r.finish(s)
	}
	return r.res, nil
}

// errDone stops Run early without an error.
var errDone = errors.New("done")

func newRunner(set *routes.Set, jobs []JobSpec, cfg Config) (*runner, error) {
	m := set.Model()
	if cfg.Steps < 1 || cfg.Capacity < 1 || cfg.Packets < 1 {
		return nil, errors.New("steps, capacity and packets must each be at least 1")
	}
	r := &runner{set: set, m: m, cfg: cfg, specs: jobs, bad: map[model.PortRef]int{},
		rng:   rand.New(rand.NewPCG(cfg.Seed, 0xbad)),
		users: make([]int32, 2*m.NumPorts()),
		free:  make([]bool, m.MaxNode-m.MinNode+1)}
	if err := r.checkJobs(); err != nil {
		return nil, err
	}
	for i, b := range cfg.Bad {
		if b.Port < 0 || int(b.Port) >= m.NumPorts() || m.Spec(b.Port).Role != model.Net || m.Peer(b.Port) == model.NoPort {
			return nil, fmt.Errorf("bad cable %d: not a cabled network port", b.Port)
		}
		if b.Fraction < 0 || b.Fraction > 1 {
			return nil, fmt.Errorf("bad cable %s: fraction %g is not in [0,1]", m.Label(b.Port), b.Fraction)
		}
		r.bad[b.Port], r.bad[m.Peer(b.Port)] = i, i
	}
	for n := range r.free {
		r.free[n] = m.NodePort(m.MinNode+n) != model.NoPort
	}
	r.res = make([]JobResult, len(jobs))
	r.flows = make([][]*flow, len(jobs))
	for i, j := range jobs {
		r.res[i] = JobResult{ID: j.ID, Start: -1, End: -1}
	}
	np := m.NumPorts()
	r.step = Step{Packets: make([]int64, np), Bad: make([]int64, np), Jobs: make([]int64, np)}
	return r, nil
}

// checkJobs refuses ids that are not positive or repeat, and bad node lists.
func (r *runner) checkJobs() error {
	seen := map[int64]bool{}
	for _, j := range r.specs {
		if j.ID <= 0 || seen[j.ID] {
			return fmt.Errorf("job %d: ids must be positive and distinct", j.ID)
		}
		seen[j.ID] = true
		if j.Start < 0 || (j.Nodes == nil && j.Size < 1) {
			return fmt.Errorf("job %d: needs nodes or a size of at least 1, and a start step ≥ 0", j.ID)
		}
		if j.Nodes == nil && j.Size > r.m.NumNodes {
			return fmt.Errorf("job %d: %d nodes asked, the model has %d", j.ID, j.Size, r.m.NumNodes)
		}
		dup := map[int]bool{}
		for _, n := range j.Nodes {
			if r.m.NodePort(n) == model.NoPort || dup[n] {
				return fmt.Errorf("job %d: node %d is not in the model or listed twice", j.ID, n)
			}
			dup[n] = true
		}
	}
	return nil
}

// start starts the waiting jobs whose turn it is, in order.
func (r *runner) start(s int) error {
	for r.next < len(r.specs) && r.specs[r.next].Start <= s {
		nodes := r.take(r.specs[r.next])
		if nodes == nil {
			return nil
		}
		if err := r.launch(r.next, nodes, s); err != nil {
			return err
		}
		r.next++
	}
	return nil
}

// take claims a job's nodes: its own list if all are free, else the
// lowest-numbered free nodes; nil when they are not (yet) available.
func (r *runner) take(j JobSpec) []int {
	var nodes []int
	if j.Nodes != nil {
		nodes = append(nodes, j.Nodes...)
		sort.Ints(nodes)
		for _, n := range nodes {
			if !r.free[n-r.m.MinNode] {
				return nil
			}
		}
	} else {
		nodes = Allocate(r.free, r.m.MinNode, j.Size)
		if nodes == nil {
			return nil
		}
	}
	for _, n := range nodes {
		r.free[n-r.m.MinNode] = false
	}
	return nodes
}

// Allocate returns the size lowest-numbered free nodes (free is indexed by
// node − min), or nil when fewer are free. It does not mark them taken.
func Allocate(free []bool, min, size int) []int {
	nodes := make([]int, 0, size)
	for i, f := range free {
		if len(nodes) == size {
			break
		}
		if f {
			nodes = append(nodes, min+i)
		}
	}
	if len(nodes) < size {
		return nil
	}
	return nodes
}

// launch pairs a job's nodes and traces its flows.
func (r *runner) launch(i int, nodes []int, s int) error {
	j := &r.res[i]
	j.Nodes, j.Start = nodes, s
	for _, n := range nodes {
		r.step.Jobs[r.m.NodePort(n)] = j.ID
	}
	pat := r.cfg.Pattern
	if r.specs[i].Pattern != (Pattern{}) {
		pat = r.specs[i].Pattern
	}
	j.Pattern, j.Sync = pat, r.specs[i].Sync || r.cfg.Sync
	for _, pr := range pat.Pairs(nodes, r.cfg.Seed, j.ID) {
		for _, d := range [2][2]int{{pr[0], pr[1]}, {pr[1], pr[0]}} {
			f, err := r.newFlow(i, d[0], d[1])
			if err != nil {
				return fmt.Errorf("job %d: %w", j.ID, err)
			}
			r.flows[i] = append(r.flows[i], f)
			j.Pairs = append(j.Pairs, d)
		}
	}
	j.Flows = len(r.flows[i])
	j.Total = int64(j.Flows) * r.cfg.Packets
	return nil
}

// Pattern is how a job's nodes are paired: Random, Halves or Blocks(S);
// the zero Pattern means "not given" and pairs as Random.
type Pattern struct {
	kind  uint8
	block int // Blocks: the shift S
}

var (
	// Random pairs consecutive entries of a shuffle of the nodes, seeded by
	// the seed and the job id.
	Random = Pattern{kind: 3}
	// Halves pairs the k-th node (in increasing order) with the k-th of the
	// second half, as a job exchanging between its two halves does.
	Halves = Pattern{kind: 1}
)

// Blocks cuts the job's nodes (in increasing order) into blocks of 2S and
// pairs the k-th node of each block with the (k+S)-th: with S the nodes of
// a switch, each switch's worth of the job exchanges with the next, a
// nearest-neighbour exchange. The nodes after the last whole block pair as
// Halves does.
func Blocks(s int) Pattern { return Pattern{kind: 2, block: s} }

// ParsePattern reads "random", "halves" or "blocks:S" (S from 1).
func ParsePattern(s string) (Pattern, error) {
	switch s {
	case "random":
		return Random, nil
	case "halves":
		return Halves, nil
	}
	if rest, ok := strings.CutPrefix(s, "blocks:"); ok {
		if n, err := strconv.Atoi(rest); err == nil && n >= 1 && n <= 1<<20 {
			return Blocks(n), nil
		}
	}
	return Pattern{}, fmt.Errorf("pattern %q: expected random, halves or blocks:S (S a whole number from 1)", s)
}

// String is the pattern as ParsePattern reads it.
func (pt Pattern) String() string {
	switch pt.kind {
	case 1:
		return "halves"
	case 2:
		return "blocks:" + strconv.Itoa(pt.block)
	}
	return "random"
}

// Pairs pairs the nodes (given in increasing order); with an odd count the
// node left over pairs with the first node of the pairing as well.
func (pt Pattern) Pairs(nodes []int, seed uint64, job int64) [][2]int {
	p := append([]int(nil), nodes...)
	var out [][2]int
	switch pt.kind {
	case 1:
		out = halves(p)
	case 2:
		b := 0
		for ; b+2*pt.block <= len(p); b += 2 * pt.block {
			for k := range pt.block {
				out = append(out, [2]int{p[b+k], p[b+pt.block+k]})
			}
		}
		out = append(out, halves(p[b:])...)
	default:
		rng := rand.New(rand.NewPCG(seed, uint64(job)))
		rng.Shuffle(len(p), func(a, b int) { p[a], p[b] = p[b], p[a] })
		for k := 0; k+1 < len(p); k += 2 {
			out = append(out, [2]int{p[k], p[k+1]})
		}
	}
	if len(p)%2 == 1 && len(p) > 1 {
		out = append(out, [2]int{p[len(p)-1], out[0][0]})
	}
	return out
}

// halves pairs the k-th node with the k-th of the second half.
func halves(p []int) [][2]int {
	h := len(p) / 2
	out := make([][2]int, 0, h)
	for k := range h {
		out = append(out, [2]int{p[k], p[h+k]})
	}
	return out
}

func (r *runner) newFlow(job, src, dst int) (*flow, error) {
	hops, err := r.set.Trace(src, dst)
	if err != nil {
		return nil, err
	}
	f := &flow{job: job, left: r.cfg.Packets}
	for k, h := range hops {
		p := r.m.Port(h.Switch, h.In)
		f.in = append(f.in, p)
		f.res = append(f.res, int32(p))
		if c, ok := r.bad[p]; ok && k > 0 {
			f.bad = append(f.bad, badHop{k, c})
		}
	}
	last := hops[len(hops)-1]
	f.res = append(f.res, int32(r.m.NumPorts())+int32(r.m.Port(last.Switch, last.Out)))
	return f, nil
}

// send moves one step of packets.
func (r *runner) send(s int) {
	st := &r.step
	st.Index = s
	clear(st.Packets)
	clear(st.Bad)
	clear(r.users)
	r.eachActive(func(f *flow) {
		for _, l := range f.res {
			r.users[l]++
		}
	})
	r.eachActive(func(f *flow) {
		f.cap = int64(r.cfg.Capacity)
		for _, l := range f.res {
			f.cap = min(f.cap, int64(r.cfg.Capacity)/int64(r.users[l]))
		}
	})
	r.syncJobs()
	r.eachActive(func(f *flow) {
		rate := min(f.left, f.cap)
		for _, p := range f.in {
			st.Packets[p] += rate
		}
		r.corrupt(f, rate, s)
		f.left -= rate
		r.res[f.job].Delivered += rate
	})
}

// syncJobs lowers, in each bulk-synchronous job, every flow's share to
// the job's slowest active flow's.
func (r *runner) syncJobs() {
	for i, fs := range r.flows {
		if !r.res[i].Sync {
			continue
		}
		slow := int64(math.MaxInt64)
		for _, f := range fs {
			if f.left > 0 {
				slow = min(slow, f.cap)
			}
		}
		for _, f := range fs {
			f.cap = min(f.cap, slow)
		}
	}
}

// eachActive calls fn for every flow with packets left, in a fixed order.
func (r *runner) eachActive(fn func(*flow)) {
	for i := range r.flows {
		for _, f := range r.flows[i] {
			if f.left > 0 {
				fn(f)
			}
		}
	}
}

// corrupt draws, for each bad cable the flow crosses, how many of its still
// good packets it corrupts, and counts them at that input port and every
// later one.
func (r *runner) corrupt(f *flow, rate int64, s int) {
	good := rate
	for _, b := range f.bad {
		c := r.cfg.Bad[b.cable]
		if s < c.From || c.Fraction == 0 {
			continue
		}
		n := binomial(r.rng, good, c.Fraction)
		good -= n
		for _, p := range f.in[b.hop:] {
			r.step.Bad[p] += n
		}
	}
}

// finish ends the jobs whose flows are all done; their nodes are free for
// the next step.
func (r *runner) finish(s int) {
	for i := range r.res {
		j := &r.res[i]
		if j.Start < 0 || j.End >= 0 || j.Delivered < j.Total {
			continue
		}
		j.End = s
		for _, n := range j.Nodes {
			r.free[n-r.m.MinNode] = true
			r.step.Jobs[r.m.NodePort(n)] = 0
		}
	}
}

// AloneSteps bounds how long Alone runs a job.
const AloneSteps = 1 << 20

// Alone runs each job that started by itself, on the same nodes from step
// 0, until it finishes (at most AloneSteps steps), and returns how many
// steps it took (0 when it did not finish or never started). A job much
// slower with the others than alone is starved by them.
func Alone(set *routes.Set, res []JobResult, cfg Config) ([]int, error) {
	out := make([]int, len(res))
	cfg.Bad, cfg.Steps = nil, AloneSteps
	for i, j := range res {
		if j.Start < 0 {
			continue
		}
		first := set.Model().NodePort(j.Nodes[0])
		r, err := Run(set, []JobSpec{{ID: j.ID, Nodes: j.Nodes, Pattern: j.Pattern, Sync: j.Sync}}, cfg, func(st *Step) error {
			if st.Jobs[first] == 0 { // ended at the step before
				return errDone
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
		out[i] = r[0].End + 1
	}
	return out, nil
}

// binomial is how many of n packets a cable corrupts, each with probability
// p: a Bernoulli process sampled by geometric jumps from one corrupted
// packet to the next, so the cost grows with the corrupted count, not n.
func binomial(rng *rand.Rand, n int64, p float64) int64 {
	if p >= 1 {
		return n
	}
	if p <= 0 || n <= 0 {
		return 0
	}
	lq := math.Log1p(-p)
	var k, i int64
	for {
		// packets up to and including the next corrupted one
		jump := math.Floor(math.Log(1-rng.Float64())/lq) + 1
		if jump > float64(n-i) {
			return k
		}
		i += int64(jump)
		k++
	}
}
