package main

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/fabviz/fabviz/internal/testsupport/ibsimtest"
	"github.com/fabviz/fabviz/model"
	"github.com/fabviz/fabviz/model/ibnet"
)

// simFabric is a simulated fabric (internal/testsupport/ibsimtest) and a directory
// for what the tools print; tools run there, so nothing they leave behind
// lands in the source tree.
type simFabric struct {
	t   testing.TB
	sim *ibsimtest.Sim
	dir string
}

// startSim starts ibsim on a net file (or ibnetdiscover output) without
// ibsim's own console commands ("do Error ..." drops packets on a port,
// which would make the sweep flaky), routed once by opensm (min-hop). The
// simulator stops when the test ends.
func startSim(t testing.TB, net string) *simFabric {
	t.Helper()
	ibsimtest.RequireTools(t, "ibnetdiscover", "dump_fts", "ibtracert")
	data, err := os.ReadFile(net)
	if err != nil {
		t.Fatal(err)
	}
	var keep []string
	for _, l := range strings.Split(string(data), "\n") {
		if !strings.HasPrefix(l, "do ") {
			keep = append(keep, l)
		}
	}
	dir := t.TempDir()
	clean := filepath.Join(dir, "fabric.net")
	if err := os.WriteFile(clean, []byte(strings.Join(keep, "\n")), 0o644); err != nil {
		t.Fatal(err)
	}
	return &simFabric{t: t, sim: ibsimtest.Start(t, clean), dir: dir}
}

// run runs a tool against the simulated fabric and returns its output.
func (s *simFabric) run(tool string, args ...string) string {
	s.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, tool, args...)
	cmd.Env = append(os.Environ(), s.sim.Env...)
	cmd.Dir = s.dir
	var errb strings.Builder
	cmd.Stderr = &errb
	out, err := cmd.Output()
	if err != nil {
		s.t.Fatalf("%s %v: %v: %s", tool, args, err, errb.String())
	}
	return string(out)
}

func (s *simFabric) save(name, text string) string {
	path := filepath.Join(s.dir, name)
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		s.t.Fatal(err)
	}
	return path
}

// TestLiveIbsim routes fabrics with opensm inside ibsim, imports what
// ibnetdiscover and dump_fts report, and checks the imported routes
// against ibtracert's traces of the same fabric.
func TestLiveIbsim(t *testing.T) {
	for _, c := range []struct{ name, net string }{
		{"fattree", "ibsim/fattree-2spine-4leaf-16hca/fattree.net"},
		{"X5", "real/ltaulell_HPC_toolset_X5.topofile"},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := startSim(t, filepath.Join(fixtures, c.net))
			topo := s.save("topo.txt", s.run("ibnetdiscover"))
			fts := s.save("fts.txt", s.run("dump_fts"))
			out := filepath.Join(s.dir, "import")
			code, stdout, errs := fabnet(t, "import", "ibnet", "-topo", topo, "-lft", fts, "-o", out)
			if code != 0 {
				t.Fatalf("import: exit %d\n%s%s", code, stdout, errs)
			}
			m, err := model.Load(filepath.Join(out, "model.fvm"))
			if err != nil {
				t.Fatal(err)
			}
			fab, err := ibnet.Load(topo, ibnet.Options{})
			if err != nil {
				t.Fatal(err)
			}
			im, err := ibnet.Build(fab, ibnet.BuildOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if len(im.Hosts) != m.NumNodes || m.NumNodes < 16 {
				t.Fatalf("%d hosts, %d nodes", len(im.Hosts), m.NumNodes)
			}
			checkAll(t, m) // fabnet check traces every route
			// A sample of pairs: the same hops as ibtracert.
			n := len(im.Hosts)
			x := uint32(12345)
			start := time.Now()
			for k := 0; k < 50; k++ {
				x = x*1103515245 + 12345
				a := int(x>>8) % n
				x = x*1103515245 + 12345
				b := int(x>>8) % n
				if a == b {
					b = (b + 1) % n
				}
				text := s.run("ibtracert", strconv.Itoa(im.Hosts[a].LID), strconv.Itoa(im.Hosts[b].LID))
				want := parseTracert(t, text)
				got := fabnetRoute(t, m, a, b)
				if len(want) == 0 || !sameHops(got, want) {
					t.Fatalf("%s → %s: fabnet route %v, ibtracert %v\n%s", im.Hosts[a].Name, im.Hosts[b].Name, got, want, text)
				}
			}
			t.Logf("%d hosts, %d switches: fabnet route gives ibtracert's hops for 50 pairs (%.1f s of ibtracert)", n, len(im.Switches), time.Since(start).Seconds())
		})
	}
}
