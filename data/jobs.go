package data

import (
	"fmt"
	"math"
	"slices"

	"github.com/fabviz/fabviz/internal/textio"
)

// CheckJobs checks that a job series fits a parameter series: the same
// number of steps (§3). The error names the job file's first data line.
func CheckJobs(param, job *Series) error {
	if param.steps != job.steps {
		line := 0
		if len(job.colLine) > 0 {
			line = int(job.colLine[0])
		}
		return textio.ErrorList{textio.Errorf(job.File, line, "%d steps, but the parameter file %s has %d", job.steps, param.File, param.steps)}
	}
	return nil
}

func sortedKeys(m map[int64]bool) []int64 {
	out := make([]int64, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// JobPalette gives every job a colour: drawn at random from the job id and
// a seed (so the same id and seed give the same colour in every run), kept
// clear of the colours to avoid (below, above, no data, background) and, as
// far as the colour space allows, of the window jobs before it in id order
// (a bounded window keeps a palette of thousands of jobs quick to build).
type JobPalette struct {
	Seed   uint64
	colors map[int64]RGB
	avoid  []RGB
}

// Distances in RGB space (0..√3): a job colour stays at least minAvoid from
// the avoided colours and tries for minApart from other jobs.
const (
	minAvoid = 0.3
	minApart = 0.35
	draws    = 32
	window   = 48
)

// NewJobPalette builds the palette of a set of jobs. Ids are taken in
// increasing order, so the palette depends only on the set, the seed and
// the avoided colours.
func NewJobPalette(ids []int64, seed uint64, avoid ...RGB) *JobPalette {
	jp := &JobPalette{Seed: seed, colors: map[int64]RGB{}, avoid: avoid}
	ids = slices.Clone(ids)
	slices.Sort(ids)
	var taken []RGB
	for _, id := range ids {
		if _, dup := jp.colors[id]; dup || id == 0 {
			continue
		}
		c := jp.pick(id, taken[max(0, len(taken)-window):])
		jp.colors[id] = c
		taken = append(taken, c)
	}
	return jp
}

// pick draws candidates for a job and keeps the first far enough from the
// avoided and taken colours, else the one farthest from the taken ones.
func (jp *JobPalette) pick(id int64, taken []RGB) RGB {
	var best RGB
	bestD := -1.0
	for k := uint64(0); k < draws; k++ {
		c := drawColor(id, jp.Seed, k)
		if nearest(c, jp.avoid) < minAvoid {
			continue
		}
		d := nearest(c, taken)
		if d >= minApart {
			return c
		}
		if d > bestD {
			best, bestD = c, d
		}
	}
	if bestD < 0 { // every draw too near an avoided colour: take the farthest
		for k := uint64(0); k < draws; k++ {
			c := drawColor(id, jp.Seed, k)
			if d := nearest(c, jp.avoid); d > bestD {
				best, bestD = c, d
			}
		}
	}
	return best
}

// Color is a job's colour; ids not in the palette get their first draw kept
// clear of the avoided colours. 0 (no job) has no colour: ok is false.
func (jp *JobPalette) Color(id int64) (RGB, bool) {
	if id == 0 {
		return RGB{}, false
	}
	if c, ok := jp.colors[id]; ok {
		return c, true
	}
	return jp.pick(id, nil), true
}

func nearest(c RGB, set []RGB) float64 {
	d := math.Inf(1)
	for _, o := range set {
		d = math.Min(d, dist(c, o))
	}
	return d
}

func dist(a, b RGB) float64 {
	dr, dg, db := float64(a[0]-b[0]), float64(a[1]-b[1]), float64(a[2]-b[2])
	return math.Sqrt(dr*dr + dg*dg + db*db)
}

// drawColor is the k-th random colour of a job: a hue from a hash of the
// id and seed, with a saturation and value high enough to read as a colour.
func drawColor(id int64, seed, k uint64) RGB {
	h := splitmix(splitmix(uint64(id)^seed*0x9e3779b97f4a7c15) + k)
	hue := float64(h>>40) / (1 << 24)
	sat := 0.55 + 0.45*float64(h>>20&0xfffff)/(1<<20)
	val := 0.7 + 0.3*float64(h&0xfffff)/(1<<20)
	return hsv(hue, sat, val)
}

func splitmix(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ x>>30) * 0xbf58476d1ce4e5b9
	x = (x ^ x>>27) * 0x94d049bb133111eb
	return x ^ x>>31
}

func hsv(h, s, v float64) RGB {
	h6 := h * 6
	i := int(h6) % 6
	f := h6 - math.Floor(h6)
	p, q, t := v*(1-s), v*(1-s*f), v*(1-s*(1-f))
	var r, g, b float64
	switch i {
	case 0:
		r, g, b = v, t, p
	case 1:
		r, g, b = q, v, p
	case 2:
		r, g, b = p, v, t
	case 3:
		r, g, b = p, q, v
	case 4:
		r, g, b = t, p, v
	default:
		r, g, b = v, p, q
	}
	return RGB{float32(r), float32(g), float32(b)}
}

func (c RGB) String() string { return fmt.Sprintf("(%.3g,%.3g,%.3g)", c[0], c[1], c[2]) }
