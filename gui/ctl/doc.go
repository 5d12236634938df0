// Package ctl is the viewer's panel logic that needs no window: what a
// panel's buttons and fields turn into (§6 commands run through the view
// interpreter, so the GUI accepts exactly what scripts accept), the
// animation clock, the file browser, the selection panel's description of
// a port or switch, the follow mode's watch on a growing log, and the
// console's history. The gui package draws the panels with imgui and calls
// this package; tests drive it directly.
package ctl
