// Package repocheck holds no code: its tests check the repository itself —
// that git tracks no built binary, and no large file outside a testdata/
// folder — so that a clone stays small and holds only sources and data;
// and, with `go list`, that no import runs up the layers of
// docs/architecture.md and no package of the program uses a test harness.
package repocheck
