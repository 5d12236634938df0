package ibnet

import (
	"fmt"

	"github.com/fabviz/fabviz/internal/textio"
	"github.com/fabviz/fabviz/model"
)

// Kind is the type of an InfiniBand node.
type Kind uint8

const (
	Switch Kind = iota + 1
	CA
	Router
)

func (k Kind) String() string {
	switch k {
	case Switch:
		return "switch"
	case CA:
		return "CA"
	case Router:
		return "router"
	}
	return "node"
}

// MaxPort is the highest port number InfiniBand can address.
const MaxPort = 255

// Node is one switch, channel adapter or router of the fabric.
type Node struct {
	Kind   Kind
	ID     string // the quoted node id, e.g. "S-0008f10500200b50"
	GUID   uint64 // 0 when the file does not give it
	Desc   string // node description, blanks trimmed
	NPorts int
	LID    int // a switch's LID (port 0); 0 when unknown
	Line   int // line of the node's header (first line naming it in -p files)
	// Ports is indexed by port number 0..NPorts.
	Ports []Port
}

// Port is one port of a node.
type Port struct {
	Peer     int // index of the node at the other end of the cable, -1 = none
	PeerPort int
	LID      int // a CA port's base LID; 0 when unknown
	LMC      int // a CA port's LMC: LIDs LID .. LID+2^LMC-1 (the default form gives it; -p does not: 0)
	// Rate is the link's width and speed ("4xHDR"); zero when the file
	// does not give it or gives an unknown one ("4x???").
	Rate   model.LinkRate
	Line   int // line that described the cable
	saidAt int // line of the node's own description of this port, 0 = none
}

// Connected reports whether the port has a cable.
func (p *Port) Connected() bool { return p.Peer >= 0 }

// Fabric is a parsed topology.
type Fabric struct {
	File     string
	Nodes    []*Node
	Warnings textio.ErrorList
	byID     map[string]int
}

// NodeByID is the index of the node with this id, or -1.
func (f *Fabric) NodeByID(id string) int {
	if i, ok := f.byID[id]; ok {
		return i
	}
	return -1
}

// Count returns the number of nodes of a kind.
func (f *Fabric) Count(k Kind) int {
	n := 0
	for _, nd := range f.Nodes {
		if nd.Kind == k {
			n++
		}
	}
	return n
}

// Cable is one link of the fabric, A's end first (A.Node < B.Node, or
// A.Port < B.Port on the same node).
type Cable struct {
	A, B End
}

// End is one end of a cable.
type End struct{ Node, Port int }

// Cables lists every cable once.
func (f *Fabric) Cables() []Cable {
	var out []Cable
	for i, nd := range f.Nodes {
		for p := range nd.Ports {
			pt := &nd.Ports[p]
			if pt.Peer < 0 || pt.Peer < i || (pt.Peer == i && pt.PeerPort < p) {
				continue
			}
			out = append(out, Cable{End{i, p}, End{pt.Peer, pt.PeerPort}})
		}
	}
	return out
}

// name is how messages name a node: its description and id.
func (n *Node) name() string {
	if n.Desc != "" && n.Desc != n.ID {
		return fmt.Sprintf("%s %q (%s)", n.Kind, n.Desc, n.ID)
	}
	return fmt.Sprintf("%s %s", n.Kind, n.ID)
}

// grow makes room for port p.
func (n *Node) grow(p int) {
	for len(n.Ports) <= p {
		n.Ports = append(n.Ports, Port{Peer: -1})
	}
	if p > n.NPorts {
		n.NPorts = p
	}
}
