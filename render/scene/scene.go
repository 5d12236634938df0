package scene

import (
	"github.com/fabviz/fabviz/data"
	"github.com/fabviz/fabviz/model"
)

// Color is data.RGB: red, green, blue in [0,1]. The scene takes the data's
// colours as they are, with no conversion.
type Color = data.RGB

// NoJob marks, in a job colour slice, a port that runs no job.
var NoJob = Color{-1, -1, -1}

// White is the colour of ports before data is loaded.
var White = Color{1, 1, 1}

// ViewKind says which ports are shown.
type ViewKind uint8

const (
	// Network shows switches, network ports and links.
	Network ViewKind = iota
	// Processor shows switches and processor ports.
	Processor
)

func (v ViewKind) String() string {
	if v == Processor {
		return "processor"
	}
	return "network"
}

// Style holds the colours that are not data: FORMATS.md §4's switch, link,
// route and background colours, plus the highlight of a selection.
type Style struct {
	Switch, Link, Route, Background, Select Color
}

// DefaultStyle is the look with no initialisation file.
var DefaultStyle = Style{
	Switch:     Color{0.6, 0.6, 0.6},
	Link:       Color{0.8, 0.8, 0.8},
	Route:      Color{0, 1, 0},
	Background: Color{0, 0, 0},
	Select:     Color{0, 1, 1}, // cyan: no default colour map, range or route colour
}

// Route is one overlaid route: the ports it passes through in order (the
// source's processor port, then for every hop the exit port and the next
// switch's entry port, ending at the destination's processor port).
type Route struct {
	Ports []model.PortRef
	Color Color
	// Lane of Lanes: routes of several jobs over one link are drawn side
	// by side, each shifted off the link's axis to its lane (Lanes 0 or 1:
	// on the axis).
	Lane, Lanes int
}

// Input is everything a scene is built from. Slices indexed by PortRef or
// switch may be nil, meaning the default named on each field.
type Input struct {
	Model  *model.Model
	Layout *Layout // from NewLayout for Model; nil = built here (planar or Kind)
	Kind   LayoutKind
	// Arrange is used with Kind when the layout is built here.
	Arrange Arrangement
	View    ViewKind
	Hidden  []bool // by plane: true = hidden; nil = all planes shown
	// HasData says, by switch, whether any of its ports has data; switches
	// without data are not drawn. nil = every switch is drawn.
	HasData []bool
	// PortColors are the data colours by PortRef; nil = no parameter data
	// (ports white).
	PortColors []Color
	// JobColors are job colours by PortRef (NoJob where no job runs); nil =
	// jobs not shown. With PortColors too, jobs are drawn as shallow boxes at
	// the processor ports' bases; alone, they colour the ports themselves.
	JobColors []Color
	Routes    []Route
	// Select is the highlighted object (Kind KindNone for none).
	Select model.Object
	// SelectAlso are further ports highlighted with Select's: the other
	// ports of a selected host that has several.
	SelectAlso []model.PortRef
	Style      Style
}

// Batch is the instance data of one kind of primitive: per instance, a 3×4
// row-major affine transform (12 floats) and an RGB colour (3 floats).
type Batch struct {
	Xf  []float32
	Col []float32
}

// Len is the number of instances.
func (b *Batch) Len() int { return len(b.Col) / 3 }

func (b *Batch) add(f Frame, scale Vec3, at Vec3, c Color) {
	x, y, z := f.East.Mul(scale[0]), f.North.Mul(scale[1]), f.Top.Mul(scale[2])
	b.Xf = append(b.Xf,
		x[0], y[0], z[0], at[0],
		x[1], y[1], z[1], at[1],
		x[2], y[2], z[2], at[2])
	b.Col = append(b.Col, c[0], c[1], c[2])
}

// Pos is the translation of instance i.
func (b *Batch) Pos(i int) Vec3 { return Vec3{b.Xf[i*12+3], b.Xf[i*12+7], b.Xf[i*12+11]} }

// Color is the colour of instance i.
func (b *Batch) Color(i int) Color { return Color{b.Col[i*3], b.Col[i*3+1], b.Col[i*3+2]} }

// Scene is a built scene: instance batches plus what is needed to recolour
// and pick them.
type Scene struct {
	Model  *model.Model
	Layout *Layout
	// Cubes are switch cubes (unit cube centred on the origin); CubeSwitch
	// names the switch of each.
	Cubes      Batch
	CubeSwitch []int32
	// Spheres are port spheres (unit sphere) first, SpherePort naming the
	// port of each, then route joints.
	Spheres    Batch
	SpherePort []model.PortRef
	// Boxes are job boxes (unit cube centred on the origin); BoxPort names
	// the processor port of each.
	Boxes   Batch
	BoxPort []model.PortRef
	// Cylinders are links and routes (unit cylinder, radius 1, z from 0 to 1).
	Cylinders Batch
	// NumLinks is how many leading cylinders are links (the rest: routes).
	NumLinkCyls int

	Min, Max Vec3 // bounds of everything drawn (or of the layout if nothing)
	style    Style
	jobsOnly bool
	index    *pickIndex
}

// Segment radii and the size of job boxes.
const (
	LinkRadius  = 0.025
	RouteRadius = 0.06
	boxDepth    = 0.04
	selectScale = 1.8
)
