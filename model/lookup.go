package model

import (
	"fmt"
	"strconv"
	"strings"
)

// SwitchByLabel is the index of the switch with this label.
func (m *Model) SwitchByLabel(label string) (int, bool) {
	i, ok := m.bySwitch[label]
	return i, ok
}

// PortByLabel resolves a port label SWITCH.PORT.
func (m *Model) PortByLabel(label string) (PortRef, bool) {
	dot := strings.LastIndexByte(label, '.')
	if dot < 0 {
		return NoPort, false
	}
	sw, ok := m.bySwitch[label[:dot]]
	if !ok {
		return NoPort, false
	}
	n, err := strconv.Atoi(label[dot+1:])
	if err != nil {
		return NoPort, false
	}
	p := m.Port(sw, n)
	return p, p != NoPort
}

// HostName is the host name of a node: its `hostname` line, else the
// hostname-format pattern applied to its id, else "".
func (m *Model) HostName(node int) string {
	if h, ok := m.nodeHost[node]; ok {
		return h
	}
	if m.NodePort(node) == NoPort {
		return ""
	}
	return m.hostFmt.format(node)
}

// NodeByHost is the node id with this host name; for a host with several
// ports, its first (HostNodes lists them all).
func (m *Model) NodeByHost(name string) (int, bool) {
	if n, ok := m.hostNode[name]; ok {
		return n, true
	}
	n, ok := m.hostFmt.parse(name)
	if !ok || m.NodePort(n) == NoPort {
		return 0, false
	}
	if _, named := m.nodeHost[n]; named {
		return 0, false // an explicit name replaces the pattern's
	}
	return n, true
}

// HostNodes is the node id of every processor port of a host, in the order
// of its `hostname` lines (one id for an ordinary host; nil if unknown).
func (m *Model) HostNodes(name string) []int {
	if ns, ok := m.hostNodes[name]; ok {
		return append([]int(nil), ns...)
	}
	if n, ok := m.NodeByHost(name); ok {
		return []int{n}
	}
	return nil
}

// NodeByName resolves a node given as a decimal id, a host name (a host
// with several ports: its first) or its processor port's label
// (SWITCH.PORT: how another port of such a host is named).
func (m *Model) NodeByName(s string) (int, bool) {
	if n, ok := m.NodeByHost(s); ok {
		return n, true
	}
	if p, ok := m.PortByLabel(s); ok {
		return m.Node(p)
	}
	n, err := strconv.Atoi(s)
	if err != nil || m.NodePort(n) == NoPort {
		return 0, false
	}
	return n, true
}

// ResolvePort resolves what a data file's label may be: a port label or a
// host name (standing for that node's processor port). The name of a host
// with several ports is not resolved: a data value belongs to one port, and
// giving it to the first would be a guess (UnknownLabel says so).
func (m *Model) ResolvePort(label string) (PortRef, bool) {
	if p, ok := m.PortByLabel(label); ok {
		return p, true
	}
	if len(m.hostNodes[label]) > 1 {
		return NoPort, false
	}
	if n, ok := m.NodeByHost(label); ok {
		return m.NodePort(n), true
	}
	return NoPort, false
}

// UnknownLabel says why ResolvePort refused a data file's label.
func (m *Model) UnknownLabel(label string) string {
	if ns := m.hostNodes[label]; len(ns) > 1 {
		return fmt.Sprintf("%q is a host with %d ports: a data label names one port; label each port SWITCH.PORT (%s, ...)",
			label, len(ns), m.Label(m.NodePort(ns[0])))
	}
	return fmt.Sprintf("unknown label %q: not a port (SWITCH.PORT) or host name of the model", label)
}

// Kind says what a label named.
type Kind uint8

const (
	KindNone Kind = iota
	KindPort
	KindSwitch
	KindNode
)

// Object is what Lookup found: a port (with its node, if any) or a switch.
type Object struct {
	Kind   Kind
	Port   PortRef // for KindPort and KindNode
	Switch int
}

// Lookup resolves a port label, a switch label or a host name.
func (m *Model) Lookup(label string) (Object, bool) {
	if p, ok := m.PortByLabel(label); ok {
		return Object{Kind: KindPort, Port: p, Switch: m.SwitchOf(p)}, true
	}
	if sw, ok := m.bySwitch[label]; ok {
		return Object{Kind: KindSwitch, Port: NoPort, Switch: sw}, true
	}
	if n, ok := m.NodeByHost(label); ok {
		p := m.NodePort(n)
		return Object{Kind: KindNode, Port: p, Switch: m.SwitchOf(p)}, true
	}
	return Object{Kind: KindNone, Port: NoPort, Switch: -1}, false
}
