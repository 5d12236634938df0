package view

import (
	"github.com/fabviz/fabviz/render/scene"
	"strconv"
)

// Mode is the display mode of §3.
type Mode uint8

const (
	Slice Mode = iota
	Running
	Total
)

var modeNames = [...]string{"slice", "running", "total"}

func (m Mode) String() string { return modeNames[m] }

// RouteReq is one requested route overlay: between two nodes (ids, host
// names or processor port labels, as written) or, with Switches set,
// between two switches.
type RouteReq struct {
	Switches bool
	A, B     string
	// Note says which port a host name of several ports stood for (its
	// first), "" when neither end is one; String shows it, and so the
	// route's caption.
	Note string
	// Offset is the LID offset of the destination a route goes to (0: its
	// base LID; forwarding tables with LMC k give offsets 0..2^k-1).
	Offset int
}

func (r RouteReq) String() string {
	if r.Switches {
		return "route-switches " + r.A + " " + r.B
	}
	s := "route " + r.A + " " + r.B
	if r.Offset > 0 {
		s += " " + strconv.Itoa(r.Offset)
	}
	if r.Note != "" {
		s += " (" + r.Note + ")"
	}
	return s
}

// Image size limits for snapshots.
const (
	MaxSide   = 16384
	MaxPixels = 64 << 20
)

// State is what the viewer shows.
type State struct {
	Layout   scene.LayoutKind
	Arrange  scene.Arrangement
	View     scene.ViewKind
	Step     int
	Mode     Mode
	HasRange bool // Range set by a `range` command (else the init file's)
	Range    [2]int64
	Hidden   map[int]bool // planes switched off
	Jobs     bool
	Routes   []RouteReq
	Select   string // label as given; "" = nothing selected
	Finding  string // the finding `diagnose N` shows, for the caption; "" = none
	Job      int64  // the selected job (`select job N`); 0 = none
	Plot     bool   // the time-series plot drawn into snapshots (`plot on`)
	// JobRoutes: the links the jobs' routes use drawn in the jobs' colours
	// (`job-routes on`)
	JobRoutes bool
	NoLegend  bool // `legend off`: pictures without the legend
	// Pins are labels whose series the plot shows beside the selection's
	// (`plot add LABEL`; `plot clear` empties it)
	Pins   []string
	Camera scene.Camera
	Width  int
	Height int
}

// NewState is the state before any command: planar network view, step 0,
// slice mode, every plane shown, fitted default camera, 1280×800.
func NewState() State {
	return State{Hidden: map[int]bool{}, Camera: scene.DefaultCamera(), Width: 1280, Height: 800}
}

// HiddenPlanes is the hidden-plane flags for a model of n planes.
func (s *State) HiddenPlanes(n int) []bool {
	out := make([]bool, n)
	any := false
	for p := range out {
		out[p] = s.Hidden[p]
		any = any || out[p]
	}
	if !any {
		return nil
	}
	return out
}
