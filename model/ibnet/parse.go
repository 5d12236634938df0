package ibnet

import (
	"fmt"
	"io"
	"os"
	"regexp"
	"strconv"
	"strings"

	"github.com/fabviz/fabviz/internal/textio"
)

// Limits that keep a hostile file from making Parse allocate without bound.
const (
	MaxLine   = 64 << 10
	MaxNodes  = 1 << 20
	MaxErrors = 100
)

// Options change how strictly Parse treats inconsistent input.
type Options struct {
	// Lenient turns disagreeing back-links and links to undeclared nodes
	// into warnings: the first description of a port wins.
	Lenient bool
}

// form is the dialect of the file, fixed by its first node line.
type form uint8

const (
	formUnknown form = iota
	formRecords      // default ibnetdiscover output, ibsim net files
	formPorts        // ibnetdiscover -p
)

// claim is one line's statement that two ports are cabled; a's node made it.
type claim struct {
	a, ap   int
	peerID  string // default form: the peer's id, resolved after reading
	b, bp   int
	peerLID int
	line    int
}

type parser struct {
	read   int // bytes of input so far
	slots  int // ports allocated in all nodes
	f      *Fabric
	opt    Options
	errs   textio.ErrorList
	more   int
	form   form
	cur    int    // node whose record is open, -1 = none
	guid   uint64 // from the last switchguid=/caguid= line
	claims []claim
	// Lines that are not ibnetdiscover output: before the first node
	// (a capture's banner) or after the last (a prompt) they are skipped
	// with one warning; between nodes they are errors.
	noise     []noiseLine
	nodesSeen bool
	noiseMore int // noise lines beyond those held
	skipped   int // noise lines skipped
	firstSkip noiseLine
	orphans   int // port lines of a record whose header was refused
	refused   int // line of the last refused header, 0 = none open
}

type noiseLine struct {
	n int
	t string
}

// Load reads a topology file from disk.
func Load(path string, opt Options) (*Fabric, error) {
	fh, err := os.Open(path)
	if err != nil {
		return nil, textio.ErrorList{&textio.Error{File: path, Msg: err.Error(), Err: err}}
	}
	defer fh.Close()
	return Parse(path, fh, opt)
}

// Parse reads ibnetdiscover output (either form) or an ibsim net file.
func Parse(name string, r io.Reader, opt Options) (*Fabric, error) {
	p := &parser{f: &Fabric{File: name, byID: map[string]int{}}, opt: opt, cur: -1}
	lr := textio.NewLineReader(name, r, MaxLine)
	for {
		line, ok := lr.Scan(func(e *textio.Error) { p.add(e) })
		if !ok {
			break
		}
		p.read += len(line) + 1
		p.line(lr.Line(), string(line))
		if p.more > 0 {
			break
		}
	}
	p.endNoise()
	if len(p.errs) == 0 {
		p.resolve()
	}
	if p.more > 0 {
		p.errs = append(p.errs, &textio.Error{File: name, Msg: fmt.Sprintf("stopped after %d errors", MaxErrors)})
	}
	if len(p.f.Nodes) == 0 && (len(p.errs) == 0 || p.skipped > 0) {
		p.errs = append(p.errs, &textio.Error{File: name, Msg: "no nodes: expected ibnetdiscover output (Switch/Ca records or -p port lines)" + p.hint()})
	}
	if len(p.errs) > 0 {
		return nil, p.errs
	}
	return p.f, nil
}

func (p *parser) add(e *textio.Error) {
	if len(p.errs) >= MaxErrors {
		p.more++
		return
	}
	p.errs = append(p.errs, e)
}

func (p *parser) errorf(line int, format string, args ...any) {
	p.add(textio.Errorf(p.f.File, line, format, args...))
}

// problem is an inconsistency: an error, or a warning when lenient.
func (p *parser) problem(line int, format string, args ...any) {
	if p.opt.Lenient {
		p.f.Warnings = append(p.f.Warnings, textio.Errorf(p.f.File, line, "warning: "+format, args...))
		return
	}
	p.errorf(line, format, args...)
}

