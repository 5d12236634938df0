package model

import (
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/fabviz/fabviz/internal/textio"
)

// Limits that keep a hostile file from making Parse allocate without bound.
const (
	MaxLine          = 1 << 20 // bytes in one line
	MaxGridPositions = 1 << 22 // planes × rows × columns
	MaxNodeID        = 1<<31 - 1
	MaxNodeSpan      = 1 << 24 // highest − lowest node id + 1
	MaxSlot          = 1<<16 - 1
	MaxErrors        = 1000 // reported before giving up
)

type pdEntry struct {
	port, slot int
	role       Role
	face       Face
	line       int
}

type rawPortdef struct {
	label   string
	line    int
	entries []pdEntry
	closed  bool
}

type rawRowdef struct {
	plane, row int // plane -1 = every plane
	labels     []string
	line       int
}

type rawLogical struct {
	index  int
	rows   []int
	labels []string // by entry; "" = no portdef given
	line   int
}

type rawSwitch struct {
	label           string
	plane, row, col int
	node            int // -1 = not given
	hw, sw          string
	line            int
}

type rawLink struct {
	a, b string
	line int
}

type rawHost struct {
	node int
	name string
	line int
}

type parser struct {
	file string
	errs ErrorList
	more int // errors beyond MaxErrors

	seen map[string]int // single-use keyword -> line

	name                         string
	planes, rows, columns, ports int
	portBase                     int
	procPorts, netPorts          int // -1 = not given
	wrap                         [3]bool
	routesDir, routesExt         string
	lftFile                      string
	lftLine, routesLine          int
	encoding                     Encoding
	hostFormat                   string
	hostFormatLine               int

	portdefs []*rawPortdef
	open     *rawPortdef
	rowdefs  []rawRowdef
	logical  []rawLogical
	switches []rawSwitch
	links    []rawLink
	hosts    []rawHost
	rates    []rawRate
}

// Parse reads a model file. name is used in error messages and as the
// default model name. On any problem it returns a nil model and an
// ErrorList holding every problem found.
func Parse(name string, r io.Reader) (*Model, error) {
	p := &parser{
		file: name, seen: map[string]int{},
		planes: 1, rows: 1, columns: 1, ports: 16,
		procPorts: -1, netPorts: -1,
	}
	p.read(r)
	if len(p.errs) > 0 {
		return nil, p.finish()
	}
	m := p.build()
	if len(p.errs) > 0 {
		return nil, p.finish()
	}
	return m, nil
}

func (p *parser) finish() error {
	if p.more > 0 {
		p.errs = append(p.errs, &Error{File: p.file, Msg: fmt.Sprintf("%d more errors not shown", p.more)})
	}
	return p.errs
}

func (p *parser) errorf(line int, format string, args ...any) {
	if len(p.errs) >= MaxErrors {
		p.more++
		return
	}
	p.errs = append(p.errs, textio.Errorf(p.file, line, format, args...))
}

func (p *parser) addErr(e *Error) {
	if len(p.errs) >= MaxErrors {
		p.more++
		return
	}
	p.errs = append(p.errs, e)
}

func (p *parser) read(r io.Reader) {
	lr := textio.NewLineReader(p.file, r, MaxLine)
	for {
		line, ok := lr.Scan(func(e *textio.Error) { p.addErr(e) })
		if !ok {
			break
		}
		f, ferr := textio.Fields(line)
		if ferr != nil {
			p.addErr(textio.At(p.file, lr.Line(), ferr))
			continue
		}
		if len(f) == 0 {
			continue
		}
		p.line(lr.Line(), f)
	}
	if p.open != nil {
		p.errorf(p.open.line, "portdef %s: missing end", p.open.label)
		p.open = nil
	}
}

