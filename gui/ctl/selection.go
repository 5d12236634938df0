package ctl

import (
	"fmt"

	"github.com/fabviz/fabviz/data"
	"github.com/fabviz/fabviz/model"
	"github.com/fabviz/fabviz/render/scene"
)

// Label is the label of what a pick hit: a port's SW.PORT or a switch's
// label; "" for nothing.
func Label(m *model.Model, h scene.Hit) string {
	switch h.Kind {
	case model.KindPort:
		return m.Label(h.Port)
	case model.KindSwitch:
		return m.Switches[h.Switch].Label
	}
	return ""
}

// Info is what the Selection panel shows of a label, one "name: value"
// pair a line. param and jobs may be nil; step is the current step.
func Info(m *model.Model, label string, param, jobs *data.Series, step int) ([][2]string, error) {
	o, ok := m.Lookup(label)
	if !ok {
		return nil, fmt.Errorf("unknown label %q", label)
	}
	sw := &m.Switches[o.Switch]
	var out [][2]string
	add := func(k, f string, a ...any) { out = append(out, [2]string{k, fmt.Sprintf(f, a...)}) }
	if o.Kind == model.KindSwitch {
		add("switch", "%s", sw.Label)
		add("place", "plane %d, row %d, column %d", sw.Plane, sw.Row, sw.Col)
		addIDs(add, sw)
		return out, nil
	}
	p := o.Port
	spec := m.Spec(p)
	add("port", "%s", m.Label(p))
	add("switch", "%s", sw.Label)
	addIDs(add, sw)
	add("number", "%d (%s, %s face, slot %d)", m.Number(p), spec.Role, spec.Face, spec.Slot)
	if n, ok := m.Node(p); ok {
		add("node", "%d", n)
		if h := m.HostName(n); h != "" {
			add("host", "%s", h)
		}
	}
	if peer := m.Peer(p); peer != model.NoPort {
		add("link", "%s", m.Label(peer))
	} else if spec.Role == model.Net {
		add("link", "unconnected")
	}
	if param != nil && step < param.Steps() {
		if v, ok := param.Value(p, step); ok {
			add("value", "%s at step %d", data.FormatValue(v), step)
		} else {
			add("value", "no sample at step %d", step)
		}
	}
	if jobs != nil && step < jobs.Steps() {
		if v, ok := jobs.Value(p, step); ok && v != 0 {
			add("job", "%d", v)
		} else {
			add("job", "none")
		}
	}
	return out, nil
}

func addIDs(add func(k, f string, a ...any), sw *model.Switch) {
	if sw.HW != "" {
		add("hw id", "%s", sw.HW)
	}
	if sw.SW != "" {
		add("sw id", "%s", sw.SW)
	}
}

// RouteEnd is what a selected label gives the Routes panel: a node id
// (from a processor port or host name) or a switch label.
func RouteEnd(m *model.Model, label string) (node string, sw string) {
	o, ok := m.Lookup(label)
	if !ok {
		return "", ""
	}
	if o.Kind == model.KindSwitch {
		return "", m.Switches[o.Switch].Label
	}
	if n, ok := m.Node(o.Port); ok {
		return fmt.Sprint(n), m.Switches[o.Switch].Label
	}
	return "", m.Switches[o.Switch].Label
}
