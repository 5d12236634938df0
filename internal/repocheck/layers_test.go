package repocheck

import (
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

const module = "github.com/fabviz/fabviz/"

// harnesses are the test-support packages: tests, benchmarks and bench/
// programs use them; no package of the program does.
var harnesses = []string{"internal/testsupport"}

// layer is a rule of the layering (docs/architecture.md): packages under
// From may not depend, even indirectly, on packages under any of Not.
type layer struct {
	from string
	not  []string
	why  string
}

var layers = []layer{
	{"render", []string{"view", "session", "headless", "gui"}, "render draws; it knows nothing of the viewer above it"},
	{"routes", []string{"data"}, "routing does not read counters"},
	{"model", []string{"data", "routes", "render", "view", "session"}, "the model is the bottom layer"},
	{"data", []string{"render", "view", "session", "headless", "gui"}, "data is read and coloured below the viewer"},
	{"view", []string{"session", "headless", "gui", "render/gl", "render/overlay"}, "the interpreter runs on any front end's core"},
	{"session", []string{"headless", "gui", "render/gl", "render/overlay", "github.com/go-gl", "github.com/inkyblackness"}, "the core is tested with no display"},
	{"gui/ctl", []string{"gui", "headless", "render/gl", "github.com/go-gl", "github.com/inkyblackness"}, "the window's logic is tested with no display"},
	{"diagnose", []string{"view", "session", "headless", "gui", "render"}, "the analyses read data and routes, below the viewer"},
	{"headless", []string{"gui"}, "the two front ends sit side by side"},
	{"gui", []string{"headless"}, "the two front ends sit side by side"},
}

// pending are imports another change is moving away (the traffic
// simulator leaves routes/); they are logged, not failed.
var pending = map[string]bool{}

// under says whether package path p (module-relative, or a full path for
// another module) is pkg or below it.
func under(p, pkg string) bool { return p == pkg || strings.HasPrefix(p, pkg+"/") }

// TestLayers checks, with `go list -deps`, that no import runs upward:
// render does not reach view or the core, routes not data, no package of
// the program a test harness.
func TestLayers(t *testing.T) {
	gobin := filepath.Join(runtime.GOROOT(), "bin", "go")
	out, err := exec.Command(gobin, "list", "-f", `{{.ImportPath}} {{join .Deps " "}}`, "../../...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.Fields(line)
		pkg, ok := strings.CutPrefix(f[0], module)
		if !ok {
			continue
		}
		var deps []string
		for _, d := range f[1:] {
			deps = append(deps, strings.TrimPrefix(d, module))
		}
		errs, notes := checkPackage(pkg, deps)
		for _, e := range errs {
			t.Error(e)
		}
		for _, n := range notes {
			t.Log(n)
		}
	}
}

// checkPackage returns the package's upward dependencies, and those being
// moved away as notes.
func checkPackage(pkg string, deps []string) (errs, notes []string) {
	support := under(pkg, "bench") || isHarness(pkg)
	for _, d := range deps {
		if !support && isHarness(d) {
			errs = append(errs, pkg+" depends on the test harness "+d)
		}
		for _, l := range layers {
			if !under(pkg, l.from) || (l.from == "gui" && under(pkg, "gui/ctl")) {
				continue
			}
			for _, n := range l.not {
				if !under(d, n) {
					continue
				}
				if edge := pkg + " -> " + n; pending[edge] {
					notes = append(notes, edge+" (being moved)")
					continue
				}
				errs = append(errs, pkg+" depends on "+d+": "+l.why)
			}
		}
	}
	return errs, notes
}

func isHarness(p string) bool {
	for _, h := range harnesses {
		if under(p, h) {
			return true
		}
	}
	return false
}

// TestLayersCatchAnUpwardImport checks the check: an upward import of each
// kind the issue names is reported.
func TestLayersCatchAnUpwardImport(t *testing.T) {
	for pkg, dep := range map[string]string{
		"render/scene": "view", "render/overlay": "session", "routes/lft": "data",
		"model": "internal/testsupport/benchmodel", "session": "render/gl", "view": "session",
	} {
		if errs, _ := checkPackage(pkg, []string{"model", dep}); len(errs) != 1 {
			t.Errorf("%s importing %s passed the check", pkg, dep)
		}
	}
}

// TestNoDisplayNeeded checks that the core, the interpreter and the
// window's logic build with their tests from no cgo package: no GL headers
// or display are needed to test them.
func TestNoDisplayNeeded(t *testing.T) {
	gobin := filepath.Join(runtime.GOROOT(), "bin", "go")
	pkgs := []string{"../../session", "../../view", "../../gui/ctl"}
	args := append([]string{"list", "-test", "-deps", "-f", "{{if .CgoFiles}}{{.ImportPath}}{{end}}"}, pkgs...)
	out, err := exec.Command(gobin, args...).Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	if cgo := strings.Fields(string(out)); len(cgo) > 0 {
		t.Errorf("testing %v needs cgo packages: %v", pkgs, cgo)
	}
}
