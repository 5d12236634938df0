package plot

import (
	"image"
	"testing"
)

// TestGapBreaksLine: a line over steps 0,1 _ 3 has one segment (0→1), a
// lone mark at 3, and nothing crossing step 2's column; StepAt inverts X.
func TestGapBreaksLine(t *testing.T) {
	p := &Plot{Steps: 4, Lines: []Line{{Name: "a", V: []int64{1, 2, 0, 4}, Has: []bool{true, true, false, true}}}}
	r := image.Rect(0, 0, 400, 200)
	f := NewFrame(p, r, 1)
	var segs []Prim
	for _, q := range Draw(p, r, 1, Style{}) {
		if q.Kind == Seg && q.Width == 2 {
			segs = append(segs, q)
		}
	}
	if len(segs) != 2 {
		t.Fatalf("%d line segments, want 2: %+v", len(segs), segs)
	}
	x2 := f.X(2)
	for _, q := range segs {
		if min(q.X0, q.X1) <= x2 && max(q.X0, q.X1) >= x2 {
			t.Errorf("a segment crosses the gap: %+v", q)
		}
	}
	for s := range 4 {
		if got, ok := f.StepAt(f.X(s), float64(f.Area.Min.Y+1)); !ok || got != s {
			t.Errorf("StepAt(X(%d)) = %d %v", s, got, ok)
		}
	}
	if _, ok := f.StepAt(float64(r.Min.X), 0); ok {
		t.Error("a point in the margin is a step")
	}
}
