package session

import (
	"strings"
	"testing"

	"github.com/fabviz/fabviz/view"
)

// TestDiagnoseCommand: on the failing-cable study, `diagnose 1` selects the
// culprit's receiving end, goes to the step it went bad, and sets a range
// whose top is the culprit's value there.
func TestDiagnoseCommand(t *testing.T) {
	s := New(nil)
	in := view.New(s)
	in.Dir = "../examples/badcable"
	for _, l := range []string{"model ../cplant/cplant.fvm", "diagnose 1"} {
		err := in.ExecLine(l)
		if l == "diagnose 1" && (err == nil || !strings.Contains(err.Error(), "no parameter data")) {
			t.Fatalf("diagnose with no data: %v", err)
		}
	}
	for _, l := range []string{"param bad.dat", "step 29", "mode total", "diagnose 1"} {
		if err := in.ExecLine(l); err != nil {
			t.Fatalf("%s: %v", l, err)
		}
	}
	st := in.State
	var v int64 // the larger of the cable's two ends at step 10
	for _, l := range []string{"sw32.8", "sw33.10"} {
		p, _ := s.Model().PortByLabel(l)
		x, _ := s.ParamValue(p, 10)
		v = max(v, x)
	}
	if st.Select != "sw32.8" || st.Step != 10 || st.Mode != view.Slice || !st.HasRange || st.Range != [2]int64{max(1, v/2), v} {
		t.Errorf("state after diagnose 1: select %q step %d mode %v range %v (top %d)", st.Select, st.Step, st.Mode, st.Range, v)
	}
	if c := strings.Join(s.Caption(&st), "\n"); !strings.Contains(c, "finding 1: bad-cable sw32.8 - sw33.10, from step 10") {
		t.Errorf("caption:\n%s", c)
	}
	if err := in.ExecLine("diagnose 2"); err == nil || !strings.Contains(err.Error(), "there are 1 findings") {
		t.Errorf("diagnose 2: %v", err)
	}
	if err := in.ExecLine("model ../cplant/cplant.fvm"); err != nil || in.State.Finding != "" {
		t.Errorf("a new model keeps the finding %q (%v)", in.State.Finding, err)
	}
}
