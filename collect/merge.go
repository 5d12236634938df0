package collect

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/fabviz/fabviz/data"
	"github.com/fabviz/fabviz/internal/textio"
)

// maxLogLine bounds a log line when merging (a value is at most 20 bytes;
// this allows some 50,000 ports).
const maxLogLine = 1 << 20

// shardLog is one collector's log, read for merging.
type shardLog struct {
	file     string
	counter  string
	unit     string
	interval time.Duration
	shard    Shard
	ref      bool // its clock is the reference
	labels   []string
	lines    []shardLine
}

type shardLine struct {
	line      int
	stamp     time.Time     // as written
	corrected time.Time     // stamp + the clock offset in force
	vals      []int64       // one per label
	ok        []bool        // false: a gap
	offset    time.Duration // the offset applied
}

// readShardLog reads a §5 log with the data package's reader and takes the
// collector's shard and clock notes (`# fabviz shard K/N`, `# fabviz
// clock-offset ...`) from it. A clock-offset note applies to the data lines
// after it; an interrupted last line is left out, as by every reader.
func readShardLog(file string, r io.Reader) (*shardLog, error) {
	lg, err := data.ReadLog(file, r, maxLogLine)
	if err != nil {
		return nil, err
	}
	sl := &shardLog{file: file, counter: lg.Header.Counter, unit: lg.Header.Unit, interval: lg.Header.Step, labels: lg.Labels}
	if sl.counter == "" {
		return nil, textio.ErrorList{textio.Errorf(file, 0, "no `#! counter` header: not a collector's log")}
	}
	if sl.interval == 0 {
		return nil, textio.ErrorList{textio.Errorf(file, 0, "no `#! interval` line")}
	}
	var errs textio.ErrorList
	var offset time.Duration
	notes := lg.Notes
	for i, ln := range lg.Lines() {
		for ; len(notes) > 0 && notes[0].Before <= i; notes = notes[1:] {
			if err := sl.note(notes[0].Text, &offset); err != nil {
				errs = append(errs, textio.Errorf(file, notes[0].Line, "%v", err))
			}
		}
		l := shardLine{line: ln.Line, stamp: ln.Stamp, corrected: ln.Stamp.Add(offset), offset: offset,
			vals: make([]int64, len(lg.Labels)), ok: make([]bool, len(lg.Labels))}
		for c := range lg.Labels {
			l.vals[c], l.ok[c] = lg.Value(ln.Step, c)
		}
		sl.lines = append(sl.lines, l)
	}
	for _, n := range notes {
		if err := sl.note(n.Text, &offset); err != nil {
			errs = append(errs, textio.Errorf(file, n.Line, "%v", err))
		}
	}
	return sl, errs.Err()
}

// note takes a shard or clock-offset note; other notes (read windows) are
// left alone.
func (sl *shardLog) note(text string, offset *time.Duration) error {
	f := strings.Fields(text)
	if len(f) == 0 {
		return nil
	}
	switch f[0] {
	case "shard":
		sh, err := ParseShard(strings.Join(f[1:], ""))
		if err != nil {
			return err
		}
		sl.shard = sh
	case "clock-offset":
		if len(f) < 2 {
			return fmt.Errorf("clock-offset: expected seconds")
		}
		sec, err := strconv.ParseFloat(f[1], 64)
		if err != nil || sec > 1e6 || sec < -1e6 {
			return fmt.Errorf("clock-offset %q: expected seconds, e.g. -0.012345", f[1])
		}
		*offset = time.Duration(sec * float64(time.Second))
		if len(f) >= 6 && f[4] == "ref" && f[5] == "self" {
			sl.ref = true
		}
		if len(f) >= 7 && f[6] == "applied" {
			*offset = 0 // sampled and stamped on the reference's clock already
		}
	}
	return nil
}

// MergeStats is the account of one merged log.
type MergeStats struct {
	Counter    string
	Inputs     int
	Ports      int
	Steps      int // lines written
	Collisions int // lines of one shard that fell on a step it already had (dropped)
}

