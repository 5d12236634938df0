package prom

import (
	"strconv"
	"strings"

	"github.com/fabviz/fabviz/model"
)

// portIndex finds the model port a series' labels name.
type portIndex struct {
	m       *model.Model
	byGUID  map[uint64]int // switch index by the GUID in its hw field
	byLabel map[string]int
}

func newPortIndex(m *model.Model) *portIndex {
	ix := &portIndex{m: m, byGUID: map[uint64]int{}, byLabel: map[string]int{}}
	for i, s := range m.Switches {
		ix.byLabel[s.Label] = i
		if g, ok := parseGUID(firstWord(s.HW)); ok {
			ix.byGUID[g] = i
		}
	}
	return ix
}

func firstWord(s string) string {
	if f := strings.Fields(s); len(f) > 0 {
		return f[0]
	}
	return ""
}

// parseGUID reads a GUID in hex, with or without 0x, any case.
func parseGUID(s string) (uint64, bool) {
	s = strings.TrimPrefix(strings.TrimPrefix(s, "0x"), "0X")
	if s == "" || len(s) > 16 {
		return 0, false
	}
	g, err := strconv.ParseUint(s, 16, 64)
	return g, err == nil
}

// port maps a series to its port: `guid` and `port` labels, or `switch`
// and `port`. A port the switch's portdef does not use is no match.
func (ix *portIndex) port(labels map[string]string) (model.PortRef, bool) {
	n, err := strconv.Atoi(labels["port"])
	if err != nil {
		return model.NoPort, false
	}
	sw, ok := -1, false
	if g, isGUID := parseGUID(labels["guid"]); isGUID {
		sw, ok = ix.byGUID[g]
	}
	if !ok {
		sw, ok = ix.byLabel[labels["switch"]]
	}
	if !ok {
		return model.NoPort, false
	}
	p := ix.m.Port(sw, n)
	if p == model.NoPort || ix.m.Spec(p).Role == model.Unused {
		return model.NoPort, false
	}
	return p, true
}

// usedPorts lists every port a portdef uses, in model order: the log's
// columns.
func usedPorts(m *model.Model) []model.PortRef {
	var out []model.PortRef
	for p := range m.NumPorts() {
		if m.Spec(model.PortRef(p)).Role != model.Unused {
			out = append(out, model.PortRef(p))
		}
	}
	return out
}
