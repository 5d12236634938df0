package session

import (
	"fmt"

	"github.com/fabviz/fabviz/data"
	"github.com/fabviz/fabviz/diagnose"
	"github.com/fabviz/fabviz/model"
)

// findings caches what diagnose found in the loaded data.
type findings struct {
	param, jobs *data.Series
	init        *data.Init // thresholds come from its `diagnose` lines
	list        []diagnose.Finding
}

// Findings runs `fabnet diagnose` on the loaded model, its routes, the
// parameter data and the jobs, with the default thresholds, once per
// loaded pair of files.
func (s *Session) Findings() ([]diagnose.Finding, error) {
	m := s.model
	if m == nil {
		return nil, fmt.Errorf("no model loaded")
	}
	p, j := s.d.param, s.d.jobs
	if p == nil {
		return nil, fmt.Errorf("no parameter data loaded: diagnose looks at counters")
	}
	if s.found.param == p && s.found.jobs == j && s.found.init == s.initFile() && s.found.list != nil {
		return s.found.list, nil
	}
	in := diagnose.Input{Model: m, Jobs: j, Interval: p.Header.Step, Links: diagnose.ModelLinks(m),
		Counters: []diagnose.Counter{{Name: p.Header.Counter, Unit: p.Header.Unit, Series: p}}}
	if m.HasRoutes() {
		set, err := s.routeSet()
		if err != nil {
			return nil, err
		}
		in.Routes = set
	}
	th, err := diagnose.FromInit(s.initFile().Diagnose)
	if err != nil {
		return nil, err
	}
	list := diagnose.Run(in, th)
	if list == nil {
		list = []diagnose.Finding{}
	}
	s.found = findings{param: p, jobs: j, init: s.initFile(), list: list}
	return list, nil
}

// ParamValue is a port's value at a step of the loaded parameter data.
func (s *Session) ParamValue(p model.PortRef, step int) (int64, bool) {
	if s.d.param == nil || step < 0 || step >= s.d.param.Steps() {
		return 0, false
	}
	return s.d.param.Value(p, step)
}