// MergeLogs joins the logs of one counter written by several collectors
// into one log at out: columns are the shards' ports (shards in order of
// their shard note K, else as given), and every step any shard has is a
// line, with `-` where a shard has no line for it. Steps are matched by
// corrected time (the stamp plus the clock offset in force), rounded to the
// nearest step of the reference's grid.
func MergeLogs(out string, inputs []string) (MergeStats, error) {
	var logs []*shardLog
	var errs []error
	for _, in := range inputs {
		f, err := os.Open(in)
		if err != nil {
			return MergeStats{}, err
		}
		lg, err := readShardLog(in, f)
		f.Close()
		if err != nil {
			errs = append(errs, err)
			continue
		}
		logs = append(logs, lg)
	}
	if err := errors.Join(errs...); err != nil {
		return MergeStats{}, err
	}
	if len(logs) == 0 {
		return MergeStats{}, fmt.Errorf("nothing to merge")
	}
	sort.SliceStable(logs, func(i, j int) bool { return logs[i].shard.K < logs[j].shard.K })
	st := MergeStats{Counter: logs[0].counter, Inputs: len(logs)}
	owner := map[string]string{}
	var labels []string
	for _, lg := range logs {
		if lg.counter != logs[0].counter || lg.unit != logs[0].unit || lg.interval != logs[0].interval {
			return st, fmt.Errorf("%s: counter %q (%s), interval %v differ from %s (%q (%s), %v)", lg.file, lg.counter, lg.unit, lg.interval, logs[0].file, logs[0].counter, logs[0].unit, logs[0].interval)
		}
		for _, l := range lg.labels {
			if o, dup := owner[l]; dup {
				return st, fmt.Errorf("%s: port %s is also in %s: shards must not overlap", lg.file, l, o)
			}
			owner[l] = lg.file
		}
		labels = append(labels, lg.labels...)
	}
	st.Ports = len(labels)
	interval := logs[0].interval
	phase := gridPhase(logs, interval)
	type row struct {
		vals []int64
		ok   []bool
	}
	rows := map[int64]row{} // step (Unix ns) → values
	col := 0
	for _, lg := range logs {
		taken := map[int64]bool{}
		for _, ln := range lg.lines {
			step := roundToGrid(ln.corrected, interval, phase)
			if taken[step] {
				st.Collisions++
				continue
			}
			taken[step] = true
			r, have := rows[step]
			if !have {
				r = row{make([]int64, len(labels)), make([]bool, len(labels))}
				rows[step] = r
			}
			copy(r.vals[col:], ln.vals)
			copy(r.ok[col:], ln.ok)
		}
		col += len(lg.labels)
	}
	steps := make([]int64, 0, len(rows))
	for s := range rows {
		steps = append(steps, s)
	}
	sort.Slice(steps, func(i, j int) bool { return steps[i] < steps[j] })
	name, unit := logs[0].counter, logs[0].unit
	st.Counter = name
	// The merged log is a plain §5 log: no shard or clock lines. It is
	// written under a temporary name (never appended to) and renamed.
	tmp := out + ".tmp"
	if err := os.Remove(tmp); err != nil && !os.IsNotExist(err) {
		return st, err
	}
	w, _, err := OpenLog(tmp, LogSpec{Counter: name, Unit: unit, Interval: interval, Labels: labels})
	if err != nil {
		return st, err
	}
	w.NoSync = true
	for _, s := range steps {
		if err := w.Append(time.Unix(0, s), rows[s].vals, rows[s].ok); err != nil {
			w.Close()
			return st, err
		}
		st.Steps++
	}
	if err := w.Close(); err != nil {
		return st, err
	}
	return st, os.Rename(tmp, out)
}

// gridPhase is where the reference collector's steps fall within an
// interval: the first line of the log whose clock is the reference (`ref
// self`), else of the first log with a line.
func gridPhase(logs []*shardLog, interval time.Duration) int64 {
	pick := func(ref bool) (int64, bool) {
		for _, lg := range logs {
			if lg.ref == ref || !ref {
				if len(lg.lines) > 0 {
					return mod(lg.lines[0].corrected.UnixNano(), int64(interval)), true
				}
			}
		}
		return 0, false
	}
	if p, ok := pick(true); ok {
		return p
	}
	p, _ := pick(false)
	return p
}

func mod(a, b int64) int64 {
	m := a % b
	if m < 0 {
		m += b
	}
	return m
}

// roundToGrid is the step nearest to t on the grid phase + k·interval.
func roundToGrid(t time.Time, interval time.Duration, phase int64) int64 {
	iv := int64(interval)
	ns := t.UnixNano() - phase
	r := mod(ns, iv)
	k := (ns - r) / iv
	if 2*r >= iv {
		k++
	}
	return k*iv + phase
}

// MergeDirs merges, for every log name found in any of dirs, the logs of
// that name into outDir/NAME. It returns one MergeStats per log name.
func MergeDirs(outDir string, dirs []string) ([]MergeStats, error) {
	byName := map[string][]string{}
	for _, d := range dirs {
		files, err := filepath.Glob(filepath.Join(d, "*.fvlog"))
		if err != nil {
			return nil, err
		}
		if len(files) == 0 {
			return nil, fmt.Errorf("%s: no .fvlog files", d)
		}
		for _, f := range files {
			byName[filepath.Base(f)] = append(byName[filepath.Base(f)], f)
		}
	}
	if err := os.MkdirAll(outDir, 0o755); err != nil {
		return nil, err
	}
	names := make([]string, 0, len(byName))
	for n := range byName {
		names = append(names, n)
	}
	sort.Strings(names)
	var out []MergeStats
	for _, n := range names {
		st, err := MergeLogs(filepath.Join(outDir, n), byName[n])
		if err != nil {
			return out, err
		}
		out = append(out, st)
	}
	return out, nil
}
