package ibnet

import (
	"fmt"
	"regexp"
	"strings"
)

var (
	unsafeRE   = regexp.MustCompile(`[^A-Za-z0-9_-]+`)
	mellanoxRE = regexp.MustCompile(`^MF0;([^:;]+)[:;]([^/]*/(.*))?`)
	genericRE  = regexp.MustCompile(`(?i)^(MT[0-9]+|Mellanox|ConnectX[0-9a-z-]*|InfiniHost.*|Infiniscale.*|HCA-?[0-9]*|mlx[0-9_]+)$`)
	digitsRE   = regexp.MustCompile(`^[0-9]+$`)
)

// maxLabel keeps labels short enough to read in the viewer.
const maxLabel = 40

// safe turns text into a label: runs of characters outside [A-Za-z0-9_-]
// become '_', and the ends are trimmed.
func safe(s string) string {
	s = unsafeRE.ReplaceAllString(strings.TrimSpace(s), "_")
	s = strings.ReplaceAll(s, "_-_", "_")
	s = strings.Trim(s, "_-")
	if len(s) > maxLabel {
		s = strings.TrimRight(s[:maxLabel], "_-")
	}
	return s
}

// switchBase is the label a switch's description suggests: the host name
// of a managed Mellanox switch ("MF0;leaf-04:MQM9701/U1" → "leaf-04"),
// with a director's line card or spine slot and ASIC kept
// ("MF0;sat11-ib1-A:MCS8500/L20/U2" → "sat11-ib1-A-L20-U2"), otherwise the
// whole description made label-safe.
func switchBase(n *Node) string {
	d := n.Desc
	if m := mellanoxRE.FindStringSubmatch(d); m != nil {
		d = m[1]
		if strings.Contains(m[3], "/") { // a director: SLOT/ASIC
			slot := "-" + safe(strings.ReplaceAll(m[3], "/", "-"))
			host := safe(d)
			if n := maxLabel - len(slot); len(host) > n && n > 0 {
				host = host[:n] // keep the slot: it tells the ASICs apart
			}
			d = host + slot
		}
	}
	if s := safe(d); s != "" {
		return s
	}
	if s := safe(n.ID); s != "" {
		return s
	}
	return "sw"
}

// hostBase is the host name a CA's description suggests ("cn001 HCA-1" →
// "cn001", "node7.example.org mlx5_0" → "node7"), or "" for a generic
// description that names no host ("MT25408 ConnectX Mellanox Technologies",
// "Mellanox Technologies Aggregation Node").
func hostBase(n *Node) string {
	d := strings.TrimSpace(n.Desc)
	if d == "" || strings.Contains(d, "Mellanox Technologies") || strings.Contains(d, "Aggregation Node") {
		return ""
	}
	w := firstWord(d)
	if genericRE.MatchString(w) {
		return ""
	}
	if i := strings.IndexByte(w, '.'); i > 0 {
		w = w[:i]
	}
	return safe(w)
}

// adapterRE matches the adapter names drivers put after the host name in
// a CA's description.
var adapterRE = regexp.MustCompile(`(?i)^(mlx[0-9]+_[0-9]+|mthca[0-9]+|HCA-?[0-9]*|qib[0-9]+|hfi[0-9]+_[0-9]+|bnxt_re[0-9]+|irdma[0-9]+|rxe[0-9]+|ionic_[0-9]+)$`)

// hostOf is the host name a CA's description gives, and whether the CA
// joins the other CAs of that host: when the rest of its description is
// empty or an adapter name ("luna-0541 mlx5_3").
func hostOf(n *Node) (string, bool) {
	base := hostBase(n)
	if base == "" {
		return "", false
	}
	_, rest, _ := strings.Cut(strings.TrimSpace(n.Desc), " ")
	rest = strings.TrimSpace(rest)
	return base, rest == "" || adapterRE.MatchString(rest)
}

// suffixGUID is a short GUID suffix used to tell apart equal names.
func suffixGUID(n *Node, idx int) string {
	if n.GUID != 0 {
		return fmt.Sprintf("%04x", n.GUID&0xffff)
	}
	return fmt.Sprint(idx)
}

// uniq makes names unique: every member of a group of equal names gets a
// distinguishing suffix from more(i, round); taken holds names in use.
func uniq(names []string, taken map[string]bool, more func(i, round int) string) {
	for round := 0; round < 3; round++ {
		count := map[string]int{}
		for _, n := range names {
			count[n]++
		}
		clash := false
		for i, n := range names {
			if count[n] > 1 || taken[n] {
				names[i] = n + "-" + more(i, round)
				clash = true
			}
		}
		if !clash {
			break
		}
	}
	seen := map[string]bool{}
	for i, n := range names {
		base, k := n, 2
		for seen[n] || taken[n] {
			n = fmt.Sprintf("%s-%d", base, k)
			k++
		}
		names[i] = n
		seen[n] = true
	}
	for _, n := range names {
		taken[n] = true
	}
}
