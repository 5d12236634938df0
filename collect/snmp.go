package collect

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/gosnmp/gosnmp"

	"github.com/fabviz/fabviz/model"
)

// snmpCounter ties a log counter to its IF-MIB column.
type snmpCounter struct {
	Counter
	OID string // the column, without the ifIndex
}

// snmpCounters is what the SNMP source logs, in log order: the IF-MIB 64-bit
// (ifXTable) data and unicast packet counts, then the 32-bit error and
// discard counts of the ifTable, which wrap (RFC 2863).
var snmpCounters = []snmpCounter{
	{Counter{"ifHCInOctets", "octets", 64, false, 0, false}, ".1.3.6.1.2.1.31.1.1.1.6"},
	{Counter{"ifHCOutOctets", "octets", 64, false, 0, false}, ".1.3.6.1.2.1.31.1.1.1.10"},
	{Counter{"ifHCInUcastPkts", "packets", 64, false, 0, false}, ".1.3.6.1.2.1.31.1.1.1.7"},
	{Counter{"ifHCOutUcastPkts", "packets", 64, false, 0, false}, ".1.3.6.1.2.1.31.1.1.1.11"},
	{Counter{"ifInErrors", "packets", 32, false, 0, false}, ".1.3.6.1.2.1.2.2.1.14"},
	{Counter{"ifOutErrors", "packets", 32, false, 0, false}, ".1.3.6.1.2.1.2.2.1.20"},
	{Counter{"ifInDiscards", "packets", 32, false, 0, false}, ".1.3.6.1.2.1.2.2.1.13"},
	{Counter{"ifOutDiscards", "packets", 32, false, 0, false}, ".1.3.6.1.2.1.2.2.1.19"},
}

// oidIfName is IF-MIB::ifName, walked to resolve ports mapped by name.
const oidIfName = ".1.3.6.1.2.1.31.1.1.1.1"

// SNMPSource reads IF-MIB counters from each switch's SNMP agent with bulk
// walks of the counter columns, one agent per goroutine.
type SNMPSource struct {
	Concurrency    int           // agents read at once, default 16
	Timeout        time.Duration // per agent and sweep, default 2 s
	Retries        int           // per request, default 1
	MaxRepetitions uint32        // rows per GetBulk, default 16

	m        *model.Model
	agents   []*snmpAgent
	ports    []model.PortRef
	counters []Counter
}

type snmpAgent struct {
	*SNMPAgent
	secret Secret
	cols   []int         // log column of each of SNMPAgent.Ports
	byIdx  map[int][]int // ifIndex → log columns (after resolution)
	// resolved is set once every name mapped has been found on the agent.
	resolved bool
	session  *gosnmp.GoSNMP // kept between sweeps; nil after a failure
}

// NewSNMPSource prepares a source for the agents of a mapping, with their
// credentials from secrets. keep, when not nil, selects the switches this
// collector reads (see Shard).
func NewSNMPSource(m *model.Model, mp *SNMPMap, secrets map[string]Secret, keep func(sw int) bool) (*SNMPSource, error) {
	s := &SNMPSource{m: m}
	for _, c := range snmpCounters {
		s.counters = append(s.counters, c.Counter)
	}
	for _, a := range mp.Agents {
		if keep != nil && !keep(a.Switch) {
			continue
		}
		sec, ok := secrets[a.Secret]
		if !ok {
			return nil, fmt.Errorf("%s:%d: agent %s: secret %q is not in the secrets file", mp.File, a.Line, m.Switches[a.Switch].Label, a.Secret)
		}
		sa := &snmpAgent{SNMPAgent: a, secret: sec}
		for _, p := range a.Ports {
			sa.cols = append(sa.cols, len(s.ports))
			s.ports = append(s.ports, p.Port)
		}
		s.agents = append(s.agents, sa)
	}
	if len(s.agents) == 0 {
		return nil, fmt.Errorf("%s: no agent left to read", mp.File)
	}
	return s, nil
}

// Close ends the sessions kept between sweeps.
func (s *SNMPSource) Close() error {
	for _, a := range s.agents {
		if a.session != nil {
			a.session.Conn.Close()
			a.session = nil
		}
	}
	return nil
}

func (s *SNMPSource) Counters() []Counter    { return s.counters }
func (s *SNMPSource) Ports() []model.PortRef { return s.ports }

// Sweep reads every agent with bounded concurrency; an agent that fails or
// does not answer in time leaves its ports unread and adds a warning.
func (s *SNMPSource) Sweep(ctx context.Context, r *Reading) SweepStats {
	return sweepEach(len(s.agents), s.Concurrency, func(i int) (int, int, []error) {
		read, warns := s.readAgent(ctx, s.agents[i], r)
		return read, len(s.agents[i].Ports), warns
	})
}

