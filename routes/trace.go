package routes

import (
	"fmt"

	"github.com/fabviz/fabviz/model"
)

// Hop is one switch a route crosses: the switch's index in the model and
// the ports (in the model's numbering) it enters and leaves by.
type Hop struct {
	Switch  int
	In, Out int
}

// port kinds in tracer.next (a net port's entry is its peer's switch base)
const (
	kProc        = -1
	kUnused      = -2
	kUnconnected = -3
)

// tracer is the model flattened for fast tracing.
type tracer struct {
	m     *model.Model
	ports int
	base  int // port base
	nsw   int
	rel   bool
	// next is, by PortRef, the first PortRef of the switch behind a net
	// port, or a k* kind; entry is the peer port's offset.
	next  []int32
	entry []uint8
}

func newTracer(m *model.Model) *tracer {
	t := &tracer{m: m, ports: m.Ports, base: m.PortBase, nsw: len(m.Switches), rel: m.Encoding == model.Relative}
	n := m.NumPorts()
	t.next = make([]int32, n)
	t.entry = make([]uint8, n)
	for i := range n {
		p := model.PortRef(i)
		switch m.Spec(p).Role {
		case model.Proc:
			t.next[i] = kProc
		case model.Unused:
			t.next[i] = kUnused
		default:
			q := m.Peer(p)
			if q == model.NoPort {
				t.next[i] = kUnconnected
				continue
			}
			t.next[i] = int32(int(q) - int(q)%m.Ports)
			t.entry[i] = uint8(int(q) % m.Ports)
		}
	}
	return t
}

// fault says where and why a walk failed; kind 0 is success.
type fault struct {
	kind    Kind
	hop     int // 1-based
	base    int // first PortRef of the switch
	in, out int // port offsets; out may be out of range
}

// walk traces route r from port src to port dst, appending the hops to hops
// when it is not nil. It returns the hops and the fault, and the number of
// hops walked.
func (t *tracer) walk(src, dst int, r []byte, hops []Hop) ([]Hop, fault, int) {
	P := t.ports
	in := src % P
	base := src - in
	collect := hops != nil
	for i, b := range r {
		if i >= t.nsw {
			return hops, fault{kind: ErrLoop, hop: i + 1, base: base, in: in}, i
		}
		var out int
		if t.rel {
			out = in + int(int8(b))
		} else {
			out = int(b) - t.base
		}
		if uint(out) >= uint(P) {
			return hops, fault{kind: ErrRange, hop: i + 1, base: base, in: in, out: out}, i
		}
		q := base + out
		if collect {
			hops = append(hops, Hop{Switch: base / P, In: in + t.base, Out: out + t.base})
		}
		nx := t.next[q]
		if nx >= 0 {
			base, in = int(nx), int(t.entry[q])
			continue
		}
		f := fault{hop: i + 1, base: base, in: in, out: out}
		switch {
		case nx == kProc && q == dst && i == len(r)-1:
			return hops, fault{}, i + 1
		case nx == kProc && q == dst:
			f.kind = ErrLeftover
		case nx == kProc:
			f.kind = ErrWrongDest
		case nx == kUnused:
			f.kind = ErrUnused
		default:
			f.kind = ErrUnconnected
		}
		return hops, f, i + 1
	}
	if len(r) == 0 && src == dst {
		return hops, fault{}, 0
	}
	return hops, fault{kind: ErrShort, hop: len(r) + 1, base: base, in: in}, len(r)
}

// describe turns a fault into an error for route src->dst of a table.
func (t *tracer) describe(f fault, tb *table, k, src, dst int, r []byte) *RouteError {
	m := t.m
	sw := f.base / t.ports
	e := &RouteError{Kind: f.kind, File: tb.file, Line: int(tb.line[k]), Src: src, Dst: dst,
		Hop: f.hop, Switch: m.Switches[sw].Label}
	in, out := f.in+t.base, f.out+t.base
	how := ""
	if t.rel && f.kind != ErrShort && f.kind != ErrLoop {
		how = fmt.Sprintf(" (entry %d %+d)", in, int(int8(r[f.hop-1])))
	}
	switch f.kind {
	case ErrLoop:
		e.Msg = fmt.Sprintf("more than %d hops (the model has %d switches): a loop", t.nsw, t.nsw)
	case ErrRange:
		e.Msg = fmt.Sprintf("exit port %d%s out of range %d..%d", out, how, t.base, t.base+t.ports-1)
	case ErrUnused:
		e.Msg = fmt.Sprintf("exit port %d%s is unused (not in portdef %s)", out, how, m.Switches[sw].Def.Label)
	case ErrUnconnected:
		e.Msg = fmt.Sprintf("exit port %d%s is a net port with no link", out, how)
	case ErrWrongDest:
		node, _ := m.Node(model.PortRef(f.base + f.out))
		e.Msg = fmt.Sprintf("exit port %d%s is the proc port of node %d, not of node %d", out, how, node, dst)
	case ErrLeftover:
		left := fmt.Sprint(len(r) - f.hop)
		if tb.long[k] { // only the first nsw+1 bytes of a route are kept
			left = "at least " + left
		}
		e.Msg = fmt.Sprintf("reached node %d with %s byte(s) left over", dst, left)
	case ErrShort:
		e.Msg = fmt.Sprintf("route bytes ran out (entered on port %d) before reaching node %d", in, dst)
	}
	return e
}
