package ibnet

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/fabviz/fabviz/model"
)

// pEnd is one end described by a -p line: type, LID, port, GUID.
type pEnd struct {
	kind Kind
	lid  int
	port int
	guid uint64
}

// pLine reads an `ibnetdiscover -p` line:
//
//	CA 134 1 0x7cfe9003003b4bde 4x EDR - SW 1719 10 0x7cfe9003009ce5b0 ( 'o0001 HCA-1' - 'ib-i1l1s01' )
//	SW 2052 37 0x506b4b03005c2740 4x ???                'ib-i4l1s01'
func (p *parser) pLine(n int, t string) {
	p.sawNode()
	p.cur = -1
	if !p.setForm(n, formPorts) {
		return
	}
	f := strings.Fields(t)
	a, err := pEndAt(f, 0)
	if err != nil {
		p.errorf(n, "-p port line: %v", err)
		return
	}
	if len(f) < 6 {
		p.errorf(n, "-p port line: expected WIDTH SPEED after the GUID")
		return
	}
	rest := f[6:]
	if len(rest) > 0 && rest[0] == "-" {
		b, err := pEndAt(rest, 1)
		if err != nil {
			p.errorf(n, "-p port line: after '-': %v", err)
			return
		}
		na, nb, ok := pNames(t)
		if !ok {
			p.errorf(n, "-p port line: expected ( 'NAME' - 'NAME' ) at the end")
			return
		}
		ia := p.pNode(n, a, na)
		ib := p.pNode(n, b, nb)
		if ia < 0 || ib < 0 {
			return
		}
		p.pPort(ia, a)
		p.pPort(ib, b)
		if r, err := model.ParseRate(f[4], f[5]); err == nil {
			p.f.Nodes[ia].Ports[a.port].Rate = r
			p.f.Nodes[ib].Ports[b.port].Rate = r
		}
		p.claims = append(p.claims, claim{a: ia, ap: a.port, b: ib, bp: b.port, line: n, peerID: "\x00"})
		return
	}
	name := strings.TrimSpace(t[strings.Index(t, f[5])+len(f[5]):])
	if len(name) >= 2 && name[0] == '\'' && name[len(name)-1] == '\'' {
		name = name[1 : len(name)-1]
	}
	if i := p.pNode(n, a, name); i >= 0 {
		p.pPort(i, a)
	}
}

// pEndAt reads TYPE LID PORT GUID starting at f[i].
func pEndAt(f []string, i int) (pEnd, error) {
	if len(f) < i+4 {
		return pEnd{}, fmt.Errorf("expected TYPE LID PORT GUID")
	}
	k, ok := kindOf[f[i]]
	if !ok || len(f[i]) != 2 {
		return pEnd{}, fmt.Errorf("unknown node type %q (expected SW, CA or RT)", f[i])
	}
	lid, err1 := strconv.Atoi(f[i+1])
	port, err2 := strconv.Atoi(f[i+2])
	g, err3 := parseHex(f[i+3])
	switch {
	case err1 != nil || lid < 0 || lid > 0xffff:
		return pEnd{}, fmt.Errorf("bad LID %q", f[i+1])
	case err2 != nil || port < 0 || port > MaxPort:
		return pEnd{}, fmt.Errorf("bad port %q (expected 0..%d)", f[i+2], MaxPort)
	case err3 != nil || !strings.HasPrefix(f[i+3], "0x"):
		return pEnd{}, fmt.Errorf("bad GUID %q", f[i+3])
	}
	return pEnd{k, lid, port, g}, nil
}

// pNames splits the trailing ( 'A' - 'B' ).
func pNames(t string) (string, string, bool) {
	open := strings.Index(t, "(")
	end := strings.LastIndex(t, ")")
	if open < 0 || end < open {
		return "", "", false
	}
	in := strings.TrimSpace(t[open+1 : end])
	if len(in) < 2 || in[0] != '\'' || in[len(in)-1] != '\'' {
		return "", "", false
	}
	a, b, ok := strings.Cut(in[1:len(in)-1], "' - '")
	return a, b, ok
}

var idPrefix = map[Kind]string{Switch: "S-", CA: "H-", Router: "R-"}

// pNode finds or declares the node of a -p end. A CA's -p lines give port
// GUIDs, so each CA port stands as its own node.
func (p *parser) pNode(n int, e pEnd, name string) int {
	id := fmt.Sprintf("%s%016x", idPrefix[e.kind], e.guid)
	if i, ok := p.f.byID[id]; ok {
		nd := p.f.Nodes[i]
		if nd.Desc == "" {
			nd.Desc = strings.TrimSpace(name)
		}
		return i
	}
	nd := &Node{Kind: e.kind, ID: id, GUID: e.guid, Desc: strings.TrimSpace(name)}
	return p.newNode(n, nd)
}

func (p *parser) pPort(i int, e pEnd) {
	nd := p.f.Nodes[i]
	if e.port >= len(nd.Ports) && !p.budget(0, e.port+1-len(nd.Ports)) {
		return
	}
	nd.grow(e.port)
	if nd.Kind == Switch {
		nd.LID = unicast(e.lid)
	} else if e.port > 0 {
		nd.Ports[e.port].LID = unicast(e.lid)
	}
}
