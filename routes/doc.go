// Package routes reads route files (FORMATS.md §2) for a model and traces
// routes through it: which switch each hop crosses, entering and leaving on
// which port.
//
// A Set holds a model's routes. Route files are read lazily, one source node
// at a time, on the first route asked of that source, and kept in a compact
// form (decoded bytes plus line offsets). Tracing is safe for concurrent use.
// Check traces every route of the model in parallel without keeping the
// files in memory.
//
// Every problem is a *RouteError naming the file, line, source, destination
// and, for tracing problems, the hop.
package routes
