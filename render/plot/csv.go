package plot

import (
	"bufio"
	"io"
	"strconv"
	"strings"
)

// WriteCSV writes the plotted series: a header line, then one row per
// step: step, time (RFC 3339 UTC; empty when the data do not say), one
// column per line, and for each band its min, p10…p90, max and mean. A
// gap is an empty cell. Samples are written exactly; percentiles and
// means as the shortest decimal that reads back to the same number.
func WriteCSV(w io.Writer, p *Plot) error {
	bw := bufio.NewWriter(w)
	head := []string{"step", "time"}
	for _, l := range p.Lines {
		head = append(head, csvField(l.Name))
	}
	for _, b := range p.Bands {
		head = append(head, csvField(b.Name+" min"))
		for k := range b.P {
			head = append(head, csvField(b.Name+" p"+strconv.Itoa(10*(k+1))))
		}
		head = append(head, csvField(b.Name+" max"), csvField(b.Name+" mean"))
	}
	bw.WriteString(strings.Join(head, ",") + "\n")
	row := make([]string, 0, len(head))
	for s := 0; s < p.Steps; s++ {
		row = append(row[:0], strconv.Itoa(s), "")
		if t, ok := p.Time(s); ok {
			row[1] = t.UTC().Format("2006-01-02T15:04:05Z")
		}
		for _, l := range p.Lines {
			row = append(row, cell(l.Has[s], func() string { return strconv.FormatInt(l.V[s], 10) }))
		}
		for _, b := range p.Bands {
			row = append(row, cell(b.Has[s], func() string { return strconv.FormatInt(b.Min[s], 10) }))
			for k := range b.P {
				row = append(row, cell(b.Has[s], func() string { return flt(b.P[k][s]) }))
			}
			row = append(row, cell(b.Has[s], func() string { return strconv.FormatInt(b.Max[s], 10) }),
				cell(b.Has[s], func() string { return flt(b.Mean[s]) }))
		}
		bw.WriteString(strings.Join(row, ",") + "\n")
	}
	return bw.Flush()
}

func cell(ok bool, f func() string) string {
	if !ok {
		return ""
	}
	return f()
}

func flt(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }

// csvField quotes a header name holding a comma or quote (RFC 4180).
func csvField(s string) string {
	if !strings.ContainsAny(s, ",\"\n") {
		return s
	}
	return `"` + strings.ReplaceAll(s, `"`, `""`) + `"`
}