var keywords = map[string]func(*parser, int, []textio.Field){
	"name":            (*parser).kwName,
	"planes":          (*parser).kwGrid,
	"rows":            (*parser).kwGrid,
	"columns":         (*parser).kwGrid,
	"ports":           (*parser).kwPorts,
	"port-base":       (*parser).kwPortBase,
	"processor-ports": (*parser).kwRoleCount,
	"network-ports":   (*parser).kwRoleCount,
	"wrap":            (*parser).kwWrap,
	"routes":          (*parser).kwRoutes,
	"lft":             (*parser).kwLFT,
	"route-encoding":  (*parser).kwEncoding,
	"portdef":         (*parser).kwPortdef,
	"end":             (*parser).kwEnd,
	"rowdef":          (*parser).kwRowdef,
	"logical-row":     (*parser).kwLogicalRow,
	"switch":          (*parser).kwSwitch,
	"link":            (*parser).kwLink,
	"hostname":        (*parser).kwHostname,
	"hostname-format": (*parser).kwHostFormat,
	"rate":            (*parser).kwRate,
}

func (p *parser) line(n int, f []textio.Field) {
	kw := f[0].Text
	if p.open != nil {
		if _, isKw := keywords[kw]; !isKw || kw == "end" {
			if kw == "end" {
				p.kwEnd(n, f)
			} else {
				p.portLine(n, f)
			}
			return
		}
		p.errorf(p.open.line, "portdef %s: missing end (found %q at line %d)", p.open.label, kw, n)
		p.open = nil
	}
	h, ok := keywords[kw]
	if !ok {
		p.errorf(n, "unknown keyword %q", kw)
		return
	}
	h(p, n, f)
}

// once records a single-use keyword and complains about a repeat.
func (p *parser) once(n int, kw string) bool {
	if prev, dup := p.seen[kw]; dup {
		p.errorf(n, "%s already given at line %d", kw, prev)
		return false
	}
	p.seen[kw] = n
	return true
}

// args checks the argument count of a keyword line.
func (p *parser) args(n int, f []textio.Field, min, max int, usage string) bool {
	k := len(f) - 1
	if k < min || (max >= 0 && k > max) {
		p.errorf(n, "%s: expected %s", f[0].Text, usage)
		return false
	}
	return true
}

func (p *parser) num(n int, s, what string, lo, hi int64) (int, bool) {
	v, err := textio.Int(s, what, lo, hi)
	if err != nil {
		p.errorf(n, "%v", err)
		return 0, false
	}
	return int(v), true
}

func (p *parser) kwName(n int, f []textio.Field) {
	if !p.args(n, f, 1, -1, "name TEXT") || !p.once(n, "name") {
		return
	}
	parts := make([]string, len(f)-1)
	for i, x := range f[1:] {
		parts[i] = x.Text
	}
	p.name = strings.Join(parts, " ")
}

func (p *parser) kwGrid(n int, f []textio.Field) {
	kw := f[0].Text
	if !p.args(n, f, 1, 1, kw+" COUNT") || !p.once(n, kw) {
		return
	}
	v, ok := p.num(n, f[1].Text, kw, 1, MaxGridPositions)
	if !ok {
		return
	}
	switch kw {
	case "planes":
		p.planes = v
	case "rows":
		p.rows = v
	default:
		p.columns = v
	}
}

func (p *parser) kwPorts(n int, f []textio.Field) {
	if !p.args(n, f, 1, 1, "ports N (1..255)") || !p.once(n, "ports") {
		return
	}
	if v, ok := p.num(n, f[1].Text, "ports", 1, 255); ok {
		p.ports = v
	}
}

func (p *parser) kwPortBase(n int, f []textio.Field) {
	if !p.args(n, f, 1, 1, "port-base 0|1") || !p.once(n, "port-base") {
		return
	}
	if v, ok := p.num(n, f[1].Text, "port-base", 0, 1); ok {
		p.portBase = v
	}
}

func (p *parser) kwRoleCount(n int, f []textio.Field) {
	kw := f[0].Text
	if !p.args(n, f, 1, 1, kw+" COUNT") || !p.once(n, kw) {
		return
	}
	v, ok := p.num(n, f[1].Text, kw, 0, 255)
	if !ok {
		return
	}
	if kw == "processor-ports" {
		p.procPorts = v
	} else {
		p.netPorts = v
	}
}

