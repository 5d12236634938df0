package routes

import "strconv"

// TablesMagic is the first line of a forwarding-table file (§2b).
const TablesMagic = "#! fabviz-lft 1"

// The writers of §2b files (the importer's, routes/lft, and the
// generators', routes/gen) build their lines with these, so the syntax
// ReadTables accepts is written in one place. Each appends one line,
// newline included, to b.

// AppendNode appends `node N lid L` (and ` lmc K` when K > 0).
func AppendNode(b []byte, node, lid, lmc int) []byte {
	b = append(b, "node "...)
	b = strconv.AppendInt(b, int64(node), 10)
	b = append(b, " lid "...)
	b = strconv.AppendInt(b, int64(lid), 10)
	if lmc > 0 {
		b = append(b, " lmc "...)
		b = strconv.AppendInt(b, int64(lmc), 10)
	}
	return append(b, '\n')
}

// AppendTable appends `table LABEL`, the header of a switch's entries.
func AppendTable(b []byte, label string) []byte {
	b = append(b, "table "...)
	b = append(b, label...)
	return append(b, '\n')
}

// AppendEntry appends the entry sending LIDs lo..hi out of port: `lo
// port`, or `lo-hi port` for a range.
func AppendEntry(b []byte, lo, hi, port int) []byte {
	b = strconv.AppendInt(b, int64(lo), 10)
	if hi > lo {
		b = append(b, '-')
		b = strconv.AppendInt(b, int64(hi), 10)
	}
	b = append(b, ' ')
	b = strconv.AppendInt(b, int64(port), 10)
	return append(b, '\n')
}
