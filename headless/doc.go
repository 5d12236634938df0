// Package headless is the front end without a window: the application
// core (package session) drawn by render/gl in an EGL surfaceless context
// (no display needed), with the caption and legend of render/overlay, and
// written as PNG files. It backs `fabviz snapshot` and `fabviz run`; the
// window (package gui) is the other front end on the same core.
package headless
