package session

import (
	"fmt"
	"os"

	"github.com/fabviz/fabviz/data"
	"github.com/fabviz/fabviz/model"
	"github.com/fabviz/fabviz/render/plot"
	"github.com/fabviz/fabviz/view"
)

// Plot is the time-series plot of a state's selection over every step of
// the parameter data, in slice mode (the value of each interval): a port
// and, when linked, the other end of its cable (darker); a switch's ports
// summed; a host's port; the same for each pinned label (`plot add`), each
// in its colour; and the selected job's PerSyst band. nil when there is
// no parameter data or nothing selected or pinned.
func (s *Session) Plot(st *view.State) (*plot.Plot, error) {
	p := s.d.param
	if p == nil || s.model == nil {
		return nil, nil
	}
	pl := &plot.Plot{Title: plotTitle(p.Header), Steps: p.Steps(), Start: p.Header.Start, Interval: p.Header.Step, Current: st.Step}
	if st.Select != "" {
		o, ok := s.model.Lookup(st.Select)
		if !ok {
			return nil, fmt.Errorf("select: unknown label %q", st.Select)
		}
		pl.Lines = s.selectionLines(o, s.style.Select)
	}
	for i, label := range st.Pins {
		o, ok := s.model.Lookup(label)
		if !ok {
			return nil, fmt.Errorf("plot add: unknown label %q", label)
		}
		pl.Lines = append(pl.Lines, s.selectionLines(o, pinColor(i))...)
	}
	if st.Job != 0 {
		b, err := s.jobBand(st.Job)
		if err != nil {
			return nil, err
		}
		pl.Bands = append(pl.Bands, b)
	}
	if pl.Empty() {
		return nil, nil
	}
	return pl, nil
}

func plotTitle(h data.Header) string {
	t := h.Counter
	if t == "" {
		t = "values"
	}
	if h.Unit != "" {
		return t + " (" + h.Unit + " per step)"
	}
	return t + " (per step)"
}

// selectionLines are the plotted lines of a selected object.
func (s *Session) selectionLines(o model.Object, c data.RGB) []plot.Line {
	m := s.model
	switch o.Kind {
	case model.KindSwitch:
		var ports []model.PortRef
		for n := m.PortBase; n < m.PortBase+m.Ports; n++ {
			if p := m.Port(o.Switch, n); p != model.NoPort && s.d.param.Listed(p) {
				ports = append(ports, p)
			}
		}
		return []plot.Line{s.sumLine(m.Switches[o.Switch].Label+" (sum of its ports)", c, ports)}
	case model.KindPort, model.KindNode:
		out := []plot.Line{s.sumLine(portName(m, o.Port), c, []model.PortRef{o.Port})}
		if peer := m.Peer(o.Port); peer != model.NoPort {
			out = append(out, s.sumLine(portName(m, peer)+" (other end)", dimmer(c), []model.PortRef{peer}))
		}
		return out
	}
	return nil
}

func portName(m *model.Model, p model.PortRef) string {
	name := m.Label(p)
	if n, ok := m.Node(p); ok {
		if h := m.HostName(n); h != "" {
			name += " " + h
		}
	}
	return name
}

// pinColor is the colour of the i-th pinned selection's series: the
// route palette after its first colour.
func pinColor(i int) data.RGB { return routePalette[1+i%(len(routePalette)-1)] }

// dimmer is the colour of a cable's other end: its port's, darker.
func dimmer(c data.RGB) data.RGB { return data.RGB{c[0] * 0.6, c[1] * 0.6, c[2] * 0.6} }

// sumLine is the sum of ports step by step. A step where any of them has
// no sample is a gap: a sum of the others would be shown as the whole.
func (s *Session) sumLine(name string, c data.RGB, ports []model.PortRef) plot.Line {
	p := s.d.param
	n := p.Steps()
	l := plot.Line{Name: name, Color: c, V: make([]int64, n), Has: make([]bool, n)}
	for step := range n {
		sum, ok := int64(0), len(ports) > 0
		for _, q := range ports {
			v, has := p.Value(q, step)
			ok = ok && has
			sum += v
		}
		l.V[step], l.Has[step] = sum, ok
	}
	return l
}

// statsCache holds the job statistics of one pair of series.
type statsCache struct {
	param, jobs *data.Series
	rep         *data.JobReport
}

