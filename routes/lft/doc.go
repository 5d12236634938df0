// Package lft reads InfiniBand linear forwarding tables — the output of
// dump_fts, dump_lfts.sh and ibroute, opensm's opensm-lfts.dump and its
// opensm.fdbs — matches them to an imported fabric, and writes them as
// fabviz forwarding tables (FORMATS.md §2b, WriteFVLFT: what fabnet import
// writes by default) or as route files (§2, Write): from each host port, at
// each switch the out port the table gives for the destination's LID,
// until the destination's port.
//
// Parse reads a dump in blocks cut before table headers and parses them on
// all cores (parallel.go); its tables and errors are those of reading the
// dump line by line.
package lft
