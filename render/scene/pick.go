package scene

import (
	"math"

	"github.com/fabviz/fabviz/model"
)

// Hit is what a pick found: a port or a switch (Kind), at distance T.
type Hit struct {
	Kind   model.Kind // KindPort, KindSwitch or KindNone
	Port   model.PortRef
	Switch int
	T      float32
}

// reach is the radius around a switch centre that holds its cube and ports.
const reach = 0.87 + 2*maxPortSize*selectScale

// pickIndex is a uniform grid over the drawn switches; each cell lists the
// cubes (by index into Scene.Cubes) whose reach overlaps it.
type pickIndex struct {
	lo     Vec3
	cell   float32
	n      [3]int
	start  []int32 // by cell, into items; len cells+1
	items  []int32
	ports  []int32 // by cube: first sphere index; len cubes+1
	stamp  []uint32
	marker uint32
}

func newPickIndex(s *Scene) *pickIndex {
	ix := &pickIndex{lo: s.Min}
	nc := len(s.CubeSwitch)
	ix.ports = make([]int32, nc+1)
	si := 0
	for i, sw := range s.CubeSwitch {
		ix.ports[i] = int32(si)
		for si < len(s.SpherePort) && s.Model.SwitchOf(s.SpherePort[si]) == int(sw) {
			si++
		}
	}
	ix.ports[nc] = int32(si)
	ext := s.Max.Sub(s.Min)
	ix.cell = Pitch
	for {
		total := 1
		for k := 0; k < 3; k++ {
			ix.n[k] = max(1, int(math.Ceil(float64(ext[k]/ix.cell))))
			total *= ix.n[k]
		}
		if total <= 8*nc+64 {
			break
		}
		ix.cell *= 1.5
	}
	cells := ix.n[0] * ix.n[1] * ix.n[2]
	count := make([]int32, cells+1)
	ix.eachCell(s, func(_, c int) { count[c+1]++ })
	for i := 1; i <= cells; i++ {
		count[i] += count[i-1]
	}
	ix.start = count
	ix.items = make([]int32, count[cells])
	fill := make([]int32, cells)
	ix.eachCell(s, func(cube, c int) {
		ix.items[ix.start[c]+fill[c]] = int32(cube)
		fill[c]++
	})
	ix.stamp = make([]uint32, nc)
	return ix
}

func (ix *pickIndex) cellOf(p Vec3, k int) int {
	c := int(math.Floor(float64((p[k] - ix.lo[k]) / ix.cell)))
	return max(0, min(ix.n[k]-1, c))
}

// eachCell calls f for every (cube, cell) pair the cube's reach overlaps.
func (ix *pickIndex) eachCell(s *Scene, f func(cube, cell int)) {
	r := Vec3{reach, reach, reach}
	for i := range s.CubeSwitch {
		c := s.Cubes.Pos(i)
		a, b := c.Sub(r), c.Add(r)
		for z := ix.cellOf(a, 2); z <= ix.cellOf(b, 2); z++ {
			for y := ix.cellOf(a, 1); y <= ix.cellOf(b, 1); y++ {
				for x := ix.cellOf(a, 0); x <= ix.cellOf(b, 0); x++ {
					f(i, (z*ix.n[1]+y)*ix.n[0]+x)
				}
			}
		}
	}
}

// Pick returns the nearest port or switch the ray hits. A port wins over
// its own cube when both are hit, since a port sits on the cube's face.
func (s *Scene) Pick(r Ray) Hit {
	ix := s.index
	best := Hit{Kind: model.KindNone, Port: model.NoPort, Switch: -1, T: float32(math.Inf(1))}
	if ix == nil || len(s.CubeSwitch) == 0 {
		return best
	}
	t0, t1, ok := slab(r, ix.lo, ix.lo.Add(Vec3{float32(ix.n[0]), float32(ix.n[1]), float32(ix.n[2])}.Mul(ix.cell)))
	if !ok {
		return best
	}
	ix.marker++
	if ix.marker == 0 {
		clear(ix.stamp)
		ix.marker = 1
	}
	p := r.Origin.Add(r.Dir.Mul(t0))
	var cell, step [3]int
	var tMax, tDelta [3]float32
	for k := 0; k < 3; k++ {
		cell[k] = ix.cellOf(p, k)
		switch {
		case r.Dir[k] > 0:
			step[k] = 1
			tMax[k] = (ix.lo[k] + float32(cell[k]+1)*ix.cell - r.Origin[k]) / r.Dir[k]
			tDelta[k] = ix.cell / r.Dir[k]
		case r.Dir[k] < 0:
			step[k] = -1
			tMax[k] = (ix.lo[k] + float32(cell[k])*ix.cell - r.Origin[k]) / r.Dir[k]
			tDelta[k] = -ix.cell / r.Dir[k]
		default:
			tMax[k] = float32(math.Inf(1))
			tDelta[k] = tMax[k]
		}
	}
	for {
		c := (cell[2]*ix.n[1]+cell[1])*ix.n[0] + cell[0]
		for _, cube := range ix.items[ix.start[c]:ix.start[c+1]] {
			if ix.stamp[cube] != ix.marker {
				ix.stamp[cube] = ix.marker
				s.pickCube(r, int(cube), &best)
			}
		}
		k := 0
		if tMax[1] < tMax[k] {
			k = 1
		}
		if tMax[2] < tMax[k] {
			k = 2
		}
		if best.T <= tMax[k] || tMax[k] > t1 {
			return best
		}
		cell[k] += step[k]
		if cell[k] < 0 || cell[k] >= ix.n[k] {
			return best
		}
		tMax[k] += tDelta[k]
	}
}

