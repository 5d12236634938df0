// Package repocheck holds no code: its test checks the repository itself —
// that git tracks no built binary, and no large file outside a testdata/
// folder — so that a clone stays small and holds only sources and data.
package repocheck
