package collect

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/fabviz/fabviz/model"
)

func fattree(t *testing.T) (*model.Model, *IBSource) {
	t.Helper()
	m, err := model.Load("testdata/fattree.fvm")
	if err != nil {
		t.Fatal(err)
	}
	src, err := NewIBSource(m)
	if err != nil {
		t.Fatal(err)
	}
	return m, src
}

func TestNewRefusesBadConfig(t *testing.T) {
	m, src := fattree(t)
	dir := t.TempDir()
	for _, c := range []struct {
		cfg  Config
		want string
	}{
		{Config{Model: m, Source: src, Dir: dir, Interval: 1500 * time.Millisecond}, "whole number of seconds"},
		{Config{Model: m, Source: src, Dir: dir, Interval: 0}, "at least 1s"},
		{Config{Model: m, Source: src, Dir: dir, Interval: time.Second, Counters: []string{"port_xmit_data", "bogus"}}, `unknown counter "bogus"`},
	} {
		if _, err := New(c.cfg); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: %v, want %s", c.cfg.Counters, err, c.want)
		}
	}
	// A subset of counters makes exactly those logs.
	c, err := New(Config{Model: m, Source: src, Dir: dir, Interval: time.Second, Counters: []string{"symbol_error", "port_rcv_data"}})
	if err != nil {
		t.Fatal(err)
	}
	c.Close()
	logs, _ := filepath.Glob(filepath.Join(dir, "*.fvlog"))
	if len(logs) != 2 {
		t.Errorf("logs %v", logs)
	}
	// A log written for another interval is not appended to.
	if _, err := New(Config{Model: m, Source: src, Dir: dir, Interval: 2 * time.Second, Counters: []string{"symbol_error"}}); err == nil || !strings.Contains(err.Error(), "interval 1s, not 2s") {
		t.Errorf("interval change: %v", err)
	}
	if _, err := ParseJobSource("slurm"); err != nil {
		t.Error(err)
	}
}

func TestIBSourceAddressing(t *testing.T) {
	_, src := fattree(t)
	if len(src.Ports()) != 48 || len(src.switches) != 6 {
		t.Fatalf("%d ports, %d switches", len(src.Ports()), len(src.switches))
	}
	if a := strings.Join(src.switches[2].addr, " "); a != "4" {
		t.Errorf("leaf01 addressed as %q", a)
	}
	// Without a LID the GUID is used; with neither the switch is skipped.
	src2 := strings.NewReplacer(" sw 4", "", "switch spine01 0 0 0 hw 0x0000000000200000 sw 1", "switch spine01 0 0 0").Replace(readFile(t, "testdata/fattree.fvm"))
	m2, err := model.Parse("x.fvm", strings.NewReader(src2))
	if err != nil {
		t.Fatal(err)
	}
	s2, _ := NewIBSource(m2)
	if len(s2.switches) != 5 || strings.Join(s2.switches[1].addr, " ") != "-G 0x0000000000200002" {
		t.Errorf("switches %d, leaf01 %v", len(s2.switches), s2.switches[1].addr)
	}
	none, _ := model.Parse("n.fvm", strings.NewReader("portdef A\n0 net east 0\nend\nswitch a 0 0 0\n"))
	if _, err := NewIBSource(none); err == nil || !strings.Contains(err.Error(), "no switch has a LID") {
		t.Errorf("no addresses: %v", err)
	}
}

func readFile(t *testing.T, p string) string {
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
