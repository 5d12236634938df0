// Package routes reads a model's routes — route files (FORMATS.md §2) or
// forwarding tables (§2b) — and traces routes through it: which switch
// each hop crosses, entering and leaving on which port.
//
// A Set holds a model's routes, behind one interface whichever form they
// take. Route files are read lazily, one source node at a time, on the
// first route asked of that source, and kept in a compact form (decoded
// bytes plus line offsets). Forwarding tables are read whole (fwd.go) and
// each route is traced through them when asked for (tables.go); with LMC >
// 0 a node has several LIDs, each routed on its own (TraceOffset). Tracing
// is safe for concurrent use. Check validates every route in parallel:
// over route files without keeping the files in memory, over tables one
// destination LID at a time, following each switch's entry once.
//
// Every problem is a *RouteError naming the file, line, source, destination
// and, for tracing problems, the hop.
package routes
