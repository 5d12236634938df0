package ibnet

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"github.com/fabviz/fabviz/internal/textio"
)

// BuildOptions shape the model.
type BuildOptions struct {
	// MaxColumns caps the width of a row; 0 means DefaultMaxColumns.
	MaxColumns int
}

// DefaultMaxColumns is the widest row a layout uses unless a tier is so big
// that a square arrangement needs more.
const DefaultMaxColumns = 16

// Host is one processor port of the model: a CA (or router) port cabled to
// a switch. Its node id is its index in Import.Hosts.
type Host struct {
	Node, Port int // the CA in the fabric
	Switch     int // index in Import.Switches
	SwitchPort int
	Name       string
	LID        int
	LMC        int // 2^LMC LIDs from LID
}

// Place is a switch of the model.
type Place struct {
	Node               int // index in Fabric.Nodes
	Label              string
	Tier               int
	Plane, Row, Col    int
	FirstNode, NumProc int
	def                int // index in Import.defs
}

// Import is a fabric arranged as a model.
type Import struct {
	Fabric                *Fabric
	Switches              []Place
	Hosts                 []Host
	Ports                 int // ports per switch (the largest switch)
	Planes, Rows, Columns int
	Warnings              textio.ErrorList
	swOf                  map[int]int // fabric node → switch index
	defs                  []string    // portdef bodies
	cables                []Cable     // switch-to-switch
	groups                [][]int     // hosts: their ports (Hosts indices) in order
}

// SwitchIndex is the model switch index of a fabric node, or -1.
func (im *Import) SwitchIndex(node int) int {
	if i, ok := im.swOf[node]; ok {
		return i
	}
	return -1
}

// Build arranges a fabric as a model.
func Build(f *Fabric, opt BuildOptions) (*Import, error) {
	im := &Import{Fabric: f, swOf: map[int]int{}}
	for i, n := range f.Nodes {
		if n.Kind == Switch {
			im.swOf[i] = len(im.Switches)
			im.Switches = append(im.Switches, Place{Node: i})
			if n.NPorts > im.Ports {
				im.Ports = n.NPorts
			}
		}
	}
	if len(im.Switches) == 0 {
		line, what := 0, "nothing"
		if len(f.Nodes) > 0 {
			line, what = f.Nodes[0].Line, f.Nodes[0].name()
		}
		return nil, textio.ErrorList{textio.Errorf(f.File, line,
			"no switch in the topology (it holds only %s, %d node(s)): was the output cut short, or the fabric down when ibnetdiscover ran?", what, len(f.Nodes))}
	}
	im.tiers()
	im.layout(opt)
	im.label()
	im.hosts()
	im.portdefs()
	return im, nil
}

// tiers sets each switch's plane: its distance in the switch graph from
// the leaf tier (tier 0); switches no leaf can reach go one tier above the
// rest. The leaf tier is the switches with hosts (see leaves), so a spine
// that also carries a few storage ports stays a spine.
func (im *Import) tiers() {
	f := im.Fabric
	const none = math.MaxInt32
	var queue []int
	for i, leaf := range im.leaves() {
		im.Switches[i].Tier = none
		if leaf {
			im.Switches[i].Tier = 0
			queue = append(queue, i)
		}
	}
	for len(queue) > 0 {
		s := queue[0]
		queue = queue[1:]
		for _, pt := range f.Nodes[im.Switches[s].Node].Ports {
			if pt.Peer < 0 || f.Nodes[pt.Peer].Kind != Switch {
				continue
			}
			t := im.swOf[pt.Peer]
			if im.Switches[t].Tier == none {
				im.Switches[t].Tier = im.Switches[s].Tier + 1
				queue = append(queue, t)
			}
		}
	}
	top := -1
	for _, s := range im.Switches {
		if s.Tier != none && s.Tier > top {
			top = s.Tier
		}
	}
	for i := range im.Switches {
		if im.Switches[i].Tier == none {
			im.Switches[i].Tier = top + 1
		}
	}
}

// leaves picks the leaf tier: the switches with hosts. Aggregation nodes
// (SHARP, CAs inside switches of every tier) count only when no switch has
// another host. Then a switch with hosts is taken out of the tier when it
// has more cables to other switches of the tier than host ports and fewer
// host ports than the tier's median: a spine with three storage ports among
// leaves of eighteen hosts. The most lopsided goes first, and the counts
// are made again after each.
func (im *Import) leaves() []bool {
	f := im.Fabric
	leaf := make([]bool, len(im.Switches))
	hosts := make([]int, len(im.Switches))
	for _, withAN := range []bool{false, true} {
		any := false
		for i := range im.Switches {
			hosts[i] = 0
			for _, pt := range f.Nodes[im.Switches[i].Node].Ports {
				if pt.Peer >= 0 && f.Nodes[pt.Peer].Kind != Switch && (withAN || !isAggregation(f.Nodes[pt.Peer])) {
					hosts[i]++
				}
			}
			leaf[i] = hosts[i] > 0
			any = any || leaf[i]
		}
		if any {
			break
		}
	}
	var counts []int
	for i, l := range leaf {
		if l {
			counts = append(counts, hosts[i])
		}
	}
	sort.Ints(counts)
	if len(counts) == 0 {
		return leaf
	}
	median := counts[len(counts)/2]
	for {
		worst, most := -1, 0
		for i, l := range leaf {
			if !l || hosts[i] >= median {
				continue
			}
			if d := im.linksTo(i, leaf) - hosts[i]; d > most {
				worst, most = i, d
			}
		}
		if worst < 0 {
			return leaf
		}
		leaf[worst] = false
	}
}

