package scene

import (
	"slices"
	"strings"
	"testing"

	"github.com/fabviz/fabviz/internal/testsupport/benchmodel"
	"github.com/fabviz/fabviz/internal/testsupport/fattree"
)

// fatTree128 is the network view of a 4,096-host fat tree (128 leaves, 64
// spines, 4,096 links).
func fatTree128(t *testing.T) *Scene {
	t.Helper()
	var b strings.Builder
	if err := (fattree.Shape{Leaves: 128}).WriteModel(&b); err != nil {
		t.Fatal(err)
	}
	return build(t, Input{Model: benchmodel.Parse("ft", b.String())})
}

// checkBundles checks what holds for any bundling of s: the counts add up
// to the link lines, every count is positive, and the bundles' ends
// weighted by their counts add up to the lines' ends (each bundle's ends
// are the means of its lines' ends).
func checkBundles(t *testing.T, s *Scene, b Bundles) {
	t.Helper()
	if len(b.Ends) != 2*b.Len() || len(b.Color) != b.Len() {
		t.Fatalf("%d bundles with %d ends and %d colours", b.Len(), len(b.Ends), len(b.Color))
	}
	total := 0
	var got, want [3]float64
	for j, c := range b.Count {
		if c <= 0 {
			t.Fatalf("bundle %d stands for %d lines", j, c)
		}
		total += int(c)
		for d := 0; d < 3; d++ {
			got[d] += float64(c) * float64(b.Ends[2*j][d]+b.Ends[2*j+1][d])
		}
	}
	if total != s.NumLinkCyls {
		t.Errorf("bundles stand for %d lines, the scene has %d", total, s.NumLinkCyls)
	}
	for i := 0; i < s.NumLinkCyls; i++ {
		a, e := s.lineEnds(i)
		for d := 0; d < 3; d++ {
			want[d] += float64(a[d] + e[d])
		}
	}
	for d := 0; d < 3; d++ {
		if diff := got[d] - want[d]; diff > 1e-3*float64(total) || diff < -1e-3*float64(total) {
			t.Errorf("axis %d: bundle ends sum to %.3f, the lines' to %.3f", d, got[d], want[d])
		}
	}
}

func TestBundleLinksFatTree(t *testing.T) {
	s := fatTree128(t)
	if s.NumLinkCyls < 4096 {
		t.Fatalf("%d link lines for 4,096 links", s.NumLinkCyls)
	}
	for _, most := range []int{1, 10, 100, 1000} {
		b := s.BundleLinks(most)
		checkBundles(t, s, b)
		if b.Len() > most && b.Cells > 1 {
			t.Errorf("at most %d: %d bundles on a grid of %d", most, b.Len(), b.Cells)
		}
		// The grid is the finest within the limit.
		if i := slices.Index(gridSizes, b.Cells); i < 0 {
			t.Errorf("at most %d: a grid of %d cells, not one of %v", most, b.Cells, gridSizes)
		} else if i+1 < len(gridSizes) {
			if finer := s.bundle(gridSizes[i+1]); finer.Len() <= most {
				t.Errorf("at most %d: %d cells give %d bundles, but %d cells give %d", most, b.Cells, b.Len(), gridSizes[i+1], finer.Len())
			}
		}
	}
	if b := s.BundleLinks(1000); b.Len() < 100 {
		t.Errorf("%d bundles for at most 1000: the grid is far coarser than it need be", b.Len())
	}
}

// With room for every line, each line is its own bundle, unchanged.
func TestBundleLinksKeepsFewLines(t *testing.T) {
	s := build(t, Input{Model: ring4(t)})
	b := s.BundleLinks(s.NumLinkCyls)
	checkBundles(t, s, b)
	if b.Len() != s.NumLinkCyls || b.Cells != 0 {
		t.Fatalf("%d lines → %d bundles (grid %d)", s.NumLinkCyls, b.Len(), b.Cells)
	}
	for i := 0; i < s.NumLinkCyls; i++ {
		a, e := s.lineEnds(i)
		if b.Ends[2*i] != a || b.Ends[2*i+1] != e || b.Count[i] != 1 || b.Color[i] != s.Cylinders.Color(i) {
			t.Errorf("line %d: bundle %v–%v ×%d %v, want %v–%v ×1", i, b.Ends[2*i], b.Ends[2*i+1], b.Count[i], b.Color[i], a, e)
		}
	}
	if b := (&Scene{}).BundleLinks(10); b.Len() != 0 {
		t.Errorf("no links: %d bundles", b.Len())
	}
}

// A line of another colour (a highlight) is never merged with the others.
func TestBundleLinksKeepsColoursApart(t *testing.T) {
	s := fatTree128(t)
	const odd = 17
	red := Color{1, 0, 0}
	copy(s.Cylinders.Col[3*odd:], red[:])
	b := s.BundleLinks(50)
	checkBundles(t, s, b)
	n := 0
	for j, c := range b.Color {
		if c != red {
			continue
		}
		n++
		a, e := s.lineEnds(odd)
		if b.Count[j] != 1 || !(near(b.Ends[2*j], a) && near(b.Ends[2*j+1], e) || near(b.Ends[2*j], e) && near(b.Ends[2*j+1], a)) {
			t.Errorf("the red line is bundle %d: ×%d %v–%v, want ×1 %v–%v", j, b.Count[j], b.Ends[2*j], b.Ends[2*j+1], a, e)
		}
	}
	if n != 1 {
		t.Errorf("%d red bundles, want 1", n)
	}
}