// pickCube tests one switch's cube and port spheres, keeping the nearest hit.
func (s *Scene) pickCube(r Ray, cube int, best *Hit) {
	c := s.Cubes.Pos(cube)
	if _, ok := sphereHit(r, c, reach); !ok {
		return
	}
	sw := int(s.CubeSwitch[cube])
	for i := s.index.ports[cube]; i < s.index.ports[cube+1]; i++ {
		x := s.Spheres.Xf[i*12:]
		rad := Vec3{x[0], x[4], x[8]}.Len()
		if t, ok := sphereHit(r, s.Spheres.Pos(int(i)), rad); ok && t < best.T+rad {
			if best.Kind != model.KindPort || t < best.T {
				*best = Hit{Kind: model.KindPort, Port: s.SpherePort[i], Switch: sw, T: t}
			}
		}
	}
	f := s.Layout.Frame[sw]
	o := r.Origin.Sub(c)
	lr := Ray{Origin: Vec3{o.Dot(f.East), o.Dot(f.North), o.Dot(f.Top)},
		Dir: Vec3{r.Dir.Dot(f.East), r.Dir.Dot(f.North), r.Dir.Dot(f.Top)}}
	if t, _, ok := slab(lr, Vec3{-Half, -Half, -Half}, Vec3{Half, Half, Half}); ok && t < best.T {
		if best.Kind == model.KindPort && best.Switch == sw {
			return // the port on this cube's face stays the pick
		}
		*best = Hit{Kind: model.KindSwitch, Port: model.NoPort, Switch: sw, T: t}
	}
}

// sphereHit is the nearest non-negative ray parameter where r meets a sphere.
func sphereHit(r Ray, c Vec3, rad float32) (float32, bool) {
	oc := r.Origin.Sub(c)
	b := oc.Dot(r.Dir)
	disc := b*b - (oc.Dot(oc) - rad*rad)
	if disc < 0 {
		return 0, false
	}
	sq := float32(math.Sqrt(float64(disc)))
	t := -b - sq
	if t < 0 {
		t = -b + sq
	}
	return t, t >= 0
}

// slab clips a ray to an axis-aligned box, returning entry and exit.
func slab(r Ray, lo, hi Vec3) (t0, t1 float32, ok bool) {
	t0, t1 = 0, float32(math.Inf(1))
	for k := 0; k < 3; k++ {
		if r.Dir[k] == 0 {
			if r.Origin[k] < lo[k] || r.Origin[k] > hi[k] {
				return 0, 0, false
			}
			continue
		}
		a := (lo[k] - r.Origin[k]) / r.Dir[k]
		b := (hi[k] - r.Origin[k]) / r.Dir[k]
		if a > b {
			a, b = b, a
		}
		t0, t1 = max(t0, a), min(t1, b)
		if t0 > t1 {
			return 0, 0, false
		}
	}
	return t0, t1, true
}

// Locate is where a label's object is drawn: a port's centre or a switch's.
func (s *Scene) Locate(o model.Object) (Vec3, bool) {
	switch o.Kind {
	case model.KindPort, model.KindNode:
		if o.Port >= 0 && int(o.Port) < len(s.Layout.PortPos) {
			return s.Layout.PortPos[o.Port], true
		}
	case model.KindSwitch:
		if o.Switch >= 0 && o.Switch < len(s.Layout.Center) {
			return s.Layout.Center[o.Switch], true
		}
	}
	return Vec3{}, false
}
