package plot

import (
	"fmt"
	"image"
	"math"
	"strings"

	"github.com/fabviz/fabviz/data"
)

// Frame places a plot in a rectangle: the data area inside margins for
// the axis labels, and the value range shown.
type Frame struct {
	Area   image.Rectangle // the data area
	Lo, Hi float64         // values at the bottom and top of Area
	Steps  int
}

// Margins around the data area, in pixels at text scale 1: the left one
// holds the value labels, the top one the title, the bottom one the step
// labels.
const (
	marginLeft   = 64
	marginTop    = 16
	marginBottom = 16
	marginRight  = 8
)

// NewFrame lays a plot out in r at text scale s (1 in the window).
func NewFrame(p *Plot, r image.Rectangle, s int) Frame {
	a := image.Rect(r.Min.X+marginLeft*s, r.Min.Y+marginTop*s, r.Max.X-marginRight*s, r.Max.Y-marginBottom*s)
	if a.Dx() < 1 || a.Dy() < 1 {
		a = r
	}
	lo, hi, ok := p.YRange()
	if !ok {
		lo, hi = 0, 1
	}
	lo = min(lo, 0) // counters are amounts: the axis starts at 0
	if hi <= lo {
		hi = lo + 1
	}
	return Frame{Area: a, Lo: lo, Hi: hi, Steps: max(p.Steps, 1)}
}

// X is the centre of a step's column.
func (f Frame) X(step int) float64 {
	return float64(f.Area.Min.X) + (float64(step)+0.5)*f.colWidth()
}

func (f Frame) colWidth() float64 { return float64(f.Area.Dx()) / float64(f.Steps) }

// Y is where a value falls.
func (f Frame) Y(v float64) float64 {
	t := (v - f.Lo) / (f.Hi - f.Lo)
	return float64(f.Area.Max.Y) - t*float64(f.Area.Dy()-1)
}

// StepAt is the step whose column holds x; ok false outside the data area.
func (f Frame) StepAt(x, y float64) (int, bool) {
	if x < float64(f.Area.Min.X) || x >= float64(f.Area.Max.X) || y < float64(f.Area.Min.Y) || y >= float64(f.Area.Max.Y) {
		return 0, false
	}
	s := int((x - float64(f.Area.Min.X)) / f.colWidth())
	return min(max(s, 0), f.Steps-1), true
}

// Hover is the text shown for a step under the pointer: step, time when
// known, and each series' value there (a gap says "no sample").
func Hover(p *Plot, step int) []string {
	head := fmt.Sprintf("step %d", step)
	if t, ok := p.Time(step); ok {
		head += "  " + t.UTC().Format("2006-01-02 15:04:05 UTC")
	}
	out := []string{head}
	for _, l := range p.Lines {
		v := "no sample"
		if l.Has[step] {
			v = data.FormatExact(l.V[step])
		}
		out = append(out, l.Name+": "+v)
	}
	for _, b := range p.Bands {
		if !b.Has[step] {
			out = append(out, b.Name+": no sample")
			continue
		}
		out = append(out, fmt.Sprintf("%s: min %s p10 %s median %s p90 %s max %s", b.Name,
			data.FormatExact(b.Min[step]), Num(b.P[0][step]), Num(b.P[4][step]), Num(b.P[8][step]), data.FormatExact(b.Max[step])))
	}
	return out
}

// Num writes a percentile or mean: whole numbers exactly, others to 4 decimals.
func Num(v float64) string {
	if v == math.Trunc(v) && math.Abs(v) < 1<<53 {
		return fmt.Sprintf("%.0f", v)
	}
	return strings.TrimRight(strings.TrimRight(fmt.Sprintf("%.4f", v), "0"), ".")
}