func (p *parser) kwWrap(n int, f []textio.Field) {
	if !p.args(n, f, 1, 3, "wrap AXIS... (x, y, z)") || !p.once(n, "wrap") {
		return
	}
	for _, a := range f[1:] {
		i := strings.Index("xyz", a.Text)
		if len(a.Text) != 1 || i < 0 {
			p.errorf(n, "wrap: unknown axis %q (expected x, y or z)", a.Text)
			continue
		}
		if p.wrap[i] {
			p.errorf(n, "wrap: axis %s given twice", a.Text)
		}
		p.wrap[i] = true
	}
}

func (p *parser) kwRoutes(n int, f []textio.Field) {
	if !p.args(n, f, 2, 2, "routes DIR EXT") || !p.once(n, "routes") {
		return
	}
	p.routesLine = n
	if p.lftLine > 0 {
		p.errorf(n, "routes: the model names forwarding tables already (lft, line %d): route files or tables, not both", p.lftLine)
	}
	p.routesDir, p.routesExt = filepath.FromSlash(f[1].Text), f[2].Text
	if strings.ContainsAny(p.routesExt, "/\\") {
		p.errorf(n, "routes: extension %q may not contain a path separator", p.routesExt)
	}
}

func (p *parser) kwEncoding(n int, f []textio.Field) {
	if !p.args(n, f, 1, 1, "route-encoding absolute|relative") || !p.once(n, "route-encoding") {
		return
	}
	switch f[1].Text {
	case "absolute":
		p.encoding = Absolute
	case "relative":
		p.encoding = Relative
	default:
		p.errorf(n, "route-encoding: expected absolute or relative, got %q", f[1].Text)
	}
}

func (p *parser) kwPortdef(n int, f []textio.Field) {
	if !p.args(n, f, 1, 1, "portdef LABEL") {
		p.open = &rawPortdef{label: "?", line: n} // still swallow its lines
		return
	}
	p.open = &rawPortdef{label: f[1].Text, line: n}
	p.portdefs = append(p.portdefs, p.open)
}

func (p *parser) kwEnd(n int, f []textio.Field) {
	if p.open == nil {
		p.errorf(n, "end without portdef")
		return
	}
	if len(f) > 1 {
		p.errorf(n, "end: unexpected %q", f[1].Text)
	}
	p.open.closed = true
	p.open = nil
}

var faceByName = map[string]Face{"top": Top, "bottom": Bottom, "north": North, "south": South, "east": East, "west": West}

func (p *parser) portLine(n int, f []textio.Field) {
	d := p.open
	if len(f) != 4 {
		p.errorf(n, "portdef %s: expected PORT ROLE FACE SLOT, got %d fields", d.label, len(f))
		return
	}
	e := pdEntry{line: n}
	var ok1, ok2 bool
	e.port, ok1 = p.num(n, f[0].Text, "port", 0, 255)
	switch f[1].Text {
	case "proc":
		e.role = Proc
	case "net":
		e.role = Net
	default:
		p.errorf(n, "portdef %s: role %q: expected proc or net", d.label, f[1].Text)
		return
	}
	face, ok := faceByName[f[2].Text]
	if !ok {
		p.errorf(n, "portdef %s: face %q: expected top, bottom, north, south, east or west", d.label, f[2].Text)
		return
	}
	e.face = face
	e.slot, ok2 = p.num(n, f[3].Text, "slot", 0, MaxSlot)
	if ok1 && ok2 {
		d.entries = append(d.entries, e)
	}
}

func (p *parser) kwRowdef(n int, f []textio.Field) {
	if !p.args(n, f, 2, -1, "rowdef ROW|PLANE.ROW LABEL...") {
		return
	}
	rd := rawRowdef{plane: -1, line: n}
	spec := f[1].Text
	var ok bool
	if dot := strings.IndexByte(spec, '.'); dot >= 0 {
		var ok1 bool
		rd.plane, ok1 = p.num(n, spec[:dot], "rowdef plane", 0, MaxGridPositions)
		rd.row, ok = p.num(n, spec[dot+1:], "rowdef row", 0, MaxGridPositions)
		ok = ok && ok1
	} else {
		rd.row, ok = p.num(n, spec, "rowdef row", 0, MaxGridPositions)
	}
	if !ok {
		return
	}
	for _, x := range f[2:] {
		rd.labels = append(rd.labels, x.Text)
	}
	p.rowdefs = append(p.rowdefs, rd)
}