var (
	keyValueRE = regexp.MustCompile(`^(vendid|devid|sysimgguid|switchguid|caguid|rtrguid)=`)
	// Lines that diagnostic output (stderr) leaves in a captured file.
	stderrRE  = regexp.MustCompile(`^(ib[a-z_]*|iberror|ibwarn|ibpanic|ibdebug|umad[a-z_0-9]*):|^[A-Za-z0-9_./-]+\.c:[0-9]+[;:]`)
	chassisRE = regexp.MustCompile(`^(Non-Chassis Nodes|.*\bChassis\b.*)$`)
)

func (p *parser) line(n int, s string) {
	t := strings.TrimSpace(s)
	switch {
	case t == "" || t[0] == '#':
	case t[0] == '[':
		p.portLine(n, t)
	case keyValueRE.MatchString(t):
		p.keyValue(n, t)
	case strings.HasPrefix(t, "do "):
		p.f.Warnings = append(p.f.Warnings, textio.Errorf(p.f.File, n, "warning: skipped ibsim command %q", clip(t)))
	case stderrRE.MatchString(t):
		p.f.Warnings = append(p.f.Warnings, textio.Errorf(p.f.File, n, "warning: skipped diagnostic line %q", clip(t)))
	default:
		w := firstWord(t)
		switch w {
		case "Switch", "Ca", "Hca", "Rt":
			p.header(n, t, w)
		case "SW", "CA", "RT":
			p.pLine(n, t)
		default:
			if h := glued.FindStringSubmatch(t); h != nil {
				p.header(n, h[1]+" "+t[len(h[1]):], h[1])
				return
			}
			if chassisRE.MatchString(t) {
				return
			}
			p.held(noiseLine{n, t})
		}
	}
}

// glued matches a header whose blanks a terminal capture lost ("Switch41").
var glued = regexp.MustCompile(`^(Switch|Ca|Hca|Rt)[0-9]`)

// held keeps a line that is not ibnetdiscover output until the next node
// line says whether it was between nodes. Before the first node it is a
// banner line, skipped at once; at most MaxErrors lines are held.
func (p *parser) held(l noiseLine) {
	switch {
	case !p.nodesSeen:
		p.skip([]noiseLine{l})
	case len(p.noise) < MaxErrors:
		p.noise = append(p.noise, l)
	default:
		p.noiseMore++
	}
}

// sawNode marks ibnetdiscover output: noise held since the last node line
// lies between nodes, so it is an error; before the first, a banner.
func (p *parser) sawNode() {
	if p.nodesSeen {
		for _, l := range p.noise {
			p.errorf(l.n, "unrecognised line %q: expected a node header (Switch, Ca, Rt), a port line ([N] ...), or a -p port line (SW/CA ...)", clip(l.t))
		}
	} else {
		p.skip(p.noise)
	}
	if p.nodesSeen && p.noiseMore > 0 {
		p.errorf(p.noise[len(p.noise)-1].n, "and %d more unrecognised lines", p.noiseMore)
	}
	p.noise, p.noiseMore = p.noise[:0], 0
	p.nodesSeen = true
}

func (p *parser) skip(ls []noiseLine) {
	if len(ls) > 0 && p.skipped == 0 {
		p.firstSkip = ls[0]
	}
	p.skipped += len(ls)
}

// endNoise skips the lines after the last node (a capture's prompt) and
// sums up what was skipped in one warning each.
func (p *parser) endNoise() {
	p.skip(p.noise)
	p.skipped += p.noiseMore
	p.noise = nil
	if p.skipped > 0 && p.nodesSeen {
		p.f.Warnings = append(p.f.Warnings, textio.Errorf(p.f.File, p.firstSkip.n,
			"warning: skipped %d line(s) before the first node or after the last that are not ibnetdiscover output (a capture's banner or prompt?), the first %q",
			p.skipped, clip(p.firstSkip.t)))
	}
	if p.orphans > 0 {
		p.f.Warnings = append(p.f.Warnings, textio.Errorf(p.f.File, 0,
			"warning: %d port line(s) of records whose header was refused were skipped", p.orphans))
	}
}

