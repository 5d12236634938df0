package model

import (
	"os"
	"path/filepath"
	"strconv"
)

// Load reads a model file from disk.
func Load(path string) (*Model, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, ErrorList{&Error{File: path, Msg: err.Error(), Err: err}}
	}
	defer f.Close()
	m, err := Parse(path, f)
	if err != nil {
		return nil, err
	}
	return m, nil
}

// RoutesPath is where the route file of a node lives, or "" when the model
// names no routes. Relative route directories are taken from the model
// file's own directory.
func (m *Model) RoutesPath(node int) string {
	if m.RoutesDir == "" && m.RoutesExt == "" {
		return ""
	}
	dir := m.RoutesDir
	if !filepath.IsAbs(dir) {
		dir = filepath.Join(filepath.Dir(m.File), dir)
	}
	return filepath.Join(dir, strconv.Itoa(node)+m.RoutesExt)
}

// LFTPath is where the model's forwarding tables live, or "" when it names
// none; a relative path is taken from the model file's directory.
func (m *Model) LFTPath() string {
	if m.LFTFile == "" || filepath.IsAbs(m.LFTFile) {
		return m.LFTFile
	}
	return filepath.Join(filepath.Dir(m.File), m.LFTFile)
}

// HasRoutes says whether the model names routes: route files or
// forwarding tables.
func (m *Model) HasRoutes() bool {
	return m.LFTFile != "" || m.RoutesDir != "" || m.RoutesExt != ""
}
