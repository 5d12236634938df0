package diagnose

import (
	"fmt"
	"sort"

	"github.com/fabviz/fabviz/data"
	"github.com/fabviz/fabviz/model"
)

type errorKind int

const (
	notError    errorKind = iota
	local                 // counted by the receiving port only
	propagating           // counted again at every later hop (cut-through)
)

// errorCounters classifies the error counters fabviz's sources and the
// simulator write. Packets dropped for congestion (xmit discards) and
// routing faults (switch relay errors) are not signs of a bad cable.
var errorCounters = map[string]errorKind{
	"symbol_error":                    local,
	"port_rcv_errors":                 local,
	"link_error_recovery":             local,
	"local_link_integrity_errors":     local,
	"excessive_buffer_overrun_errors": local,
	"port_local_physical_errors":      local,
	"port_malformed_pkt_errors":       local,
	"ifInErrors":                      local,
	"bad_packets":                     propagating,
	"port_rcv_remote_physical_errors": propagating,
}

func errorCounter(name string) errorKind { return errorCounters[name] }

// cable is a candidate: its ends (the one that counted most first) and the
// errors each counted over the whole input.
type cable struct {
	ends   []model.PortRef
	counts []int64
	score  int64 // what ranks it: the sum (local) or the smaller end (propagating)
}

// badCables finds the cables a counter's errors point at.
func badCables(in Input, c Counter, th Thresholds) []Finding {
	m, s := in.Model, c.Series
	kind := errorCounter(c.Name)
	var total int64
	for p := range m.NumPorts() {
		total += s.Total(model.PortRef(p))
	}
	if total == 0 {
		return nil
	}
	cands := candidates(m, s, kind)
	var ex *explainer
	if kind == propagating && in.Routes != nil {
		ex = newExplainer(in, cands)
	}
	var out []Finding
	explained := make([]bool, m.NumPorts())
	for _, cb := range cands {
		if cb.score < th.MinErrors {
			break
		}
		if kind == propagating && allExplained(cb.ends, explained) {
			continue // a consequence of a cable already reported
		}
		f := cableFinding(m, s, c, cb, kind, total, th)
		if ex != nil {
			share := ex.explain(cb, explained, s, total)
			f.Evidence = append(f.Evidence, fmt.Sprintf("routes through this cable lead to ports that counted %.1f %% of all %d %s", 100*share, total, c.Name))
		}
		out = append(out, f)
	}
	return out
}

// candidates lists every cable with errors, best first.
func candidates(m *model.Model, s *data.Series, kind errorKind) []cable {
	seen := make([]bool, m.NumPorts())
	var out []cable
	for p := range m.NumPorts() {
		pr := model.PortRef(p)
		if seen[p] || s.Total(pr) == 0 && (m.Peer(pr) == model.NoPort || s.Total(m.Peer(pr)) == 0) {
			continue
		}
		ends := cableOf(m, pr)
		cb := cable{ends: ends}
		for _, e := range ends {
			seen[e] = true
			cb.counts = append(cb.counts, s.Total(e))
		}
		if len(ends) == 2 && cb.counts[1] > cb.counts[0] {
			cb.ends[0], cb.ends[1] = cb.ends[1], cb.ends[0]
			cb.counts[0], cb.counts[1] = cb.counts[1], cb.counts[0]
		}
		cb.score = cb.counts[0]
		switch {
		case kind == propagating && len(ends) == 2:
			cb.score = cb.counts[1]
		case kind == local && len(ends) == 2:
			cb.score += cb.counts[1]
		}
		out = append(out, cb)
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].score > out[j].score })
	return out
}

func allExplained(ends []model.PortRef, explained []bool) bool {
	for _, e := range ends {
		if !explained[e] {
			return false
		}
	}
	return true
}

func cableFinding(m *model.Model, s *data.Series, c Counter, cb cable, kind errorKind, total int64, th Thresholds) Finding {
	first, last := activeSteps(s, cb.ends)
	f := Finding{
		Kind: BadCable, Ports: labels(m, cb.ends), FirstStep: first, LastStep: last,
		Score: float64(cb.score) / float64(max(th.MinErrors, 1)), Counter: c.Name,
	}
	counts := fmt.Sprintf("%s counted %d %s", m.Label(cb.ends[0]), cb.counts[0], c.Name)
	if len(cb.ends) == 2 {
		counts += fmt.Sprintf(" and its peer %s %d", m.Label(cb.ends[1]), cb.counts[1])
	} else {
		counts += " (a host's cable: the host's end is not counted)"
	}
	f.Evidence = append(f.Evidence, fmt.Sprintf("%s over %s, first at step %d", counts, stepSpan(first, last), first))
	switch kind {
	case propagating:
		f.Evidence = append(f.Evidence, "errors arrive at both ends: every packet corrupted on a cable enters its far end first, and ports further on see only the packets that travel their way")
		f.Threshold = fmt.Sprintf("at least %d %s at each end", th.MinErrors, c.Name)
	default:
		f.Evidence = append(f.Evidence, fmt.Sprintf("%s is counted where a packet is received, so the cable into %s is the one failing", c.Name, m.Label(cb.ends[0])))
		f.Threshold = fmt.Sprintf("at least %d %s on the cable", th.MinErrors, c.Name)
	}
	return f
}
