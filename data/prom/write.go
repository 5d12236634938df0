package prom

import (
	"fmt"
	"io"

	"github.com/fabviz/fabviz/data/fvlog"
	"github.com/fabviz/fabviz/internal/atomicfile"
	"github.com/fabviz/fabviz/model"
)

// WriteLog writes the result as a §5 log at path, through a temporary file
// renamed into place (a failed write leaves no half log).
func (r *Result) WriteLog(path string, m *model.Model) error {
	labels := make([]string, len(r.Ports))
	for i, p := range r.Ports {
		labels[i] = m.Label(p)
	}
	b := fvlog.Header{Counter: r.Counter, Unit: r.Unit, Interval: r.Step, Labels: labels}.Append(nil)
	for i, t := range r.Times {
		b = fvlog.AppendLine(b, t, r.Values[i], r.OK[i])
	}
	err := atomicfile.Write(path, func(w io.Writer) error { _, err := w.Write(b); return err })
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return nil
}

// Present counts the values the grid holds, and all it could hold.
func (r *Result) Present() (have, all int) {
	for _, ok := range r.OK {
		for _, o := range ok {
			if o {
				have++
			}
		}
	}
	return have, len(r.Times) * len(r.Ports)
}

// Summary is the result in a line, with what a person should know.
func (r *Result) Summary(path string) []string {
	have, all := r.Present()
	out := []string{fmt.Sprintf("%s: %s (%s), %d steps of %s × %d ports: %d of %d values (%.1f %%), %d series matched",
		path, r.Counter, r.Unit, len(r.Times), r.Step, len(r.Ports), have, all, pct(have, all), r.Matched)}
	if r.Unmatched > 0 {
		out = append(out, fmt.Sprintf("warning: %d series name no port of the model (left out), e.g. %s", r.Unmatched, r.Unknown))
	}
	if r.Duplicates > 0 {
		out = append(out, fmt.Sprintf("warning: %d series name a port another series already fills (left out; the first in label order is kept)", r.Duplicates))
	}
	if r.NoSeries > 0 {
		out = append(out, fmt.Sprintf("note: %d ports have no series: gaps", r.NoSeries))
	}
	if r.Stale > 0 {
		out = append(out, fmt.Sprintf("note: %d values are gaps because a sample was older than one step (a missed scrape, or a step shorter than the scrape interval)", r.Stale))
	}
	if r.Resets > 0 {
		out = append(out, fmt.Sprintf("note: %d values are gaps because the counter went down (a reset)", r.Resets))
	}
	if r.Rounded > 0 {
		out = append(out, fmt.Sprintf("note: %d values were rounded to whole numbers", r.Rounded))
	}
	return out
}

func pct(a, b int) float64 {
	if b == 0 {
		return 0
	}
	return 100 * float64(a) / float64(b)
}
