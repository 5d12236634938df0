package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/fabviz/fabviz/model"
	"github.com/fabviz/fabviz/routes"
)

func init() {
	register("route", "trace a route between two nodes, or the paths between two switches", runRoute)
}

const routeUsage = `usage: fabnet route MODEL SRC DST [-lid-offset K] [--json]
       fabnet route MODEL --switches A B [-lid-offset K] [--json]
SRC and DST are node ids or host names; A and B are switch labels.
-lid-offset K: with forwarding tables and LMC > 0, the route to the
destination's base LID + K (default 0, the base LID).`

// jsonHop is a hop as printed; a nil port is a processor port that varies
// between the routes of a path.
type jsonHop struct {
	Switch string `json:"switch"`
	In     *int   `json:"in"`
	Out    *int   `json:"out"`
}

func runRoute(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("route", routeUsage, stderr)
	asJSON := fs.Bool("json", false, "print JSON")
	between := fs.Bool("switches", false, "show the distinct paths between two switches")
	offset := fs.Int("lid-offset", 0, "trace to the destination's LID base+K (forwarding tables with LMC > 0)")
	if err := parseInterspersed(fs, args); err != nil {
		return 2
	}
	if fs.NArg() != 3 {
		fs.Usage()
		return 2
	}
	_, set, ok := openRoutes(fs.Arg(0), stderr)
	if !ok {
		return 1
	}
	if *between {
		return routeSwitches(set, fs.Arg(1), fs.Arg(2), *offset, *asJSON, stdout, stderr)
	}
	return routeNodes(set, fs.Arg(1), fs.Arg(2), *offset, *asJSON, stdout, stderr)
}

func routeNodes(set *routes.Set, a, b string, offset int, asJSON bool, stdout, stderr io.Writer) int {
	m := set.Model()
	ends, ok := resolve(m, a, b, m.NodeByName, "node", stderr)
	if !ok {
		return 1
	}
	for i, name := range []string{a, b} {
		if ns := m.HostNodes(name); len(ns) > 1 {
			fmt.Fprintf(stderr, "note: host %s has %d ports; using its first, node %d (%s); name another by its node id or SWITCH.PORT\n",
				name, len(ns), ends[i], m.Label(m.NodePort(ends[i])))
		}
	}
	hops, err := set.TraceOffset(ends[0], ends[1], offset)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	if asJSON {
		out := struct {
			Src  int       `json:"src"`
			Dst  int       `json:"dst"`
			Hops []jsonHop `json:"hops"`
		}{ends[0], ends[1], jsonHops(m, hops)}
		return printJSON(stdout, stderr, out)
	}
	for _, h := range hops {
		fmt.Fprintln(stdout, hopText(m, h))
	}
	return 0
}

func routeSwitches(set *routes.Set, a, b string, offset int, asJSON bool, stdout, stderr io.Writer) int {
	m := set.Model()
	sw, ok := resolve(m, a, b, m.SwitchByLabel, "switch", stderr)
	if !ok {
		return 1
	}
	paths, err := set.BetweenOffset(sw[0], sw[1], offset)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	if asJSON {
		type jsonPath struct {
			Routes int       `json:"routes"`
			Hops   []jsonHop `json:"hops"`
		}
		out := struct {
			Paths []jsonPath `json:"paths"`
		}{Paths: []jsonPath{}}
		for _, p := range paths {
			out.Paths = append(out.Paths, jsonPath{p.Routes, jsonHops(m, p.Hops)})
		}
		return printJSON(stdout, stderr, out)
	}
	for _, p := range paths {
		parts := make([]string, len(p.Hops))
		for i, h := range p.Hops {
			parts[i] = hopText(m, h)
		}
		fmt.Fprintf(stdout, "%d routes: %s\n", p.Routes, strings.Join(parts, ", "))
	}
	return 0
}

func jsonHops(m *model.Model, hops []routes.Hop) []jsonHop {
	out := make([]jsonHop, len(hops))
	for i, h := range hops {
		out[i].Switch = m.Switches[h.Switch].Label
		if h.In >= 0 {
			out[i].In = &hops[i].In
		}
		if h.Out >= 0 {
			out[i].Out = &hops[i].Out
		}
	}
	return out
}

// hopText is a hop as a line of text: "s0 in 0 out 12" ("*" for a port that
// varies between routes).
func hopText(m *model.Model, h routes.Hop) string {
	port := func(p int) string {
		if p < 0 {
			return "*"
		}
		return fmt.Sprint(p)
	}
	return fmt.Sprintf("%s in %s out %s", m.Switches[h.Switch].Label, port(h.In), port(h.Out))
}

func printJSON(stdout, stderr io.Writer, v any) int {
	b, err := json.Marshal(v)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	fmt.Fprintf(stdout, "%s\n", b)
	return 0
}

// resolve looks up two names (nodes or switches), complaining about the
// first one the model does not have.
func resolve(m *model.Model, a, b string, lookup func(string) (int, bool), what string, stderr io.Writer) ([2]int, bool) {
	var out [2]int
	for i, s := range []string{a, b} {
		n, ok := lookup(s)
		if !ok {
			fmt.Fprintf(stderr, "%s: no %s %q\n", m.File, what, s)
			return out, false
		}
		out[i] = n
	}
	return out, true
}

// openRoutes loads a model and opens its routes, printing what goes wrong.
func openRoutes(path string, stderr io.Writer) (*model.Model, *routes.Set, bool) {
	m, ok := loadModel(path, stderr)
	if !ok {
		return nil, nil, false
	}
	set, err := routes.Open(m)
	if err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", m.File, err)
		return nil, nil, false
	}
	return m, set, true
}
