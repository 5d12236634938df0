package model

import (
	"fmt"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
)

var labelRE = regexp.MustCompile(`^[A-Za-z0-9_:-]+$`)

// build validates the parsed declarations and assembles the topology.
func (p *parser) build() *Model {
	m := &Model{
		File: p.file, Name: p.name,
		Planes: p.planes, Rows: p.rows, Columns: p.columns,
		Ports: p.ports, PortBase: p.portBase, Wrap: p.wrap,
		RoutesDir: p.routesDir, RoutesExt: p.routesExt, LFTFile: p.lftFile, Encoding: p.encoding,
		HostnameFormat: p.hostFormat,
	}
	if m.Name == "" {
		m.Name = strings.TrimSuffix(filepath.Base(p.file), filepath.Ext(p.file))
	}
	if positions := int64(m.Planes) * int64(m.Rows) * int64(m.Columns); positions > MaxGridPositions {
		p.errorf(p.seen["columns"], "grid of %d planes × %d rows × %d columns has %d positions, more than the limit %d",
			m.Planes, m.Rows, m.Columns, positions, MaxGridPositions)
		return nil
	}
	defs := p.buildPortdefs(m)
	rowDefs := p.buildRowdefs(m, defs)
	p.buildLogical(m, defs, rowDefs)
	p.buildSwitches(m, defs, rowDefs)
	if len(p.errs) > 0 {
		return nil
	}
	p.buildNodes(m)
	p.buildLinks(m)
	p.buildHosts(m)
	p.buildRates(m)
	return m
}

func (p *parser) buildPortdefs(m *Model) map[string]*PortDef {
	defs := map[string]*PortDef{}
	for _, rd := range p.portdefs {
		if !labelRE.MatchString(rd.label) {
			p.errorf(rd.line, "portdef %q: label must match [A-Za-z0-9_:-]+", rd.label)
			continue
		}
		if prev, dup := defs[rd.label]; dup {
			p.errorf(rd.line, "portdef %s already defined at line %d", rd.label, prev.Line)
			continue
		}
		d := &PortDef{Label: rd.label, Line: rd.line, Ports: make([]PortSpec, m.Ports)}
		for i := range d.Ports {
			d.Ports[i].Rank = -1
		}
		listed := make([]int, m.Ports) // line that listed each port
		type faceSlot struct {
			face Face
			slot int
		}
		slots := map[faceSlot]int{}
		for _, e := range rd.entries {
			off := e.port - m.PortBase
			if off < 0 || off >= m.Ports {
				p.errorf(e.line, "portdef %s: port %d out of range %d..%d", rd.label, e.port, m.PortBase, m.PortBase+m.Ports-1)
				continue
			}
			if listed[off] != 0 {
				p.errorf(e.line, "portdef %s: port %d already listed at line %d", rd.label, e.port, listed[off])
				continue
			}
			listed[off] = e.line
			fs := faceSlot{e.face, e.slot}
			if prev, clash := slots[fs]; clash {
				p.errorf(e.line, "portdef %s: slot %d on face %s already used at line %d", rd.label, e.slot, e.face, prev)
				continue
			}
			slots[fs] = e.line
			d.Ports[off] = PortSpec{Role: e.role, Face: e.face, Slot: e.slot, Rank: -1}
		}
		for i := range d.Ports {
			switch d.Ports[i].Role {
			case Proc:
				d.Ports[i].Rank = d.NProc
				d.NProc++
			case Net:
				d.NNet++
			}
		}
		if p.procPorts >= 0 && d.NProc != p.procPorts {
			p.errorf(rd.line, "portdef %s has %d proc ports, but processor-ports is %d (line %d)", rd.label, d.NProc, p.procPorts, p.seen["processor-ports"])
		}
		if p.netPorts >= 0 && d.NNet != p.netPorts {
			p.errorf(rd.line, "portdef %s has %d net ports, but network-ports is %d (line %d)", rd.label, d.NNet, p.netPorts, p.seen["network-ports"])
		}
		defs[rd.label] = d
		m.PortDefs = append(m.PortDefs, d)
	}
	return defs
}

// rowKey indexes rowdefs: plane -1 means every plane.
type rowKey struct{ plane, row int }

