package routes_test

import (
	"reflect"
	"testing"

	"github.com/fabviz/fabviz/model"
	"github.com/fabviz/fabviz/routes"
	"github.com/fabviz/fabviz/routes/gen"
)

func TestTraceRing(t *testing.T) {
	m := ringText(t, model.Absolute)
	// 0 -> 47 west over s0.15 to s3 (entering on 13), out on 11; comments,
	// upper case, tabs, CRLF and a trailing comment are all fine.
	src := "# routes of node 0\n" + lines(48, map[int]string{47: "0F\t0b # west\r", 12: "0c 00"})
	set := routes.New(m, files{0: src}.open)
	hops, err := set.Trace(0, 47)
	if err != nil {
		t.Fatal(err)
	}
	want := []routes.Hop{{Switch: 0, In: 0, Out: 15}, {Switch: 3, In: 13, Out: 11}}
	if !reflect.DeepEqual(hops, want) {
		t.Errorf("hops %v, want %v", hops, want)
	}
	if hops, err := set.Trace(0, 0); err != nil || len(hops) != 0 {
		t.Errorf("route to itself: %v %v", hops, err)
	}
	if hops, err := set.Trace(0, 12); err != nil || len(hops) != 2 || hops[1] != (routes.Hop{Switch: 1, In: 14, Out: 0}) {
		t.Errorf("0->12: %v %v", hops, err)
	}
	b, err := set.Bytes(0, 47)
	if err != nil || !reflect.DeepEqual(b, []byte{0x0f, 0x0b}) {
		t.Errorf("bytes %x %v", b, err)
	}
}

func TestRelativeMatchesAbsolute(t *testing.T) {
	for _, mk := range []func(model.Encoding) (*gen.Fabric, error){
		func(e model.Encoding) (*gen.Fabric, error) { return gen.Ring(5, e) },
		func(e model.Encoding) (*gen.Fabric, error) { return gen.FatTree(4, 3, 3, 8, e) },
	} {
		abs, err := mk(model.Absolute)
		if err != nil {
			t.Fatal(err)
		}
		rel, err := mk(model.Relative)
		if err != nil {
			t.Fatal(err)
		}
		sa, sr := routes.New(abs.M, abs.Opener()), routes.New(rel.M, rel.Opener())
		differ := 0
		for s := abs.M.MinNode; s <= abs.M.MaxNode; s++ {
			for d := abs.M.MinNode; d <= abs.M.MaxNode; d++ {
				ha, err1 := sa.Trace(s, d)
				hr, err2 := sr.Trace(s, d)
				if err1 != nil || err2 != nil || !reflect.DeepEqual(ha, hr) {
					t.Fatalf("%d->%d: %v %v / %v %v", s, d, ha, err1, hr, err2)
				}
				ba, _ := sa.Bytes(s, d)
				br, _ := sr.Bytes(s, d)
				if !reflect.DeepEqual(ba, br) {
					differ++
				}
			}
		}
		if differ == 0 {
			t.Errorf("%s: relative bytes never differ from absolute ones", abs.M.Name)
		}
	}
}

func TestLazyLoading(t *testing.T) {
	f, err := gen.Torus([]int{16, 16, 16}, 4, model.Absolute) // 16,384 nodes
	if err != nil {
		t.Fatal(err)
	}
	opened := map[int]int{}
	open := f.Opener()
	set := routes.New(f.M, func(n int) (r routes.ReadCloser, name string, err error) {
		opened[n]++
		return open(n)
	})
	for _, d := range []int{16383, 5, 9000} {
		if _, err := set.Trace(7, d); err != nil {
			t.Fatal(err)
		}
	}
	if len(opened) != 1 || opened[7] != 1 {
		t.Errorf("tracing three routes of node 7 opened %v", opened)
	}
}

func TestBetween(t *testing.T) {
	f, err := gen.Ring(4, model.Absolute)
	if err != nil {
		t.Fatal(err)
	}
	set := routes.New(f.M, f.Opener())
	paths, err := set.Between(0, 2)
	if err != nil {
		t.Fatal(err)
	}
	total := 0
	for _, p := range paths {
		total += p.Routes
		if len(p.Hops) != 3 || p.Hops[0].In != -1 || p.Hops[2].Out != -1 {
			t.Errorf("path %v", p.Hops)
		}
	}
	// two parallel links: half the routes take each
	if len(paths) != 2 || total != 144 || paths[0].Routes != 72 {
		t.Errorf("%d paths, %d routes: %v", len(paths), total, paths)
	}
	// within one switch: one path of one hop; routes to itself are skipped
	paths, err = set.Between(1, 1)
	if err != nil || len(paths) != 1 || paths[0].Routes != 132 || len(paths[0].Hops) != 1 {
		t.Errorf("s1->s1: %v %v", paths, err)
	}
}

// Tracing and checking from many goroutines at once share the lazy cache.
func TestConcurrent(t *testing.T) {
	f, err := gen.Torus([]int{3, 3}, 2, model.Absolute)
	if err != nil {
		t.Fatal(err)
	}
	set := routes.New(f.M, f.Opener())
	done := make(chan error)
	for g := range 4 {
		go func() {
			for s := range 18 {
				if _, err := set.Trace((s+g)%18, 17-s); err != nil {
					done <- err
					return
				}
			}
			if r := set.Check(1); r.Bad != 0 {
				done <- r.Errors[0]
				return
			}
			done <- nil
		}()
	}
	for range 4 {
		if err := <-done; err != nil {
			t.Error(err)
		}
	}
}
