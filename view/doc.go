// Package view holds the viewer's state (layout, view, step, mode, range,
// hidden planes, jobs, route overlays, selection, camera, image size) and
// the command interpreter of FORMATS.md §6 that changes it. Scripts,
// `fabviz snapshot` flags and the GUI's command line all go through Exec,
// so they accept and refuse exactly the same things.
//
// Commands that load or write files go through the Env interface: the
// headless snapshot session implements it, and so will the GUI. The
// package is pure Go and needs no display.
package view
