package collect

import (
	"context"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/fabviz/fabviz/internal/testsupport/ibsimtest"
)

func TestParseLinkInfo(t *testing.T) {
	b, err := os.ReadFile("../testdata/fixtures/ibsim/fattree-2spine-4leaf-16hca/out.iblinkinfo_loadcache")
	if err != nil {
		t.Fatal(err)
	}
	links, err := ParseLinkInfo(b)
	if err != nil {
		t.Fatal(err)
	}
	leaf04 := links[0x200005]
	if len(links) != 6 || leaf04[1] != (PortLink{4, 4, 2500}) || leaf04[5] != (PortLink{State: 1}) {
		t.Errorf("%d switches; leaf04 port 1 %+v, port 5 %+v", len(links), leaf04[1], leaf04[5])
	}
}

// TestLinkHealthIBSim logs link state, width and speed from a live ibsim
// fabric, and a link that goes down shows as state 1 with no width.
func TestLinkHealthIBSim(t *testing.T) {
	ibsimtest.RequireTools(t, "iblinkinfo")
	sim := ibsimtest.Start(t, ibsimDir+"fattree.net")
	m, src := fattree(t)
	src.Env, src.Dir, src.Timeout = sim.Env, sim.Dir, 5*time.Second
	src.WithLinks()
	base := len(ibCounters)
	col := func(label string) int {
		p, _ := m.ResolvePort(label)
		for i, q := range src.Ports() {
			if q == p {
				return i
			}
		}
		t.Fatalf("no port %s", label)
		return -1
	}
	sweep := func() *Reading {
		r := NewReading(len(src.Counters()), len(src.Ports()))
		// After the unlink, the counters of switches behind the dead link
		// cannot be reached; the link read must still work.
		for _, w := range src.Sweep(context.Background(), r).Warnings {
			if strings.HasPrefix(w.Error(), "link health") {
				t.Fatal(w)
			}
		}
		return r
	}
	r := sweep()
	c := col("leaf02.33")
	if r.Vals[base][c] != 4 || r.Vals[base+1][c] != 4 || r.Vals[base+2][c] != 2500 || !r.OK[base+2][c] {
		t.Fatalf("leaf02.33: state %d width %d speed %d", r.Vals[base][c], r.Vals[base+1][c], r.Vals[base+2][c])
	}
	// ibsim answers an unlink with its prompt only: send it, then wait for
	// the sweeps to see it.
	sim.Do(t, `Unlink "leaf02"[33]`, "sim>")
	for try := 0; ; try++ {
		r = sweep()
		if r.OK[base][c] && r.Vals[base][c] == 1 {
			break
		}
		if try == 20 {
			t.Fatalf("leaf02.33 still state %d after the unlink", r.Vals[base][c])
		}
		time.Sleep(200 * time.Millisecond)
	}
	if r.OK[base+1][c] || r.OK[base+2][c] {
		t.Errorf("a down link has a width or speed")
	}
}
