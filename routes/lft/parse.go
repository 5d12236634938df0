package lft

import (
	"fmt"
	"io"
	"math"
	"os"
	"regexp"
	"runtime"
	"strconv"
	"strings"

	"github.com/fabviz/fabviz/internal/textio"
)

// Limits that keep a hostile file from making Parse allocate without bound.
const (
	MaxLine   = 64 << 10
	MaxLID    = 0xbfff // the highest unicast LID
	MaxErrors = 100
)

// NoPort marks a LID the table has no entry for.
const NoPort = 0xff

// Table is the unicast forwarding table of one switch.
type Table struct {
	GUID uint64
	LID  int    // the switch's own LID, 0 when the dump does not say
	Name string // the switch's description, when the dump gives it
	Line int    // line of the table's header
	// Out is the out port by destination LID; NoPort = no entry.
	Out     []uint8
	Entries int
	// line is, while parsing, each entry's line as lines after the header
	// (0: no entry yet; farLine: too far to say): two bytes a LID, not four,
	// as a big fabric's tables hold hundreds of millions of entries.
	line []uint16
}

const farLine = 0xffff

// Port is the out port for a LID, or NoPort.
func (t *Table) Port(lid int) uint8 {
	if lid <= 0 || lid >= len(t.Out) {
		return NoPort
	}
	return t.Out[lid]
}

// Tables is every switch's table from one dump.
type Tables struct {
	File     string
	List     []*Table
	Warnings textio.ErrorList
	byGUID   map[uint64]*Table
}

// ByGUID is the table of a switch, or nil.
func (ts *Tables) ByGUID(g uint64) *Table { return ts.byGUID[g] }

var (
	// dump_fts, dump_lfts.sh, ibroute and opensm-lfts.dump headers.
	unicastRE = regexp.MustCompile(`^Unicast lids \[[^\]]*\] of switch (.*)$`)
	rangeRE   = regexp.MustCompile(`^Unicast lids \[0x[0-9A-Fa-f]+-0x([0-9A-Fa-f]{1,8})\]`)
	guidRE    = regexp.MustCompile(`\bguid (0x[0-9A-Fa-f]+)`)
	lidRE     = regexp.MustCompile(`\bLid ([0-9]+)`)
	nameRE    = regexp.MustCompile(`\(['"]?(.*?)['"]?\):?\s*$`)
	// opensm.fdbs header.
	fdbsRE = regexp.MustCompile(`^dump_ucast_routes: Switch (0x[0-9A-Fa-f]+)\s*$`)
	// An entry: LID, then (after an optional ':') the port or UNREACHABLE.
	entryRE  = regexp.MustCompile(`^(0x[0-9A-Fa-f]+)\s*:?\s*([0-9]+|UNREACHABLE)\b`)
	skipRE   = regexp.MustCompile(`^(Lid\s+Out|Port\s+Info|LID\s*:\s*Port|[0-9]+ (valid )?lids dumped)`)
	mcastRE  = regexp.MustCompile(`^Multicast mlids`)
	stderrRE = regexp.MustCompile(`^(ib[a-z_]*|iberror|ibwarn|ibpanic|dump_fts|umad[a-z_0-9]*):|^[A-Za-z0-9_./-]+\.c:[0-9]+[;:]`)
)

// Load reads a dump from disk.
func Load(path string) (*Tables, error) {
	fh, err := os.Open(path)
	if err != nil {
		return nil, textio.ErrorList{&textio.Error{File: path, Msg: err.Error(), Err: err}}
	}
	defer fh.Close()
	return Parse(path, fh)
}

type parser struct {
	read  int // bytes of input so far (each line's, without its end)
	slots int // LID slots allocated in all tables
	ts    *Tables
	errs  textio.ErrorList
	cur   *Table
	mcast bool
	stop  bool // the file is of another kind: said so once
	n     int  // lines so far
	// stopped: the error cap or stop was reached after a line; later lines
	// that cannot be read are not reported, and the parse ends.
	stopped bool
	// A block parser (parallel.go) parses a block on its own, as if it
	// followed nothing: it gives up at its first error, and records what
	// its result depends on.
	block   bool
	changed bool // the block set cur or mcast itself (a header, a multicast section)
	maxX    int  // the block's largest slots+grow-4*read-1<<20: see fits
	before  int  // a block's offset in the input: at most the bytes read before it
}

func newParser(name string) *parser {
	return &parser{ts: &Tables{File: name, byGUID: map[uint64]*Table{}}, maxX: math.MinInt}
}

// Parse reads any of the supported dumps; several may be concatenated.
// The input is read in large blocks, parsed in parallel (parallel.go); the
// tables and errors are those of parsing it line by line (parseLines).
func Parse(name string, r io.Reader) (*Tables, error) {
	return parseParallel(name, r, blockSize, runtime.GOMAXPROCS(0))
}

