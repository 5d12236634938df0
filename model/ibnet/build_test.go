package ibnet

import (
	"bytes"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/fabviz/fabviz/model"
)

// imported builds a fixture's model and parses it back.
func imported(t *testing.T, rel string) (*Import, *model.Model, string) {
	t.Helper()
	im, err := Build(load(t, rel, Options{Lenient: true}), BuildOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := im.WriteModel(&b, ModelOptions{Name: "t", Source: rel}); err != nil {
		t.Fatal(err)
	}
	text := b.String()
	m, err := model.Parse(rel+".fvm", &b)
	if err != nil {
		t.Fatalf("%s: %v", rel, err)
	}
	return im, m, text
}

var allTopologies = []string{
	"real/NVIDIA_topograph_example.out",
	"real/ltaulell_HPC_toolset_X5.topofile",
	"real/junousi_ibtopotool/1.topo", "real/junousi_ibtopotool/2.topo",
	"real/junousi_ibtopotool/3.topo", "real/junousi_ibtopotool/4.topo",
	"real/treydock_infiniband_exporter/collectors/fixtures/ibnetdiscover/test.out",
	"real/treydock_infiniband_exporter/collectors/fixtures/ibnetdiscover/test2.out",
	"real/treydock_infiniband_exporter/collectors/fixtures/ibnetdiscover/test3.out",
	"ibsim/fattree-2spine-4leaf-16hca/out.ibnetdiscover",
	"ibsim/fattree-2spine-4leaf-16hca/out.ibnetdiscover_p",
	"ibsim/fattree-2spine-4leaf-16hca/out.ibnetdiscover_g",
	"ibsim/mesh-3x3x2-dor/out.ibnetdiscover",
	"ibsim/net2sw4hca/out.ibnetdiscover", "ibsim/net2sw4hca/out.ibnetdiscover_p",
	"ibsim/net", "ibsim/net.1", "ibsim/net.2sw2path", "ibsim/net.2sw2path4hca", "ibsim/net.2sw2path4hca2port",
}

// TestModelIsTheFabric checks, for every fixture, that the model's links
// are exactly the fabric's switch-to-switch cables and its processor ports
// exactly the switch ports cabled to CAs.
func TestModelIsTheFabric(t *testing.T) {
	for _, rel := range allTopologies {
		im, m, _ := imported(t, rel)
		f := im.Fabric
		var want, got []string
		for _, c := range f.Cables() {
			a, b := f.Nodes[c.A.Node], f.Nodes[c.B.Node]
			if a.Kind == Switch && b.Kind == Switch {
				x := im.Switches[im.SwitchIndex(c.A.Node)].Label + "." + itoa(c.A.Port)
				y := im.Switches[im.SwitchIndex(c.B.Node)].Label + "." + itoa(c.B.Port)
				want = append(want, pair(x, y))
			}
		}
		for _, l := range m.Links() {
			got = append(got, pair(m.Label(l.A), m.Label(l.B)))
		}
		sort.Strings(want)
		sort.Strings(got)
		if strings.Join(want, " ") != strings.Join(got, " ") {
			t.Errorf("%s: model links differ from the cables:\n got %v\nwant %v", rel, got, want)
		}
		if m.NumNodes != len(im.Hosts) || m.MinNode != 0 || m.PortBase != 1 {
			t.Errorf("%s: %d nodes from %d, want %d from 0", rel, m.NumNodes, m.MinNode, len(im.Hosts))
		}
		for id, h := range im.Hosts {
			p := m.NodePort(id)
			sw := im.Switches[h.Switch]
			if p == model.NoPort || m.Switches[m.SwitchOf(p)].Label != sw.Label || m.Number(p) != h.SwitchPort {
				t.Errorf("%s: node %d at %v, want %s.%d", rel, id, p, sw.Label, h.SwitchPort)
			}
			if !slices.Contains(m.HostNodes(h.Name), id) {
				t.Errorf("%s: host %q does not hold node %d", rel, h.Name, id)
			}
			ca := f.Nodes[h.Node].Ports[h.Port]
			if ca.Peer != sw.Node || ca.PeerPort != h.SwitchPort {
				t.Errorf("%s: host %s is not cabled to %s.%d", rel, h.Name, sw.Label, h.SwitchPort)
			}
		}
		for i, s := range m.Switches {
			if s.HW == "" || len(s.Label) > maxLabel+5 {
				t.Errorf("%s: switch %d label %q hw %q", rel, i, s.Label, s.HW)
			}
		}
	}
}

func pair(a, b string) string {
	if a > b {
		a, b = b, a
	}
	return a + "=" + b
}

func itoa(n int) string { return strconv.Itoa(n) }

func TestLayoutAndNames(t *testing.T) {
	im, m, text := imported(t, "real/ltaulell_HPC_toolset_X5.topofile")
	// Six leaves in plane 0, four spines above them, one core switch on top.
	if m.Planes != 3 || m.Rows != 1 || m.Columns != 6 {
		t.Errorf("grid %d×%d×%d", m.Planes, m.Rows, m.Columns)
	}
	perPlane := map[int]int{}
	for _, s := range im.Switches {
		perPlane[s.Plane]++
	}
	if perPlane[0] != 6 || perPlane[1] != 4 || perPlane[2] != 1 {
		t.Errorf("switches per plane %v", perPlane)
	}
	for _, want := range []string{
		"switch Voltaire_4036_4036-8C5C 1 ", // '#' in the description
		"switch Voltaire_4036_36_QDR_ports_switch-8098 1 ",
		"hostname 0 H-78e7d10300229794", // generic description: the node id
		"hw 0x0008f10500108c5c sw 16",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("X5 model lacks %q", want)
		}
	}
	// Every switch's portdef matches its cabling; no two portdefs alike.
	if im.NumPortdefs() != 11 || len(m.PortDefs) != 11 {
		t.Errorf("%d portdefs", im.NumPortdefs())
	}

	im, _, text = imported(t, "real/junousi_ibtopotool/3.topo")
	for _, want := range []string{
		"hostname 0 r-ufm101\nhostname 1 r-ufm101\n",                             // one host, two CAs
		"switch switch-de779e ",                                                  // MF0;switch-de779e:SX6012/U1
		"link SwitchIB_Mellanox_Technologies.1 SwitchIB_Mellanox_Technologies.2", // looped back
	} {
		if !strings.Contains(text, want) {
			t.Errorf("3.topo model lacks %q", want)
		}
	}
	// A CA with two cabled ports: two nodes, both findable.
	_, m, _ = imported(t, "real/junousi_ibtopotool/1.topo")
	if got := m.HostNodes("H-0008f10403960558"); len(got) != 2 || got[0] == got[1] {
		t.Errorf("two-port CA: nodes %v", got)
	}
	// Aggregation nodes do not make spines leaves; NDR names from MF0;.
	im, m, _ = imported(t, "real/NVIDIA_topograph_example.out")
	leaves := 0
	for _, s := range im.Switches {
		if s.Plane == 0 {
			leaves++
			if !strings.Contains(s.Label, "LEAF") {
				t.Errorf("leaf plane holds %s", s.Label)
			}
		} else if !strings.Contains(s.Label, "SPINE") {
			t.Errorf("spine plane holds %s", s.Label)
		}
	}
	if leaves == 0 || m.Columns > DefaultMaxColumns || m.Planes != 2 {
		t.Errorf("NDR: %d leaves, grid %d×%d×%d", leaves, m.Planes, m.Rows, m.Columns)
	}
}

