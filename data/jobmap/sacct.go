package jobmap

import (
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"

	"github.com/fabviz/fabviz/data"
	"github.com/fabviz/fabviz/internal/textio"
	"github.com/fabviz/fabviz/slurm"
)

// Job is one job to place: what the scheduler says about it and the host
// names it ran on.
type Job struct {
	Meta  data.JobMeta
	Hosts []string
	Line  int // where the input describes it (its first line)
}

// SacctOptions say how to read sacct output.
type SacctOptions struct {
	// Format lists the columns of headerless output, as given to
	// sacct --format (`JobID,User,NodeList%40,...`; widths are ignored).
	// Empty: the first line must be sacct's header.
	Format string
	// Delimiter separates fields; empty: taken from the header (the first
	// character after the first column name), else "|".
	Delimiter string
	// Location is the zone of sacct's times, which carry none (time.Local
	// honours TZ). Nil means UTC.
	Location *time.Location
}

// Accounting is what ReadSacct found.
type Accounting struct {
	Jobs []Job // in the order the input first names them
	// Warnings are one line each, with counts: skipped records and why.
	Warnings []string
}

// sacct's column names (case-insensitive) we use.
const (
	colJobID    = "jobid"
	colJobIDRaw = "jobidraw"
	colNodeList = "nodelist"
	colStart    = "start"
	colEnd      = "end"
)

// MaxSacctLine bounds one line of sacct output.
const MaxSacctLine = 1 << 20

// sacctReader holds the state of one read.
type sacctReader struct {
	file  string
	opt   SacctOptions
	delim string
	col   map[string]int
	ncols int
	errs  textio.ErrorList
	jobs  map[int64]*Job
	order []int64
	steps map[int64]*Job // jobs seen only through their steps
	skip  skipped
}

// skipped counts records left out, with the first of each kind.
type skipped struct {
	array, never, noHosts int
	firstArray            string
	firstArrayLine        int
}

// ReadSacct reads sacct output: --parsable2 (or --parsable, whose lines end
// in the delimiter) with a header line, or headerless with
// SacctOptions.Format. Columns are found by name: JobID (JobIDRaw wins
// when both are there), NodeList, Start and End are needed; User, Account,
// Partition, JobName and NNodes are used when present. Job steps
// (`123.batch`, `123.0`) are folded into their job. Start or End `Unknown`,
// `None` or empty is unknown; an unknown End means still running; a job
// with no Start never ran and is left out (counted in a warning), as are
// array tasks and heterogeneous components whose JobID is not an integer
// (give JobIDRaw).
func ReadSacct(file string, r io.Reader, opt SacctOptions) (*Accounting, error) {
	sr := &sacctReader{file: file, opt: opt, jobs: map[int64]*Job{}, steps: map[int64]*Job{}}
	if opt.Format != "" {
		if err := sr.columns(strings.Split(opt.Format, ","), 0); err != nil {
			return nil, err
		}
		sr.delim = opt.Delimiter
		if sr.delim == "" {
			sr.delim = "|"
		}
	}
	lr := textio.NewLineReader(file, r, MaxSacctLine)
	report := func(e *textio.Error) {
		if len(sr.errs) < 100 {
			sr.errs = append(sr.errs, e)
		}
	}
	for {
		line, ok := lr.Scan(report)
		if !ok {
			break
		}
		if textio.IsComment(line) { // blank, or a comment no sacct record can be
			continue
		}
		if sr.col == nil || (sr.isHeader(line) && lr.Line() == 1) {
			if e := sr.header(string(line), lr.Line()); e != nil {
				report(e)
				break
			}
			continue
		}
		if e := sr.record(string(line), lr.Line()); e != nil {
			report(e)
		}
	}
	if sr.col == nil && len(sr.errs) == 0 {
		report(textio.Errorf(file, 0, "empty: expected sacct's header line (JobID|...)"))
	}
	if len(sr.errs) > 0 {
		return nil, sr.errs
	}
	return sr.result(), nil
}

// isHeader: a header line names the JobID column where a record has a
// job id.
func (sr *sacctReader) isHeader(line []byte) bool {
	f := strings.ToLower(strings.TrimSpace(firstName(string(line))))
	return f == colJobID || f == colJobIDRaw
}

