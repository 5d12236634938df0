package ibnet

import (
	"bufio"
	"fmt"
	"io"
	"strings"
)

// face of a switch port: hosts and lower tiers below, higher tiers above,
// the same tier on the side facing the peer.
func (im *Import) face(si, port int) (role, face string) {
	f := im.Fabric
	nd := f.Nodes[im.Switches[si].Node]
	if port >= len(nd.Ports) || nd.Ports[port].Peer < 0 {
		return "", ""
	}
	pt := nd.Ports[port]
	if pt.Peer < 0 {
		return "", ""
	}
	if f.Nodes[pt.Peer].Kind != Switch {
		return "proc", "bottom"
	}
	a, b := &im.Switches[si], &im.Switches[im.swOf[pt.Peer]]
	switch {
	case b.Tier > a.Tier:
		return "net", "top"
	case b.Tier < a.Tier:
		return "net", "bottom"
	case b.Row > a.Row:
		return "net", "south"
	case b.Row < a.Row:
		return "net", "north"
	case b.Col < a.Col:
		return "net", "west"
	}
	return "net", "east"
}

// portdefs gives each switch the portdef its cabling needs, sharing one
// portdef among all switches cabled alike. Every port's slot is its port
// number − 1, so each face keeps port order.
func (im *Import) portdefs() {
	index := map[string]int{}
	for si := range im.Switches {
		var b strings.Builder
		for port := 1; port <= im.Ports; port++ {
			if role, face := im.face(si, port); role != "" {
				fmt.Fprintf(&b, "  %d %s %s %d\n", port, role, face, port-1)
			}
		}
		body := b.String()
		d, ok := index[body]
		if !ok {
			d = len(im.defs)
			index[body] = d
			im.defs = append(im.defs, body)
		}
		im.Switches[si].def = d
	}
	f := im.Fabric
	for _, c := range f.Cables() {
		if f.Nodes[c.A.Node].Kind == Switch && f.Nodes[c.B.Node].Kind == Switch {
			im.cables = append(im.cables, c)
		}
	}
}

// NumPortdefs is how many distinct portdefs the model uses.
func (im *Import) NumPortdefs() int { return len(im.defs) }

func defLabel(d int) string { return fmt.Sprintf("P%d", d+1) }

// ModelOptions say what the model file's header holds.
type ModelOptions struct {
	Name      string
	Source    string // what the model was made from, for a comment
	RoutesDir string // "" = no routes line
	LFTFile   string // "" = no lft line (§2b forwarding tables instead of route files)
	RoutesExt string
}

// WriteModel writes the model file (FORMATS.md §1).
func (im *Import) WriteModel(w io.Writer, o ModelOptions) error {
	bw := bufio.NewWriterSize(w, 1<<16)
	fmt.Fprintf(bw, "# made by `fabnet import ibnet` from %s\n", o.Source)
	fmt.Fprintf(bw, "# %d switches, %d host ports, %d switch-to-switch cables; tiers are planes (hosts' leaf switches in plane 0)\n",
		len(im.Switches), len(im.Hosts), len(im.cables))
	if o.Name != "" {
		fmt.Fprintf(bw, "name %s\n", quote(o.Name))
	}
	fmt.Fprintf(bw, "planes %d\nrows %d\ncolumns %d\nports %d\nport-base 1\n", im.Planes, im.Rows, im.Columns, im.Ports)
	if o.LFTFile != "" {
		fmt.Fprintf(bw, "lft %s\n", o.LFTFile)
	}
	if o.RoutesDir != "" {
		fmt.Fprintf(bw, "routes %s %s\nroute-encoding absolute\n", o.RoutesDir, o.RoutesExt)
	}
	for d, body := range im.defs {
		fmt.Fprintf(bw, "\nportdef %s\n%send\n", defLabel(d), body)
	}
	bw.WriteString("\n")
	im.writeRowdefs(bw)
	bw.WriteString("\n")
	f := im.Fabric
	for _, s := range im.Switches {
		nd := f.Nodes[s.Node]
		fmt.Fprintf(bw, "switch %s %d %d %d", s.Label, s.Plane, s.Row, s.Col)
		if s.NumProc > 0 {
			fmt.Fprintf(bw, " node %d", s.FirstNode)
		}
		fmt.Fprintf(bw, " hw 0x%016x", nd.GUID)
		if nd.LID > 0 {
			fmt.Fprintf(bw, " sw %d", nd.LID)
		}
		fmt.Fprintf(bw, "   # %s\n", nd.ID)
	}
	bw.WriteString("\n")
	for _, c := range im.cables {
		a, b := im.Switches[im.swOf[c.A.Node]].Label, im.Switches[im.swOf[c.B.Node]].Label
		fmt.Fprintf(bw, "link %s.%d %s.%d\n", a, c.A.Port, b, c.B.Port)
	}
	bw.WriteString("\n")
	im.writeRates(bw)
	for _, g := range im.groups {
		for _, id := range g {
			fmt.Fprintf(bw, "hostname %d %s\n", id, im.Hosts[id].Name)
		}
	}
	return bw.Flush()
}

// writeRowdefs gives every grid row the portdef of each of its switches.
func (im *Import) writeRowdefs(w io.Writer) {
	grid := map[[3]int]int{}
	for _, s := range im.Switches {
		grid[[3]int{s.Plane, s.Row, s.Col}] = s.def
	}
	for pl := 0; pl < im.Planes; pl++ {
		for r := 0; r < im.Rows; r++ {
			labels := make([]int, im.Columns)
			last, used := 0, -1
			for c := 0; c < im.Columns; c++ {
				d, ok := grid[[3]int{pl, r, c}]
				if ok {
					last, used = d, c
				}
				labels[c] = last
			}
			if used < 0 {
				continue
			}
			// Empty places before the first switch take its portdef; the
			// last label repeats to the end of the row.
			for c := 0; c < im.Columns; c++ {
				if _, ok := grid[[3]int{pl, r, c}]; ok {
					for k := 0; k < c; k++ {
						labels[k] = labels[c]
					}
					break
				}
			}
			n := used + 1
			for n > 1 && labels[n-1] == labels[n-2] {
				n--
			}
			if n == 1 && labels[0] == 0 {
				continue // the first portdef is the default
			}
			fmt.Fprintf(w, "rowdef %d.%d", pl, r)
			for _, d := range labels[:n] {
				fmt.Fprintf(w, " %s", defLabel(d))
			}
			fmt.Fprintln(w)
		}
	}
}

func quote(s string) string {
	if strings.ContainsAny(s, " \t#\"") || s == "" {
		return `"` + strings.ReplaceAll(strings.ReplaceAll(s, `\`, `\\`), `"`, `\"`) + `"`
	}
	return s
}

// writeRates writes a `rate` line for every cabled switch port whose link
// width and speed the dump gives (from either end of the cable).
func (im *Import) writeRates(w io.Writer) {
	f := im.Fabric
	any := false
	for _, s := range im.Switches {
		nd := f.Nodes[s.Node]
		for port := 1; port < len(nd.Ports); port++ {
			pt := nd.Ports[port]
			if pt.Peer < 0 {
				continue
			}
			r := pt.Rate
			if r.Width == 0 {
				r = f.Nodes[pt.Peer].Ports[pt.PeerPort].Rate
			}
			if r.Width == 0 {
				continue
			}
			fmt.Fprintf(w, "rate %s.%d %dx %s\n", s.Label, port, r.Width, r.Speed)
			any = true
		}
	}
	if any {
		fmt.Fprintln(w)
	}
}
