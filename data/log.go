package data

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"slices"
	"time"

	"github.com/fabviz/fabviz/data/fvlog"
	"github.com/fabviz/fabviz/internal/textio"
	"github.com/fabviz/fabviz/model"
)

// Limits that keep a hostile log from growing without bound.
const (
	MaxGapSteps = 1 << 20 // missing intervals between two lines
	MaxLogCells = 1 << 28 // steps × ports
)

// Log is a collection log (§5) as written, not yet bound to a model.
type Log struct {
	File   string
	Header Header // Start = time of step 0, Step = the #! interval
	Labels []string
	// Interrupted is true when the last line had no newline: a write cut
	// short, which readers ignore.
	Interrupted bool

	labelLine []int
	steps     int
	stepLine  []int32 // data line of each step, 0 for a missing interval
	vals      []int64 // step-major: step*len(Labels)+column
	gaps      []int64 // positions in vals of samples that are missing, ascending
	lastTime  time.Time
	lines     []LogLine

	// Notes are the collector's note comments (`# fabviz shard 1/2`,
	// `# fabviz clock-offset ...`), which other readers skip.
	Notes []Note
}

// Note is one collector's note and where it stands.
type Note struct {
	Line   int    // line number
	Before int    // index (in Lines) of the first data line after it
	Text   string // what follows fvlog.NotePrefix
}

// LogLine is one data line as written.
type LogLine struct {
	Line  int       // line number
	Stamp time.Time // as written, in UTC
	Step  int       // the step it holds
}

// Lines are the data lines, in file order.
func (lg *Log) Lines() []LogLine { return lg.lines }

// Value is column col's value at step s; ok is false for a gap (a `-` or a
// missing interval).
func (lg *Log) Value(s, col int) (v int64, ok bool) {
	pos := int64(s*len(lg.Labels) + col)
	if _, gap := slices.BinarySearch(lg.gaps, pos); gap {
		return 0, false
	}
	return lg.vals[pos], true
}

// Steps is the number of steps, counting missing intervals.
func (lg *Log) Steps() int { return lg.steps }

// IsJob reports whether the log holds job ids (`#! counter job`).
func (lg *Log) IsJob() bool { return lg.Header.Counter == "job" }

// LoadLog reads a log from disk.
func LoadLog(path string) (*Log, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, textio.ErrorList{{File: path, Msg: err.Error(), Err: err}}
	}
	defer f.Close()
	return ReadLog(path, f, DefaultMaxLine)
}

// ReadLog reads a collection log. Every problem is reported, in line order,
// as a textio.ErrorList.
func ReadLog(file string, r io.Reader, maxLine int) (*Log, error) {
	lr := textio.NewLineReader(file, r, maxLine)
	lg := &Log{File: file}
	lr2 := logReader{lg: lg, lr: lr, seen: map[string]int{}, labels: map[string]int{}}
	lr2.read()
	if len(lr2.errs) > 0 {
		if len(lr2.errs) > MaxErrors {
			lr2.errs = lr2.errs[:MaxErrors]
		}
		return nil, lr2.errs
	}
	return lg, nil
}

type logReader struct {
	lg       *Log
	lr       *textio.LineReader
	errs     textio.ErrorList
	seen     map[string]int // header keyword → line
	labels   map[string]int // label → line
	lastLine int
}

func (rd *logReader) errorf(line, col int, format string, args ...any) {
	rd.errs = append(rd.errs, &textio.Error{File: rd.lg.File, Line: line, Col: col, Msg: fmt.Sprintf(format, args...)})
}

func (rd *logReader) read() {
	lg, lr := rd.lg, rd.lr
	for len(rd.errs) <= MaxErrors {
		l, err := lr.Next()
		if err == io.EOF {
			break
		}
		n := lr.Line()
		if lr.Partial { // an interrupted write
			lg.Interrupted = true
			break
		}
		if err != nil {
			e, fatal := textio.LineErr(rd.lg.File, err)
			rd.errs = append(rd.errs, e)
			if fatal {
				break
			}
			continue
		}
		rd.line(n, l)
	}
}

// line takes line n of the log.
func (rd *logReader) line(n int, l []byte) {
	if n == 1 {
		rd.magic(l)
		return
	}
	if rest, ok := isHeader(l); ok {
		rd.header(n, rest)
		return
	}
	if note, ok := fvlog.IsNote(l); ok {
		rd.lg.Notes = append(rd.lg.Notes, Note{Line: n, Before: len(rd.lg.lines), Text: note})
		return
	}
	if textio.IsComment(l) {
		return
	}
	rd.data(n, l)
}

