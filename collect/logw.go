package collect

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/fabviz/fabviz/data/fvlog"
)

// LogSpec is what a §5 log holds: which counter, at what interval, for which
// ports (by label, in column order).
type LogSpec struct {
	Counter  string
	Unit     string
	Interval time.Duration
	Labels   []string
	// Extra notes for the collector's own tools, e.g. "shard 1/2" or a
	// clock offset, written as `# fabviz NOTE` comment lines (NotePrefix):
	// every §5 reader skips them as comments. A new log has them after
	// `#! interval`; a resumed log gets them appended before its next step,
	// where `fabnet merge` takes them for updates.
	Extra []string
}

// TimeFormat is how log lines stamp their step: RFC 3339 in UTC, with the
// grid's fraction of a second when it has one (`…:12.5Z` with -offset 500ms).
const TimeFormat = fvlog.TimeFormat

// ReadTimeFormat stamps the `# fabviz read START END` note kept before each
// step: when its reads started and ended, to the millisecond.
const ReadTimeFormat = "2006-01-02T15:04:05.000Z"

// LogWriter appends steps to one §5 log: one write and one fsync a step.
type LogWriter struct {
	Path string
	spec LogSpec
	f    *os.File
	last time.Time // timestamp of the last complete line; zero if none
	buf  []byte
	// NoSync skips the fsync after each step, for a log written in one go
	// (a merge) that is synced once at Close.
	NoSync bool
}

// Resumed says what OpenLog found in an existing log.
type Resumed struct {
	Existed  bool
	Last     time.Time // last complete step; zero if none
	CutBytes int64     // bytes of an interrupted last line that were cut off
}

// OpenLog opens the log at path for appending, creating it with its header
// when it does not exist or is empty. An existing log must have been written
// for the same counter, interval and ports; an interrupted last line (no
// newline) is cut off, so the next step starts on a fresh line.
func OpenLog(path string, spec LogSpec) (*LogWriter, Resumed, error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, Resumed{}, err
	}
	w := &LogWriter{Path: path, spec: spec, f: f}
	res, err := w.resume()
	if err != nil {
		f.Close()
		return nil, res, err
	}
	return w, res, nil
}

func (w *LogWriter) resume() (Resumed, error) {
	st, err := w.f.Stat()
	if err != nil {
		return Resumed{}, err
	}
	if st.Size() == 0 {
		return Resumed{}, w.writeHeader()
	}
	res := Resumed{Existed: true}
	if err := w.checkHeader(); err != nil {
		return res, err
	}
	keep, last, err := fvlog.Complete(w.f, st.Size())
	if err != nil {
		return res, fmt.Errorf("%s: %v", w.Path, err)
	}
	if keep < st.Size() {
		if err := w.f.Truncate(keep); err != nil {
			return res, err
		}
		res.CutBytes = st.Size() - keep
	}
	if len(last) > 0 && !bytes.HasPrefix(last, []byte("#")) {
		ts, _, _ := bytes.Cut(last, []byte(" "))
		t, err := fvlog.ParseStamp(ts)
		if err != nil {
			return res, fmt.Errorf("%s: last line does not start with a timestamp: %q", w.Path, ts)
		}
		res.Last, w.last = t, t
	}
	if _, err = w.f.Seek(0, io.SeekEnd); err != nil {
		return res, err
	}
	if x := w.extra(); len(x) > 0 {
		if _, err := w.f.Write(x); err != nil {
			return res, err
		}
	}
	return res, nil
}

func (w *LogWriter) header() []byte {
	return fvlog.Header{Counter: w.spec.Counter, Unit: w.spec.Unit, Interval: w.spec.Interval, Labels: w.spec.Labels, Notes: w.spec.Extra}.Append(nil)
}

func (w *LogWriter) extra() []byte {
	var b []byte
	for _, l := range w.spec.Extra {
		b = fvlog.AppendNote(b, l)
	}
	return b
}