// parseLines is the line-by-line parse: Parse's reference.
func parseLines(name string, r io.Reader) (*Tables, error) {
	p := newParser(name)
	lr := textio.NewLineReader(name, r, MaxLine)
	for len(p.errs) < MaxErrors && !p.stop {
		line, ok := lr.Scan(func(e *textio.Error) { p.errs = append(p.errs, e) })
		if !ok {
			break
		}
		p.read += len(line) + 1
		if lid, port, ok := fastEntry(line); ok {
			if !p.mcast {
				p.set(lr.Line(), lid, port)
			}
			continue
		}
		p.line(lr.Line(), strings.TrimSpace(string(line)))
	}
	return p.finish()
}

func (p *parser) finish() (*Tables, error) {
	if len(p.errs) == 0 && len(p.ts.List) == 0 {
		p.errs = append(p.errs, &textio.Error{File: p.ts.File, Msg: "no forwarding tables: expected dump_fts, ibroute, opensm-lfts.dump or opensm.fdbs output"})
	}
	if len(p.errs) > 0 {
		return nil, p.errs
	}
	for _, t := range p.ts.List {
		t.line = nil
	}
	return p.ts, nil
}

// setCur makes t the table entries go to. The table it replaces is done:
// its entries' lines (kept to name a LID listed twice) are let go.
func (p *parser) setCur(t *Table) {
	if p.cur != nil && p.cur != t {
		p.cur.line = nil
	}
	p.cur, p.changed = t, true
}

// fits says whether grow more LID slots keep allocation within a multiple
// of the input read. A block parser does not know what came before it:
// it allocates, and records the margin the blocks before must leave.
func (p *parser) fits(grow int) bool {
	x := p.slots + grow - 4*p.read - 1<<20
	if p.block {
		p.maxX = max(p.maxX, x)
		if x > 4*p.before { // more than the input before could allow: give up
			p.stopped = true
			return false
		}
		return true
	}
	return x <= 0
}

func (p *parser) errorf(line int, format string, args ...any) {
	p.errs = append(p.errs, textio.Errorf(p.ts.File, line, format, args...))
}

func (p *parser) line(n int, t string) {
	switch {
	case t == "" || t[0] == '#' || skipRE.MatchString(t):
	case mcastRE.MatchString(t):
		p.setCur(nil)
		p.mcast = true
	case unicastRE.MatchString(t):
		p.header(n, t, unicastRE.FindStringSubmatch(t)[1])
		if r := rangeRE.FindStringSubmatch(t); r != nil && p.cur != nil {
			hi, _ := strconv.ParseUint(r[1], 16, 32)
			p.reserve(int(hi))
		}
	case fdbsRE.MatchString(t):
		p.header(n, t, "guid "+fdbsRE.FindStringSubmatch(t)[1])
	case entryRE.MatchString(t):
		if p.mcast {
			return
		}
		p.entry(n, entryRE.FindStringSubmatch(t))
	case stderrRE.MatchString(t) || strings.HasPrefix(t, "*** WARNING ***"):
		p.ts.Warnings = append(p.ts.Warnings, textio.Errorf(p.ts.File, n, "warning: skipped diagnostic line %q", t))
	default:
		if p.mcast {
			return // multicast sections have their own layout
		}
		if h := otherKind(t); h != "" && len(p.ts.List) == 0 {
			p.errorf(n, "%s", h)
			p.stop = true
			return
		}
		p.errorf(n, "unrecognised line: expected a table header (\"Unicast lids [...] of switch ...\" or \"dump_ucast_routes: Switch 0x...\") or an entry \"0xLID PORT\"")
	}
}

var (
	topoRE     = regexp.MustCompile(`^(Switch|Ca|Hca|Rt)\s*[0-9]+\s*"|^(vendid|devid|sysimgguid|switchguid|caguid)=|^(SW|CA|RT)\s+[0-9]+\s+[0-9]+\s+0x`)
	linkinfoRE = regexp.MustCompile(`^(CA|Switch|Router): |==\( *[0-9]+X `)
)

// otherKind says what a line that starts no table looks like, when it is
// the output of another tool.
func otherKind(t string) string {
	switch {
	case topoRE.MatchString(t):
		return "this looks like ibnetdiscover output (a topology): give it as -topo, and the forwarding tables (dump_fts) as -lft"
	case linkinfoRE.MatchString(t):
		return "this looks like iblinkinfo output: -lft wants forwarding tables (dump_fts, ibroute, opensm-lfts.dump or opensm.fdbs)"
	}
	return ""
}

func (p *parser) header(n int, t, rest string) {
	p.mcast = false
	m := guidRE.FindStringSubmatch(rest)
	if m == nil {
		p.errorf(n, "table header without the switch's guid 0x...")
		p.setCur(nil)
		return
	}
	g, err := strconv.ParseUint(m[1][2:], 16, 64)
	if err != nil {
		p.errorf(n, "bad switch guid %s", m[1])
		return
	}
	if prev := p.ts.byGUID[g]; prev != nil {
		p.errorf(n, "second table for switch 0x%016x (first at line %d)", g, prev.Line)
		p.setCur(nil)
		return
	}
	tb := &Table{GUID: g, Line: n}
	if l := lidRE.FindStringSubmatch(rest); l != nil {
		tb.LID, _ = strconv.Atoi(l[1])
	}
	if nm := nameRE.FindStringSubmatch(rest); nm != nil {
		tb.Name = nm[1]
	}
	p.ts.byGUID[g] = tb
	p.ts.List = append(p.ts.List, tb)
	p.setCur(tb)
}

