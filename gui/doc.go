// Package gui is the interactive viewer, one of the two front ends on the
// application core (package session; headless is the other): a GLFW 3.3 window with an OpenGL
// 4.1 core context, our own Dear ImGui platform layer (platform.go: sizes
// and HiDPI scale, time, mouse, keys, characters, clipboard, cursor
// shapes) and OpenGL 3 renderer for imgui's draw lists (imgui_gl.go), drawn
// over the 3-D pass of render/gl.
//
// The window is single-sampled. A still picture is drawn 4× multisampled
// into a render/gl.Target, kept, and blitted beside the panels until
// something changes; while playing or moving the camera the scene is drawn
// single-sampled, and while playing a scene with many links the links and
// cubes are drawn once into a layer and only the recoloured ports over a
// copy of it. While the user moves the camera (drag, wheel) a big scene is
// drawn with reduced detail (render/gl.DrawViewportReduced: links bundled,
// ports as dots, a caption line saying so) until it has been still for
// settleTime (docs/benchmarks.md, "Viewer").
//
// Everything GL and imgui runs on the thread that opened the window. Files
// chosen in the Files panel, and logs re-read in follow mode, are read by a
// goroutine that touches nothing of the viewer's; the result is handed back
// on a channel and installed by the main thread through the §6 command of
// its kind, so a bad file leaves the previous state and the interpreter's
// rules (what a new model forgets, which steps are allowed) hold.
//
// Every panel action is a view command run by the same interpreter as
// scripts. Each panel is a file (panel_*.go) that only draws: what it shows
// comes from the core (caption, legend, the selection's lines, route
// notes) or view.State, and the logic that needs no window (commands from
// fields, the animation clock, the file browser and file kinds, the follow
// watch, the console) lives in gui/ctl and is tested there.
//
// Input is queued by the GLFW callbacks (platform.go), never polled, so a
// click or key tap shorter than a frame counts. An idle window sleeps in
// glfw.WaitEventsTimeout and draws nothing until something changes
// (loop.go).
// `fabviz -script F` runs a script a line a frame in the window, with the
// GUI-only commands of guiCommands; `screenshot` reads the back buffer of
// a complete frame, panels included.
package gui
