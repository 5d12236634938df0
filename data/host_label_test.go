package data

import (
	"strings"
	"testing"

	"github.com/fabviz/fabviz/model"
)

// TestHostOfSeveralPorts: a label naming a host with several ports is
// refused with the reason, in a job file and in a log; a one-port host's
// name still stands for its port.
func TestHostOfSeveralPorts(t *testing.T) {
	m, err := model.Parse("h.fvm", strings.NewReader(`ports 4
port-base 1
portdef A
1 proc bottom 0
2 proc bottom 1
3 proc bottom 2
end
switch a 0 0 0 node 0
hostname 0 dgx1
hostname 1 dgx1
hostname 2 cn7
`))
	if err != nil {
		t.Fatal(err)
	}
	const why = `"dgx1" is a host with 2 ports: a data label names one port; label each port SWITCH.PORT (a.1, ...)`
	_, err = Read("j.dat", strings.NewReader("cn7 5\ndgx1 5\n"), m, Options{Kind: Job})
	if err == nil || !strings.Contains(err.Error(), "j.dat:2:1: "+why) {
		t.Errorf("job file: %v", err)
	}
	s, err := Read("j.dat", strings.NewReader("cn7 5\na.1 5\na.2 5\n"), m, Options{Kind: Job})
	if err != nil || s.Columns() != 3 {
		t.Errorf("ports by label: %v", err)
	}
	lg, err := ReadLog("j.fvlog", strings.NewReader("#! fabviz-log 1\n#! counter job\n#! ports cn7 dgx1\n2026-11-21T10:00:00Z 5 5\n"), 4096)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := lg.Bind(m, Options{Kind: Job}); err == nil || !strings.Contains(err.Error(), why) {
		t.Errorf("log: %v", err)
	}
}