// hint says what a file that holds no node looks like.
func (p *parser) hint() string {
	if p.skipped == 0 {
		return ""
	}
	t := p.firstSkip.t
	switch {
	case strings.HasPrefix(t, "Unicast lids") || strings.HasPrefix(t, "dump_ucast_routes") || strings.HasPrefix(t, "Multicast mlids"):
		return fmt.Sprintf("; line %d looks like a forwarding-table dump (dump_fts, ibroute): give it as -lft and ibnetdiscover's output as -topo", p.firstSkip.n)
	case iblinkinfoRE.MatchString(t):
		return fmt.Sprintf("; line %d looks like iblinkinfo output, which lacks the node records: capture `ibnetdiscover` instead", p.firstSkip.n)
	}
	return fmt.Sprintf("; the first line that is not: %d %q", p.firstSkip.n, clip(t))
}

var iblinkinfoRE = regexp.MustCompile(`^(CA|Switch|Router): |^0x[0-9a-f]+ +[0-9]+ +[0-9]+\[|==\( *[0-9]+X `)

func clip(s string) string {
	if len(s) > 60 {
		return s[:57] + "..."
	}
	return s
}

func firstWord(s string) string {
	if i := strings.IndexAny(s, " \t"); i >= 0 {
		return s[:i]
	}
	return s
}

func (p *parser) setForm(n int, f form) bool {
	if p.form == formUnknown {
		p.form = f
	}
	if p.form != f {
		p.errorf(n, "this file mixes ibnetdiscover's record form with its -p port-line form")
		return false
	}
	return true
}

func (p *parser) keyValue(n int, t string) {
	k, v, _ := strings.Cut(t, "=")
	p.sawNode()
	p.cur, p.refused = -1, 0 // a record's key=value lines come before its header
	if k != "switchguid" && k != "caguid" && k != "rtrguid" {
		return
	}
	if i := strings.IndexByte(v, '('); i >= 0 {
		v = v[:i]
	}
	g, err := parseHex(v)
	if err != nil {
		p.errorf(n, "%s: expected a hexadecimal GUID, got %q", k, v)
		return
	}
	p.guid = g
}

// newNode adds a node, refusing a second with the same id.
func (p *parser) newNode(n int, nd *Node) int {
	if prev, dup := p.f.byID[nd.ID]; dup {
		p.errorf(n, "node %q already declared at line %d", nd.ID, p.f.Nodes[prev].Line)
		return -1
	}
	if len(p.f.Nodes) >= MaxNodes {
		p.errorf(n, "more than %d nodes", MaxNodes)
		return -1
	}
	nd.Line = n
	if !p.budget(n, nd.NPorts+1) {
		return -1
	}
	nd.grow(nd.NPorts)
	p.f.byID[nd.ID] = len(p.f.Nodes)
	p.f.Nodes = append(p.f.Nodes, nd)
	return len(p.f.Nodes) - 1
}

// budget refuses port slots far beyond what the input can describe, so a
// hostile file of short "Switch 255" headers cannot allocate without bound.
func (p *parser) budget(n, slots int) bool {
	if p.slots+slots > 2*p.read+1<<16 {
		p.errorf(n, "%d ports declared in %d bytes of input: too many for real ibnetdiscover output", p.slots+slots, p.read)
		return false
	}
	p.slots += slots
	return true
}

var kindOf = map[string]Kind{"Switch": Switch, "Ca": CA, "Hca": CA, "Rt": Router, "SW": Switch, "CA": CA, "RT": Router}