func (w *LogWriter) writeHeader() error {
	if _, err := w.f.Write(w.header()); err != nil {
		return err
	}
	return w.f.Sync()
}

// checkHeader compares the existing header with the one we would write.
func (w *LogWriter) checkHeader() error {
	if _, err := w.f.Seek(0, io.SeekStart); err != nil {
		return err
	}
	var counter, interval string
	var labels []string
	br := bufio.NewReader(w.f)
	for {
		line, err := br.ReadString('\n')
		if !strings.HasPrefix(line, "#!") || err != nil {
			break
		}
		f := strings.Fields(line[2:])
		if len(f) < 2 {
			continue
		}
		switch f[0] {
		case "counter":
			counter = f[1]
		case "interval":
			interval = f[1]
		case "ports":
			labels = append(labels, f[1:]...)
		}
	}
	want := fvlog.FormatInterval(w.spec.Interval)
	switch {
	case counter != w.spec.Counter:
		return fmt.Errorf("%s: existing log is for counter %q, not %q; move it away to start a new one", w.Path, counter, w.spec.Counter)
	case interval != want:
		return fmt.Errorf("%s: existing log has interval %s, not %s; move it away to start a new one", w.Path, interval, want)
	case strings.Join(labels, " ") != strings.Join(w.spec.Labels, " "):
		return fmt.Errorf("%s: existing log lists other ports (%d) than the model gives (%d); move it away to start a new one", w.Path, len(labels), len(w.spec.Labels))
	}
	return nil
}

// Last is the timestamp of the last step written.
func (w *LogWriter) Last() time.Time { return w.last }

// Append writes one step. vals and ok are indexed like the spec's labels; a
// false ok writes `-`. Steps must come in increasing time.
func (w *LogWriter) Append(t time.Time, vals []int64, ok []bool) error {
	return w.AppendNote(t, vals, ok, "")
}

// AppendNote writes a note line (see Note; "" = none) and one step in a
// single write, so that a crash cannot separate them.
func (w *LogWriter) AppendNote(t time.Time, vals []int64, ok []bool, note string) error {
	t = t.UTC()
	if !w.last.IsZero() && !t.After(w.last) {
		return fmt.Errorf("%s: step %s is not after the last one (%s)", w.Path, t.Format(TimeFormat), w.last.Format(TimeFormat))
	}
	if len(vals) != len(w.spec.Labels) || len(ok) != len(vals) {
		return fmt.Errorf("%s: %d values for %d ports", w.Path, len(vals), len(w.spec.Labels))
	}
	if strings.ContainsAny(note, "\n\r") {
		return fmt.Errorf("%s: a note is one line", w.Path)
	}
	b := w.buf[:0]
	if note != "" {
		b = fvlog.AppendNote(b, note)
	}
	b = fvlog.AppendLine(b, t, vals, ok)
	w.buf = b
	if _, err := w.f.Write(b); err != nil {
		return err
	}
	if !w.NoSync {
		if err := w.f.Sync(); err != nil {
			return err
		}
	}
	w.last = t
	return nil
}

// NotePrefix starts the comment lines that carry the collector's notes
// (shard, clock offset, read window).
const NotePrefix = fvlog.NotePrefix

// Note appends a note line between steps (a comment to §5 readers).
func (w *LogWriter) Note(line string) error {
	if strings.ContainsAny(line, "\n\r") {
		return fmt.Errorf("%s: a note is one line", w.Path)
	}
	if _, err := w.f.Write(fvlog.AppendNote(nil, line)); err != nil {
		return err
	}
	if w.NoSync {
		return nil
	}
	return w.f.Sync()
}

// Close closes the file (after an fsync when NoSync was set).
func (w *LogWriter) Close() error {
	var err error
	if w.NoSync {
		err = w.f.Sync()
	}
	return errors.Join(err, w.f.Close())
}
