package scene

import "slices"

// Bundles is a reduced picture of a scene's links, drawn while the camera
// moves: the link lines (the first NumLinkCyls cylinders, one line each)
// whose ends fall in the same two cells of a uniform grid, and whose
// colour is the same, are drawn as one line between the mean positions of
// their ends.
type Bundles struct {
	// Ends holds two points per bundle: the mean of its lines' first ends,
	// then the mean of their other ends.
	Ends []Vec3
	// Color is each bundle's colour (that of all its lines).
	Color []Color
	// Count is how many link lines each bundle stands for; they add up to
	// the scene's NumLinkCyls.
	Count []int32
	// Cells is how many grid cells span the scene's longest side (0 when
	// there are no links).
	Cells int
}

// Len is the number of bundles.
func (b *Bundles) Len() int { return len(b.Count) }

// maxCells is the finest grid BundleLinks tries along the longest side.
const maxCells = 1024

// gridSizes are the grids BundleLinks tries, coarsest first: the powers
// of two up to maxCells and the sizes half way between (1.5 times each).
var gridSizes = func() []int {
	var g []int
	for c := 1; c <= maxCells; c *= 2 {
		g = append(g, c)
		if c >= 2 && c+c/2 < maxCells {
			g = append(g, c+c/2)
		}
	}
	return g
}()

// BundleLinks groups the scene's link lines into at most maxLines bundles
// (more only when lines of different colours share cells even in the
// coarsest grid), on the finest of gridSizes cells along the scene's
// longest side that gives so few. A scene with no more than maxLines link
// lines gets one bundle per line, unchanged.
func (s *Scene) BundleLinks(maxLines int) Bundles {
	n := s.NumLinkCyls
	if n == 0 {
		return Bundles{}
	}
	if n <= maxLines {
		return s.bundle(0)
	}
	// The number of bundles grows with the cells: binary search for the
	// finest grid that stays within maxLines.
	lo, hi := 0, len(gridSizes)-1 // indices into gridSizes
	best := s.bundle(gridSizes[0])
	for lo < hi {
		mid := (lo + hi + 1) / 2
		b := s.bundle(gridSizes[mid])
		if b.Len() <= maxLines {
			best, lo = b, mid
		} else {
			hi = mid - 1
		}
	}
	return best
}

// lineEnds are the two ends of link line i: its cylinder's base and top.
func (s *Scene) lineEnds(i int) (a, b Vec3) {
	x := s.Cylinders.Xf[i*12 : i*12+12]
	a = Vec3{x[3], x[7], x[11]}
	return a, a.Add(Vec3{x[2], x[6], x[10]})
}

// bundle groups the link lines on a grid of cells cells along the longest
// side; cells 0 means no grouping (a bundle per line).
func (s *Scene) bundle(cells int) Bundles {
	n := s.NumLinkCyls
	out := Bundles{Cells: cells}
	if cells == 0 {
		out.Ends = make([]Vec3, 0, 2*n)
		for i := 0; i < n; i++ {
			a, b := s.lineEnds(i)
			out.Ends = append(out.Ends, a, b)
			out.Color = append(out.Color, s.Cylinders.Color(i))
			out.Count = append(out.Count, 1)
		}
		return out
	}
	ext := s.Max.Sub(s.Min)
	size := max(ext[0], ext[1], ext[2]) / float32(cells)
	if size <= 0 {
		size = 1
	}
	cell := func(p Vec3) uint64 {
		var k uint64
		for d := 2; d >= 0; d-- {
			i := int((p[d] - s.Min[d]) / size)
			k = k*(maxCells+1) + uint64(min(max(i, 0), cells))
		}
		return k
	}
	const span = (maxCells + 1) * (maxCells + 1) * (maxCells + 1) // cell keys are below
	// A map from the two cells to the bundle for each colour (links have
	// few colours: the link colour and perhaps a highlight).
	var colors []Color
	var index []map[uint64]int32
	last := -1
	var sum []Vec3
	for i := 0; i < n; i++ {
		a, b := s.lineEnds(i)
		ka, kb := cell(a), cell(b)
		if kb < ka || (ka == kb && less(b, a)) {
			ka, kb, a, b = kb, ka, b, a
		}
		c := s.Cylinders.Color(i)
		if last < 0 || colors[last] != c {
			last = slices.Index(colors, c)
			if last < 0 {
				last = len(colors)
				colors = append(colors, c)
				index = append(index, make(map[uint64]int32))
			}
		}
		k := ka*span + kb
		j, ok := index[last][k]
		if !ok {
			j = int32(len(out.Count))
			index[last][k] = j
			sum = append(sum, Vec3{}, Vec3{})
			out.Color = append(out.Color, c)
			out.Count = append(out.Count, 0)
		}
		sum[2*j], sum[2*j+1] = sum[2*j].Add(a), sum[2*j+1].Add(b)
		out.Count[j]++
	}
	out.Ends = sum
	for j, c := range out.Count {
		out.Ends[2*j] = sum[2*j].Mul(1 / float32(c))
		out.Ends[2*j+1] = sum[2*j+1].Mul(1 / float32(c))
	}
	return out
}

// less orders points lexicographically (to orient lines within one cell).
func less(a, b Vec3) bool {
	for d := range a {
		if a[d] != b[d] {
			return a[d] < b[d]
		}
	}
	return false
}