// header reads `Switch 36 "S-..." # "desc" enhanced port 0 lid 9 lmc 0`,
// `Ca 2 "H-..." # "desc"` or an ibsim net file's `Hca 2 "name"`.
func (p *parser) header(n int, t, w string) {
	p.sawNode()
	p.cur = -1
	p.refused = n // until the header is read
	if !p.setForm(n, formRecords) {
		return
	}
	c := scanner{s: t, i: len(w)}
	np, err := strconv.Atoi(c.word())
	if err != nil || np < 1 || np > MaxPort {
		p.errorf(n, "%s header: expected a port count 1..%d after %q", w, MaxPort, w)
		return
	}
	c.blanks()
	id, ok := c.quoted()
	if !ok || strings.TrimSpace(id) == "" {
		p.errorf(n, "%s header: expected a quoted node id after the port count", w)
		return
	}
	nd := &Node{Kind: kindOf[w], ID: id, NPorts: np, GUID: p.guid, Desc: id}
	p.guid = 0
	c.blanks()
	if c.peek() == '#' {
		cm := parseComment(c.s[c.i+1:])
		if cm.hasDesc {
			nd.Desc = cm.desc
		}
		nd.LID = cm.peer // a switch header's lid follows the description
	}
	if nd.GUID == 0 {
		nd.GUID = guidFromID(id)
	}
	p.cur = p.newNode(n, nd)
	if p.cur >= 0 {
		p.refused = 0
	}
}

// guidFromID reads the GUID out of an id like "S-0008f10500200b50".
func guidFromID(id string) uint64 {
	if len(id) > 2 && id[1] == '-' {
		if g, err := parseHex(id[2:]); err == nil {
			return g
		}
	}
	return 0
}

// portLine reads `[1](guid) "S-..."[3](guid) # "desc" lid 16 4xQDR`; on a
// CA the comment starts with the port's own `lid N lmc M`.
func (p *parser) portLine(n int, t string) {
	p.sawNode()
	if p.cur < 0 && p.refused > 0 {
		p.orphans++ // its header was reported; do not report each port too
		return
	}
	if p.cur < 0 {
		if p.form == formPorts || p.f.Nodes == nil {
			p.errorf(n, "port line before any node header")
		} else {
			p.errorf(n, "port line outside a node record (after a key=value line, before the next header)")
		}
		return
	}
	nd := p.f.Nodes[p.cur]
	c := scanner{s: t}
	lp, ok := c.port()
	if !ok {
		p.errorf(n, "port line: expected [PORT] with a port number 0..%d", MaxPort)
		return
	}
	if _, _, ok := c.guid(); !ok {
		p.errorf(n, "port line: bad (GUID) after [%d]", lp)
		return
	}
	c.blanks()
	peer, ok := c.quoted()
	if !ok {
		p.errorf(n, "port line: expected the quoted id of the node at the other end of port %d", lp)
		return
	}
	rp, ok := c.port()
	if !ok {
		p.errorf(n, "port line: expected [PORT] after %q", peer)
		return
	}
	if _, _, ok := c.guid(); !ok {
		p.errorf(n, "port line: bad (GUID) after %q[%d]", peer, rp)
		return
	}
	if lp < 1 || lp > nd.NPorts {
		p.errorf(n, "port %d out of range 1..%d of %s", lp, nd.NPorts, nd.name())
		return
	}
	if at := nd.Ports[lp].saidAt; at > 0 {
		p.errorf(n, "port %d of %s already described at line %d", lp, nd.name(), at)
		return
	}
	nd.Ports[lp].saidAt = n
	cl := claim{a: p.cur, ap: lp, peerID: peer, bp: rp, line: n}
	if i := strings.IndexByte(t[c.i:], '#'); i >= 0 {
		cm := parseComment(t[c.i+i+1:])
		if nd.Kind != Switch && cm.own > 0 {
			nd.Ports[lp].LID, nd.Ports[lp].LMC = cm.own, cm.ownLMC
		}
		cl.peerLID = cm.peer
		nd.Ports[lp].Rate = cm.rate
	}
	p.claims = append(p.claims, cl)
}
