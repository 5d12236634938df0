package view

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/fabviz/fabviz/diagnose"
	"github.com/fabviz/fabviz/model"
)

// Diagnoser is an Env that can look for problems in what it has loaded
// (`fabnet diagnose` on the loaded model, routes, data and jobs).
type Diagnoser interface {
	Findings() ([]diagnose.Finding, error)
}

// diagnoseCmd shows finding N (1 = the most severe): its first port
// selected (a cable's receiving end), its first step, slice mode and a
// range that makes it stand out, and a caption line saying what it is.
func (in *Interp) diagnoseCmd(a []string) error {
	m, err := in.needModel()
	if err != nil {
		return err
	}
	d, ok := in.Env.(Diagnoser)
	if !ok {
		return fmt.Errorf("this front end cannot diagnose")
	}
	n, err := strconv.Atoi(a[0])
	if err != nil || n < 1 {
		return fmt.Errorf("%q: want a finding number, 1 for the first", a[0])
	}
	fs, err := d.Findings()
	if err != nil {
		return err
	}
	if n > len(fs) {
		return fmt.Errorf("finding %d: there are %d findings", n, len(fs))
	}
	in.show(m, n, fs[n-1])
	return nil
}

// show points the view at a finding.
func (in *Interp) show(m *model.Model, n int, f diagnose.Finding) {
	st := &in.State
	st.Finding = fmt.Sprintf("finding %d: %s %s", n, f.Kind, strings.Join(f.Ports, " - ")) // ASCII: the fonts have no arrows
	if len(f.Ports) > 0 {
		st.Select = f.Ports[0]
	}
	if f.FirstStep >= 0 {
		st.Step = f.FirstStep
		st.Finding += fmt.Sprintf(", from step %d", f.FirstStep)
	}
	st.Mode = Slice
	if lo, hi, ok := FindingRange(in.Env, m, f); ok {
		st.Range, st.HasRange = [2]int64{lo, hi}, true
	}
}

// ValueAt is what FindingRange needs of an Env: a port's value at a step
// of the loaded parameter data.
type ValueAt interface {
	ParamValue(p model.PortRef, step int) (int64, bool)
}

// FindingRange is a range that shows a finding at its first step: the
// largest value on its ports there is the top (red), half of it the
// bottom, so the finding's ports stand out from what is below.
func FindingRange(env Env, m *model.Model, f diagnose.Finding) (lo, hi int64, ok bool) {
	va, isVA := env.(ValueAt)
	if !isVA || f.FirstStep < 0 {
		return 0, 0, false
	}
	for _, l := range f.Ports {
		if p, found := m.PortByLabel(l); found {
			if v, has := va.ParamValue(p, f.FirstStep); has {
				hi = max(hi, v)
			}
		}
	}
	if hi < 2 {
		return 0, 0, false
	}
	return max(1, hi/2), hi, true
}
