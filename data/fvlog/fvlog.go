package fvlog

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// Magic starts every log; FirstLine is the whole first line we write.
const (
	Magic     = "#! fabviz-log"
	Version   = "1"
	FirstLine = Magic + " " + Version
)

// NotePrefix starts the comment lines that carry the collector's notes
// (shard, clock offset, read window). They are comments, not `#!` headers,
// because readers refuse unknown headers and headers after the first data
// line, and every reader skips a comment.
const NotePrefix = "# fabviz "

// TimeFormat stamps data lines: RFC 3339 in UTC, with the fraction of a
// second only when there is one (`…:12.5Z`).
const TimeFormat = "2006-01-02T15:04:05.999999999Z"

// LabelsPerLine is how many port labels a `#! ports` line gets when written.
const LabelsPerLine = 32

// Sniff reports whether a file that starts with head is a log.
func Sniff(head []byte) bool { return bytes.HasPrefix(head, []byte(Magic)) }

// Header is what a log's header says.
type Header struct {
	Counter  string
	Unit     string // may hold blanks; written as one quoted token
	Interval time.Duration
	Labels   []string // port labels, in column order
	Notes    []string // written as NotePrefix comments after `#! interval`
}

// Append writes the header lines.
func (h Header) Append(b []byte) []byte {
	b = append(b, FirstLine+"\n#! counter "...)
	b = append(b, h.Counter...)
	if h.Unit != "" {
		b = append(append(b, ' '), QuoteToken(h.Unit)...)
	}
	b = append(b, "\n#! interval "...)
	b = append(append(b, FormatInterval(h.Interval)...), '\n')
	for _, n := range h.Notes {
		b = AppendNote(b, n)
	}
	for i := 0; i < len(h.Labels); i += LabelsPerLine {
		b = append(b, "#! ports"...)
		for _, l := range h.Labels[i:min(i+LabelsPerLine, len(h.Labels))] {
			b = append(append(b, ' '), l...)
		}
		b = append(b, '\n')
	}
	return b
}

// AppendNote writes one note comment line.
func AppendNote(b []byte, note string) []byte {
	return append(append(append(b, NotePrefix...), note...), '\n')
}

// QuoteToken writes a header token that holds blanks (such as the unit
// "bytes cumulative") as one double-quoted token.
func QuoteToken(s string) string {
	if !strings.ContainsAny(s, " \t\"#") {
		return s
	}
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(s) + `"`
}

// FormatInterval writes an interval as whole seconds when it is one (`60s`).
func FormatInterval(d time.Duration) string {
	if d%time.Second == 0 {
		return strconv.FormatInt(int64(d/time.Second), 10) + "s"
	}
	return d.String()
}

// AppendLine writes one data line: the stamp, then each value or `-` where
// ok is false.
func AppendLine(b []byte, t time.Time, vals []int64, ok []bool) []byte {
	b = t.UTC().AppendFormat(b, TimeFormat)
	for i, v := range vals {
		if ok[i] {
			b = strconv.AppendInt(append(b, ' '), v, 10)
		} else {
			b = append(b, ' ', '-')
		}
	}
	return append(b, '\n')
}

// IsNote reports whether a line is a collector's note and returns its text.
func IsNote(line []byte) (string, bool) {
	rest, ok := bytes.CutPrefix(line, []byte(NotePrefix))
	return string(rest), ok
}

// Fields splits a data line at blanks, stopping at a `#` comment.
func Fields(l []byte, out [][]byte) [][]byte {
	out = out[:0]
	i := 0
	for {
		for i < len(l) && (l[i] == ' ' || l[i] == '\t') {
			i++
		}
		if i >= len(l) || l[i] == '#' {
			return out
		}
		j := i
		for j < len(l) && l[j] != ' ' && l[j] != '\t' && l[j] != '#' {
			j++
		}
		out = append(out, l[i:j])
		i = j
	}
}

// ParseStamp reads a data line's stamp: any RFC 3339 time, returned in UTC.
func ParseStamp(tok []byte) (time.Time, error) {
	t, err := time.Parse(time.RFC3339Nano, string(tok))
	if err != nil {
		return time.Time{}, fmt.Errorf("expected an RFC 3339 timestamp like 2026-11-21T10:00:00Z, got %q", tok)
	}
	return t.UTC(), nil
}

// ParseValue reads one value token: an int64 or `-` (gap). msg says what is
// wrong when it is neither.
func ParseValue(tok []byte) (v int64, gap bool, msg string) {
	if len(tok) == 1 && tok[0] == '-' {
		return 0, true, ""
	}
	for k, c := range tok {
		if (c < '0' || c > '9') && !(k == 0 && c == '-' && len(tok) > 1) {
			return 0, false, fmt.Sprintf("expected an integer or \"-\", got %q", tok)
		}
	}
	v, err := strconv.ParseInt(string(tok), 10, 64)
	if err != nil {
		return 0, false, fmt.Sprintf("%s does not fit in a 64-bit integer", tok)
	}
	return v, false, ""
}
