package ibnet

import (
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/fabviz/fabviz/model"
)

// hostPorts lists each host with the switch ports of its nodes, in order.
func hostPorts(m *model.Model) string {
	seen := map[string]bool{}
	var out []string
	for n := m.MinNode; n <= m.MaxNode; n++ {
		h := m.HostName(n)
		if h == "" || seen[h] {
			continue
		}
		seen[h] = true
		var ports []string
		for _, id := range m.HostNodes(h) {
			ports = append(ports, m.Label(m.NodePort(id)))
		}
		out = append(out, h+"="+strings.Join(ports, ","))
	}
	sort.Strings(out)
	return strings.Join(out, " ")
}

// TestHostsOfSeveralHCAs: ibsim's capture of DGX-like hosts (two HCAs
// each, "luna-0541 mlx5_0"), a storage host with one two-port CA, and
// single-port hosts. Both ibnetdiscover forms name them alike.
func TestHostsOfSeveralHCAs(t *testing.T) {
	const want = "cn1=leaf01.4 cn2=leaf02.4 luna-0541=leaf01.1,leaf01.2 luna-0542=leaf02.1,leaf02.2 " +
		"stor1=spine01.3 tank1=leaf01.3,leaf02.3"
	for _, rel := range []string{"out.ibnetdiscover", "out.ibnetdiscover_p", "nolid.ibnetdiscover", "nolid.ibnetdiscover_p"} {
		_, m, _ := imported(t, "ibsim/dgx-multihca/"+rel)
		// Switch labels are the director's chassis and slot.
		got := strings.NewReplacer("sat11-ib1-A-L20-U2", "leaf01", "sat11-ib1-A-L21-U2", "leaf02",
			"sat11-ib1-A-S01-U1", "spine01").Replace(hostPorts(m))
		if got != want {
			t.Errorf("%s: hosts\n got %s\nwant %s", rel, got, want)
		}
		// A spine with a storage host stays a spine: tiers from the
		// switch graph, not from who has hosts.
		for _, sw := range m.Switches {
			if want := strings.Contains(sw.Label, "-S0"); (sw.Plane == 1) != want {
				t.Errorf("%s: %s in plane %d", rel, sw.Label, sw.Plane)
			}
		}
		// Every cabled switch port has its link's rate, from either form.
		rated := 0
		for p := model.PortRef(0); int(p) < m.NumPorts(); p++ {
			if r, ok := m.Rate(p); ok {
				rated++
				if r != (model.LinkRate{Width: 4, Speed: "SDR"}) {
					t.Errorf("%s: %s rate %v", rel, m.Label(p), r)
				}
			}
		}
		if want := m.NumNodes + 2*m.NumLinks(); rated != want {
			t.Errorf("%s: %d ports with a rate, want %d", rel, rated, want)
		}
		if m.NumNodes != 9 {
			t.Errorf("%s: %d nodes, want 9 cabled CA ports", rel, m.NumNodes)
		}
	}
}

// TestHostNamesWithoutAdapter: CAs whose descriptions give one host name
// but something other than an adapter name after it stay apart.
func TestHostNamesWithoutAdapter(t *testing.T) {
	var b strings.Builder
	b.WriteString("Switch 4 \"S-01\" # \"leaf\" base port 0 lid 1 lmc 0\n")
	for i, d := range []string{"node7 mlx5_0", "node7 mlx5_1", "node8 gateway", "node8 storage"} {
		fmt.Fprintf(&b, "[%d] \"H-%02d\"[1] # %q lid %d 4xHDR\n", i+1, i+2, d, i+10)
	}
	for i, d := range []string{"node7 mlx5_0", "node7 mlx5_1", "node8 gateway", "node8 storage"} {
		fmt.Fprintf(&b, "Ca 1 \"H-%02d\" # %q\n[1] \"S-01\"[%d] # lid %d lmc 0 \"leaf\" lid 1 4xHDR\n", i+2, d, i+1, i+10)
	}
	f, err := Parse("t", strings.NewReader(b.String()), Options{})
	if err != nil {
		t.Fatal(err)
	}
	im, err := Build(f, BuildOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, h := range im.Hosts {
		names = append(names, h.Name)
	}
	if got := strings.Join(names, " "); got != "node7 node7 node8-gateway node8-storage" {
		t.Errorf("names %q", got)
	}
}

// TestHostsCoverEveryNode: on every real dump, each node belongs to exactly
// one host, and on NVIDIA's NDR fabric each DGX ("b08-p1-dgx-08-c18 HCA-1"
// … "HCA-6") is one host of several ports.
func TestHostsCoverEveryNode(t *testing.T) {
	for _, rel := range allTopologies {
		_, m, _ := imported(t, rel)
		seen := map[int]int{}
		for n := m.MinNode; n <= m.MaxNode; n++ {
			for _, id := range m.HostNodes(m.HostName(n)) {
				seen[id]++
			}
		}
		for n := m.MinNode; n <= m.MaxNode; n++ {
			if want := len(m.HostNodes(m.HostName(n))); seen[n] != want {
				t.Errorf("%s: node %d counted %d times, want %d", rel, n, seen[n], want)
			}
		}
	}
	_, m, _ := imported(t, "real/NVIDIA_topograph_example.out")
	dgx, ports := 0, 0
	for n := m.MinNode; n <= m.MaxNode; n++ {
		if h := m.HostName(n); strings.Contains(h, "-dgx-") && m.HostNodes(h)[0] == n {
			dgx++
			ports += len(m.HostNodes(h))
		}
	}
	// 119 distinct DGX names; 466 switch port lines name a DGX adapter.
	if dgx != 119 || ports != 466 {
		t.Errorf("%d DGX hosts with %d ports", dgx, ports)
	}
	t.Logf("NDR fabric: %d DGX hosts, %d HCA ports", dgx, ports)
}

func TestDirectorNames(t *testing.T) {
	for desc, want := range map[string]string{
		"MF0;sat11-ib1-A:MCS8500/L20/U2":                              "sat11-ib1-A-L20-U2",
		"MF0;sat11-ib1-A:MCS8500/S02/U1":                              "sat11-ib1-A-S02-U1",
		"MF0;leaf-04:MQM9701/U1":                                      "leaf-04",
		"MF0;a-very-long-director-host-name.example.org:CS7500/L3/U1": "a-very-long-director-host-name_exa-L3-U1",
	} {
		if got := switchBase(&Node{Desc: desc}); got != want {
			t.Errorf("%s: %q, want %q", desc, got, want)
		}
	}
}
