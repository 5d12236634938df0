// Package lft reads InfiniBand linear forwarding tables — the output of
// dump_fts, dump_lfts.sh and ibroute, opensm's opensm-lfts.dump and its
// opensm.fdbs — and turns them into fabviz route files (FORMATS.md §2): from
// each host port, at each switch the out port the table gives for the
// destination's LID, until the destination's port.
package lft
