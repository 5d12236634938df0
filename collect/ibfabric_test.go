package collect

import (
	"context"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/fabviz/fabviz/internal/testsupport/ibsimtest"
)

// TestFabricReadIBSim reads a live ibsim fabric in two ibqueryerrors
// processes and checks it against the per-switch perfquery read: the same
// error counters (an injected one at exactly its port, zeros elsewhere), the
// same data counters, every port read.
func TestFabricReadIBSim(t *testing.T) {
	ibsimtest.RequireTools(t, "ibqueryerrors", "ibnetdiscover")
	sim := ibsimtest.Start(t, ibsimDir+"fattree.net")
	m, _ := fattree(t)
	sim.Do(t, `PerformanceSet "leaf02"[2] PortCounters.SymbolErrorCounter=20`, "SymbolErrorCounter has been set to 20")
	read := func(fabric bool) (*Reading, SweepStats, *IBSource) {
		_, src := fattree(t)
		src.Env, src.Dir, src.Timeout, src.Fabric = sim.Env, sim.Dir, 5*time.Second, fabric
		r := NewReading(len(src.Counters()), len(src.Ports()))
		st := src.Sweep(context.Background(), r)
		t.Cleanup(func() { src.Close() })
		return r, st, src
	}
	fr, fst, src := read(true)
	if fst.Read != 48 || fst.Attempted != 48 || len(fst.Warnings) != 0 {
		t.Fatalf("fabric read: %d of %d ports, %v", fst.Read, fst.Attempted, fst.Warnings)
	}
	pr, pst, _ := read(false)
	if pst.Read != 48 {
		t.Fatalf("perfquery read: %d ports, %v", pst.Read, pst.Warnings)
	}
	injected := 0
	for ci, c := range src.Counters() {
		if c.Name == "qp1_dropped" || c.Name == "port_xmit_wait" {
			continue // not in the zero-threshold read's list / ibsim's
		}
		for i, p := range src.Ports() {
			if !fr.OK[ci][i] {
				t.Errorf("%s %s not read by the fabric read", c.Name, m.Label(p))
				continue
			}
			if ibCounters[ci].Extended {
				// The perfquery read comes later, and the MADs of both
				// reads are traffic: it may only be a little higher.
				if d := int64(pr.Vals[ci][i]) - int64(fr.Vals[ci][i]); d < 0 || d > 100000 {
					t.Errorf("%s %s: fabric %d, perfquery later %d", c.Name, m.Label(p), fr.Vals[ci][i], pr.Vals[ci][i])
				}
				continue
			}
			if fr.Vals[ci][i] != pr.Vals[ci][i] {
				t.Errorf("%s %s: fabric %d, perfquery %d", c.Name, m.Label(p), fr.Vals[ci][i], pr.Vals[ci][i])
			}
			if c.Name == "symbol_error" && fr.Vals[ci][i] == 20 {
				injected++
				if m.Label(p) != "leaf02.2" {
					t.Errorf("injected errors at %s", m.Label(p))
				}
			}
		}
	}
	if injected != 1 {
		t.Errorf("injected symbol errors seen at %d ports", injected)
	}
	src.Close()
	if _, err := os.Stat(src.fabric.dir); !os.IsNotExist(err) {
		t.Errorf("cache left behind: %v", err)
	}
}

func TestParseQueryErrors(t *testing.T) {
	b, err := os.ReadFile("../testdata/fixtures/ibsim/fattree-2spine-4leaf-16hca/out.ibqueryerrors_guilbaults")
	if err != nil {
		t.Fatal(err)
	}
	res, checked, err := ParseQueryErrors(b)
	if err != nil || checked != 22 || len(res) != 1 || res[0x200003][2]["PortRcvErrors"] != 9 || res[0x200003][2]["PortXmitData"] != 4896 {
		t.Errorf("%v %d %v", res, checked, err)
	}
	if _, _, err := ParseQueryErrors([]byte("   GUID 0x1 port 2: [PortRcvErrors == 1]\n")); err == nil || !strings.Contains(err.Error(), "no summary") {
		t.Errorf("no summary: %v", err)
	}
}
