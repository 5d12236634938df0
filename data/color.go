package data

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// RGB is a colour with components red, green, blue in [0,1]. It is the
// one colour type of the project: render/scene.Color is the same type.
type RGB [3]float32

// Fixed colours of §3.
var (
	White = RGB{1, 1, 1} // every port when no data is loaded
	Blue  = RGB{0, 0, 1} // MIN in the §3 map
	Red   = RGB{1, 0, 0} // MAX in the §3 map
)

// ColorMap maps a position t in [0,1] of the range of interest to a colour.
type ColorMap struct {
	Name   string
	linear bool  // the §3 map (t, 0, 1−t), computed exactly
	stops  []RGB // otherwise: evenly spaced stops, interpolated
	lut    [lutSize]RGB
}

const lutSize = 1024

// Linear is the map of FORMATS.md §3: MIN pure blue, MAX pure red, (t,0,1−t)
// in between.
var Linear = &ColorMap{Name: "linear", linear: true}

// Viridis is a perceptually uniform sequential map (dark purple → yellow),
// readable by colour-blind viewers and in grey.
var Viridis = newStopMap("viridis", "440154 472c7a 3b518b 2c718e 21908d 27ad81 5cc863 aadc32 fde725")

// Diverging is a blue–grey–red diverging map with a light neutral middle,
// for values around a centre of interest.
var Diverging = newStopMap("diverging", "3b4cc0 7396f5 b0cbfc dcdddd f6bfa6 ea7b60 b40426")

// ColorMaps lists the maps by name.
var ColorMaps = []*ColorMap{Linear, Viridis, Diverging}

// ColorMapByName finds a map by name.
func ColorMapByName(name string) (*ColorMap, bool) {
	for _, c := range ColorMaps {
		if c.Name == name {
			return c, true
		}
	}
	return nil, false
}

func newStopMap(name, hexes string) *ColorMap {
	cm := &ColorMap{Name: name}
	for i := 0; i+6 <= len(hexes); i += 7 {
		v, _ := strconv.ParseUint(hexes[i:i+6], 16, 32)
		cm.stops = append(cm.stops, RGB{float32(v>>16) / 255, float32(v>>8&255) / 255, float32(v&255) / 255})
	}
	for i := range cm.lut {
		cm.lut[i] = cm.interp(float64(i) / (lutSize - 1))
	}
	return cm
}

func (cm *ColorMap) interp(t float64) RGB {
	x := t * float64(len(cm.stops)-1)
	k := min(int(x), len(cm.stops)-2)
	f := float32(x - float64(k))
	a, b := cm.stops[k], cm.stops[k+1]
	return RGB{a[0] + (b[0]-a[0])*f, a[1] + (b[1]-a[1])*f, a[2] + (b[2]-a[2])*f}
}

// At is the colour at t in [0,1] (clamped).
func (cm *ColorMap) At(t float64) RGB {
	t = math.Max(0, math.Min(1, t))
	if cm.linear {
		return RGB{float32(t), 0, float32(1 - t)}
	}
	return cm.lut[int(t*(lutSize-1)+0.5)]
}

// Scale colours values: a range of interest [Min, Max], a map and the
// colours outside it. Build one with NewScale.
type Scale struct {
	Min, Max int64
	Map      *ColorMap
	Below    RGB     // values below Min
	Above    RGB     // values above Max
	NoData   RGB     // gaps (`-`)
	inv      float64 // 1/(Max−Min), 0 when Min = Max
	exact    bool    // Max−Min fits an int64: the fast conversions are exact
}

// NewScale checks the range and returns a Scale. A nil map is Linear.
func NewScale(lo, hi int64, cm *ColorMap, c Colors) (*Scale, error) {
	if lo > hi {
		return nil, fmt.Errorf("range %d %d: minimum above maximum", lo, hi)
	}
	if cm == nil {
		cm = Linear
	}
	sc := &Scale{Min: lo, Max: hi, Map: cm, Below: c.Below, Above: c.Above, NoData: c.NoData}
	if span := uint64(hi) - uint64(lo); span > 0 {
		sc.inv = 1 / float64(span)
		sc.exact = span <= math.MaxInt64
	}
	return sc, nil
}

// T is the position of v in the range, (v−Min)/(Max−Min): 0 at Min, 1 at
// Max, 0 when Min = Max. It is computed in float64 as (v−Min)·(1/(Max−Min)),
// the differences exact even across the whole int64 range.
func (sc *Scale) T(v int64) float64 {
	if sc.exact {
		return float64(int64(uint64(v)-uint64(sc.Min))) * sc.inv
	}
	return float64(uint64(v)-uint64(sc.Min)) * sc.inv
}

