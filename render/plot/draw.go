package plot

import (
	"image"

	"github.com/fabviz/fabviz/data"
)

// PrimKind is what a primitive draws.
type PrimKind uint8

const (
	Fill PrimKind = iota // a filled rectangle (X0,Y0)-(X1,Y1)
	Seg                  // a line from (X0,Y0) to (X1,Y1), Width pixels wide
	Text                 // Label with its top-left corner at (X0,Y0)
)

// Prim is one thing to paint, in pixels of the rectangle given to Draw.
// Alpha below 1 blends over what is under it.
type Prim struct {
	Kind           PrimKind
	X0, Y0, X1, Y1 float64
	Width          float64
	Color          data.RGB
	Alpha          float32
	Label          string
}

// Style is the plot's own colours: background, axes and text, the
// current-step marker.
type Style struct {
	Background, Axis, Text, Current data.RGB
}

// Draw lists the primitives of a plot in r at text scale s: background,
// axes and labels, each band (p10–p90 shaded, median, min and max), each
// line (broken at gaps), the current step's marker. A step is a column;
// a series with one sample between two gaps is drawn as a short mark.
func Draw(p *Plot, r image.Rectangle, s int, st Style) []Prim {
	f := NewFrame(p, r, s)
	out := []Prim{{Kind: Fill, X0: float64(r.Min.X), Y0: float64(r.Min.Y), X1: float64(r.Max.X), Y1: float64(r.Max.Y), Color: st.Background, Alpha: 1}}
	out = axes(out, p, f, s, st)
	out = key(out, p, f, s)
	for _, b := range p.Bands {
		out = band(out, b, f, s)
	}
	for _, l := range p.Lines {
		out = polyline(out, f, l.Has, func(i int) float64 { return float64(l.V[i]) }, l.Color, 1, float64(2*s))
	}
	x := f.X(min(max(p.Current, 0), f.Steps-1))
	out = append(out, Prim{Kind: Seg, X0: x, Y0: float64(f.Area.Min.Y), X1: x, Y1: float64(f.Area.Max.Y), Width: float64(s), Color: st.Current, Alpha: 1})
	return out
}

func axes(out []Prim, p *Plot, f Frame, s int, st Style) []Prim {
	a := f.Area
	x0, y0, x1, y1 := float64(a.Min.X), float64(a.Min.Y), float64(a.Max.X), float64(a.Max.Y)
	out = append(out,
		Prim{Kind: Seg, X0: x0, Y0: y1, X1: x1, Y1: y1, Width: float64(s), Color: st.Axis, Alpha: 1},
		Prim{Kind: Seg, X0: x0, Y0: y0, X1: x0, Y1: y1, Width: float64(s), Color: st.Axis, Alpha: 1},
		Prim{Kind: Text, X0: x0, Y0: y0 - float64(15*s), Color: st.Text, Alpha: 1, Label: p.Title},
		Prim{Kind: Text, X0: x0 - float64((marginLeft-2)*s), Y0: y0, Color: st.Text, Alpha: 1, Label: Num(f.Hi)},
		Prim{Kind: Text, X0: x0 - float64((marginLeft-2)*s), Y0: y1 - float64(13*s), Color: st.Text, Alpha: 1, Label: Num(f.Lo)},
		Prim{Kind: Text, X0: x0, Y0: y1 + float64(2*s), Color: st.Text, Alpha: 1, Label: "step 0"},
	)
	last := "step " + itoa(p.Steps-1)
	return append(out, Prim{Kind: Text, X0: x1 - float64(7*s*len(last)), Y0: y1 + float64(2*s), Color: st.Text, Alpha: 1, Label: last})
}

func itoa(n int) string { return data.FormatExact(int64(n)) }

// band shades p10–p90 of each step with a sample as a column, and draws
// the median, min and max lines over it.
func band(out []Prim, b Band, f Frame, s int) []Prim {
	w := f.colWidth()
	for i, ok := range b.Has {
		if !ok {
			continue
		}
		x := f.X(i)
		out = append(out, Prim{Kind: Fill, X0: x - w/2, Y0: f.Y(b.P[8][i]), X1: x + w/2, Y1: f.Y(b.P[0][i]) + 1, Color: b.Color, Alpha: 0.35})
	}
	out = polyline(out, f, b.Has, func(i int) float64 { return float64(b.Min[i]) }, b.Color, 0.7, float64(s))
	out = polyline(out, f, b.Has, func(i int) float64 { return float64(b.Max[i]) }, b.Color, 0.7, float64(s))
	return polyline(out, f, b.Has, func(i int) float64 { return b.P[4][i] }, b.Color, 1, float64(2*s))
}

// polyline joins consecutive steps that both have a sample; a gap breaks
// the line, and a sample alone between gaps is a short flat mark.
func polyline(out []Prim, f Frame, has []bool, v func(int) float64, c data.RGB, alpha float32, width float64) []Prim {
	w := f.colWidth()
	for i, ok := range has {
		if !ok {
			continue
		}
		x, y := f.X(i), f.Y(v(i))
		if i+1 < len(has) && has[i+1] {
			out = append(out, Prim{Kind: Seg, X0: x, Y0: y, X1: f.X(i + 1), Y1: f.Y(v(i + 1)), Width: width, Color: c, Alpha: alpha})
		} else if i == 0 || !has[i-1] {
			out = append(out, Prim{Kind: Seg, X0: x - w/3, Y0: y, X1: x + w/3, Y1: y, Width: width, Color: c, Alpha: alpha})
		}
	}
	return out
}

// TextOn is black or white, whichever stands out on a background (the
// pictures' caption rule).
func TextOn(bg data.RGB) data.RGB {
	if 0.3*bg[0]+0.59*bg[1]+0.11*bg[2] > 0.5 {
		return data.RGB{0, 0, 0}
	}
	return data.RGB{1, 1, 1}
}

// key names the series above the data area, right of the title, each
// after a swatch of its colour.
func key(out []Prim, p *Plot, f Frame, s int) []Prim {
	x, y := float64(f.Area.Min.X+(len(p.Title)+3)*7*s), float64(f.Area.Min.Y-15*s)
	add := func(name string, c data.RGB) {
		out = append(out, Prim{Kind: Fill, X0: x, Y0: y + float64(2*s), X1: x + float64(10*s), Y1: y + float64(12*s), Color: c, Alpha: 1},
			Prim{Kind: Text, X0: x + float64(13*s), Y0: y, Color: c, Alpha: 1, Label: name})
		x += float64((len(name) + 4) * 7 * s)
	}
	for _, l := range p.Lines {
		add(l.Name, l.Color)
	}
	for _, b := range p.Bands {
		add(b.Name+" (p10-p90, median, min, max)", b.Color)
	}
	return out
}