func (p *parser) kwLogicalRow(n int, f []textio.Field) {
	if !p.args(n, f, 2, -1, "logical-row L ROW[:LABEL]...") {
		return
	}
	idx, ok := p.num(n, f[1].Text, "logical row", 0, MaxGridPositions)
	if !ok {
		return
	}
	lr := rawLogical{index: idx, line: n}
	for _, x := range f[2:] {
		row, label, _ := strings.Cut(x.Text, ":")
		r, ok := p.num(n, row, "logical-row "+f[1].Text+": row", 0, MaxGridPositions)
		if !ok {
			return
		}
		if strings.HasSuffix(x.Text, ":") {
			p.errorf(n, "logical-row %d: %q has an empty portdef label", idx, x.Text)
			return
		}
		lr.rows = append(lr.rows, r)
		lr.labels = append(lr.labels, label)
	}
	p.logical = append(p.logical, lr)
}

func (p *parser) kwSwitch(n int, f []textio.Field) {
	const usage = "switch LABEL PLANE ROW COL node FIRST [hw TEXT] [sw TEXT]"
	if !p.args(n, f, 4, -1, usage) {
		return
	}
	s := rawSwitch{label: f[1].Text, node: -1, line: n}
	var ok [3]bool
	s.plane, ok[0] = p.num(n, f[2].Text, "switch plane", 0, MaxGridPositions)
	s.row, ok[1] = p.num(n, f[3].Text, "switch row", 0, MaxGridPositions)
	s.col, ok[2] = p.num(n, f[4].Text, "switch column", 0, MaxGridPositions)
	good := ok[0] && ok[1] && ok[2]
	rest := f[5:]
	given := map[string]bool{}
	for len(rest) > 0 {
		kw := rest[0].Text
		if kw != "node" && kw != "hw" && kw != "sw" {
			p.errorf(n, "switch %s: unexpected %q (expected node, hw or sw)", s.label, kw)
			return
		}
		if len(rest) < 2 {
			p.errorf(n, "switch %s: %s needs a value", s.label, kw)
			return
		}
		if given[kw] {
			p.errorf(n, "switch %s: %s given twice", s.label, kw)
			return
		}
		given[kw] = true
		val := rest[1].Text
		switch kw {
		case "node":
			v, ok := p.num(n, val, "node", 0, MaxNodeID)
			good = good && ok
			s.node = v
		case "hw":
			s.hw = val
		case "sw":
			s.sw = val
		}
		rest = rest[2:]
	}
	if good {
		p.switches = append(p.switches, s)
	}
}

func (p *parser) kwLink(n int, f []textio.Field) {
	if p.args(n, f, 2, 2, "link SW.PORT SW.PORT") {
		p.links = append(p.links, rawLink{a: f[1].Text, b: f[2].Text, line: n})
	}
}

func (p *parser) kwHostname(n int, f []textio.Field) {
	if !p.args(n, f, 2, 2, "hostname NODE NAME") {
		return
	}
	node, ok := p.num(n, f[1].Text, "hostname node", 0, MaxNodeID)
	if ok {
		p.hosts = append(p.hosts, rawHost{node: node, name: f[2].Text, line: n})
	}
}

func (p *parser) kwHostFormat(n int, f []textio.Field) {
	if p.args(n, f, 1, 1, "hostname-format FMT") && p.once(n, "hostname-format") {
		p.hostFormat, p.hostFormatLine = f[1].Text, n
	}
}

// kwLFT reads `lft FILE`: destination-based forwarding tables (§2b)
// instead of route files.
func (p *parser) kwLFT(n int, f []textio.Field) {
	if !p.args(n, f, 1, 1, "lft FILE") || !p.once(n, "lft") {
		return
	}
	p.lftFile, p.lftLine = filepath.FromSlash(f[1].Text), n
	if p.routesLine > 0 {
		p.errorf(n, "lft: the model names route files already (routes, line %d): route files or tables, not both", p.routesLine)
	}
}