// jobReport is the job statistics of the loaded parameter and job data,
// computed once per pair of series.
func (s *Session) jobReport() (*data.JobReport, error) {
	if s.d.param == nil || s.d.jobs == nil {
		return nil, fmt.Errorf("job statistics need parameter data and job data")
	}
	if s.stats.rep != nil && s.stats.param == s.d.param && s.stats.jobs == s.d.jobs {
		return s.stats.rep, nil
	}
	rep, err := data.JobStats(s.d.param, s.d.jobs, data.StatsOptions{Quantiles: data.PerSyst})
	if err != nil {
		return nil, err
	}
	s.stats.rep, s.stats.param, s.stats.jobs = rep, s.d.param, s.d.jobs
	return rep, nil
}

// jobBand is a job's PerSyst band over every step.
func (s *Session) jobBand(id int64) (plot.Band, error) {
	rep, err := s.jobReport()
	if err != nil {
		return plot.Band{}, err
	}
	js := findJob(rep, id)
	if js == nil {
		return plot.Band{}, fmt.Errorf("job %d: not in the job data", id)
	}
	n := s.d.param.Steps()
	b := plot.Band{Name: fmt.Sprintf("job %d", id), Color: s.jobColor(id), Has: make([]bool, n),
		Min: make([]int64, n), Max: make([]int64, n), Mean: make([]float64, n)}
	for k := range b.P {
		b.P[k] = make([]float64, n)
	}
	for _, ss := range js.Steps {
		i := ss.Step
		b.Has[i], b.Min[i], b.Max[i], b.Mean[i] = true, ss.Min, ss.Max, ss.Mean
		for k, v := range [9]float64{ss.P10, ss.P20, ss.P30, ss.P40, ss.P50, ss.P60, ss.P70, ss.P80, ss.P90} {
			b.P[k][i] = v
		}
	}
	return b, nil
}

func findJob(rep *data.JobReport, id int64) *data.JobStat {
	for i := range rep.Jobs {
		if rep.Jobs[i].Job == id {
			return &rep.Jobs[i]
		}
	}
	return nil
}

// jobColor is a job's colour in the job palette.
func (s *Session) jobColor(id int64) data.RGB {
	if s.d.palette == nil && s.d.jobs != nil {
		c := s.initFile().Colors
		s.d.palette = data.NewJobPalette(s.d.jobs.JobIDs(), s.initFile().JobSeed, c.Below, c.Above, c.NoData, c.Background, c.Switch)
	}
	if s.d.palette != nil {
		if c, ok := s.d.palette.Color(id); ok {
			return c
		}
	}
	return s.style.Select
}

// HasJob reports whether the loaded job data runs a job at some step.
func (s *Session) HasJob(id int64) bool {
	if s.d.jobs == nil {
		return false
	}
	for _, j := range s.d.jobs.JobIDs() {
		if j == id {
			return true
		}
	}
	return false
}

// ExportSeries writes the plot of a state as CSV (plot.WriteCSV).
func (s *Session) ExportSeries(path string, st *view.State) error {
	pl, err := s.NeedPlot(st)
	if err != nil {
		return err
	}
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := plot.WriteCSV(f, pl); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// PlotStyle is the plot's colours on the pictures' background.
func (s *Session) PlotStyle() plot.Style {
	bg := s.style.Background
	fg := plot.TextOn(bg)
	return plot.Style{Background: bg, Axis: fg, Text: fg, Current: data.RGB{1, 0.85, 0.2}}
}

// plotShare is the part of a snapshot's height the plot strip takes.
const plotShare = 3

// PlotStrip is the plot a snapshot of the state draws below the scene and
// the strip's height: with `plot on` and something to plot, a third of the
// picture (nil, 0 otherwise). The front ends draw the scene in the rest
// and the plot below it (overlay.StackPlot), so the picture keeps the
// state's size.
func (s *Session) PlotStrip(st *view.State) (*plot.Plot, int, error) {
	if !st.Plot {
		return nil, 0, nil
	}
	pl, err := s.Plot(st)
	ph := st.Height / plotShare
	if err != nil || pl == nil || ph < 40 {
		return nil, 0, err
	}
	return pl, ph, nil
}

// NeedPlot is the plot of a state for the exports: an error when there
// is nothing to plot.
func (s *Session) NeedPlot(st *view.State) (*plot.Plot, error) {
	pl, err := s.Plot(st)
	if err == nil && pl == nil {
		err = fmt.Errorf("nothing to plot: select a port, switch, host or job with parameter data loaded")
	}
	return pl, err
}

// PictureLegend is the legend a snapshot draws: none after `legend off`
// (the scene then takes the legend's place).
func (s *Session) PictureLegend(st *view.State) *data.Legend {
	if st.NoLegend {
		return nil
	}
	return s.Legend(st)
}
