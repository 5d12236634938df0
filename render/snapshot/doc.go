// Package snapshot is the headless viewer: a view.Env that loads a model
// (and, once wired, data and routes), builds the scene for a view.State,
// draws it with render/gl in an EGL surfaceless context (no display
// needed), adds the caption and legend, and writes PNG files. It backs
// `fabviz snapshot` and `fabviz run`.
package snapshot
