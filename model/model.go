package model

import (
	"fmt"

	"github.com/fabviz/fabviz/internal/textio"
)

// Error is one problem in a model file; ErrorList is all of them.
type (
	Error     = textio.Error
	ErrorList = textio.ErrorList
)

// Role is what a port is connected to.
type Role uint8

const (
	Unused Role = iota // not listed in the switch's portdef
	Proc               // a compute node
	Net                // another switch
)

func (r Role) String() string {
	switch r {
	case Proc:
		return "proc"
	case Net:
		return "net"
	}
	return "unused"
}

// Face is a side of a switch cube, in the switch's own frame.
type Face uint8

const (
	Top Face = iota
	Bottom
	North
	South
	East
	West
)

var faceNames = [...]string{"top", "bottom", "north", "south", "east", "west"}

func (f Face) String() string {
	if int(f) < len(faceNames) {
		return faceNames[f]
	}
	return fmt.Sprintf("face(%d)", int(f))
}

// Opposite is the face across the cube.
func (f Face) Opposite() Face { return f ^ 1 }

// Axis returns the grid axis a face points along (0 = x, 1 = y, 2 = z) and
// the direction (+1 or -1) of its grid neighbour.
func (f Face) Axis() (axis, dir int) {
	switch f {
	case East:
		return 0, 1
	case West:
		return 0, -1
	case South:
		return 1, 1
	case North:
		return 1, -1
	case Top:
		return 2, 1
	default:
		return 2, -1
	}
}

// Encoding is how route bytes name ports.
type Encoding uint8

const (
	Absolute Encoding = iota
	Relative
)

func (e Encoding) String() string {
	if e == Relative {
		return "relative"
	}
	return "absolute"
}

// PortSpec is how one port of a portdef looks.
type PortSpec struct {
	Role Role
	Face Face
	Slot int
	// Rank is the port's position among the portdef's processor ports in
	// port order (the offset of its node id from the switch's FIRST), -1 for
	// other roles.
	Rank int
}

// PortDef is a named port layout shared by switches.
type PortDef struct {
	Label string
	Line  int
	Ports []PortSpec // indexed by port offset (port number − port base)
	NProc int
	NNet  int
}

// Switch is one switch of the model.
type Switch struct {
	Label           string
	Plane, Row, Col int
	FirstNode       int // node id of its first processor port; -1 when it has none
	HW, SW          string
	Def             *PortDef
	Line            int
}

// PortRef names one port of the model: switch index × ports per switch + the
// port's offset. NoPort is "none".
type PortRef int32

// NoPort is the PortRef of no port.
const NoPort PortRef = -1

// Model is a parsed and validated model file.
type Model struct {
	File     string // the name given to Parse
	Name     string
	Planes   int
	Rows     int
	Columns  int
	Ports    int // ports per switch
	PortBase int
	Wrap     [3]bool // x, y, z
	// RoutesDir is as written in the file (relative to the model file).
	RoutesDir string
	RoutesExt string
	// LFTFile is the forwarding tables file (`lft FILE`, §2b) as written,
	// relative to the model file; "" when the model has none.
	LFTFile  string
	Encoding Encoding

	PortDefs       []*PortDef
	Switches       []Switch
	HostnameFormat string

	// MinNode..MaxNode is the node id range; NumNodes counts the ids in use.
	MinNode, MaxNode int
	NumNodes         int

	peer      []PortRef // by PortRef
	nodePort  []PortRef // by node − MinNode
	grid      []int32   // by position, switch index or -1
	nLinks    int
	bySwitch  map[string]int
	hostNode  map[string]int   // host name → its first node
	hostNodes map[string][]int // hosts with several ports: all, in order
	rates     []LinkRate       // by PortRef; nil when the file has no rate line
	nodeHost  map[int]string
	hostFmt   hostFormat

	logical         [][]int     // by logical row, its physical rows
	logicalOf       []logicalAt // by physical row
	declaredLogical bool
}

// NumPorts is the number of port slots in the model (switches × ports).
func (m *Model) NumPorts() int { return len(m.Switches) * m.Ports }

// NumLinks is the number of links, implicit and explicit.
func (m *Model) NumLinks() int { return m.nLinks }

// Port returns the PortRef of a port given by switch index and port number
// (in the model's numbering), or NoPort when out of range.
func (m *Model) Port(sw, number int) PortRef {
	off := number - m.PortBase
	if sw < 0 || sw >= len(m.Switches) || off < 0 || off >= m.Ports {
		return NoPort
	}
	return PortRef(sw*m.Ports + off)
}

// SwitchOf is the index of the switch a port belongs to.
func (m *Model) SwitchOf(p PortRef) int { return int(p) / m.Ports }

// Number is a port's number in the model's numbering.
func (m *Model) Number(p PortRef) int { return int(p)%m.Ports + m.PortBase }

// Spec is how a port looks: role, face, slot.
func (m *Model) Spec(p PortRef) PortSpec {
	return m.Switches[int(p)/m.Ports].Def.Ports[int(p)%m.Ports]
}

// Peer is the port at the other end of a port's link, or NoPort.
func (m *Model) Peer(p PortRef) PortRef { return m.peer[p] }

// Node is the node id on a processor port; ok is false for other ports.
func (m *Model) Node(p PortRef) (node int, ok bool) {
	sw := &m.Switches[int(p)/m.Ports]
	s := sw.Def.Ports[int(p)%m.Ports]
	if s.Role != Proc {
		return 0, false
	}
	return sw.FirstNode + s.Rank, true
}

// NodePort is the processor port of a node id, or NoPort.
func (m *Model) NodePort(node int) PortRef {
	if node < m.MinNode || node > m.MaxNode || len(m.nodePort) == 0 {
		return NoPort
	}
	return m.nodePort[node-m.MinNode]
}

// Label is a port's label, SWITCH.PORT.
func (m *Model) Label(p PortRef) string {
	return fmt.Sprintf("%s.%d", m.Switches[m.SwitchOf(p)].Label, m.Number(p))
}

// Link is a cable between two ports, A < B.
type Link struct{ A, B PortRef }

// Links lists every link in PortRef order of its first end.
func (m *Model) Links() []Link {
	out := make([]Link, 0, m.nLinks)
	for p, q := range m.peer {
		if q > PortRef(p) {
			out = append(out, Link{PortRef(p), q})
		}
	}
	return out
}

// SwitchAt is the switch index at a grid position, or -1.
func (m *Model) SwitchAt(plane, row, col int) int {
	if plane < 0 || plane >= m.Planes || row < 0 || row >= m.Rows || col < 0 || col >= m.Columns {
		return -1
	}
	return int(m.grid[(plane*m.Rows+row)*m.Columns+col])
}