// fastEntry reads the common entry "0xLLLL PPP ..." without regular
// expressions: big fabrics have millions of them.
func fastEntry(t []byte) (lid, port int, ok bool) {
	if len(t) < 8 || t[0] != '0' || t[1] != 'x' {
		return 0, 0, false
	}
	i := 2
	for ; i < len(t) && i < 7; i++ {
		c := t[i]
		switch {
		case c >= '0' && c <= '9':
			lid = lid<<4 | int(c-'0')
		case c >= 'a' && c <= 'f':
			lid = lid<<4 | int(c-'a'+10)
		case c >= 'A' && c <= 'F':
			lid = lid<<4 | int(c-'A'+10)
		default:
			goto digits
		}
	}
digits:
	if i == 2 || i >= len(t) || t[i] != ' ' {
		return 0, 0, false
	}
	for i < len(t) && (t[i] == ' ' || t[i] == ':') {
		i++
	}
	j := i
	for ; i < len(t) && i-j < 4 && t[i] >= '0' && t[i] <= '9'; i++ {
		port = port*10 + int(t[i]-'0')
	}
	if i == j || i-j > 3 || (i < len(t) && t[i] != ' ') {
		return 0, 0, false
	}
	return lid, port, true
}

func (p *parser) entry(n int, m []string) {
	lid, err := strconv.ParseUint(m[1][2:], 16, 32)
	if err != nil || lid > MaxLID {
		p.errorf(n, "LID %s out of the unicast range 0x0001..0x%04x", m[1], MaxLID)
		return
	}
	port := NoPort
	if m[2] != "UNREACHABLE" {
		v, err := strconv.Atoi(m[2])
		if err != nil || v > 255 {
			p.errorf(n, "out port %s out of range 0..255", m[2])
			return
		}
		port = v
	}
	p.set(n, int(lid), port)
}

// set records one entry of the current table.
func (p *parser) set(n, lid, port int) {
	if p.cur == nil {
		p.errorf(n, "table entry before any switch header")
		return
	}
	if lid > MaxLID {
		p.errorf(n, "LID 0x%04x out of the unicast range 0x0001..0x%04x", lid, MaxLID)
		return
	}
	if port > 255 {
		p.errorf(n, "out port %d out of range 0..255", port)
		return
	}
	t := p.cur
	if lid >= len(t.Out) {
		// Tables are indexed by LID; a hostile dump of a few bytes per
		// table could name LID 0xbfff in each. Real dumps list most LIDs
		// they span, so allocation stays within a multiple of the input.
		if grow := lid + 1 - len(t.Out); !p.fits(grow) {
			p.errorf(n, "LID 0x%04x: tables this sparse would need %d entries for %d bytes of input; is this a forwarding-table dump?", lid, p.slots+grow, p.read)
			return
		}
		if p.reserve(max(lid, 2*len(t.Out))); len(t.Out) <= lid {
			p.reserve(lid) // doubling went past what the input allows
		}
	}
	if prev := t.line[lid]; prev != 0 {
		if prev == farLine {
			p.errorf(n, "LID 0x%04x listed twice for switch 0x%016x (first more than %d lines after its header at line %d)", lid, t.GUID, farLine-1, t.Line)
		} else {
			p.errorf(n, "LID 0x%04x listed twice for switch 0x%016x (line %d)", lid, t.GUID, t.Line+int(prev))
		}
		return
	}
	t.line[lid] = uint16(min(n-t.Line, farLine))
	t.Out[lid] = uint8(port)
	if port != NoPort {
		t.Entries++
	}
}

// reserve makes the current table hold LIDs up to hi (at most MaxLID, and
// within what the input's size allows), all without an entry: a dump_fts
// header gives the range, so a table is allocated once, not grown.
func (p *parser) reserve(hi int) {
	t := p.cur
	hi = min(hi, MaxLID)
	grow := hi + 1 - len(t.Out)
	if grow <= 0 || !p.fits(grow) {
		return
	}
	p.slots += grow
	out := make([]uint8, hi+1)
	copy(out, t.Out)
	for i := len(t.Out); i < len(out); i++ {
		out[i] = NoPort
	}
	line := make([]uint16, hi+1)
	copy(line, t.line)
	t.Out, t.line = out, line
}

// String describes a table for messages.
func (t *Table) String() string {
	if t.Name != "" {
		return fmt.Sprintf("switch 0x%016x (%s)", t.GUID, t.Name)
	}
	return fmt.Sprintf("switch 0x%016x", t.GUID)
}
