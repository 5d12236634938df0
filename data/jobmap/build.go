package jobmap

import (
	"bufio"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/fabviz/fabviz/data"
	"github.com/fabviz/fabviz/internal/atomicfile"
	"github.com/fabviz/fabviz/model"
)

// hostPorts is the processor ports of a host name: every port of a host
// with several adapters (a DGX's eight HCAs), none for a host the model
// does not know. This is the one place host names are resolved.
func hostPorts(m *model.Model, host string) []model.PortRef {
	var out []model.PortRef
	for _, n := range m.HostNodes(host) {
		out = append(out, m.NodePort(n))
	}
	return out
}

// Map is a job map: for every processor port of a model, the job on it at
// every step of a grid.
type Map struct {
	Model *model.Model
	Grid  Grid
	Ports []model.PortRef // every processor port, in port order
	Jobs  []data.JobMeta  // the jobs placed on at least one port, by id
	Held  int             // how many of them hold a port at some step after clashes
	rows  map[model.PortRef][]claim
	in    []Job
	// Warnings are one line each: hosts the model does not know, jobs that
	// match no port or no step, ports two jobs claim at once.
	Warnings []string
}

// claim is one job on one port.
type claim struct {
	job         int // index into the input jobs
	first, last int
}

// Build lays jobs on a grid. A job covers the steps whose interval
// overlaps [Start, End) on every port of its hosts. Where two jobs claim
// a port at the same step, the one that overlaps the step longer keeps it
// (on a tie the earlier start, then the lower id); such clashes are
// counted in a warning. Without times (Grid.Step 0) the first job listed
// keeps the port.
func Build(m *model.Model, jobs []Job, g Grid) (*Map, error) {
	if err := g.Check(); err != nil {
		return nil, err
	}
	jm := &Map{Model: m, Grid: g, rows: map[model.PortRef][]claim{}, in: jobs}
	for p := range model.PortRef(m.NumPorts()) {
		if _, ok := m.Node(p); ok {
			jm.Ports = append(jm.Ports, p)
		}
	}
	if len(jm.Ports) > 0 && g.Steps > data.MaxLogCells/len(jm.Ports) {
		return nil, fmt.Errorf("%d processor ports × %d steps is more than the %d values a job file may hold", len(jm.Ports), g.Steps, data.MaxLogCells)
	}
	unknown := map[string]bool{}
	var noPort, noStep []int64
	for k, j := range jobs {
		first, last, ok := g.Covers(j.Meta.Start, j.Meta.End)
		if !ok {
			noStep = append(noStep, j.Meta.ID)
			continue
		}
		var ports []model.PortRef
		for _, h := range j.Hosts {
			ps := hostPorts(m, h)
			if len(ps) == 0 {
				unknown[h] = true
			}
			for _, p := range ps {
				if !slices.Contains(ports, p) {
					ports = append(ports, p)
				}
			}
		}
		if len(ports) == 0 {
			noPort = append(noPort, j.Meta.ID)
			continue
		}
		for _, p := range ports {
			jm.rows[p] = append(jm.rows[p], claim{k, first, last})
		}
		meta := j.Meta
		if meta.Nodes == 0 {
			meta.Nodes = distinct(j.Hosts)
		}
		jm.Jobs = append(jm.Jobs, meta)
	}
	slices.SortFunc(jm.Jobs, func(a, b data.JobMeta) int { return compareInt(a.ID, b.ID) })
	jm.Warnings = append(jm.Warnings, unknownWarnings(unknown, noPort)...)
	if len(noStep) > 0 {
		jm.Warnings = append(jm.Warnings, fmt.Sprintf("%d jobs ran outside the grid (or for no time) and cover no step: %s", len(noStep), idList(noStep[:min(len(noStep), 10)])+more(len(noStep)-10)))
	}
	jm.Warnings = append(jm.Warnings, jm.clashes()...)
	return jm, nil
}