func (rd *logReader) magic(l []byte) {
	f, _ := textio.Fields(bytes.TrimPrefix(l, []byte("#!")))
	if len(f) != 2 || "#! "+f[0].Text != fvlog.Magic {
		rd.errorf(1, 0, "not a fabviz log: the first line must be %q", fvlog.FirstLine)
		return
	}
	if f[1].Text != fvlog.Version {
		rd.errorf(1, f[1].Col+2, "fabviz-log version %q not supported (expected %s)", f[1].Text, fvlog.Version)
	}
}

func (rd *logReader) header(n int, rest []byte) {
	lg := rd.lg
	f, err := textio.Fields(rest)
	if err != nil {
		rd.errs = append(rd.errs, textio.At(lg.File, n, err))
		return
	}
	if len(f) == 0 {
		rd.errorf(n, 0, "empty #! header (expected counter, interval or ports)")
		return
	}
	if lg.steps > 0 {
		rd.errorf(n, 0, "#! %s after the first data line (headers come first)", f[0].Text)
		return
	}
	kw := f[0].Text
	if prev, dup := rd.seen[kw]; dup && kw != "ports" {
		rd.errorf(n, 0, "#! %s already given at line %d", kw, prev)
		return
	}
	rd.seen[kw] = n
	switch kw {
	case "counter":
		if len(f) < 2 || len(f) > 3 {
			rd.errorf(n, 0, "#! counter: expected a name and an optional unit")
			return
		}
		lg.Header.Counter = f[1].Text
		if len(f) == 3 {
			lg.Header.Unit = f[2].Text
		}
	case "interval":
		if len(f) != 2 {
			rd.errorf(n, 0, "#! interval: expected one step length like 60s")
			return
		}
		d, err := parseStep(f[1].Text)
		if err != nil {
			rd.errorf(n, f[1].Col+2, "#! interval: %v", err)
			return
		}
		lg.Header.Step = d
	case "ports":
		for _, t := range f[1:] {
			if prev, dup := rd.labels[t.Text]; dup {
				rd.errorf(n, t.Col+2, "port %s already listed at line %d", t.Text, prev)
				continue
			}
			rd.labels[t.Text] = n
			lg.Labels = append(lg.Labels, t.Text)
			lg.labelLine = append(lg.labelLine, n)
		}
	case "fabviz-log":
		rd.errorf(n, 0, "#! fabviz-log belongs on the first line only")
	default:
		rd.errorf(n, 0, "unknown header #! %s (expected counter, interval or ports)", kw)
	}
}

func (rd *logReader) data(n int, l []byte) {
	lg := rd.lg
	ncol := len(lg.Labels)
	if ncol == 0 {
		rd.errorf(n, 0, "data line before any #! ports header")
		return
	}
	f := fvlog.Fields(l, nil)
	if len(f)-1 != ncol {
		rd.errorf(n, 0, "%d values, expected %d (one per port of the #! ports header)", len(f)-1, ncol)
		return
	}
	t, err := fvlog.ParseStamp(f[0])
	if err != nil {
		rd.errorf(n, 1, "%v", err)
		return
	}
	step := lg.steps
	if lg.steps > 0 {
		if !t.After(lg.lastTime) {
			rd.errorf(n, 1, "timestamp %s is not after %s on line %d", f[0], lg.lastTime.Format(time.RFC3339Nano), rd.lastLine)
			return
		}
		if d := lg.Header.Step; d > 0 {
			diff := t.Sub(lg.Header.Start) // saturates for far-off times
			k := diff / d
			if diff%d >= d-d/2 { // nearest step
				k++
			}
			if int64(k) < int64(lg.steps) {
				rd.errorf(n, 1, "timestamp %s falls in the same %s interval as line %d", f[0], d, rd.lastLine)
				return
			}
			if int64(k)-int64(lg.steps) > MaxGapSteps {
				rd.errorf(n, 1, "timestamp %s leaves %d intervals missing (more than %d)", f[0], int64(k)-int64(lg.steps), MaxGapSteps)
				return
			}
			step = int(k)
		}
	} else {
		lg.Header.Start = t
	}
	if int64(step+1)*int64(ncol) > MaxLogCells {
		rd.errorf(n, 0, "log too large: more than %d values", int64(MaxLogCells))
		return
	}
	row := make([]int64, ncol)
	var gaps []int64
	for i, tok := range f[1:] {
		v, gap, msg := fvlog.ParseValue(tok)
		if msg != "" {
			rd.errorf(n, 0, "value %d (%s): %s", i+1, lg.Labels[i], msg)
			return
		}
		if gap {
			gaps = append(gaps, int64(step*ncol+i))
		}
		row[i] = v
	}
	for lg.steps < step { // missing intervals
		for i := 0; i < ncol; i++ {
			lg.gaps = append(lg.gaps, int64(lg.steps*ncol+i))
		}
		lg.vals = append(lg.vals, make([]int64, ncol)...)
		lg.stepLine = append(lg.stepLine, 0)
		lg.steps++
	}
	lg.vals = append(lg.vals, row...)
	lg.gaps = append(lg.gaps, gaps...)
	lg.stepLine = append(lg.stepLine, int32(n))
	lg.lines = append(lg.lines, LogLine{Line: n, Stamp: t, Step: step})
	lg.steps++
	lg.lastTime, rd.lastLine = t, n
}

