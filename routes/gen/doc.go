// Package gen generates fabrics: a model file (FORMATS.md §1) and a route
// file per node (§2) for rings, meshes, tori, two-level fat trees and a
// Cplant-like system. Routes are computed per destination (dimension-order
// on meshes and tori, up/down on fat trees, shortest paths on Cplant) and
// encoded absolute or relative.
package gen
