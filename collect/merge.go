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
	vals      []string      // one per label
	offset    time.Duration // the offset applied
}

// readShardLog reads a §5 log with the collector's shard and clock notes
// (`# fabviz shard K/N`, `# fabviz clock-offset ...`; the same words after
// `#!` are taken too). A clock-offset note applies to the data lines after
// it; a last line without its newline is an interrupted write and is left
// out.
func readShardLog(file string, r io.Reader) (*shardLog, error) {
	lg := &shardLog{file: file}
	lr := textio.NewLineReader(file, r, maxLogLine)
	var offset time.Duration
	var errs textio.ErrorList
	header := true
	for len(errs) < maxConfErrors {
		b, ok := lr.Scan(func(e *textio.Error) { errs = append(errs, e) })
		if !ok {
			break
		}
		if lr.Partial {
			break
		}
		line := string(b)
		fail := func(format string, a ...any) { errs = append(errs, textio.Errorf(file, lr.Line(), format, a...)) }
		if rest, note, ok := noteOrHeader(line); ok {
			f := strings.Fields(rest)
			if len(f) == 0 || note && f[0] != "shard" && f[0] != "clock-offset" {
				continue
			}
			switch f[0] {
			case "counter":
				// Tokens as the §5 readers split them: a quoted unit
				// ("octets/4 cumulative") is one.
				tf, err := textio.Fields([]byte(rest))
				if err != nil || len(tf) < 2 || len(tf) > 3 {
					fail("#! counter: expected a name and an optional unit")
					continue
				}
				lg.counter = tf[1].Text
				if len(tf) == 3 {
					lg.unit = tf[2].Text
				}
			case "interval":
				d, err := time.ParseDuration(strings.Join(f[1:], ""))
				if err != nil || d <= 0 {
					fail("interval %q: expected a duration such as 60s", strings.Join(f[1:], " "))
				}
				lg.interval = d
			case "ports":
				if !header {
					fail("#! ports after the first data line")
				}
				lg.labels = append(lg.labels, f[1:]...)
			case "shard":
				sh, err := ParseShard(strings.Join(f[1:], ""))
				if err != nil {
					fail("%v", err)
				}
				lg.shard = sh
			case "clock-offset":
				if len(f) < 2 {
					fail("clock-offset: expected seconds")
					continue
				}
				sec, err := strconv.ParseFloat(f[1], 64)
				if err != nil || sec > 1e6 || sec < -1e6 {
					fail("clock-offset %q: expected seconds, e.g. -0.012345", f[1])
					continue
				}
				offset = time.Duration(sec * float64(time.Second))
				if len(f) >= 6 && f[4] == "ref" && f[5] == "self" {
					lg.ref = true
				}
			}
			continue
		}
		if textio.IsComment(b) {
			continue
		}
		if lg.counter == "" {
			fail("data line before the `#! counter` header: not a fabviz log")
			break
		}
		header = false
		if i := strings.IndexByte(line, '#'); i >= 0 {
			line = line[:i] // a comment after the values
		}
		f := strings.Fields(line)
		ts, err := time.Parse(time.RFC3339, f[0])
		if err != nil {
			fail("expected an RFC 3339 timestamp, got %q", f[0])
			continue
		}
		if len(f)-1 != len(lg.labels) {
			fail("%d values for %d ports", len(f)-1, len(lg.labels))
			continue
		}
		if n := len(lg.lines); n > 0 && !ts.After(lg.lines[n-1].stamp) {
			fail("timestamp %s is not after the one on line %d", f[0], lg.lines[n-1].line)
			continue
		}
		for _, v := range f[1:] {
			if v != "-" {
				if _, err := strconv.ParseInt(v, 10, 64); err != nil {
					fail("value %q: expected an integer or -", v)
					break
				}
			}
		}
		lg.lines = append(lg.lines, shardLine{line: lr.Line(), stamp: ts, corrected: ts.Add(offset), vals: f[1:], offset: offset})
	}
	if lg.counter == "" && len(errs) == 0 {
		errs = append(errs, textio.Errorf(file, 0, "no `#! counter` header: not a fabviz log"))
	}
	if lg.interval == 0 && len(errs) == 0 {
		errs = append(errs, textio.Errorf(file, 0, "no `#! interval` line"))
	}
	return lg, errs.Err()
}

// noteOrHeader returns what follows `#!` (a §5 header) or NotePrefix (a
// collector's note).
func noteOrHeader(line string) (rest string, note, ok bool) {
	if rest, ok := strings.CutPrefix(line, "#!"); ok {
		return rest, false, true
	}
	rest, ok = strings.CutPrefix(line, NotePrefix)
	return rest, true, ok
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
	rows := map[int64][]string{} // step (Unix ns) → values
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
			row := rows[step]
			if row == nil {
				row = make([]string, len(labels))
				for i := range row {
					row[i] = "-"
				}
				rows[step] = row
			}
			copy(row[col:], ln.vals)
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
	vals := make([]int64, len(labels))
	ok := make([]bool, len(labels))
	for _, s := range steps {
		for i, v := range rows[s] {
			vals[i], ok[i] = 0, v != "-"
			if ok[i] {
				vals[i], _ = strconv.ParseInt(v, 10, 64)
			}
		}
		if err := w.Append(time.Unix(0, s), vals, ok); err != nil {
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