// Bind resolves the log's port labels in the model and builds a Series.
func (lg *Log) Bind(m *model.Model, opt Options) (*Series, error) {
	var errs textio.ErrorList
	kind := Param
	if lg.IsJob() {
		kind = Job
	}
	if kind != opt.Kind {
		return nil, textio.ErrorList{textio.Errorf(lg.File, 0, "a %s log (#! counter %s) where a %s file was expected", kind, lg.Header.Counter, opt.Kind)}
	}
	s := &Series{File: lg.File, Kind: kind, Header: lg.Header, Model: m, steps: lg.steps}
	first := map[model.PortRef]int{}
	var keep []int
	unknown, unkLabel, unkLine := 0, "", 0
	for c, label := range lg.Labels {
		p, ok := m.ResolvePort(label)
		line := lg.labelLine[c]
		switch {
		case !ok && opt.Lenient:
			if unknown == 0 {
				unkLabel, unkLine = label, line
			}
			unknown++
		case !ok:
			errs = append(errs, textio.Errorf(lg.File, line, "%s", m.UnknownLabel(label)))
		case first[p] != 0:
			errs = append(errs, textio.Errorf(lg.File, line, "%s is port %s, already listed at line %d", label, m.Label(p), first[p]))
		default:
			first[p] = line
			keep = append(keep, c)
			s.cols = append(s.cols, p)
			s.colLine = append(s.colLine, int32(line))
		}
	}
	if unknown > 0 {
		s.Warnings = append(s.Warnings, fmt.Sprintf("%s:%d: %d port(s) the model does not know were ignored (first %q)", lg.File, unkLine, unknown, unkLabel))
	}
	if kind == Job {
		errs = append(errs, lg.checkJobs(m, s.cols, keep)...)
	}
	if len(errs) > 0 {
		return nil, errs
	}
	var segs []segment
	var stats []segStats
	if len(keep) > 0 {
		g, st := lg.table(keep).finish(len(keep))
		segs, stats = []segment{g}, []segStats{st}
	}
	assemble(s, segs, stats)
	return s, nil
}

// checkJobs reports negative job ids and job ids on ports that are not
// processor ports.
func (lg *Log) checkJobs(m *model.Model, cols []model.PortRef, keep []int) textio.ErrorList {
	var errs textio.ErrorList
	ncol := len(lg.Labels)
	for k, c := range keep {
		proc := m.Spec(cols[k]).Role == model.Proc
		for s := 0; s < lg.steps && len(errs) < MaxErrors; s++ {
			v := lg.vals[s*ncol+c]
			if v < 0 {
				errs = append(errs, textio.Errorf(lg.File, int(lg.stepLine[s]), "job id %d is negative (port %s)", v, lg.Labels[c]))
				break
			}
			if v != 0 && !proc {
				errs = append(errs, textio.Errorf(lg.File, int(lg.stepLine[s]), "%s is a %s port: job ids belong on processor ports", lg.Labels[c], m.Spec(cols[k]).Role))
				break
			}
		}
	}
	return errs
}

// table copies the kept columns into a table.
func (lg *Log) table(keep []int) *table {
	ncol := len(lg.Labels)
	wide := false
	for _, v := range lg.vals {
		wide = wide || v != int64(int32(v))
	}
	t := newTable(lg.steps, len(keep), wide)
	for s := 0; s < lg.steps; s++ {
		for k, c := range keep {
			v := lg.vals[s*ncol+c]
			if wide {
				t.v64[s*len(keep)+k] = v
			} else {
				t.v32[s*len(keep)+k] = int32(v)
			}
		}
	}
	col := make([]int, ncol)
	for i := range col {
		col[i] = -1
	}
	for k, c := range keep {
		col[c] = k
	}
	for _, pos := range lg.gaps {
		if k := col[int(pos)%ncol]; k >= 0 {
			t.gaps = append(t.gaps, int64(int(pos)/ncol*len(keep)+k))
		}
	}
	return t
}
