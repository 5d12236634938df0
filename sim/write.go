package sim

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"time"

	"github.com/fabviz/fabviz/data/fvlog"
	"github.com/fabviz/fabviz/model"
)

// Header describes a written counter: its name and unit, the time of step 0
// and the step length.
type Header struct {
	Comment  string // a first comment line, e.g. the command that made the file
	Counter  string
	Unit     string
	Start    time.Time
	Interval time.Duration
}

// Recorder writes one counter of a run, one step at a time, as a §3
// parameter or job file (Dat) or as a §5 log (Log).
type Recorder interface {
	Record(step int, byPort []int64) error
	Close() error
}

// ListedPorts are the ports a counter file lists: every processor port and,
// unless procOnly, every cabled network port, in PortRef order.
func ListedPorts(m *model.Model, procOnly bool) []model.PortRef {
	var out []model.PortRef
	for i := range m.NumPorts() {
		p := model.PortRef(i)
		switch m.Spec(p).Role {
		case model.Proc:
			out = append(out, p)
		case model.Net:
			if !procOnly && m.Peer(p) != model.NoPort {
				out = append(out, p)
			}
		}
	}
	return out
}

// Dat keeps every step and writes a §3 file (port-major) on Close.
type Dat struct {
	w     io.Writer
	m     *model.Model
	h     Header
	ports []model.PortRef
	rows  [][]int64 // by listed port
}

// NewDat starts a §3 file of the given ports.
func NewDat(w io.Writer, m *model.Model, ports []model.PortRef, h Header) *Dat {
	return &Dat{w: w, m: m, h: h, ports: ports, rows: make([][]int64, len(ports))}
}

// Record keeps one step.
func (d *Dat) Record(_ int, byPort []int64) error {
	for i, p := range d.ports {
		d.rows[i] = append(d.rows[i], byPort[p])
	}
	return nil
}

// Close writes the file.
func (d *Dat) Close() error {
	bw := bufio.NewWriter(d.w)
	writeComment(bw, d.h.Comment)
	fmt.Fprintf(bw, "#! steps %s %s\n", d.h.Start.UTC().Format(time.RFC3339), d.h.Interval)
	writeCounter(bw, d.h)
	var buf []byte
	for i, p := range d.ports {
		buf = append(buf[:0], d.m.Label(p)...)
		for _, v := range d.rows[i] {
			buf = append(buf, ' ')
			buf = strconv.AppendInt(buf, v, 10)
		}
		buf = append(buf, '\n')
		bw.Write(buf)
	}
	return bw.Flush()
}

// Log writes a §5 log as the steps come, in the syntax data/fvlog owns.
type Log struct {
	bw    *bufio.Writer
	h     Header
	ports []model.PortRef
	vals  []int64
	ok    []bool
	buf   []byte
}

// NewLog writes the log's header, then the command as a comment.
func NewLog(w io.Writer, m *model.Model, ports []model.PortRef, h Header) *Log {
	bw := bufio.NewWriterSize(w, 1<<16)
	labels := make([]string, len(ports))
	for i, p := range ports {
		labels[i] = m.Label(p)
	}
	bw.Write(fvlog.Header{Counter: h.Counter, Unit: h.Unit, Interval: h.Interval, Labels: labels}.Append(nil))
	writeComment(bw, h.Comment)
	ok := make([]bool, len(ports))
	for i := range ok {
		ok[i] = true // the simulator has a value for every port and step
	}
	return &Log{bw: bw, h: h, ports: ports, vals: make([]int64, len(ports)), ok: ok}
}

// Record writes one step's line.
func (l *Log) Record(step int, byPort []int64) error {
	for i, p := range l.ports {
		l.vals[i] = byPort[p]
	}
	l.buf = fvlog.AppendLine(l.buf[:0], l.h.Start.Add(time.Duration(step)*l.h.Interval), l.vals, l.ok)
	_, err := l.bw.Write(l.buf)
	return err
}

// Close flushes the log.
func (l *Log) Close() error { return l.bw.Flush() }

func writeComment(bw *bufio.Writer, c string) {
	if c != "" {
		fmt.Fprintf(bw, "# %s\n", c)
	}
}

func writeCounter(bw *bufio.Writer, h Header) {
	bw.WriteString("#! counter " + h.Counter)
	if h.Unit != "" {
		bw.WriteString(" " + h.Unit)
	}
	bw.WriteByte('\n')
}