// Color is the colour of a value. For the linear map the red part is T(v)
// and the blue part (Max−v)/(Max−Min), which is 1−t without the rounding
// of a subtraction, both rounded to float32: Min is exactly (0,0,1), Max
// exactly (1,0,0).
func (sc *Scale) Color(v int64) RGB {
	if v < sc.Min {
		return sc.Below
	}
	if v > sc.Max {
		return sc.Above
	}
	if sc.Map.linear {
		if sc.inv == 0 {
			return Blue
		}
		if sc.exact {
			return RGB{float32(float64(int64(uint64(v)-uint64(sc.Min))) * sc.inv), 0,
				float32(float64(int64(uint64(sc.Max)-uint64(v))) * sc.inv)}
		}
		return RGB{float32(float64(uint64(v)-uint64(sc.Min)) * sc.inv), 0,
			float32(float64(uint64(sc.Max)-uint64(v)) * sc.inv)}
	}
	return sc.Map.lut[int(sc.T(v)*(lutSize-1)+0.5)]
}

// Tick is one labelled mark of a legend.
type Tick struct {
	Value int64
	Pos   float64 // 0 at Min, 1 at Max
	Label string
	Color RGB
}

// Legend is the one legend model: what the headless picture and the
// window both draw next to the scene. It holds a colour bar from Min to
// Max, sampled evenly in Bar, its ticks, the three special colours, and,
// filled by the application core, a title (counter and unit), the display
// mode and the jobs shown. A legend with no Bar lists jobs only.
type Legend struct {
	Title, Mode          string
	Map                  string
	Min, Max             int64
	Bar                  []RGB
	Ticks                []Tick
	Below, Above, NoData RGB
	Jobs                 []LegendJob
}

// LegendJob is one entry of a legend's job list.
type LegendJob struct {
	ID    int64
	Color RGB
}

// Legend describes the scale with a colour bar of samples colours and
// about ticks "nice" tick marks (1, 2 or 5 × 10^k apart), always including
// Min and Max.
func (sc *Scale) Legend(samples, ticks int) Legend {
	lg := Legend{Map: sc.Map.Name, Min: sc.Min, Max: sc.Max, Below: sc.Below, Above: sc.Above, NoData: sc.NoData}
	samples = max(samples, 2)
	for i := range samples {
		lg.Bar = append(lg.Bar, sc.Map.At(float64(i)/float64(samples-1)))
	}
	add := func(v int64) {
		lg.Ticks = append(lg.Ticks, Tick{Value: v, Pos: sc.T(v), Label: FormatValue(v), Color: sc.Color(v)})
	}
	add(sc.Min)
	if sc.inv > 0 {
		step := niceStep(float64(uint64(sc.Max)-uint64(sc.Min)), max(ticks, 2))
		first := math.Ceil(float64(sc.Min)/step) * step
		for x := first; x < float64(sc.Max); x += step {
			v := int64(x)
			// keep interior ticks clear of the ends
			if sc.T(v) > 0.05 && sc.T(v) < 0.95 {
				add(v)
			}
		}
		add(sc.Max)
	}
	return lg
}

// niceStep is a 1, 2 or 5 × 10^k spacing giving at most about n ticks over
// span (at least 1: values are integers).
func niceStep(span float64, n int) float64 {
	raw := span / float64(n)
	mag := math.Pow(10, math.Floor(math.Log10(raw)))
	for _, f := range []float64{1, 2, 5, 10} {
		if f*mag >= raw {
			return math.Max(1, f*mag)
		}
	}
	return math.Max(1, 10*mag)
}

// FormatValue writes a value briefly: as is below 10,000, else with an SI
// suffix and three significant digits (15000 → "15k", 1234567 → "1.23M",
// 999997 → "1M"). It is for tick labels; FormatExact is for a value read.
func FormatValue(v int64) string {
	a := math.Abs(float64(v))
	if a < 1e4 {
		return strconv.FormatInt(v, 10)
	}
	sfx := []string{"k", "M", "G", "T", "P", "E"}
	i := min(int(math.Log10(a))/3-1, len(sfx)-1)
	x := float64(v) / math.Pow(1000, float64(i+1))
	if r, _ := strconv.ParseFloat(strconv.FormatFloat(x, 'g', 3, 64), 64); math.Abs(r) >= 1000 && i < len(sfx)-1 {
		i, x = i+1, x/1000 // 999.997k rounds to 1000k: say 1M
	}
	return strconv.FormatFloat(x, 'g', 3, 64) + sfx[i]
}

// FormatExact writes a value in full with thousands separators
// (76363 → "76,363"): what a reader compares against a file.
func FormatExact(v int64) string {
	s := strconv.FormatInt(v, 10)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	if neg {
		return "-" + b.String()
	}
	return b.String()
}
