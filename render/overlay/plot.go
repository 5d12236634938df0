package overlay

import (
	"image"
	"image/color"
	"math"

	"github.com/fabviz/fabviz/render/plot"
)

// Raster paints a plot's primitives (plot.Draw) into a picture at text scale s (the
// headless front end's plot; the window paints the same list with imgui).
func Raster(img *image.RGBA, prims []plot.Prim, s int) {
	for _, p := range prims {
		switch p.Kind {
		case plot.Fill:
			r := image.Rect(int(math.Round(p.X0)), int(math.Round(p.Y0)), int(math.Round(p.X1)), int(math.Round(p.Y1)))
			blendRect(img, r.Canon(), p)
		case plot.Seg:
			segment(img, p)
		case plot.Text:
			Text(img, int(p.X0), int(p.Y0), p.Label, primRGBA(p), s)
		}
	}
}

func primRGBA(p plot.Prim) color.RGBA {
	ch := func(v float32) uint8 { return uint8(max(0, min(1, v))*255 + 0.5) }
	return color.RGBA{ch(p.Color[0]), ch(p.Color[1]), ch(p.Color[2]), 255}
}

func blendRect(img *image.RGBA, r image.Rectangle, p plot.Prim) {
	r = r.Intersect(img.Bounds())
	c := primRGBA(p)
	a := float64(max(0, min(1, p.Alpha)))
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			o := img.RGBAAt(x, y)
			mix := func(n, b uint8) uint8 { return uint8(float64(n)*a + float64(b)*(1-a) + 0.5) }
			img.SetRGBA(x, y, color.RGBA{mix(c.R, o.R), mix(c.G, o.G), mix(c.B, o.B), 255})
		}
	}
}

// segment paints a line as squares of its width along it.
func segment(img *image.RGBA, p plot.Prim) {
	dx, dy := p.X1-p.X0, p.Y1-p.Y0
	n := int(math.Ceil(math.Max(math.Abs(dx), math.Abs(dy)))) + 1
	half := math.Max(p.Width, 1) / 2
	for i := 0; i <= n; i++ {
		t := float64(i) / float64(n)
		x, y := p.X0+t*dx, p.Y0+t*dy
		r := image.Rect(int(math.Floor(x-half+0.5)), int(math.Floor(y-half+0.5)), int(math.Floor(x+half+0.5)), int(math.Floor(y+half+0.5)))
		if r.Dx() == 0 {
			r.Max.X++
		}
		if r.Dy() == 0 {
			r.Max.Y++
		}
		blendRect(img, r, plot.Prim{Color: p.Color, Alpha: p.Alpha})
	}
}

// StackPlot returns the picture with a plot strip of height h below it: the
// headless snapshot with `plot on`.
func StackPlot(top *image.RGBA, p *plot.Plot, h int, st plot.Style) *image.RGBA {
	b := top.Bounds()
	out := image.NewRGBA(image.Rect(0, 0, b.Dx(), b.Dy()+h))
	for y := 0; y < b.Dy(); y++ {
		copy(out.Pix[y*out.Stride:y*out.Stride+4*b.Dx()], top.Pix[y*top.Stride:y*top.Stride+4*b.Dx()])
	}
	s := Scale(top)
	r := image.Rect(0, b.Dy(), b.Dx(), b.Dy()+h)
	Raster(out, plot.Draw(p, r, s, st), s)
	return out
}

// PlotImage is a plot alone as a w×h picture (`export plot PATH.png`).
func PlotImage(p *plot.Plot, w, h int, st plot.Style) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	s := Scale(img)
	Raster(img, plot.Draw(p, img.Bounds(), s, st), s)
	return img
}
