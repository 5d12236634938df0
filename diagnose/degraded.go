package diagnose

import (
	"fmt"
	"sort"

	"github.com/fabviz/fabviz/model"
)

// Link is what a port's link trained at.
type Link struct {
	Width int     // lanes: 1, 2, 4, 8, 12
	Speed string  // SDR, DDR, QDR, FDR10, FDR, EDR, HDR, NDR, XDR
	Gbps  float64 // data rate per direction
}

func (l Link) String() string { return fmt.Sprintf("%dx %s", l.Width, l.Speed) }

var speedRank = map[string]int{"SDR": 1, "DDR": 2, "QDR": 3, "FDR10": 4, "FDR": 5, "EDR": 6, "HDR": 7, "NDR": 8, "XDR": 9}

// degradedLinks reports cables that trained below the width or speed most
// cables of their kind run at: switch-to-switch cables are compared with
// each other, host cables with each other (hosts often run narrower).
func degradedLinks(in Input) []Finding {
	if in.Links == nil {
		return nil
	}
	m := in.Model
	type cab struct {
		ends []model.PortRef
		link Link
	}
	var classes [2][]cab // 0: switch-to-switch, 1: host
	seen := make([]bool, m.NumPorts())
	for p := range m.NumPorts() {
		pr := model.PortRef(p)
		role := m.Spec(pr).Role
		if seen[p] || role == model.Unused {
			continue
		}
		l, ok := in.Links(pr)
		if !ok {
			continue
		}
		ends := cableOf(m, pr)
		for _, e := range ends {
			seen[e] = true
		}
		if len(ends) == 2 { // the slower end tells what the cable runs at
			if o, ok := in.Links(ends[1]); ok && o.Gbps < l.Gbps {
				l = o
			}
		}
		class := 0
		if role == model.Proc {
			class = 1
		}
		classes[class] = append(classes[class], cab{ends, l})
	}
	var out []Finding
	for class, cabs := range classes {
		if len(cabs) < 3 {
			continue // nothing to compare with
		}
		usual, n := usualLink(cabs, func(c cab) Link { return c.link })
		what := "switch-to-switch cables"
		if class == 1 {
			what = "host cables"
		}
		for _, c := range cabs {
			narrower, slower := c.link.Width < usual.Width, speedRank[c.link.Speed] < speedRank[usual.Speed]
			if !narrower && !slower {
				continue
			}
			f := Finding{Kind: Degraded, Ports: labels(m, c.ends), FirstStep: -1, LastStep: -1,
				Threshold: "narrower or slower than most cables of its kind"}
			if c.link.Gbps > 0 {
				f.Score = usual.Gbps / c.link.Gbps
			}
			f.Evidence = append(f.Evidence, fmt.Sprintf("the cable runs at %s (%.4g Gb/s) where %d of %d %s run at %s (%.4g Gb/s)",
				c.link, c.link.Gbps, n, len(cabs), what, usual, usual.Gbps))
			out = append(out, f)
		}
	}
	return out
}

// usualLink is the most common width and speed among cables, with how many
// run at it; ties go to the faster.
func usualLink[T any](cabs []T, link func(T) Link) (Link, int) {
	count := map[Link]int{}
	for _, c := range cabs {
		count[link(c)]++
	}
	keys := make([]Link, 0, len(count))
	for k := range count {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		if count[keys[i]] != count[keys[j]] {
			return count[keys[i]] > count[keys[j]]
		}
		return keys[i].Gbps > keys[j].Gbps
	})
	return keys[0], count[keys[0]]
}

// ModelLinks gives Input.Links from the model's `rate` lines, or nil when
// the model has none.
func ModelLinks(m *model.Model) func(model.PortRef) (Link, bool) {
	if _, ok := m.UsualRate(); !ok {
		return nil
	}
	return func(p model.PortRef) (Link, bool) {
		r, ok := m.Rate(p)
		if !ok {
			return Link{}, false
		}
		return Link{Width: r.Width, Speed: r.Speed, Gbps: r.Gbps()}, true
	}
}
