package routes

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/fabviz/fabviz/internal/textio"
	"github.com/fabviz/fabviz/model"
)

// Forwarding tables (FORMATS.md §2b): a destination-routed fabric keeps one
// table per switch instead of a route file per node. A Set opened on such
// a model makes each source's routes from the tables when they are first
// asked for — at every switch, the out port the table gives for the
// destination's base LID — so tracing, checking and contention work on
// either form alike.

// Tables are a model's forwarding tables.
type Tables struct {
	File string
	lid  []int     // by node − MinNode: base LID, 0 = none
	out  [][]int16 // by switch index: out port number by LID, -1 = no entry
	top  int       // the largest node LID read so far: how long a table grows at once
}

// maxLID is the largest unicast LID.
const maxLID = 0xBFFF

// LoadTables reads the model's `lft` file.
func LoadTables(m *model.Model) (*Tables, error) {
	path := m.LFTPath()
	f, err := os.Open(path)
	if err != nil {
		return nil, textio.ErrorList{{File: path, Msg: err.Error(), Err: err}}
	}
	defer f.Close()
	return ReadTables(path, f, m)
}

// ReadTables reads forwarding tables (§2b) for a model. Every problem is an
// error naming the file and line, at most 100.
func ReadTables(file string, r io.Reader, m *model.Model) (*Tables, error) {
	t := &Tables{File: file, lid: make([]int, max(0, m.MaxNode-m.MinNode+1)), out: make([][]int16, len(m.Switches))}
	var errs textio.ErrorList
	lr := textio.NewLineReader(file, r, 4096)
	sw := -1
	first := true
	for len(errs) < 100 {
		line, ok := lr.Scan(func(e *textio.Error) { errs = append(errs, e) })
		if !ok {
			break
		}
		if lo, hi, port, ok := fastEntry(line); ok && !first && sw >= 0 {
			// the bulk of a big file: decimal `LID PORT` or `LO-HI PORT`
			if msg := t.set(m, sw, lo, hi, port); msg != "" {
				errs = append(errs, textio.Errorf(file, lr.Line(), "entry %s: %s", bytes.Fields(line)[0], msg))
			}
			continue
		}
		n := lr.Line()
		if first {
			first = false
			if strings.TrimSpace(string(line)) != "#! fabviz-lft 1" {
				errs = append(errs, textio.Errorf(file, n, "not a fabviz forwarding-table file: the first line must be `#! fabviz-lft 1`"))
				break
			}
			continue
		}
		f, err := textio.Fields(line)
		if err != nil {
			errs = append(errs, textio.At(file, n, err))
			continue
		}
		if len(f) == 0 {
			continue
		}
		if msg := t.line(m, f, &sw); msg != "" {
			errs = append(errs, textio.Errorf(file, n, "%s", msg))
		}
	}
	if first && len(errs) == 0 {
		errs = append(errs, textio.Errorf(file, 0, "empty file: expected `#! fabviz-lft 1`"))
	}
	return t, errs.Err()
}

// line reads one line: node, switch, table or an entry of the current table.
func (t *Tables) line(m *model.Model, f []textio.Field, sw *int) string {
	switch f[0].Text {
	case "node":
		if len(f) != 4 && len(f) != 6 || f[2].Text != "lid" || len(f) == 6 && f[4].Text != "lmc" {
			return "node: expected `node N lid L [lmc K]`"
		}
		n, err := strconv.Atoi(f[1].Text)
		if err != nil || m.NodePort(n) == model.NoPort {
			return fmt.Sprintf("node %s: not a node of the model", f[1].Text)
		}
		lid, ok := parseLID(f[3].Text)
		if !ok {
			return fmt.Sprintf("node %d: LID %q is not a unicast LID 1..%d", n, f[3].Text, maxLID)
		}
		t.lid[n-m.MinNode] = lid
		t.top = max(t.top, lid)
	case "switch":
		if len(f) != 4 || f[2].Text != "lid" {
			return "switch: expected `switch LABEL lid L`"
		}
		if _, ok := m.SwitchByLabel(f[1].Text); !ok {
			return fmt.Sprintf("switch %q: not a switch of the model", f[1].Text)
		}
	case "table":
		if len(f) != 2 {
			return "table: expected `table LABEL`"
		}
		i, ok := m.SwitchByLabel(f[1].Text)
		if !ok {
			return fmt.Sprintf("table %q: not a switch of the model", f[1].Text)
		}
		if t.out[i] != nil {
			return fmt.Sprintf("table %s given twice", f[1].Text)
		}
		t.out[i] = []int16{}
		*sw = i
	default:
		return t.entry(m, f, *sw)
	}
	return ""
}

// entry reads `LID PORT` or `LO-HI PORT` into the current table.
func (t *Tables) entry(m *model.Model, f []textio.Field, sw int) string {
	if sw < 0 {
		return fmt.Sprintf("%q: expected node, switch or table (an entry comes after `table LABEL`)", f[0].Text)
	}
	if len(f) != 2 {
		return "entry: expected `LID PORT` or `LO-HI PORT`"
	}
	loS, hiS, isRange := strings.Cut(f[0].Text, "-")
	lo, ok1 := parseLID(loS)
	hi, ok2 := lo, true
	if isRange {
		hi, ok2 = parseLID(hiS)
	}
	if !ok1 || !ok2 || hi < lo {
		return fmt.Sprintf("entry %q: expected a LID 1..%d or a range LO-HI", f[0].Text, maxLID)
	}
	port, err := strconv.Atoi(f[1].Text)
	if err != nil {
		return fmt.Sprintf("entry %s: port %q is not a port of %s", f[0].Text, f[1].Text, m.Switches[sw].Label)
	}
	if msg := t.set(m, sw, lo, hi, port); msg != "" {
		return fmt.Sprintf("entry %s: %s", f[0].Text, msg)
	}
	return ""
}