// linksTo counts switch i's cables to switches in set.
func (im *Import) linksTo(i int, set []bool) int {
	f := im.Fabric
	n := 0
	for p, pt := range f.Nodes[im.Switches[i].Node].Ports {
		if p == 0 || pt.Peer < 0 || f.Nodes[pt.Peer].Kind != Switch {
			continue
		}
		if j, ok := im.swOf[pt.Peer]; ok && j != i && set[j] {
			n++
		}
	}
	return n
}

// isAggregation reports a SHARP aggregation node, a CA inside a switch.
func isAggregation(n *Node) bool { return strings.Contains(n.Desc, "Aggregation Node") }

// layout puts each tier in its own plane (leaves in plane 0), in rows of at
// most Columns switches, ordered by description.
func (im *Import) layout(opt BuildOptions) {
	maxCols := opt.MaxColumns
	if maxCols <= 0 {
		maxCols = DefaultMaxColumns
	}
	byTier := map[int][]int{}
	for i, s := range im.Switches {
		byTier[s.Tier] = append(byTier[s.Tier], i)
	}
	widest := 0
	for _, l := range byTier {
		widest = max(widest, len(l))
	}
	im.Columns = min(widest, maxCols)
	if sq := int(math.Ceil(math.Sqrt(float64(widest)))); sq > im.Columns {
		im.Columns = sq // a huge tier: a square is more readable than a tall strip
	}
	tiers := make([]int, 0, len(byTier))
	for t := range byTier {
		tiers = append(tiers, t)
	}
	sort.Ints(tiers)
	im.Planes = len(tiers)
	f := im.Fabric
	for plane, t := range tiers {
		l := byTier[t]
		sort.SliceStable(l, func(a, b int) bool {
			return naturalLess(f.Nodes[im.Switches[l[a]].Node].Desc, f.Nodes[im.Switches[l[b]].Node].Desc)
		})
		rows := (len(l) + im.Columns - 1) / im.Columns
		im.Rows = max(im.Rows, rows)
		off := 0
		if rows == 1 {
			off = (im.Columns - len(l)) / 2 // centre a short tier over the one below
		}
		for k, s := range l {
			sw := &im.Switches[s]
			sw.Plane, sw.Row, sw.Col = plane, k/im.Columns, k%im.Columns+off
		}
	}
	// Model order: plane, row, column; node ids follow it.
	sort.SliceStable(im.Switches, func(a, b int) bool {
		x, y := &im.Switches[a], &im.Switches[b]
		if x.Plane != y.Plane {
			return x.Plane < y.Plane
		}
		if x.Row != y.Row {
			return x.Row < y.Row
		}
		return x.Col < y.Col
	})
	for i, s := range im.Switches {
		im.swOf[s.Node] = i
	}
}

// naturalLess orders "leaf2" before "leaf10".
func naturalLess(a, b string) bool {
	for a != "" && b != "" {
		da, db := digitRun(a), digitRun(b)
		if da > 0 && db > 0 {
			na := strings.TrimLeft(a[:da], "0")
			nb := strings.TrimLeft(b[:db], "0")
			if len(na) != len(nb) {
				return len(na) < len(nb)
			}
			if na != nb {
				return na < nb
			}
			a, b = a[da:], b[db:]
			continue
		}
		if a[0] != b[0] {
			return a[0] < b[0]
		}
		a, b = a[1:], b[1:]
	}
	return len(a) < len(b)
}

func digitRun(s string) int {
	i := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	return i
}

func (im *Import) label() {
	f := im.Fabric
	names := make([]string, len(im.Switches))
	for i, s := range im.Switches {
		names[i] = switchBase(f.Nodes[s.Node])
	}
	uniq(names, map[string]bool{}, func(i, round int) string {
		n := f.Nodes[im.Switches[i].Node]
		if round == 0 {
			return suffixGUID(n, i)
		}
		return fmt.Sprint(i)
	})
	for i := range im.Switches {
		im.Switches[i].Label = names[i]
	}
}
