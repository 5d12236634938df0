package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestDiagnoseBadCable runs the command on the bundled failing-cable study:
// the culprit first, in text and in JSON.
func TestDiagnoseBadCable(t *testing.T) {
	code, out, errs := fabnet(t, "diagnose", "../../examples/cplant/cplant.fvm", "../../examples/badcable/bad.dat")
	if code != 0 || !strings.HasPrefix(out, "1. bad-cable  sw32.8 ↔ sw33.10  steps 10–29") || errs != "" {
		t.Fatalf("exit %d\n%s\n%s", code, out, errs)
	}
	code, out, errs = fabnet(t, "diagnose", "../../examples/cplant/cplant.fvm", "../../examples/badcable", "--json", "-capacity", "1000")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var got struct {
		Findings []struct {
			Kind      string   `json:"kind"`
			Ports     []string `json:"ports"`
			FirstStep int      `json:"first_step"`
			LastStep  int      `json:"last_step"`
			Score     float64  `json:"score"`
			Evidence  []string `json:"evidence"`
			Jobs      []int64  `json:"jobs"`
		} `json:"findings"`
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	f := got.Findings
	if len(f) < 2 || f[0].Kind != "bad-cable" || strings.Join(f[0].Ports, " ") != "sw32.8 sw33.10" || f[0].FirstStep != 10 || f[0].LastStep != 29 || len(f[0].Evidence) != 3 {
		t.Fatalf("findings: %+v", f[:min(len(f), 2)])
	}
	if f[1].Kind != "congestion" || len(f[1].Jobs) == 0 {
		t.Errorf("second finding: %+v", f[1])
	}
}

func TestDiagnoseErrors(t *testing.T) {
	for _, c := range []struct{ args, want string }{
		{"diagnose", "usage: fabnet diagnose MODEL"},
		{"diagnose ../../examples/ring4/ring4.fvm nosuch.fvlog", "nosuch.fvlog"},
		{"diagnose ../../examples/ring4/ring4.fvm ../../examples/ring4", "no *.fvlog or *.dat file"},
		{"diagnose ../../examples/ring4/ring4.fvm ../../examples/badcable/bad.dat", "warning: "},
	} {
		code, _, errs := fabnet(t, strings.Fields(c.args)...)
		if code == 0 && !strings.HasPrefix(c.want, "warning") || !strings.Contains(errs, c.want) {
			t.Errorf("%s: exit %d, %q", c.args, code, errs)
		}
	}
}

// TestDiagnoseInit: an init file's `diagnose` lines set thresholds (here
// so high the culprit is not reported), and a flag wins over the file.
func TestDiagnoseInit(t *testing.T) {
	ini := filepath.Join(t.TempDir(), "fabviz.ini")
	os.WriteFile(ini, []byte("diagnose min-errors 5000\n"), 0o644)
	code, out, errs := fabnet(t, "diagnose", "../../examples/cplant/cplant.fvm", "../../examples/badcable/bad.dat", "-init", ini)
	if code != 0 || !strings.HasPrefix(out, "no findings") {
		t.Errorf("with min-errors 5000: exit %d\n%s%s", code, out, errs)
	}
	code, out, _ = fabnet(t, "diagnose", "../../examples/cplant/cplant.fvm", "../../examples/badcable/bad.dat", "-init", ini, "-min-errors", "10")
	if code != 0 || !strings.HasPrefix(out, "1. bad-cable  sw32.8") {
		t.Errorf("the flag did not win: exit %d\n%s", code, out)
	}
	if code, _, errs = fabnet(t, "diagnose", "../../examples/cplant/cplant.fvm", "-init", "nosuch.ini"); code != 1 || !strings.Contains(errs, "nosuch.ini") {
		t.Errorf("a missing -init file: exit %d, %q", code, errs)
	}
}
