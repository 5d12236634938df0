package ibnet

import (
	"fmt"
	"sort"
	"strings"

	"github.com/fabviz/fabviz/internal/textio"
)

// hosts numbers the processor ports: switch by switch in model order, port
// by port, and names them after their CA's description.
func (im *Import) hosts() {
	f := im.Fabric
	for si := range im.Switches {
		sw := &im.Switches[si]
		sw.FirstNode = len(im.Hosts)
		nd := f.Nodes[sw.Node]
		for port := 1; port < len(nd.Ports); port++ {
			pt := nd.Ports[port]
			if pt.Peer < 0 || f.Nodes[pt.Peer].Kind == Switch {
				continue
			}
			ca := f.Nodes[pt.Peer]
			im.Hosts = append(im.Hosts, Host{Node: pt.Peer, Port: pt.PeerPort, Switch: si, SwitchPort: port,
				LID: ca.Ports[pt.PeerPort].LID})
		}
		sw.NumProc = len(im.Hosts) - sw.FirstNode
	}
	im.warnUnswitched()
	im.nameHosts()
}

// warnUnswitched notes CA ports cabled to something other than a switch:
// they have no place in the model.
func (im *Import) warnUnswitched() {
	f := im.Fabric
	for i, n := range f.Nodes {
		if n.Kind == Switch {
			continue
		}
		for port, pt := range n.Ports {
			if pt.Peer >= 0 && f.Nodes[pt.Peer].Kind != Switch && i < pt.Peer {
				im.Warnings = append(im.Warnings, textio.Errorf(f.File, pt.Line,
					"warning: %s port %d is cabled to %s, not to a switch: left out of the model", n.name(), port, f.Nodes[pt.Peer].name()))
			}
		}
	}
}

// nameHosts gives every host port a unique name. A CA's name is the host
// name in its description, or its node id when the description is generic;
// CAs with the same name get their adapter name ("HCA-1") appended; a CA
// with several cabled ports names its first port plainly and the others
// NAME-pPORT.
func (im *Import) nameHosts() {
	f := im.Fabric
	// CAs in order of first appearance, and their ports in the model.
	var cas []int
	ports := map[int][]int{} // CA node → host indices
	for h, hp := range im.Hosts {
		if _, ok := ports[hp.Node]; !ok {
			cas = append(cas, hp.Node)
		}
		ports[hp.Node] = append(ports[hp.Node], h)
	}
	names := make([]string, len(cas))
	for i, c := range cas {
		if names[i] = hostBase(f.Nodes[c]); names[i] == "" {
			names[i] = safe(f.Nodes[c].ID)
		}
		if digitsRE.MatchString(names[i]) || names[i] == "" {
			names[i] = "h" + names[i] // a bare number would read as a node id
		}
	}
	taken := map[string]bool{}
	for _, s := range im.Switches {
		taken[s.Label] = true
	}
	uniq(names, taken, func(i, round int) string {
		n := f.Nodes[cas[i]]
		if round == 0 {
			if _, rest, ok := strings.Cut(strings.TrimSpace(n.Desc), " "); ok && safe(rest) != "" {
				return safe(rest)
			}
		}
		return suffixGUID(n, i)
	})
	for i, c := range cas {
		hs := ports[c]
		sort.Slice(hs, func(a, b int) bool { return im.Hosts[hs[a]].Port < im.Hosts[hs[b]].Port })
		for k, h := range hs {
			im.Hosts[h].Name = names[i]
			if k > 0 {
				im.Hosts[h].Name = fmt.Sprintf("%s-p%d", names[i], im.Hosts[h].Port)
			}
		}
	}
	seen := map[string]bool{}
	for _, s := range im.Switches {
		seen[s.Label] = true
	}
	for h := range im.Hosts {
		base, k := im.Hosts[h].Name, 2
		for seen[im.Hosts[h].Name] {
			im.Hosts[h].Name = fmt.Sprintf("%s-%d", base, k)
			k++
		}
		seen[im.Hosts[h].Name] = true
	}
}