// set enters LIDs lo..hi (valid unicast LIDs) leaving switch sw by port.
func (t *Tables) set(m *model.Model, sw, lo, hi, port int) string {
	if port == 0 && m.PortBase == 1 {
		return "" // InfiniBand's port 0: the switch itself, where no route to a host goes
	}
	if m.Port(sw, port) == model.NoPort {
		return fmt.Sprintf("port %q is not a port of %s", strconv.Itoa(port), m.Switches[sw].Label)
	}
	out := t.out[sw]
	if hi >= len(out) {
		// grow once to the nodes' LIDs (their lines come first), not by appending
		grown := make([]int16, max(hi+1, t.top+1))
		n := copy(grown, out)
		for i := n; i < len(grown); i++ {
			grown[i] = -1
		}
		out = grown
		t.out[sw] = out
	}
	for l := lo; l <= hi; l++ {
		out[l] = int16(port)
	}
	return ""
}

// fastEntry reads, without allocating, an entry line of plain decimal
// numbers: `LID PORT` or `LO-HI PORT` with blanks around, a valid LID or
// range. Anything else (hex, a leading zero, a comment, a bad range) is
// not ok and goes the general way, which reads or reports it.
func fastEntry(line []byte) (lo, hi, port int, ok bool) {
	i := 0
	blanks := func() int {
		j := i
		for i < len(line) && (line[i] == ' ' || line[i] == '\t') {
			i++
		}
		return i - j
	}
	number := func(maxDigits int, leadingZero bool) (int, bool) {
		j, v := i, 0
		for i < len(line) && line[i] >= '0' && line[i] <= '9' && i-j < maxDigits {
			v = v*10 + int(line[i]-'0')
			i++
		}
		if i == j || i < len(line) && line[i] >= '0' && line[i] <= '9' || !leadingZero && line[j] == '0' && i-j > 1 {
			return 0, false
		}
		return v, true
	}
	blanks()
	if lo, ok = number(5, false); !ok {
		return
	}
	hi = lo
	if i < len(line) && line[i] == '-' {
		i++
		if hi, ok = number(5, false); !ok {
			return
		}
	}
	if blanks() == 0 {
		return 0, 0, 0, false
	}
	if port, ok = number(3, true); !ok {
		return
	}
	blanks()
	ok = i == len(line) && lo >= 1 && hi <= maxLID && lo <= hi
	return
}

// parseLID reads a decimal or 0x-hex unicast LID.
func parseLID(s string) (int, bool) {
	v, err := strconv.ParseInt(s, 0, 32)
	return int(v), err == nil && v >= 1 && v <= maxLID
}

// routeText makes a source node's route file (§2) from the tables: a line
// per destination, absolute port numbers, an empty line where the tables
// give no route (a missing entry, a destination without a LID, a loop).
func (t *Tables) routeText(m *model.Model, src int) []byte {
	var b bytes.Buffer
	for d := m.MinNode; d <= m.MaxNode; d++ {
		if d != src {
			t.appendRoute(&b, m, src, d)
		}
		b.WriteByte('\n')
	}
	return b.Bytes()
}

func (t *Tables) appendRoute(b *bytes.Buffer, m *model.Model, src, dst int) {
	sp, dp := m.NodePort(src), m.NodePort(dst)
	if sp == model.NoPort || dp == model.NoPort {
		return
	}
	lid := t.lid[dst-m.MinNode]
	if lid == 0 {
		return
	}
	start := b.Len()
	sw := m.SwitchOf(sp)
	for hops := 0; hops <= len(m.Switches); hops++ {
		out := t.out[sw]
		if lid >= len(out) || out[lid] < 0 {
			b.Truncate(start) // no entry: the route is missing
			return
		}
		if b.Len() > start {
			b.WriteByte(' ')
		}
		fmt.Fprintf(b, "%02x", out[lid])
		p := m.Port(sw, int(out[lid]))
		if m.Spec(p).Role != model.Net {
			return // a processor port: the tracer checks it is dst's
		}
		peer := m.Peer(p)
		if peer == model.NoPort {
			return // unconnected: the tracer says so
		}
		sw = m.SwitchOf(peer)
	}
	b.Truncate(start) // a loop
}

// OpenTables returns the routes of a model with forwarding tables.
func OpenTables(m *model.Model) (*Set, error) {
	t, err := LoadTables(m)
	if err != nil {
		return nil, err
	}
	return NewFromTables(m, t), nil
}

// NewFromTables returns the routes the tables give.
func NewFromTables(m *model.Model, t *Tables) *Set {
	return New(m, func(node int) (io.ReadCloser, string, error) {
		return io.NopCloser(bytes.NewReader(t.routeText(m, node))), fmt.Sprintf("%s (routes of node %d)", t.File, node), nil
	})
}
