package data

import "testing"

// Slices from slabs are zero, of the asked length and capacity, and never
// overlap, also when a request does not fit the current slab.
func TestSlabsDisjoint(t *testing.T) {
	sl := newSlabs(3 * slabMin / 2)
	sizes := []int{10, slabMin, slabMin / 2, 7, slabMin + 3, 0, 1}
	var got [][]int32
	for i, n := range sizes {
		v := sl.int32s(n)
		if len(v) != n || cap(v) != n {
			t.Fatalf("request %d: len %d cap %d, want %d", n, len(v), cap(v), n)
		}
		for j, x := range v {
			if x != 0 {
				t.Fatalf("request %d: value %d is %d, want 0", n, j, x)
			}
		}
		for j := range v {
			v[j] = int32(i + 1)
		}
		got = append(got, v)
	}
	for i, v := range got {
		for j, x := range v {
			if x != int32(i+1) {
				t.Fatalf("request %d overwritten at %d: %d", i, j, x)
			}
		}
	}
	if v := (*slabs)(nil).int32s(5); len(v) != 5 {
		t.Fatalf("nil slabs: len %d", len(v))
	}
}
