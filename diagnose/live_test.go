package diagnose

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/fabviz/fabviz/collect"
	"github.com/fabviz/fabviz/internal/testsupport/ibsimtest"
	"github.com/fabviz/fabviz/model"
)

const fattree = "../testdata/fixtures/ibsim/fattree-2spine-4leaf-16hca/fattree.net"

// stepWatcher closes stepped once the collector prints its first step.
type stepWatcher struct {
	stepped chan struct{}
	buf     strings.Builder
	done    bool
}

func (w *stepWatcher) Write(p []byte) (int, error) {
	w.buf.Write(p)
	if !w.done && strings.Contains(w.buf.String(), "step 0:") {
		w.done = true
		close(w.stepped)
	}
	return len(p), nil
}

// TestLiveSymbolErrors runs the collector against a simulated fabric, sets
// symbol errors on one port through ibsim's console after the first step,
// and expects the cable on that port as the first finding, from the step
// the errors were logged in.
func TestLiveSymbolErrors(t *testing.T) {
	net, err := os.ReadFile(fattree)
	if err != nil {
		t.Fatal(err)
	}
	var keep []string // the net file's own `do Error` would drop packets
	for _, l := range strings.Split(string(net), "\n") {
		if !strings.HasPrefix(l, "do ") {
			keep = append(keep, l)
		}
	}
	netFile := filepath.Join(t.TempDir(), "fattree.net")
	os.WriteFile(netFile, []byte(strings.Join(keep, "\n")), 0o644)
	sim := ibsimtest.Start(t, netFile)
	m, err := model.Load("../collect/testdata/fattree.fvm")
	if err != nil {
		t.Fatal(err)
	}
	src, err := collect.NewIBSource(m)
	if err != nil {
		t.Fatal(err)
	}
	src.Env, src.Dir, src.Concurrency, src.Timeout = sim.Env, sim.Dir, 4, 1800*time.Millisecond
	dir := t.TempDir()
	w := &stepWatcher{stepped: make(chan struct{})}
	c, err := collect.New(collect.Config{Model: m, Source: src, Dir: dir, Interval: 2 * time.Second, Steps: 4, Status: w})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	done := make(chan error, 1)
	go func() { _, err := c.Run(context.Background()); done <- err }()
	select {
	case <-w.stepped:
	case <-time.After(60 * time.Second):
		t.Fatalf("no step logged:\n%s", w.buf.String())
	}
	sim.Do(t, `PerformanceSet "leaf03"[34] PortCounters.SymbolErrorCounter=25`, "SymbolErrorCounter has been set to 25")
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	in, err := Load(m, []string{dir}, "")
	if err != nil {
		t.Fatal(err)
	}
	errs := counter(t, in, "symbol_error")
	p := mustPort(t, m, "leaf03.34")
	first, _ := activeSteps(errs, []model.PortRef{p})
	if first < 1 || errs.Total(p) != 25 {
		t.Fatalf("leaf03.34: %d symbol errors, first at step %d:\n%s", errs.Total(p), first, w.buf.String())
	}
	f := Run(Input{Model: m, Counters: in.Counters, Jobs: in.Jobs}, Defaults)
	if len(f) == 0 {
		t.Fatal("no finding")
	}
	want := []string{"leaf03.34", m.Label(m.Peer(p))}
	if f[0].Kind != BadCable || strings.Join(f[0].Ports, " ") != strings.Join(want, " ") || f[0].FirstStep != first || f[0].Counter != "symbol_error" {
		t.Errorf("first finding %+v, want bad-cable %v from step %d", f[0], want, first)
	}
}
