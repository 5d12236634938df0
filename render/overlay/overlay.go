package overlay

import (
	"fmt"
	"image"
	"image/color"
	"image/draw"

	"golang.org/x/image/font"
	"golang.org/x/image/font/basicfont"
	"golang.org/x/image/math/fixed"

	"github.com/fabviz/fabviz/data"
	"github.com/fabviz/fabviz/render/scene"
)

const maxJobsListed = 8

var face = basicfont.Face7x13

// Scale is the text magnification used for an image: 1 up to 800 pixels
// high, one more for every further 600.
func Scale(img image.Image) int {
	return 1 + max(0, img.Bounds().Dy()-200)/600
}

// Draw puts the caption lines and, when leg is not nil, the legend on img.
func Draw(img *image.RGBA, caption []string, leg *data.Legend, fg scene.Color) {
	s := Scale(img)
	ink := rgba(fg)
	y := 4 * s
	for _, line := range caption {
		Text(img, 6*s, y, line, ink, s)
		y += 15 * s
	}
	if leg != nil {
		drawLegend(img, leg, ink, s)
	}
}

// TextColor is black or white, whichever stands out on the background.
func TextColor(bg scene.Color) scene.Color {
	if 0.3*bg[0]+0.59*bg[1]+0.11*bg[2] > 0.5 {
		return scene.Color{0, 0, 0}
	}
	return scene.Color{1, 1, 1}
}

// legendSize is the width and height of the legend's box at scale s,
// margins included.
func legendSize(leg *data.Legend, s int) (w, h int) {
	barW, barH, sw := 180*s, 12*s, 12*s
	lines := 3 + min(len(leg.Jobs), maxJobsListed+1)
	return barW + 2*sw + 16*s, (lines*15 + barH + 10) * s
}

// SceneInset is the part of a w×h picture the scene is drawn into so that
// neither the caption (lines of text at the top left) nor the legend ever
// covers it: the picture less the caption's rows at the top and less a
// strip beside or above the legend, whichever keeps more.
func SceneInset(w, h, captionLines int, leg *data.Legend) image.Rectangle {
	all := image.Rect(0, 0, w, h)
	s := Scale(all)
	top := 0
	if captionLines > 0 {
		top = (4 + 15*captionLines) * s
	}
	if top >= h/2 {
		top = 0 // a picture too small for both: the scene wins
	}
	in := image.Rect(0, top, w, h)
	if leg == nil {
		return in
	}
	lw, lh := legendSize(leg, s)
	if lw >= w || lh >= in.Dy() {
		return in
	}
	if lw*in.Dy() <= lh*w {
		return image.Rect(0, top, w-lw, h) // a strip on the right costs less
	}
	return image.Rect(0, top, w, h-lh)
}

func drawLegend(img *image.RGBA, leg *data.Legend, ink color.RGBA, s int) {
	b := img.Bounds()
	barW, barH, sw := 180*s, 12*s, 12*s
	lw, lh := legendSize(leg, s)
	x0 := b.Max.X - lw
	y0 := b.Max.Y - lh
	if leg.Title != "" || leg.Mode != "" {
		Text(img, x0, y0, fmt.Sprintf("%s  [%s]", leg.Title, leg.Mode), ink, s)
	}
	y := y0 + 16*s
	if len(leg.Bar) >= 2 {
		fill(img, image.Rect(x0, y, x0+sw, y+barH), leg.Below)
		for i := 0; i < barW; i++ {
			t := float64(i) / float64(barW-1) * float64(len(leg.Bar)-1)
			fill(img, image.Rect(x0+sw+s+i, y, x0+sw+s+i+1, y+barH), lerp(leg.Bar, t))
		}
		fill(img, image.Rect(x0+sw+2*s+barW, y, x0+2*sw+2*s+barW, y+barH), leg.Above)
		y += barH + 2*s
		lo, hi := data.FormatExact(leg.Min), data.FormatExact(leg.Max)
		Text(img, x0+sw, y, lo, ink, s)
		Text(img, x0+sw+barW-Width(hi, s), y, hi, ink, s)
		y += 15 * s
	}
	for i, j := range leg.Jobs {
		if i == maxJobsListed {
			Text(img, x0, y, fmt.Sprintf("... %d more jobs", len(leg.Jobs)-i), ink, s)
			break
		}
		fill(img, image.Rect(x0, y+2*s, x0+sw, y+2*s+10*s), j.Color)
		Text(img, x0+sw+4*s, y, fmt.Sprintf("job %d", j.ID), ink, s)
		y += 15 * s
	}
}

// lerp samples a ramp at fractional index t.
func lerp(r []scene.Color, t float64) scene.Color {
	i := min(int(t), len(r)-2)
	f := float32(t - float64(i))
	a, b := r[i], r[i+1]
	return scene.Color{a[0] + (b[0]-a[0])*f, a[1] + (b[1]-a[1])*f, a[2] + (b[2]-a[2])*f}
}

func rgba(c scene.Color) color.RGBA {
	ch := func(v float32) uint8 { return uint8(max(0, min(1, v))*255 + 0.5) }
	return color.RGBA{ch(c[0]), ch(c[1]), ch(c[2]), 255}
}

func fill(img *image.RGBA, r image.Rectangle, c scene.Color) {
	draw.Draw(img, r, image.NewUniform(rgba(c)), image.Point{}, draw.Src)
}

// Width is the width in pixels of text at a scale.
func Width(text string, s int) int { return font.MeasureString(face, text).Ceil() * s }

// Text draws one line with its top-left corner at (x, y), magnified s times.
func Text(img *image.RGBA, x, y int, text string, ink color.RGBA, s int) {
	w := font.MeasureString(face, text).Ceil()
	if w == 0 {
		return
	}
	mask := image.NewAlpha(image.Rect(0, 0, w, face.Height))
	d := font.Drawer{Dst: mask, Src: image.Opaque, Face: face, Dot: fixed.P(0, face.Ascent)}
	d.DrawString(text)
	src := image.NewUniform(ink)
	for my := 0; my < face.Height; my++ {
		for mx := 0; mx < w; mx++ {
			if mask.AlphaAt(mx, my).A == 0 {
				continue
			}
			r := image.Rect(x+mx*s, y+my*s, x+(mx+1)*s, y+(my+1)*s)
			draw.DrawMask(img, r, src, image.Point{}, image.NewUniform(mask.AlphaAt(mx, my)), image.Point{}, draw.Over)
		}
	}
}
