package collect

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"
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
const TimeFormat = "2006-01-02T15:04:05.999999999Z"

// ReadTimeFormat stamps the `# fabviz read START END` note kept before each
// step: when its reads started and ended, to the millisecond.
const ReadTimeFormat = "2006-01-02T15:04:05.000Z"

const labelsPerHeaderLine = 32

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
	keep, last, err := tail(w.f, st.Size())
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
		t, err := time.Parse(time.RFC3339, string(ts))
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
	var b bytes.Buffer
	b.WriteString("#! fabviz-log 1\n")
	fmt.Fprintf(&b, "#! counter %s", w.spec.Counter)
	if w.spec.Unit != "" {
		b.WriteString(" " + quoteToken(w.spec.Unit))
	}
	fmt.Fprintf(&b, "\n#! interval %s\n", formatInterval(w.spec.Interval))
	b.Write(w.extra())
	for i := 0; i < len(w.spec.Labels); i += labelsPerHeaderLine {
		b.WriteString("#! ports")
		for _, l := range w.spec.Labels[i:min(i+labelsPerHeaderLine, len(w.spec.Labels))] {
			b.WriteString(" " + l)
		}
		b.WriteByte('\n')
	}
	return b.Bytes()
}

// quoteToken writes a header token that holds blanks (such as the unit
// "octets/4 cumulative" of -raw) as one double-quoted token, so readers
// splitting at blanks see one unit.
func quoteToken(s string) string {
	if !strings.ContainsAny(s, " \t\"#") {
		return s
	}
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(s) + `"`
}

func (w *LogWriter) extra() []byte {
	var b bytes.Buffer
	for _, l := range w.spec.Extra {
		b.WriteString(NotePrefix + l + "\n")
	}
	return b.Bytes()
}

func formatInterval(d time.Duration) string {
	if d%time.Second == 0 {
		return strconv.FormatInt(int64(d/time.Second), 10) + "s"
	}
	return d.String()
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
	want := formatInterval(w.spec.Interval)
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

// tail finds where the last complete line ends (keep) and returns that line.
func tail(f *os.File, size int64) (keep int64, last []byte, err error) {
	const block = 64 << 10
	var buf []byte
	pos := size
	for pos > 0 {
		n := int64(block)
		if n > pos {
			n = pos
		}
		pos -= n
		chunk := make([]byte, n)
		if _, err := f.ReadAt(chunk, pos); err != nil {
			return 0, nil, err
		}
		buf = append(chunk, buf...)
		end := bytes.LastIndexByte(buf, '\n')
		if end < 0 {
			continue
		}
		start := bytes.LastIndexByte(buf[:end], '\n')
		if start >= 0 || pos == 0 {
			return pos + int64(end) + 1, buf[start+1 : end], nil
		}
	}
	return 0, nil, nil // no complete line at all
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
		b = append(append(append(b, NotePrefix...), note...), '\n')
	}
	b = t.AppendFormat(b, TimeFormat)
	for i, v := range vals {
		if ok[i] {
			b = append(b, ' ')
			b = strconv.AppendInt(b, v, 10)
		} else {
			b = append(b, ' ', '-')
		}
	}
	b = append(b, '\n')
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
// (shard, clock offset). They are comments, not `#!` headers, because §5
// readers refuse unknown headers and headers after the first data line.
const NotePrefix = "# fabviz "

// Note appends a note line between steps (a comment to §5 readers).
func (w *LogWriter) Note(line string) error {
	if strings.ContainsAny(line, "\n\r") {
		return fmt.Errorf("%s: a note is one line", w.Path)
	}
	if _, err := w.f.Write([]byte(NotePrefix + line + "\n")); err != nil {
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
