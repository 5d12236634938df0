package session

import (
	"fmt"
	"strings"

	"github.com/fabviz/fabviz/data"
	"github.com/fabviz/fabviz/model"
	"github.com/fabviz/fabviz/render/scene"
	"github.com/fabviz/fabviz/view"
)

// PickLabel is the label of what a pick hit: a port's SW.PORT or a
// switch's label; "" for nothing.
func PickLabel(m *model.Model, h scene.Hit) string {
	switch h.Kind {
	case model.KindPort:
		return m.Label(h.Port)
	case model.KindSwitch:
		return m.Switches[h.Switch].Label
	}
	return ""
}

// Selection is what the Selection panel shows of the selected object, one
// "name: value" pair a line (nil with nothing selected). Its value is the
// one the port's colour shows, in the state's mode, written in full.
func (s *Session) Selection(st *view.State) ([][2]string, error) {
	if s.model == nil || st.Select == "" {
		return nil, nil
	}
	return Info(s.model, st.Select, s.d.param, s.d.jobs, st.Step, data.Mode(st.Mode))
}

// Info is what the Selection panel shows of a label, one "name: value"
// pair a line. param and jobs may be nil; step and mode are the state's.
func Info(m *model.Model, label string, param, jobs *data.Series, step int, mode data.Mode) ([][2]string, error) {
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
	if h := hostPorts(m, label, o); h != "" {
		// a host of several ports: the lines below are of its first
		add("host ports", "%s", strings.TrimPrefix(h, "host "+label+": "))
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
	if r, ok := m.Rate(p); ok {
		rate := fmt.Sprintf("%s (%.4g Gbit/s)", r, r.Gbps())
		if u, ok := m.UsualRate(); ok && r.Gbps() < u.Gbps() {
			rate += fmt.Sprintf(", below the fabric's usual %s", u)
		}
		add("rate", "%s", rate)
	}
	if param != nil && step < param.Steps() {
		add("value", "%s", shownValue(param, p, step, mode))
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

// shownValue is the value of a port the colour shows, in full, saying what
// it spans: the sample at the step, the sum up to it, or the sum of all.
func shownValue(param *data.Series, p model.PortRef, step int, mode data.Mode) string {
	v, ok := param.Shown(p, step, mode)
	var span string
	switch mode {
	case data.Running:
		span = fmt.Sprintf("sum of steps 0..%d", step)
	case data.Total:
		span = fmt.Sprintf("sum of all %d steps", param.Steps())
	default:
		span = fmt.Sprintf("at step %d", step)
	}
	if !ok {
		return "no sample, " + span
	}
	return data.FormatExact(v) + ", " + span
}
