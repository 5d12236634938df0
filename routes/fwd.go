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
// destination's LID (its base LID, or base + offset with LMC > 0) — so
// tracing, checking and contention work on either form alike.

// Tables are a model's forwarding tables.
type Tables struct {
	File string
	lid  []int     // by node − MinNode: base LID, 0 = none
	lmc  []uint8   // by node − MinNode: the LMC, 2^lmc LIDs from the base
	out  [][]int16 // by switch index: out port number by LID, -1 = no entry
	at   []int32   // by switch index: the line of its `table`, 0 = none
	// owner is, by LID, the node it addresses + 1 (0 = none), while reading.
	owner []int32
	top   int // the largest node LID read so far: how long a table grows at once
}

// LIDs is how many LIDs a node has (2^LMC; 0 when it has none): the LID
// offsets 0..LIDs-1 each have their own routes to it.
func (t *Tables) LIDs(node int, m *model.Model) int {
	i := node - m.MinNode
	if i < 0 || i >= len(t.lid) || t.lid[i] == 0 {
		return 0
	}
	return 1 << t.lmc[i]
}

// LID is a node's base LID, 0 if it has none.
func (t *Tables) LID(node int, m *model.Model) int {
	i := node - m.MinNode
	if i < 0 || i >= len(t.lid) {
		return 0
	}
	return t.lid[i]
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
	span := max(0, m.MaxNode-m.MinNode+1)
	t := &Tables{File: file, lid: make([]int, span), lmc: make([]uint8, span), out: make([][]int16, len(m.Switches)), at: make([]int32, len(m.Switches)),
		owner: make([]int32, maxLID+1)}
	defer func() { t.owner = nil }()
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
			if strings.TrimSpace(string(line)) != TablesMagic {
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
		if msg := t.line(m, f, &sw, n); msg != "" {
			errs = append(errs, textio.Errorf(file, n, "%s", msg))
		}
	}
	if first && len(errs) == 0 {
		errs = append(errs, textio.Errorf(file, 0, "empty file: expected `#! fabviz-lft 1`"))
	}
	return t, errs.Err()
}

// line reads one line: node, switch, table or an entry of the current table.
func (t *Tables) line(m *model.Model, f []textio.Field, sw *int, n int) string {
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
		lmc := 0
		if len(f) == 6 {
			if lmc, err = strconv.Atoi(f[5].Text); err != nil || lmc < 0 || lmc > 7 {
				return fmt.Sprintf("node %d: LMC %q is not 0..7", n, f[5].Text)
			}
		}
		last := lid + 1<<lmc - 1
		if last > maxLID {
			return fmt.Sprintf("node %d: LIDs %d..%d (LMC %d) go past the last unicast LID %d", n, lid, last, lmc, maxLID)
		}
		if t.lid[n-m.MinNode] != 0 {
			return fmt.Sprintf("node %d given twice", n)
		}
		for l := lid; l <= last; l++ {
			if o := t.owner[l]; o != 0 {
				return fmt.Sprintf("node %d: LID %d is node %d's already", n, l, o-1)
			}
		}
		for l := lid; l <= last; l++ {
			t.owner[l] = int32(n + 1)
		}
		t.lid[n-m.MinNode], t.lmc[n-m.MinNode] = lid, uint8(lmc)
		t.top = max(t.top, last)
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
		t.out[i], t.at[i] = []int16{}, int32(n)
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

// OpenTables returns the routes of a model with forwarding tables.
func OpenTables(m *model.Model) (*Set, error) {
	t, err := LoadTables(m)
	if err != nil {
		return nil, err
	}
	return NewFromTables(m, t), nil
}

// NewFromTables returns the routes the tables give: each traced through
// the tables as it is asked for (tables.go), nothing made in advance.
func NewFromTables(m *model.Model, t *Tables) *Set {
	s := New(m, nil)
	s.tab = t
	return s
}