func compareInt(a, b int64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// unknownWarnings names, in one warning, every host the model does not
// know (once each) and every job none of whose hosts it knows.
func unknownWarnings(unknown map[string]bool, noPort []int64) []string {
	if len(unknown) == 0 && len(noPort) == 0 {
		return nil
	}
	hosts := make([]string, 0, len(unknown))
	for h := range unknown {
		hosts = append(hosts, h)
	}
	slices.Sort(hosts)
	var parts []string
	if len(hosts) > 0 {
		parts = append(parts, fmt.Sprintf("%d hosts are not in the model: %s", len(hosts), strings.Join(hosts, " ")))
	}
	if len(noPort) > 0 {
		parts = append(parts, fmt.Sprintf("%d jobs match no port of the model and are left out: %s", len(noPort), idList(noPort)))
	}
	return []string{strings.Join(parts, "; ")}
}

func more(n int) string {
	if n <= 0 {
		return ""
	}
	return fmt.Sprintf(" … and %d more", n)
}

func idList(ids []int64) string {
	s := make([]string, len(ids))
	for i, id := range ids {
		s[i] = strconv.FormatInt(id, 10)
	}
	return strings.Join(s, " ")
}

// row fills one port's job ids step by step, resolving clashes; it
// returns how many steps had more than one claim.
func (jm *Map) row(dst []int64, p model.PortRef) (clashes int) {
	jobs := jm.in
	clear(dst)
	cl := jm.rows[p]
	if len(cl) == 0 {
		return 0
	}
	best := make([]int, len(dst)) // claim index + 1 that holds the step, negative after a clash
	for ci, c := range cl {
		for k := c.first; k <= c.last; k++ {
			if best[k] == 0 {
				best[k] = ci + 1
				continue
			}
			if best[k] > 0 { // first clash at this step
				clashes++
			}
			cur := cl[abs(best[k])-1]
			if jm.beats(c, cur, k) {
				best[k] = -(ci + 1)
			} else {
				best[k] = -abs(best[k])
			}
		}
	}
	for k, b := range best {
		if b != 0 {
			dst[k] = jobs[cl[abs(b)-1].job].Meta.ID
		}
	}
	return clashes
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// beats says whether claim a should hold step k rather than b.
func (jm *Map) beats(a, b claim, k int) bool {
	jobs := jm.in
	if jm.Grid.Step == 0 {
		return false
	}
	ja, jb := jobs[a.job].Meta, jobs[b.job].Meta
	oa, ob := jm.Grid.Overlap(k, ja.Start, ja.End), jm.Grid.Overlap(k, jb.Start, jb.End)
	switch {
	case oa != ob:
		return oa > ob
	case !ja.Start.Equal(jb.Start):
		return ja.Start.Before(jb.Start)
	}
	return ja.ID < jb.ID
}

// clashes counts the port-steps more than one job claims, and names the
// jobs that are left with none.
func (jm *Map) clashes() []string {
	buf := make([]int64, jm.Grid.Steps)
	total, ports := 0, 0
	first := ""
	held := map[int64]bool{}
	for _, p := range jm.Ports {
		if n := jm.row(buf, p); n > 0 {
			total += n
			ports++
			if first == "" {
				first = jm.Model.Label(p)
			}
		}
		for _, id := range buf {
			held[id] = true
		}
	}
	jm.Held = len(jm.Jobs)
	if total == 0 {
		return nil
	}
	rule := "the job that overlaps the step longer keeps it"
	if jm.Grid.Step == 0 {
		rule = "the job listed first keeps it"
	}
	w := []string{fmt.Sprintf("%d port-steps on %d ports (first %s) are claimed by more than one job: %s", total, ports, first, rule)}
	var lost []int64
	for _, j := range jm.Jobs {
		if !held[j.ID] {
			lost = append(lost, j.ID)
		}
	}
	if len(lost) > 0 {
		jm.Held -= len(lost)
		w = append(w, fmt.Sprintf("%d jobs lost every port-step to other jobs and are not in the job file (their metadata is kept): %s", len(lost), idList(lost)))
	}
	return w
}

// WriteJobFile writes the §3 job file: a comment, `#! steps` when the grid
// has times, `#! counter job`, then one line per processor port (label
// SWITCH.PORT) with its job id at every step (0 = none).
func (jm *Map) WriteJobFile(w io.Writer, comment string) error {
	bw := bufio.NewWriter(w)
	if comment != "" {
		fmt.Fprintf(bw, "# %s\n", comment)
	}
	if jm.Grid.Step > 0 {
		fmt.Fprintf(bw, "#! steps %s %s\n", jm.Grid.Start.UTC().Format("2006-01-02T15:04:05.999999999Z07:00"), jm.Grid.Step)
	}
	fmt.Fprintln(bw, "#! counter job")
	row := make([]int64, jm.Grid.Steps)
	var line []byte
	for _, p := range jm.Ports {
		jm.row(row, p)
		line = append(line[:0], jm.Model.Label(p)...)
		for _, v := range row {
			line = append(line, ' ')
			line = strconv.AppendInt(line, v, 10)
		}
		line = append(line, '\n')
		if _, err := bw.Write(line); err != nil {
			return err
		}
	}
	return bw.Flush()
}

// WriteFiles writes the job file to path and its metadata to
// data.MetaPath(path), each through a temporary file renamed into place.
func (jm *Map) WriteFiles(path, comment string) error {
	if err := atomicfile.Write(path, func(w io.Writer) error { return jm.WriteJobFile(w, comment) }); err != nil {
		return err
	}
	return atomicfile.Write(data.MetaPath(path), func(w io.Writer) error { return data.WriteJobMeta(w, jm.Jobs) })
}

func distinct(hosts []string) int {
	seen := make(map[string]bool, len(hosts))
	for _, h := range hosts {
		seen[h] = true
	}
	return len(seen)
}