func (s *SNMPSource) client(ctx context.Context, a *snmpAgent) *gosnmp.GoSNMP {
	timeout := s.Timeout
	if timeout <= 0 {
		timeout = 2 * time.Second
	}
	retries := s.Retries
	if retries <= 0 {
		retries = 1
	}
	g := &gosnmp.GoSNMP{
		Target: a.Host, Port: a.Port, Transport: "udp",
		Timeout: timeout / time.Duration(retries+1), Retries: retries,
		MaxOids: gosnmp.MaxOids, Context: ctx,
		MaxRepetitions: s.maxReps(),
	}
	if a.secret.V3() {
		level := gosnmp.NoAuthNoPriv
		if a.secret.AuthProto != gosnmp.NoAuth {
			level = gosnmp.AuthNoPriv
			if a.secret.PrivProto != gosnmp.NoPriv {
				level = gosnmp.AuthPriv
			}
		}
		g.Version, g.SecurityModel, g.MsgFlags = gosnmp.Version3, gosnmp.UserSecurityModel, level
		g.SecurityParameters = &gosnmp.UsmSecurityParameters{
			UserName:                 a.secret.User,
			AuthenticationProtocol:   a.secret.AuthProto,
			AuthenticationPassphrase: a.secret.AuthPass,
			PrivacyProtocol:          a.secret.PrivProto,
			PrivacyPassphrase:        a.secret.PrivPass,
		}
	} else {
		g.Version, g.Community = gosnmp.Version2c, a.secret.Community
	}
	return g
}

func (s *SNMPSource) maxReps() uint32 {
	if s.MaxRepetitions == 0 {
		return 16
	}
	return s.MaxRepetitions
}

