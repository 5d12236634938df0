// Package scene turns a model and what is shown of it (layout, view, hidden
// planes, per-port colours, job colours, routes, selection) into flat
// instance arrays that a renderer draws with one instanced call per kind of
// primitive: switch cubes, port spheres, job boxes and segments (links and
// routes, drawn as cylinders). It also holds the orbit camera and picking.
//
// The package is pure Go and knows nothing of OpenGL: every array is plain
// float32 data laid out as the shaders of render/gl expect, so the same
// scene can be tested, benchmarked and picked without a display.
//
// Colours of ports change from time step to time step; Scene.SetPortColors
// rewrites only the colour array (one copy per drawn port), never geometry.
package scene