func (p *parser) buildRowdefs(m *Model, defs map[string]*PortDef) map[rowKey][]*PortDef {
	out := map[rowKey][]*PortDef{}
	lines := map[rowKey]int{}
	for _, rd := range p.rowdefs {
		if rd.row >= m.Rows || rd.plane >= m.Planes {
			if rd.plane >= 0 {
				p.errorf(rd.line, "rowdef %d.%d: outside the grid of %d planes × %d rows", rd.plane, rd.row, m.Planes, m.Rows)
			} else {
				p.errorf(rd.line, "rowdef %d: outside the grid of %d rows", rd.row, m.Rows)
			}
			continue
		}
		if len(rd.labels) > m.Columns {
			p.errorf(rd.line, "rowdef %d: %d labels for %d columns", rd.row, len(rd.labels), m.Columns)
			continue
		}
		k := rowKey{rd.plane, rd.row}
		if prev, dup := lines[k]; dup {
			p.errorf(rd.line, "rowdef for this row already given at line %d", prev)
			continue
		}
		lines[k] = rd.line
		var list []*PortDef
		for _, l := range rd.labels {
			d, ok := defs[l]
			if !ok {
				p.errorf(rd.line, "rowdef %d: unknown portdef %q", rd.row, l)
				list = nil
				break
			}
			list = append(list, d)
		}
		if list != nil {
			out[k] = list
		}
	}
	return out
}

func (p *parser) portdefFor(m *Model, rows map[rowKey][]*PortDef, s *rawSwitch) *PortDef {
	list, ok := rows[rowKey{s.plane, s.row}]
	if !ok {
		list, ok = rows[rowKey{-1, s.row}]
	}
	if ok {
		if s.col < len(list) {
			return list[s.col]
		}
		return list[len(list)-1]
	}
	if len(m.PortDefs) > 0 {
		return m.PortDefs[0]
	}
	return nil
}

func (p *parser) buildSwitches(m *Model, defs map[string]*PortDef, rows map[rowKey][]*PortDef) {
	if len(p.switches) == 0 {
		p.errorf(0, "no switches: a model needs at least one switch line")
		return
	}
	m.grid = make([]int32, m.Planes*m.Rows*m.Columns)
	for i := range m.grid {
		m.grid[i] = -1
	}
	m.bySwitch = make(map[string]int, len(p.switches))
	m.Switches = make([]Switch, 0, len(p.switches))
	for i := range p.switches {
		s := &p.switches[i]
		if !labelRE.MatchString(s.label) {
			p.errorf(s.line, "switch label %q must match [A-Za-z0-9_:-]+ (no dots)", s.label)
			continue
		}
		if prev, dup := m.bySwitch[s.label]; dup {
			p.errorf(s.line, "switch %s already defined at line %d", s.label, m.Switches[prev].Line)
			continue
		}
		if s.plane >= m.Planes || s.row >= m.Rows || s.col >= m.Columns {
			p.errorf(s.line, "switch %s at plane %d row %d column %d is outside the grid of %d × %d × %d",
				s.label, s.plane, s.row, s.col, m.Planes, m.Rows, m.Columns)
			continue
		}
		pos := (s.plane*m.Rows+s.row)*m.Columns + s.col
		if other := m.grid[pos]; other >= 0 {
			o := &m.Switches[other]
			p.errorf(s.line, "switch %s at plane %d row %d column %d: position taken by switch %s (line %d)",
				s.label, s.plane, s.row, s.col, o.Label, o.Line)
			continue
		}
		def := p.portdefFor(m, rows, s)
		if def == nil {
			p.errorf(s.line, "switch %s: no portdef defined", s.label)
			continue
		}
		if def.NProc > 0 && s.node < 0 {
			p.errorf(s.line, "switch %s has %d proc ports but no `node FIRST`", s.label, def.NProc)
			continue
		}
		if def.NProc == 0 {
			s.node = -1
		} else if int64(s.node)+int64(def.NProc)-1 > MaxNodeID {
			p.errorf(s.line, "switch %s: node ids %d.. run past %d", s.label, s.node, MaxNodeID)
			continue
		}
		m.grid[pos] = int32(len(m.Switches))
		m.bySwitch[s.label] = len(m.Switches)
		m.Switches = append(m.Switches, Switch{
			Label: s.label, Plane: s.plane, Row: s.row, Col: s.col,
			FirstNode: s.node, HW: s.hw, SW: s.sw, Def: def, Line: s.line,
		})
	}
	p.checkNodeRanges(m)
}