// readAgent reads one agent's mapped ports; it returns how many were read.
func (s *SNMPSource) readAgent(ctx context.Context, a *snmpAgent, r *Reading) (int, []error) {
	timeout := s.Timeout
	if timeout <= 0 {
		timeout = 2 * time.Second
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	label := s.m.Switches[a.Switch].Label
	fail := func(err error) (int, []error) {
		if ctx.Err() != nil || errors.Is(err, context.DeadlineExceeded) {
			err = fmt.Errorf("no answer: timed out after %v", timeout)
		}
		return 0, []error{fmt.Errorf("switch %s: agent %s: %v", label, a.Addr(), err)}
	}
	// The session is kept from sweep to sweep (a v3 agent's engine is then
	// discovered once); any failure drops it, so the next sweep starts
	// afresh, e.g. after the agent restarted.
	g := a.session
	if g == nil {
		g = s.client(ctx, a)
		if err := g.Connect(); err != nil {
			return fail(err)
		}
		a.session = g
	}
	g.Context = ctx
	drop := func(err error) (int, []error) {
		g.Conn.Close()
		a.session = nil
		return fail(err)
	}
	var warns []error
	if !a.resolved {
		w, err := s.resolve(g, a)
		if err != nil {
			return drop(err)
		}
		warns = w
	}
	roots := make([]string, len(snmpCounters))
	for i, c := range snmpCounters {
		roots[i] = c.OID
	}
	seen := map[int]bool{}
	err := walkColumns(g, roots, s.maxReps(), func(col, ifIndex int, v uint64) {
		for _, lc := range a.byIdx[ifIndex] {
			r.Vals[col][lc], r.OK[col][lc] = v, true
			seen[lc] = true
		}
	})
	if err != nil {
		// Values already stored belong to a half-read table: drop them.
		for lc := range seen {
			for c := range r.OK {
				r.OK[c][lc] = false
			}
		}
		return drop(err)
	}
	for i, lc := range a.cols {
		if !seen[lc] && a.byIdx != nil && a.Ports[i].IfName == "" {
			warns = append(warns, fmt.Errorf("switch %s: agent %s: ifIndex %d (%s) has no counters", label, a.Addr(), a.Ports[i].IfIndex, s.m.Label(a.Ports[i].Port)))
		}
	}
	return len(seen), warns
}

// resolve builds the ifIndex → column table, walking ifName when a port is
// mapped by name. A name the agent does not have is a warning (its port
// stays unread); resolution is kept once it worked.
func (s *SNMPSource) resolve(g *gosnmp.GoSNMP, a *snmpAgent) ([]error, error) {
	byIdx := map[int][]int{}
	var names map[string]int
	var warns []error
	for i, p := range a.Ports {
		idx := p.IfIndex
		if p.IfName != "" {
			if names == nil {
				var err error
				if names, err = walkIfNames(g, s.maxReps()); err != nil {
					return nil, err
				}
			}
			n, ok := names[p.IfName]
			if !ok {
				warns = append(warns, fmt.Errorf("switch %s: agent %s: unknown ifName %q for %s (the agent has %s)",
					s.m.Switches[a.Switch].Label, a.Addr(), p.IfName, s.m.Label(p.Port), nameList(names)))
				continue
			}
			idx = n
		}
		byIdx[idx] = append(byIdx[idx], a.cols[i])
	}
	a.byIdx, a.resolved = byIdx, len(warns) == 0
	return warns, nil
}

func nameList(names map[string]int) string {
	l := make([]string, 0, len(names))
	for n := range names {
		l = append(l, strconv.Quote(n))
	}
	sort.Strings(l)
	if len(l) > 8 {
		l = append(l[:8], "...")
	}
	if len(l) == 0 {
		return "no ifName entries"
	}
	return strings.Join(l, " ")
}

func walkIfNames(g *gosnmp.GoSNMP, reps uint32) (map[string]int, error) {
	names := map[string]int{}
	err := walkColumnsRaw(g, []string{oidIfName}, reps, func(_ int, ifIndex int, pdu gosnmp.SnmpPDU) {
		if b, ok := pdu.Value.([]byte); ok {
			names[string(b)] = ifIndex
		}
	})
	return names, err
}

// walkColumns bulk-walks several table columns side by side and calls fn
// with each row's ifIndex and counter value.
func walkColumns(g *gosnmp.GoSNMP, roots []string, reps uint32, fn func(col, ifIndex int, v uint64)) error {
	return walkColumnsRaw(g, roots, reps, func(col, ifIndex int, pdu gosnmp.SnmpPDU) {
		switch pdu.Type {
		case gosnmp.Counter32, gosnmp.Counter64, gosnmp.Gauge32, gosnmp.Uinteger32, gosnmp.Integer:
			if b := gosnmp.ToBigInt(pdu.Value); b.Sign() >= 0 && b.Cmp(maxU64) <= 0 {
				fn(col, ifIndex, b.Uint64())
			}
		}
	})
}

var maxU64 = new(big.Int).SetUint64(^uint64(0))

// maxWalkRequests bounds one walk, whatever an agent answers.
const maxWalkRequests = 10000

// walkColumnsRaw sends GetBulk requests for every column not yet finished,
// continuing each from the last OID it returned, until each column has left
// its subtree. Rows whose index is not a single positive integer are skipped.
func walkColumnsRaw(g *gosnmp.GoSNMP, roots []string, reps uint32, fn func(col, ifIndex int, pdu gosnmp.SnmpPDU)) error {
	cur := append([]string(nil), roots...)
	done := make([]bool, len(roots))
	for range maxWalkRequests {
		var active []int
		var oids []string
		for i := range roots {
			if !done[i] {
				active = append(active, i)
				oids = append(oids, cur[i])
			}
		}
		if len(active) == 0 {
			return nil
		}
		// Keep a request within what one PDU may carry.
		n := max(1, min(int(reps), gosnmp.MaxOids/len(active)))
		pkt, err := g.GetBulk(oids, 0, uint32(n))
		if err != nil {
			return err
		}
		if pkt.Error != gosnmp.NoError {
			return fmt.Errorf("agent error %v at index %d", pkt.Error, pkt.ErrorIndex)
		}
		if len(pkt.Variables) == 0 {
			return fmt.Errorf("empty GetBulk response")
		}
		for j, v := range pkt.Variables {
			col := active[j%len(active)]
			if done[col] {
				continue
			}
			name := v.Name
			if !strings.HasPrefix(name, ".") {
				name = "." + name
			}
			prefix := roots[col] + "."
			if v.Type == gosnmp.EndOfMibView || v.Type == gosnmp.NoSuchObject || v.Type == gosnmp.NoSuchInstance ||
				!strings.HasPrefix(name, prefix) || !oidAfter(name, cur[col]) {
				done[col] = true
				continue
			}
			cur[col] = name
			idx, err := strconv.Atoi(name[len(prefix):])
			if err == nil && idx > 0 {
				fn(col, idx, v)
			}
		}
	}
	return fmt.Errorf("walk did not end after %d requests", maxWalkRequests)
}

// oidAfter reports whether OID a sorts strictly after b (both dotted
// numeric); an agent that answers out of order would otherwise loop.
func oidAfter(a, b string) bool {
	as := strings.Split(strings.Trim(a, "."), ".")
	bs := strings.Split(strings.Trim(b, "."), ".")
	for i := 0; i < len(as) && i < len(bs); i++ {
		x, _ := strconv.ParseUint(as[i], 10, 64)
		y, _ := strconv.ParseUint(bs[i], 10, 64)
		if x != y {
			return x > y
		}
	}
	return len(as) > len(bs)
}