func TestNaturalOrder(t *testing.T) {
	l := []string{"leaf10", "leaf2", "leaf1", "a", "leaf02x"}
	sort.Slice(l, func(i, j int) bool { return naturalLess(l[i], l[j]) })
	if strings.Join(l, " ") != "a leaf1 leaf2 leaf02x leaf10" {
		t.Errorf("%v", l)
	}
}

// TestWideTier: a tier wider than MaxColumns wraps into rows, and a huge
// tier is laid out as a square rather than a tall strip.
func TestWideTier(t *testing.T) {
	for _, c := range []struct{ leaves, maxCols, cols, rows int }{
		{6, 16, 6, 1}, {40, 16, 16, 3}, {400, 16, 20, 20}, {40, 8, 8, 5},
	} {
		var b strings.Builder
		for i := 0; i < c.leaves; i++ {
			fmt.Fprintf(&b, "Switch 4 \"S-%04x\" # \"leaf%d\" base port 0 lid %d lmc 0\n[1] \"H-%04x\"[1] # \"cn%d HCA-1\" lid %d 4xQDR\n",
				i+1, i, i+1, i+1, i, 1000+i)
			fmt.Fprintf(&b, "Ca 1 \"H-%04x\" # \"cn%d HCA-1\"\n[1] \"S-%04x\"[1] # lid %d lmc 0 \"leaf%d\" lid %d 4xQDR\n", i+1, i, i+1, 1000+i, i, i+1)
		}
		f, err := Parse("wide", strings.NewReader(b.String()), Options{})
		if err != nil {
			t.Fatal(err)
		}
		im, err := Build(f, BuildOptions{MaxColumns: c.maxCols})
		if err != nil {
			t.Fatal(err)
		}
		if im.Columns != c.cols || im.Rows != c.rows || im.Planes != 1 || im.NumPortdefs() != 1 {
			t.Errorf("%d leaves, max %d: %d×%d×%d, %d portdefs; want %d rows × %d columns",
				c.leaves, c.maxCols, im.Planes, im.Rows, im.Columns, im.NumPortdefs(), c.rows, c.cols)
		}
		if im.Switches[0].Label != "leaf0" || im.Switches[len(im.Switches)-1].Label != fmt.Sprintf("leaf%d", c.leaves-1) {
			t.Errorf("order: %s … %s", im.Switches[0].Label, im.Switches[len(im.Switches)-1].Label)
		}
	}
}
