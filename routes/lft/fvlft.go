package lft

import (
	"bufio"
	"fmt"
	"io"
)

// WriteFVLFT writes the fabric's forwarding tables in fabviz's own format
// (FORMATS.md §2b): every host port's node id, LID and LMC, then each switch's
// table by model label, runs of LIDs with one out port written as ranges.
// Hosts without a usable LID get no `node` line: their routes are missing.
// Entries to port 0 (the switch's own management port, for the LIDs of
// switches) are left out: routes run between hosts.
func (r *Router) WriteFVLFT(w io.Writer) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintln(bw, "#! fabviz-lft 1")
	for h, lid := range r.lids {
		switch {
		case lid > 0 && r.lmcs[h] > 0:
			fmt.Fprintf(bw, "node %d lid %d lmc %d\n", h, lid, r.lmcs[h])
		case lid > 0:
			fmt.Fprintf(bw, "node %d lid %d\n", h, lid)
		}
	}
	for i, t := range r.table {
		if t == nil {
			continue
		}
		fmt.Fprintf(bw, "table %s\n", r.names[i])
		for lo := 1; lo < len(t.Out); {
			p := t.Out[lo]
			hi := lo
			for hi+1 < len(t.Out) && t.Out[hi+1] == p {
				hi++
			}
			switch {
			case p == NoPort, p == 0: // no entry; port 0 is the switch itself: no host there
			case hi == lo:
				fmt.Fprintf(bw, "%d %d\n", lo, p)
			default:
				fmt.Fprintf(bw, "%d-%d %d\n", lo, hi, p)
			}
			lo = hi + 1
		}
	}
	return bw.Flush()
}

// Warnings are the summary lines about hosts without a usable LID (no LID
// yet, or one claimed twice): their routes are missing.
func (r *Router) Warnings() []string { return r.warns }
