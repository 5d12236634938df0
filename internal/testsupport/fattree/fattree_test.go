package fattree

import (
	"bytes"
	"testing"

	"github.com/fabviz/fabviz/model"
)

func TestModel(t *testing.T) {
	var b bytes.Buffer
	s := Shape{Leaves: 128}
	if err := s.WriteModel(&b); err != nil {
		t.Fatal(err)
	}
	m, err := model.Parse("ft.fvm", &b)
	if err != nil {
		t.Fatal(err)
	}
	if m.NumPorts() != s.Ports() || m.NumNodes != 128*32 || m.NumLinks() != 128*32 {
		t.Errorf("ports %d nodes %d links %d", m.NumPorts(), m.NumNodes, m.NumLinks())
	}
	if err := (Shape{Leaves: 100}).WriteModel(&b); err == nil {
		t.Error("100 leaves accepted")
	}
}
