package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/fabviz/fabviz/data"
	"github.com/fabviz/fabviz/internal/textio"
	"github.com/fabviz/fabviz/model"
	"github.com/fabviz/fabviz/routes"
)

func init() {
	register("load", "count each job's routes through every network port", runLoad)
}

func runLoad(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("load", "fabnet load MODEL -job FILE [-step N] [-pairs FILE] -o OUT.dat", stderr)
	jobFile := fs.String("job", "", "job file or job log (required)")
	step := fs.Int("step", 0, "time step of the job file whose jobs are traced")
	pairsFile := fs.String("pairs", "", "file of `SRC DST` lines (node ids or host names); default all ordered pairs of each job")
	out := fs.String("o", "", "parameter file to write: routes per network port; OUT.jobs.dat gets jobs per port (required)")
	if parseInterspersed(fs, args) != nil {
		return 2
	}
	if fs.NArg() != 1 || *jobFile == "" || *out == "" {
		fs.Usage()
		return 2
	}
	m, set, ok := openRoutes(fs.Arg(0), stderr)
	if !ok {
		return 1
	}
	jobs, err := data.Load(*jobFile, m, data.Options{Kind: data.Job})
	if err != nil {
		printErrors(stderr, err)
		return 1
	}
	if *step < 0 || *step >= jobs.Steps() {
		fmt.Fprintf(stderr, "fabnet load: step %d is beyond the job file's %d steps\n", *step, jobs.Steps())
		return 1
	}
	work, err := jobPairs(m, jobs, *step, *pairsFile)
	if err != nil {
		printErrors(stderr, err)
		return 1
	}
	c := set.Contend(work)
	for _, e := range c.Failed {
		fmt.Fprintln(stderr, e)
	}
	if err := writeLoad(m, *out, c); err != nil {
		fmt.Fprintln(stderr, "fabnet load:", err)
		return 1
	}
	summariseLoad(stdout, m, len(work), c)
	if c.Bad > 0 {
		fmt.Fprintf(stderr, "%d of %d routes did not trace\n", c.Bad, c.Bad+c.Traced)
		return 1
	}
	return 0
}

// jobPairs lists each job's node pairs at a step: every ordered pair of its
// nodes, or the pairs a file gives, each belonging to its source's job.
func jobPairs(m *model.Model, jobs *data.Series, step int, pairsFile string) ([]routes.JobPairs, error) {
	ids := make([]int64, m.NumPorts())
	jobs.FillJobs(ids, step)
	nodesOf := map[int64][]int{}
	jobOf := map[int]int64{}
	for p, id := range ids {
		if id == 0 {
			continue
		}
		if n, ok := m.Node(model.PortRef(p)); ok {
			nodesOf[id] = append(nodesOf[id], n)
			jobOf[n] = id
		}
	}
	order := make([]int64, 0, len(nodesOf))
	for id := range nodesOf {
		order = append(order, id)
	}
	sort.Slice(order, func(a, b int) bool { return order[a] < order[b] })
	pairs := map[int64][][2]int{}
	if pairsFile == "" {
		for _, id := range order {
			pairs[id] = routes.AllPairs(nodesOf[id])
		}
	} else if err := readPairs(m, pairsFile, step, jobOf, pairs); err != nil {
		return nil, err
	}
	var out []routes.JobPairs
	for _, id := range order {
		if len(pairs[id]) > 0 {
			out = append(out, routes.JobPairs{Job: id, Pairs: pairs[id]})
		}
	}
	return out, nil
}

// readPairs reads a pairs file and gives each pair to its source's job.
func readPairs(m *model.Model, path string, step int, jobOf map[int]int64, pairs map[int64][][2]int) error {
	list, err := routes.LoadPairs(path, m)
	var errs textio.ErrorList
	if err != nil && !errors.As(err, &errs) {
		return err
	}
	for _, pr := range list {
		id, runs := jobOf[pr.Src]
		if !runs {
			errs = append(errs, textio.Errorf(path, pr.Line, "source node %s runs no job at step %d", m.HostName(pr.Src), step))
			continue
		}
		pairs[id] = append(pairs[id], [2]int{pr.Src, pr.Dst})
	}
	sort.SliceStable(errs, func(i, j int) bool { return errs[i].Line < errs[j].Line })
	return errs.Err()
}

// writeLoad writes the routes count and the distinct-job count of every
// connected network port as two one-step parameter files.
func writeLoad(m *model.Model, out string, c *routes.Contention) error {
	jobsOut := strings.TrimSuffix(out, filepath.Ext(out)) + ".jobs" + filepath.Ext(out)
	if filepath.Ext(out) == "" {
		jobsOut = out + ".jobs.dat"
	}
	for _, f := range []struct {
		path, counter string
		vals          []int32
	}{{out, "routes", c.Routes}, {jobsOut, "jobs", c.Jobs}} {
		var b strings.Builder
		fmt.Fprintf(&b, "# fabnet load: %s per network port\n#! counter %s %s\n", f.counter, f.counter, f.counter)
		for p := range m.NumPorts() {
			ref := model.PortRef(p)
			if m.Spec(ref).Role == model.Net && m.Peer(ref) != model.NoPort {
				fmt.Fprintf(&b, "%s %d\n", m.Label(ref), f.vals[p])
			}
		}
		if err := os.WriteFile(f.path, []byte(b.String()), 0o644); err != nil {
			return err
		}
	}
	return nil
}

func summariseLoad(w io.Writer, m *model.Model, jobs int, c *routes.Contention) {
	busiest, shared := model.NoPort, 0
	for p, n := range c.Routes {
		if busiest == model.NoPort || n > c.Routes[busiest] {
			busiest = model.PortRef(p)
		}
		if c.Jobs[p] > 1 {
			shared++
		}
	}
	fmt.Fprintf(w, "traced %d routes of %d jobs; %d network ports carry more than one job", c.Traced, jobs, shared)
	if busiest != model.NoPort && c.Routes[busiest] > 0 {
		fmt.Fprintf(w, "; busiest %s: %d routes of %d jobs", m.Label(busiest), c.Routes[busiest], c.Jobs[busiest])
	}
	fmt.Fprintln(w)
}
