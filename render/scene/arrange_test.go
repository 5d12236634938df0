package scene

import (
	"strings"
	"testing"

	"github.com/fabviz/fabviz/model"
)

// fourRows is a 4-row, 2-column grid whose logical rows are physical rows
// 0 and 2, then 3 and 1.
const fourRows = `rows 4
columns 2
ports 4
portdef A
0 proc top 0
1 proc top 1
2 net east 0
3 net west 0
end
logical-row 0 0 2
logical-row 1 3 1
switch a 0 0 0 node 0
switch b 0 0 1 node 2
switch c 0 2 0 node 4
switch d 0 2 1 node 6
switch e 0 3 1 node 8
switch f 0 1 0 node 10
`

func TestLogicalArrangement(t *testing.T) {
	m, err := model.Parse("four.fvm", strings.NewReader(fourRows))
	if err != nil {
		t.Fatal(err)
	}
	at := func(l *Layout, label string) Vec3 {
		i, _ := m.SwitchByLabel(label)
		return l.Center[i]
	}
	phys := NewLayout(m, Planar)
	if got, want := at(phys, "c"), (Vec3{0, -2 * Pitch, 0}); !near(got, want) {
		t.Errorf("physical: c at %v, want %v", got, want)
	}
	lg := NewArrangedLayout(m, Planar, Logical)
	if lg.Rows != 2 || lg.Columns != 4 {
		t.Fatalf("logical grid %d×%d, want 2 rows × 4 columns", lg.Rows, lg.Columns)
	}
	// Logical row 0 is a b c d left to right; logical row 1 is (3,0) e (1,0) f.
	for _, c := range []struct {
		sw       string
		row, col float32
	}{{"a", 0, 0}, {"b", 0, 1}, {"c", 0, 2}, {"d", 0, 3}, {"e", 1, 1}, {"f", 1, 2}} {
		want := Vec3{c.col * Pitch, -c.row * Pitch, 0}
		if got := at(lg, c.sw); !near(got, want) {
			t.Errorf("logical: %s at %v, want %v", c.sw, got, want)
		}
	}
	s := build(t, Input{Model: m, Arrange: Logical})
	if s.Layout.Arrange != Logical {
		t.Errorf("Build with Arrange Logical made a %s layout", s.Layout.Arrange)
	}
	tor := NewArrangedLayout(m, Torus, Logical)
	if tor.Rows != 2 || tor.Columns != 4 {
		t.Errorf("torus logical grid %d×%d", tor.Rows, tor.Columns)
	}
}
