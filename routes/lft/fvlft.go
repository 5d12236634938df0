package lft

import (
	"bufio"
	"io"

	"github.com/fabviz/fabviz/routes"
)

// WriteFVLFT writes the fabric's forwarding tables in fabviz's own format
// (FORMATS.md §2b): every host port's node id, LID and LMC, then each switch's
// table by model label, runs of LIDs with one out port written as ranges.
// Hosts without a usable LID get no `node` line: their routes are missing.
// Entries to port 0 (the switch's own management port, for the LIDs of
// switches) are left out: routes run between hosts.
func (r *Router) WriteFVLFT(w io.Writer) error {
	bw := bufio.NewWriterSize(w, 1<<20)
	bw.WriteString(routes.TablesMagic + "\n")
	var b []byte // a line at a time: big fabrics have tens of millions
	for h, lid := range r.lids {
		if lid > 0 {
			b = routes.AppendNode(b[:0], h, lid, r.lmcs[h])
			bw.Write(b)
		}
	}
	for i, t := range r.table {
		if t == nil {
			continue
		}
		b = routes.AppendTable(b[:0], r.names[i])
		bw.Write(b)
		for lo := 1; lo < len(t.Out); {
			p := t.Out[lo]
			hi := lo
			for hi+1 < len(t.Out) && t.Out[hi+1] == p {
				hi++
			}
			if p != NoPort && p != 0 { // no entry; port 0 is the switch itself: no host there
				b = routes.AppendEntry(b[:0], lo, hi, int(p))
				bw.Write(b)
			}
			lo = hi + 1
		}
	}
	return bw.Flush()
}

// Warnings are the summary lines about hosts without a usable LID (no LID
// yet, or one claimed twice): their routes are missing.
func (r *Router) Warnings() []string { return r.warns }
