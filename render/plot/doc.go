// Package plot is the time-series plot of the viewer: what is plotted
// (Plot: lines of exact samples with gaps, and jobs' PerSyst bands), where
// it goes in a rectangle (Frame: step ↔ x, value ↔ y, hover and click),
// the plot as a list of primitives (Draw) that both front ends paint —
// the window with imgui's draw list, pictures with Raster — and the
// plotted series as CSV (WriteCSV). Pure Go: no GL, no window.
package plot
