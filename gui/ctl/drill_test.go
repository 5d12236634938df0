package ctl

import (
	"strings"
	"testing"
)

func TestDrillPath(t *testing.T) {
	var d Drill
	if d.At().Name() != "machine" || len(d.Path()) != 1 {
		t.Fatal("a new drill-down is not at the machine")
	}
	d.Into(Level{Job: 4})
	d.Into(Level{Job: 4, Label: "sw47.3"})
	names := []string{}
	for _, l := range d.Path() {
		names = append(names, l.Name())
	}
	if got := strings.Join(names, " > "); got != "machine > job 4 > sw47.3" {
		t.Fatalf("path %q", got)
	}
	if c := d.At().Commands(); len(c) != 3 || c[0].String() != "select job 4" || c[1].String() != "select sw47.3" || c[2].String() != "plot on" {
		t.Errorf("commands %v", c)
	}
	d.Back(1)
	if d.At().Job != 4 || d.At().Label != "" {
		t.Errorf("back to 1: %+v", d.At())
	}
	if c := (Level{}).Commands(); len(c) != 1 || c[0].String() != "select job 0" {
		t.Errorf("machine level commands %v", c)
	}
	d.Back(0)
	if len(d.Path()) != 1 {
		t.Error("back to the machine kept levels")
	}
}
