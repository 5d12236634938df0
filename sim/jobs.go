package sim

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/fabviz/fabviz/data"
	"github.com/fabviz/fabviz/model"
)

// ParseAlloc reads a list of jobs for the in-order allocator:
// "SIZE[@STEP][/PATTERN][/sync],..." — e.g. "128,50@10/halves/sync" is a
// 128-node job at step 0 paired by the run's pattern and a bulk-synchronous
// (JobSpec.Sync) 50-node job asking at step 10 whose nodes pair as halves.
// Jobs get ids 1, 2, … in list order.
func ParseAlloc(s string) ([]JobSpec, error) {
	var out []JobSpec
	for i, item := range strings.Split(s, ",") {
		spec, opts, hasOpts := strings.Cut(strings.TrimSpace(item), "/")
		size, start, hasStart := strings.Cut(spec, "@")
		j := JobSpec{ID: int64(i + 1)}
		var err error
		if j.Size, err = strconv.Atoi(size); err != nil || j.Size < 1 {
			return nil, fmt.Errorf("job %d: %q: expected SIZE[@STEP][/PATTERN] with SIZE ≥ 1", i+1, item)
		}
		if hasStart {
			if j.Start, err = strconv.Atoi(start); err != nil || j.Start < 0 {
				return nil, fmt.Errorf("job %d: %q: the start step must be an integer ≥ 0", i+1, item)
			}
		}
		if err := j.options(opts, hasOpts); err != nil {
			return nil, fmt.Errorf("job %d: %w", i+1, err)
		}
		out = append(out, j)
	}
	return out, nil
}

// options reads the "/PATTERN" and "/sync" parts of an alloc item.
func (j *JobSpec) options(opts string, given bool) error {
	if !given {
		return nil
	}
	for _, o := range strings.Split(opts, "/") {
		if o == "sync" {
			j.Sync = true
			continue
		}
		if j.Pattern != (Pattern{}) {
			return fmt.Errorf("%q: a second pattern (expected /PATTERN then /sync)", o)
		}
		p, err := ParsePattern(o)
		if err != nil {
			return err
		}
		j.Pattern = p
	}
	return nil
}

// JobsFromSeries turns a job file into jobs: each id's nodes at the first
// step it appears, starting at that step, in order of start and then id.
func JobsFromSeries(m *model.Model, s *data.Series) []JobSpec {
	ids := make([]int64, m.NumPorts())
	seen := map[int64]int{}
	var out []JobSpec
	for step := range s.Steps() {
		s.FillJobs(ids, step)
		var fresh []int64
		nodes := map[int64][]int{}
		for p, id := range ids {
			if _, old := seen[id]; id == 0 || old {
				continue
			}
			n, ok := m.Node(model.PortRef(p))
			if !ok {
				continue
			}
			if nodes[id] == nil {
				fresh = append(fresh, id)
			}
			nodes[id] = append(nodes[id], n)
		}
		sortInt64(fresh)
		for _, id := range fresh {
			seen[id] = len(out)
			out = append(out, JobSpec{ID: id, Nodes: nodes[id], Start: step})
		}
	}
	return out
}

func sortInt64(a []int64) {
	for i := 1; i < len(a); i++ {
		for k := i; k > 0 && a[k] < a[k-1]; k-- {
			a[k], a[k-1] = a[k-1], a[k]
		}
	}
}

// WriteProgress prints one line per job: nodes, start and end steps, flows,
// packets delivered of all, and the share; with alone (from Alone), also
// the steps the job takes with others and alone on the same nodes.
func WriteProgress(w io.Writer, m *model.Model, res []JobResult, alone []int) error {
	var b strings.Builder
	fmt.Fprintf(&b, "%-5s %6s %-16s %6s %6s %6s %12s %12s %9s", "job", "nodes", "first..last", "start", "end", "flows", "delivered", "packets", "progress")
	if alone != nil {
		fmt.Fprintf(&b, " %6s %6s %9s", "steps", "alone", "slowdown")
	}
	b.WriteByte('\n')
	for i, j := range res {
		span, start, end := "-", "-", "-"
		if len(j.Nodes) > 0 {
			span = fmt.Sprintf("%s..%s", nodeName(m, j.Nodes[0]), nodeName(m, j.Nodes[len(j.Nodes)-1]))
			start = strconv.Itoa(j.Start)
		}
		if j.End >= 0 {
			end = strconv.Itoa(j.End)
		}
		fmt.Fprintf(&b, "%-5d %6d %-16s %6s %6s %6d %12d %12d %8.1f%%", j.ID, len(j.Nodes), span, start, end,
			j.Flows, j.Delivered, j.Total, 100*j.Progress())
		if alone != nil {
			writeSlowdown(&b, j, alone[i])
		}
		b.WriteByte('\n')
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func nodeName(m *model.Model, n int) string {
	if h := m.HostName(n); h != "" {
		return h
	}
	return strconv.Itoa(n)
}

// writeSlowdown adds the steps a job took, alone and with the others, and
// their ratio; "-" where a run did not finish it.
func writeSlowdown(b *strings.Builder, j JobResult, alone int) {
	steps, ratio := "-", "-"
	if j.End >= 0 {
		steps = strconv.Itoa(j.End - j.Start + 1)
		if alone > 0 {
			ratio = fmt.Sprintf("%.2f", float64(j.End-j.Start+1)/float64(alone))
		}
	}
	a := "-"
	if alone > 0 {
		a = strconv.Itoa(alone)
	}
	fmt.Fprintf(b, " %6s %6s %9s", steps, a, ratio)
}
