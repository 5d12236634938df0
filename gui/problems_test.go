package gui

import (
	"image"
	"os"
	"path/filepath"
	"testing"

	"github.com/fabviz/fabviz/internal/testsupport/gltest"
)

// TestProblemsPanel opens the failing-cable study, the Problems panel and
// the first finding: the culprit is selected at the step it went bad, and
// a click on the finding turns the camera to it, close enough to see the
// selection's cyan ring.
func TestProblemsPanel(t *testing.T) {
	shot := filepath.Join(t.TempDir(), "problems.png")
	if d := os.Getenv("FABVIZ_SHOTS"); d != "" {
		shot = filepath.Join(d, "problems.png") // to look at
	}
	a := runScript(t,
		"model "+abs(t, examples+"cplant/cplant.fvm"),
		"param "+abs(t, examples+"badcable/bad.dat"),
		"panel problems open",
		"diagnose 1",
		"camera 0 89 0",
	)
	st := a.in.State
	if st.Select != "sw32.8" || st.Step != 10 || !st.HasRange || st.Finding == "" {
		t.Fatalf("state after diagnose 1: %+v", st)
	}
	far := st.Camera.Distance
	if err := a.showFinding(1); err != "" {
		t.Fatal(err)
	}
	if a.in.State.Camera.Distance >= far {
		t.Errorf("the camera stayed at %v (was %v)", a.in.State.Camera.Distance, far)
	}
	// The script has ended; draw on by hand: a screenshot is taken by the
	// frame after the command.
	a.dirty = true
	if err := a.in.ExecLine("screenshot " + shot); err != nil {
		t.Fatal(err)
	}
	for range 3 {
		a.frame()
	}
	img := gltest.ReadPNG(t, shot)
	if n := count(img, panelArea, isPanelHeader); n < 2000 {
		t.Errorf("panel area has %d header-blue pixels", n)
	}
	cyan := func(r, g, b uint8) bool { return r < 80 && g > 180 && b > 180 }
	if n := count(img, image.Rect(370, 0, 1280, 800), cyan); n < 5 {
		t.Errorf("no selection ring in the scene (%d cyan pixels)", n)
	}
}
