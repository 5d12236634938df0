// Package overlay draws the 2-D parts of a snapshot over the rendered
// scene: a caption (model name, step, time, selection) in the top-left
// corner and a legend (data.Legend: colour bar from MIN to MAX with the below- and
// above-range colours, the display mode, and job colours) in the
// bottom-right. Text uses the fixed 7×13 bitmap font of golang.org/x/image,
// scaled up by whole pixels on large images. Pure Go, no GL.
package overlay
