package gen

import (
	"fmt"

	"github.com/fabviz/fabviz/model"
)

// FatTree3 is a three-level fat tree of k-port switches (the k-ary fat
// tree): pods of k/2 leaf and k/2 aggregation switches, and (k/2)² core
// switches. In a pod, every leaf has hosts processor ports (k/2 in the full
// tree) and a link up to each of the pod's aggregation switches; aggregation
// switch a links up to the k/2 core switches a·k/2 .. a·k/2+k/2−1, and
// core switch c has one link down to aggregation switch c/(k/2) of every
// pod. With k = 64 and 64 pods: 65,536 hosts on 2,048 leaves, 2,048
// aggregation and 1,024 core switches. Fewer pods leave core ports unused.
//
// Layout: leaves on plane 0, aggregation switches on plane 1, core on
// plane 2; a pod is a row of planes 0 and 1 (column = index in the pod),
// core switch c sits in row c/(k/2), column c mod (k/2); the pods' rows
// and the core's, whichever are fewer, are centred on the others. Ports are numbered from 1 as in InfiniBand:
// hosts on a leaf's bottom face, links up on the top face of leaves and
// aggregation switches, links down on the bottom face.
//
// Routing is d-mod-k: a route climbs only as far as it must (same leaf,
// same pod, or over the core), then descends; going up it leaves a leaf by
// aggregation switch d mod k/2 and an aggregation switch by core switch
// ⌊d/(k/2)⌋ mod k/2, where d is the destination node, so destinations are
// spread over every aggregation and core switch. Routes are minimal and
// go up then down only (up*/down*), which cannot deadlock.
func FatTree3(k, pods, hosts int, enc model.Encoding) (*Fabric, error) {
	switch {
	case k < 2 || k > 254 || k%2 != 0:
		return nil, fmt.Errorf("fattree3: -k %d: expected an even number of ports 2..254", k)
	case pods < 1 || pods > k:
		return nil, fmt.Errorf("fattree3: -pods %d out of range 1..%d (a core switch has %d ports)", pods, k, k)
	case hosts < 1 || hosts > k/2:
		return nil, fmt.Errorf("fattree3: -hosts %d out of range 1..%d (half a leaf's ports go up)", hosts, k/2)
	}
	h := k / 2
	leaves := pods * h
	rows := max(pods, h)
	cmd := fmt.Sprintf("fattree3 -k %d", k)
	if pods != k {
		cmd += fmt.Sprintf(" -pods %d", pods)
	}
	if hosts != h {
		cmd += fmt.Sprintf(" -hosts %d", hosts)
	}
	cmd += encodingFlag(enc)
	t := text{notes: []string{
		"Three-level fat tree: leaves on plane 0, aggregation switches on plane 1",
		"(a row per pod), core switches on plane 2. d-mod-k up/down routing.",
	}}
	t.header(cmd, fmt.Sprintf("three-level fat tree of %d-port switches, %d pods, %d hosts", k, pods, leaves*hosts),
		3, rows, h, k, enc, leaves*hosts-1)
	t.f("port-base 1")
	leaf := make([]port, 0, k)
	for i := range hosts {
		leaf = append(leaf, port{"proc", model.Bottom, i})
	}
	for range h - hosts { // unused: the uplinks stay at ports h+1..k
		leaf = append(leaf, port{})
	}
	agg := make([]port, 0, k)
	for i := range h {
		leaf = append(leaf, port{"net", model.Top, i})
		agg = append(agg, port{"net", model.Bottom, i})
	}
	for i := range h {
		agg = append(agg, port{"net", model.Top, i})
	}
	core := make([]port, k)
	for i := range core {
		core[i] = port{"net", model.Bottom, i}
	}
	t.portdefFrom("leaf", 1, leaf)
	t.portdefFrom("agg", 1, agg)
	t.portdefFrom("core", 1, core)
	for r := range rows {
		t.f("rowdef 1.%d agg\nrowdef 2.%d core", r, r)
	}
	// the shorter of the pod rows and the core rows is centred
	podRow, coreRow := (rows-pods)/2, (rows-h)/2
	for p := range pods {
		for e := range h {
			t.f("switch leaf%d-%d 0 %d %d node %d", p, e, podRow+p, e, (p*h+e)*hosts)
		}
	}
	for p := range pods {
		for a := range h {
			t.f("switch agg%d-%d 1 %d %d", p, a, podRow+p, a)
		}
	}
	for a := range h {
		for j := range h {
			t.f("switch core%d-%d 2 %d %d", a, j, coreRow+a, j)
		}
	}
	// ports are written from 1: leaf uplink a is port h+1+a, aggregation
	// downlink e is port e+1 and uplink j port h+1+j, core downlink p port p+1
	for p := range pods {
		for e := range h {
			for a := range h {
				t.f("link leaf%d-%d.%d agg%d-%d.%d", p, e, h+1+a, p, a, e+1)
			}
		}
	}
	for p := range pods {
		for a := range h {
			for j := range h {
				t.f("link agg%d-%d.%d core%d-%d.%d", p, a, h+1+j, a, j, p+1)
			}
		}
	}
	// Switch indices: leaves 0..leaves-1 (pod-major), then aggregation
	// switches likewise, then core a·h+j. next gives port offsets.
	next := func(sw, dst int) int {
		dleaf := dst / hosts
		dpod := dleaf / h
		switch {
		case sw < leaves: // a leaf
			if sw == dleaf {
				return dst % hosts
			}
			return h + dst%h
		case sw < 2*leaves: // an aggregation switch
			if (sw-leaves)/h == dpod {
				return dleaf % h
			}
			return h + dst/h%h
		default: // a core switch
			return dpod
		}
	}
	return newFabric("fattree3", []byte(t.String()), next)
}
