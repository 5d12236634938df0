// Package session is the application core: the loaded session of the
// viewer, with no display. It holds the model, its routes, the parameter
// and job series, the initialisation file and the caches built from them,
// implements view.Env (so view's interpreter runs every command against
// it), and turns a view.State into what the front ends draw: the scene
// input (data colours by mode and range, job colours, route overlays each
// in its own colour, the selection), the caption, the legend
// (data.Legend), the selection's lines (the value its colour shows, in
// full) and the route notes.
//
// Two front ends sit on it: package headless (EGL pictures for `fabviz
// snapshot` and `fabviz run`) and package gui (the window). Its tests, and
// view's and gui/ctl's, need no cgo, GL or display. docs/architecture.md
// draws the whole flow.
package session