// checkNodeRanges reports switches whose node id ranges overlap.
func (p *parser) checkNodeRanges(m *Model) {
	var order []int
	for i := range m.Switches {
		if m.Switches[i].FirstNode >= 0 {
			order = append(order, i)
		}
	}
	sort.Slice(order, func(a, b int) bool {
		return m.Switches[order[a]].FirstNode < m.Switches[order[b]].FirstNode
	})
	last := -1 // switch whose range reaches furthest so far
	for _, i := range order {
		s := &m.Switches[i]
		if last >= 0 {
			l := &m.Switches[last]
			if end := l.FirstNode + l.Def.NProc - 1; s.FirstNode <= end {
				p.errorf(s.Line, "switch %s: node ids %d..%d overlap those of switch %s (%d..%d, line %d)",
					s.Label, s.FirstNode, s.FirstNode+s.Def.NProc-1, l.Label, l.FirstNode, end, l.Line)
				if s.FirstNode+s.Def.NProc <= l.FirstNode+l.Def.NProc {
					continue
				}
			}
		}
		last = i
	}
	if len(order) > 0 {
		lo := m.Switches[order[0]].FirstNode
		hi := m.Switches[last].FirstNode + m.Switches[last].Def.NProc - 1
		if hi-lo+1 > MaxNodeSpan {
			p.errorf(m.Switches[last].Line, "node ids span %d..%d, more than the limit of %d ids", lo, hi, MaxNodeSpan)
		}
	}
}

func (p *parser) buildNodes(m *Model) {
	m.MinNode, m.MaxNode = -1, -1
	for i := range m.Switches {
		s := &m.Switches[i]
		if s.FirstNode < 0 {
			continue
		}
		if m.MinNode < 0 || s.FirstNode < m.MinNode {
			m.MinNode = s.FirstNode
		}
		if end := s.FirstNode + s.Def.NProc - 1; end > m.MaxNode {
			m.MaxNode = end
		}
	}
	if m.MinNode < 0 {
		m.MinNode, m.MaxNode = 0, -1
		return
	}
	m.nodePort = make([]PortRef, m.MaxNode-m.MinNode+1)
	for i := range m.nodePort {
		m.nodePort[i] = NoPort
	}
	for si := range m.Switches {
		s := &m.Switches[si]
		for off, spec := range s.Def.Ports {
			if spec.Role == Proc {
				m.nodePort[s.FirstNode+spec.Rank-m.MinNode] = PortRef(si*m.Ports + off)
				m.NumNodes++
			}
		}
	}
}

// endpoint resolves SW.PORT in a link line.
func (p *parser) endpoint(m *Model, line int, s string) (PortRef, bool) {
	dot := strings.LastIndexByte(s, '.')
	if dot < 0 {
		p.errorf(line, "link: %q is not SWITCH.PORT", s)
		return NoPort, false
	}
	sw, ok := m.bySwitch[s[:dot]]
	if !ok {
		p.errorf(line, "link: unknown switch %q", s[:dot])
		return NoPort, false
	}
	n, ok := p.num(line, s[dot+1:], "link port", 0, 1<<16)
	if !ok {
		return NoPort, false
	}
	ref := m.Port(sw, n)
	if ref == NoPort {
		p.errorf(line, "link: port %s out of range %d..%d", s, m.PortBase, m.PortBase+m.Ports-1)
		return NoPort, false
	}
	switch m.Spec(ref).Role {
	case Proc:
		p.errorf(line, "link: %s is a proc port; links join net ports", s)
		return NoPort, false
	case Unused:
		p.errorf(line, "link: %s is not in its switch's portdef %s", s, m.Switches[sw].Def.Label)
		return NoPort, false
	}
	return ref, true
}

