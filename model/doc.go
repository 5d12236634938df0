// Package model reads fabviz model files (FORMATS.md §1) and turns them into
// a validated topology: switches on a grid of planes, rows and columns, their
// ports with role, face, slot and node id, and the links between ports, both
// the implicit grid links and explicit cables.
//
// Parse never panics and reports every problem it finds, each as a
// *textio.Error ("FILE:LINE: message") collected in an ErrorList.
//
// Ports are addressed by a PortRef, a dense index (switch × ports-per-switch +
// port offset), so per-port data elsewhere can live in flat slices.
package model
