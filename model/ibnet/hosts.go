package ibnet

import (
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
				LID: ca.Ports[pt.PeerPort].LID, LMC: ca.Ports[pt.PeerPort].LMC})
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

// nameHosts gives every host port its host's name. A host is the CAs whose
// descriptions give the same host name followed by nothing or by an adapter
// name ("luna-0541 mlx5_0" … "luna-0541 mlx5_9", "tank1 mlx4_0", "cn001
// HCA-1"): all their cabled ports carry that name, in adapter and port
// order. Any other CA is a host of its own, named after its description (or
// its node id when the description is generic); CAs of this kind that give
// the same name get the rest of their description appended.
func (im *Import) nameHosts() {
	f := im.Fabric
	groups, names := im.hostGroups()
	taken := map[string]bool{}
	for _, s := range im.Switches {
		taken[s.Label] = true
	}
	uniq(names, taken, func(i, round int) string {
		n := f.Nodes[im.Hosts[groups[i][0]].Node]
		if round == 0 && len(groups[i]) == 1 {
			if _, rest, ok := strings.Cut(strings.TrimSpace(n.Desc), " "); ok && safe(rest) != "" {
				return safe(rest)
			}
		}
		return suffixGUID(n, i)
	})
	for i, g := range groups {
		for _, h := range g {
			im.Hosts[h].Name = names[i]
		}
	}
	sort.SliceStable(groups, func(a, b int) bool { return groups[a][0] < groups[b][0] })
	im.groups = groups
}

// hostGroups gathers the host ports into hosts, each in adapter and port
// order, and proposes a name for each.
func (im *Import) hostGroups() (groups [][]int, names []string) {
	f := im.Fabric
	byName := map[string]int{} // joined host name → group
	byCA := map[int]int{}      // CA node → group
	for h, hp := range im.Hosts {
		n := f.Nodes[hp.Node]
		base, joins := hostOf(n)
		if base == "" {
			base = safe(n.ID)
		}
		if digitsRE.MatchString(base) || base == "" {
			base = "h" + base // a bare number would read as a node id
		}
		if g, ok := byName[base]; ok && joins {
			groups[g] = append(groups[g], h)
			continue
		}
		if g, ok := byCA[hp.Node]; ok {
			groups[g] = append(groups[g], h)
			continue
		}
		if joins {
			byName[base] = len(groups)
		}
		byCA[hp.Node] = len(groups)
		groups = append(groups, []int{h})
		names = append(names, base)
	}
	for _, g := range groups {
		sort.SliceStable(g, func(a, b int) bool {
			x, y := im.Hosts[g[a]], im.Hosts[g[b]]
			dx, dy := f.Nodes[x.Node].Desc, f.Nodes[y.Node].Desc
			if dx != dy {
				return naturalLess(dx, dy)
			}
			if x.Port != y.Port {
				return x.Port < y.Port
			}
			return x.Node < y.Node
		})
	}
	return groups, names
}