func (p *parser) buildLinks(m *Model) {
	m.peer = make([]PortRef, m.NumPorts())
	for i := range m.peer {
		m.peer[i] = NoPort
	}
	explicit := map[PortRef]int{} // port -> line of its link
	for _, l := range p.links {
		a, okA := p.endpoint(m, l.line, l.a)
		b, okB := p.endpoint(m, l.line, l.b)
		if !okA || !okB {
			continue
		}
		if a == b {
			p.errorf(l.line, "link: %s is linked to itself", l.a)
			continue
		}
		bad := false
		for _, x := range []PortRef{a, b} {
			if prev, ok := explicit[x]; ok {
				p.errorf(l.line, "link: port %s is already in the link at line %d", m.Label(x), prev)
				bad = true
			}
		}
		if bad {
			continue
		}
		explicit[a], explicit[b] = l.line, l.line
		m.peer[a], m.peer[b] = b, a
		m.nLinks++
	}
	p.implicitLinks(m, explicit)
}

// implicitLinks joins each net port on a positive face (east, south, top)
// that no explicit link names to the same slot on the opposite face of its
// grid neighbour, wrapping where the axis wraps.
func (p *parser) implicitLinks(m *Model, explicit map[PortRef]int) {
	dims := [3]int{m.Columns, m.Rows, m.Planes}
	for si := range m.Switches {
		s := &m.Switches[si]
		for off, spec := range s.Def.Ports {
			if spec.Role != Net {
				continue
			}
			axis, dir := spec.Face.Axis()
			if dir < 0 {
				continue
			}
			a := PortRef(si*m.Ports + off)
			if _, ok := explicit[a]; ok {
				continue
			}
			pos := [3]int{s.Col, s.Row, s.Plane}
			pos[axis]++
			if pos[axis] == dims[axis] {
				if !m.Wrap[axis] {
					continue
				}
				pos[axis] = 0
			}
			nb := m.SwitchAt(pos[2], pos[1], pos[0])
			if nb < 0 {
				continue
			}
			b := m.findSlot(nb, spec.Face.Opposite(), spec.Slot)
			if b == NoPort || b == a {
				continue
			}
			if _, ok := explicit[b]; ok || m.peer[b] != NoPort {
				continue
			}
			m.peer[a], m.peer[b] = b, a
			m.nLinks++
		}
	}
}

// findSlot is the net port of switch sw on face f with slot s, or NoPort.
func (m *Model) findSlot(sw int, f Face, slot int) PortRef {
	for off, spec := range m.Switches[sw].Def.Ports {
		if spec.Role == Net && spec.Face == f && spec.Slot == slot {
			return PortRef(sw*m.Ports + off)
		}
	}
	return NoPort
}

func (p *parser) buildHosts(m *Model) {
	if p.hostFormat != "" {
		f, err := parseHostFormat(p.hostFormat)
		if err != nil {
			p.errorf(p.hostFormatLine, "%v", err)
		}
		m.hostFmt = f
	}
	m.hostNode = make(map[string]int, len(p.hosts))
	m.nodeHost = make(map[int]string, len(p.hosts))
	lines := map[int]int{}
	for _, h := range p.hosts {
		switch {
		case m.NodePort(h.node) == NoPort:
			p.errorf(h.line, "hostname: no node %d in the model", h.node)
		case strings.ContainsAny(h.name, ". \t"):
			p.errorf(h.line, "hostname %q: host names may not contain '.' or blanks", h.name)
		case lines[h.node] != 0:
			p.errorf(h.line, "hostname: node %d already named at line %d", h.node, lines[h.node])
		default:
			if _, clash := m.bySwitch[h.name]; clash {
				p.errorf(h.line, "hostname %s is also a switch label", h.name)
				continue
			}
			if first, again := m.hostNode[h.name]; again {
				// A repeated name is a host with several ports, in line order.
				if m.hostNodes == nil {
					m.hostNodes = map[string][]int{}
				}
				if m.hostNodes[h.name] == nil {
					m.hostNodes[h.name] = []int{first}
				}
				m.hostNodes[h.name] = append(m.hostNodes[h.name], h.node)
			} else {
				m.hostNode[h.name] = h.node
			}
			m.nodeHost[h.node] = h.name
			lines[h.node] = h.line
		}
	}
}

// String summarises the model like `fabnet check` does.
func (m *Model) String() string {
	return fmt.Sprintf("%s: %d switches, %d ports, %d nodes, %d links", m.Name, len(m.Switches), m.NumPorts(), m.NumNodes, m.nLinks)
}
