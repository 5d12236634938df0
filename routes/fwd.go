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
	if err == nil && port == 0 && m.PortBase == 1 {
		return "" // InfiniBand's port 0: the switch itself, where no route to a host goes
	}
	if err != nil || m.Port(sw, port) == model.NoPort {
		return fmt.Sprintf("entry %s: port %q is not a port of %s", f[0].Text, f[1].Text, m.Switches[sw].Label)
	}
	out := t.out[sw]
	for len(out) <= hi {
		out = append(out, -1)
	}
	for l := lo; l <= hi; l++ {
		out[l] = int16(port)
	}
	t.out[sw] = out
	return ""
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