// firstName is the leading run of letters and digits of a line.
func firstName(s string) string {
	end := strings.IndexFunc(s, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
	if end < 0 {
		return s
	}
	return s[:end]
}

func (sr *sacctReader) header(line string, n int) *textio.Error {
	if !sr.isHeader([]byte(line)) {
		msg := "expected sacct's header line (JobID|User|...): run sacct --parsable2 without --noheader, or give the --format columns"
		if sr.opt.Format == "" && strings.ContainsAny(line, "|☃") {
			msg += " (this looks like headerless sacct output: give the columns it was made with, and the delimiter)"
		}
		return textio.Errorf(sr.file, n, "%s", msg)
	}
	if sr.delim = sr.opt.Delimiter; sr.delim == "" {
		name := firstName(line)
		if len(name) == len(line) {
			sr.delim = "|"
		} else {
			_, size := firstRune(line[len(name):])
			sr.delim = line[len(name) : len(name)+size]
		}
	}
	if strings.TrimSpace(sr.delim) == "" {
		return textio.Errorf(sr.file, n, "this is sacct's fixed-width output: run sacct with --parsable2")
	}
	names := strings.Split(strings.TrimSuffix(line, sr.delim), sr.delim)
	if err := sr.columns(names, n); err != nil {
		return err.(textio.ErrorList)[0]
	}
	return nil
}

func firstRune(s string) (rune, int) {
	for _, r := range s {
		return r, len(string(r))
	}
	return 0, 0
}

// columns finds the columns we use among names (sacct field names, with
// an optional %width).
func (sr *sacctReader) columns(names []string, line int) error {
	sr.col = map[string]int{}
	for i, name := range names {
		name, _, _ = strings.Cut(strings.TrimSpace(name), "%")
		key := strings.ToLower(name)
		if _, dup := sr.col[key]; !dup {
			sr.col[key] = i
		}
	}
	sr.ncols = len(names)
	if j, ok := sr.col[colJobIDRaw]; ok {
		sr.col[colJobID] = j
	}
	var missing []string
	for _, need := range []string{"JobID", "NodeList", "Start", "End"} {
		if _, ok := sr.col[strings.ToLower(need)]; !ok {
			missing = append(missing, need)
		}
	}
	if len(missing) > 0 {
		sr.col = nil
		return textio.ErrorList{textio.Errorf(sr.file, line, "sacct columns lack %s (needed: JobID or JobIDRaw, NodeList, Start, End)", strings.Join(missing, ", "))}
	}
	return nil
}

func (sr *sacctReader) field(f []string, name string) string {
	if i, ok := sr.col[name]; ok {
		return strings.TrimSpace(f[i])
	}
	return ""
}

// record reads one data line.
func (sr *sacctReader) record(line string, n int) *textio.Error {
	f := strings.Split(line, sr.delim)
	if len(f) == sr.ncols+1 && f[sr.ncols] == "" { // --parsable ends lines in the delimiter
		f = f[:sr.ncols]
	}
	if len(f) != sr.ncols {
		return textio.Errorf(sr.file, n, "%d fields, expected %d as in the sacct columns", len(f), sr.ncols)
	}
	id, step, ok := splitJobID(sr.field(f, colJobID))
	if !ok {
		if sr.skip.array++; sr.skip.array == 1 {
			sr.skip.firstArray, sr.skip.firstArrayLine = sr.field(f, colJobID), n
		}
		return nil
	}
	start, e1 := sr.time(f, colStart, n)
	end, e2 := sr.time(f, colEnd, n)
	if e1 != nil {
		return e1
	}
	if e2 != nil {
		return e2
	}
	hosts, err := slurm.ExpandHostlist(sr.field(f, colNodeList))
	if err != nil {
		return &textio.Error{File: sr.file, Line: n, Msg: "NodeList: " + err.Error()}
	}
	j := &Job{Line: n, Hosts: hosts, Meta: data.JobMeta{ID: id, Start: start, End: end,
		User: sr.field(f, "user"), Account: sr.field(f, "account"), Partition: sr.field(f, "partition"), Name: sr.field(f, "jobname")}}
	if v, err := strconv.Atoi(sr.field(f, "nnodes")); err == nil && v > 0 {
		j.Meta.Nodes = v
	}
	if step {
		sr.addStep(j)
		return nil
	}
	if _, dup := sr.jobs[id]; dup {
		return textio.Errorf(sr.file, n, "job %d already listed at line %d", id, sr.jobs[id].Line)
	}
	sr.jobs[id] = j
	sr.order = append(sr.order, id)
	return nil
}

// splitJobID reads `123` or a step `123.batch`; ok is false for ids that
// are not integers (`123_4` array tasks, `123+1` components).
func splitJobID(s string) (id int64, step, ok bool) {
	base, _, step := strings.Cut(s, ".")
	v, err := strconv.ParseInt(base, 10, 64)
	return v, step, err == nil && v > 0
}

func (sr *sacctReader) time(f []string, name string, n int) (time.Time, *textio.Error) {
	s := sr.field(f, name)
	switch s {
	case "", "Unknown", "None":
		return time.Time{}, nil
	}
	loc := sr.opt.Location
	if loc == nil {
		loc = time.UTC
	}
	t, err := time.ParseInLocation("2006-01-02T15:04:05", s, loc)
	if err != nil {
		return t, textio.Errorf(sr.file, n, "%s: expected a time like 2026-11-21T10:00:00, Unknown or None, got %q", name, s)
	}
	return t, nil
}

// addStep folds a job step into the job's record of steps: the union of
// their hosts, the earliest start, the latest end (unknown if any step is
// still running).
func (sr *sacctReader) addStep(s *Job) {
	id := s.Meta.ID
	agg, ok := sr.steps[id]
	if !ok {
		c := *s
		c.Meta.User, c.Meta.Account, c.Meta.Partition, c.Meta.Name, c.Meta.Nodes = "", "", "", "", 0
		sr.steps[id] = &c
		if _, isJob := sr.jobs[id]; !isJob {
			sr.order = append(sr.order, id)
		}
		return
	}
	for _, h := range s.Hosts {
		if !slices.Contains(agg.Hosts, h) {
			agg.Hosts = append(agg.Hosts, h)
		}
	}
	if !s.Meta.Start.IsZero() && (agg.Meta.Start.IsZero() || s.Meta.Start.Before(agg.Meta.Start)) {
		agg.Meta.Start = s.Meta.Start
	}
	if agg.Meta.End.IsZero() || s.Meta.End.IsZero() {
		agg.Meta.End = time.Time{}
	} else if s.Meta.End.After(agg.Meta.End) {
		agg.Meta.End = s.Meta.End
	}
}

// result puts the jobs in order: a job's own line wins over its steps;
// a job known only from steps is made of them.
func (sr *sacctReader) result() *Accounting {
	acc := &Accounting{}
	seen := map[int64]bool{}
	for _, id := range sr.order {
		if seen[id] {
			continue
		}
		seen[id] = true
		j, ok := sr.jobs[id]
		if !ok {
			j = sr.steps[id]
		} else if len(j.Hosts) == 0 && sr.steps[id] != nil {
			j.Hosts = sr.steps[id].Hosts
		}
		switch {
		case j.Meta.Start.IsZero():
			sr.skip.never++
			continue
		case len(j.Hosts) == 0:
			sr.skip.noHosts++
			continue
		}
		acc.Jobs = append(acc.Jobs, *j)
	}
	acc.Warnings = sr.skip.warnings(sr.file)
	return acc
}

func (s skipped) warnings(file string) []string {
	var w []string
	if s.array > 0 {
		w = append(w, fmt.Sprintf("%s: %d records with a JobID that is not an integer were left out (first %q, line %d: an array task or a heterogeneous job's component; give JobIDRaw in sacct --format to keep them)",
			file, s.array, s.firstArray, s.firstArrayLine))
	}
	if s.never > 0 {
		w = append(w, fmt.Sprintf("%s: %d jobs never started (Start Unknown or None) and were left out", file, s.never))
	}
	if s.noHosts > 0 {
		w = append(w, fmt.Sprintf("%s: %d started jobs have no NodeList and were left out", file, s.noHosts))
	}
	return w
}
