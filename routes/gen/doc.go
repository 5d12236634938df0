// Package gen generates fabrics: a model file (FORMATS.md §1) and its
// routes for rings, meshes, tori, two- and three-level fat trees and a
// Cplant-like system. Routes are computed per destination (dimension-order
// on meshes and tori, up/down on fat trees, shortest paths on Cplant), so
// they can be written as a route file per node (§2, absolute or relative),
// as forwarding tables (§2b), or as the ibnetdiscover and dump_fts text an
// InfiniBand fabric's tools print, for the importer.
package gen
