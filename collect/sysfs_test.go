package collect

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const sysfsRoot = "testdata/sysfs"

func TestSysfsSource(t *testing.T) {
	m, _ := fattree(t)
	src, err := NewSysfsSource(m, sysfsRoot, []string{"mlx5_0/1=cn001", "mlx5_1/1=leaf03.1"}, "", nil)
	if err != nil {
		t.Fatal(err)
	}
	r := NewReading(len(src.Counters()), len(src.Ports()))
	st := src.Sweep(context.Background(), r)
	if st.Read != 2 || st.Attempted != 2 {
		t.Fatalf("read %d of %d: %v", st.Read, st.Attempted, st.Warnings)
	}
	// An N/A counter is said once, not at every sweep.
	if len(st.Warnings) != 1 || !strings.Contains(st.Warnings[0].Error(), `sysfs mlx5_1/1 (leaf03.1): 1 counters read N/A (no PMA): logged as gaps (said once)`) {
		t.Errorf("warnings %v", st.Warnings)
	}
	if again := src.Sweep(context.Background(), NewReading(len(src.Counters()), len(src.Ports()))); len(again.Warnings) != 0 {
		t.Errorf("second sweep warns again: %v", again.Warnings)
	}
	name := func(c int) string { return src.Counters()[c].Name }
	for c := range src.Counters() {
		want := uint64(0)
		switch name(c) {
		case "port_xmit_data":
			want = 18446744073709551000
		case "port_rcv_data":
			want = 2007
		case "port_xmit_pkts":
			want = 3007
		case "vl15_dropped":
			want = 14007
		case "port_xmit_wait":
			want = 15007
		}
		if want != 0 && (!r.OK[c][0] || r.Vals[c][0] != want) {
			t.Errorf("cn001 %s = %d (%v), want %d", name(c), r.Vals[c][0], r.OK[c][0], want)
		}
		if _, err := os.Stat(filepath.Join(sysfsRoot, "class/infiniband/mlx5_0/ports/1/counters", sysfsFiles[name(c)])); !r.OK[c][0] && sysfsFiles[name(c)] != "" && err == nil {
			t.Errorf("cn001 %s not read", name(c))
		}
		// mlx5_1 has six of the files, all 42; the bad one is unread.
		switch name(c) {
		case "port_xmit_data", "port_rcv_data", "port_xmit_pkts", "port_rcv_pkts", "symbol_error", "link_downed":
			if !r.OK[c][1] || r.Vals[c][1] != 42 {
				t.Errorf("leaf03.1 %s = %d (%v)", name(c), r.Vals[c][1], r.OK[c][1])
			}
		default:
			if r.OK[c][1] {
				t.Errorf("leaf03.1 %s read from a missing or bad file", name(c))
			}
		}
	}
	// Sharding keeps only the ports of the kept switches.
	one, err := NewSysfsSource(m, sysfsRoot, []string{"mlx5_0/1=cn001", "mlx5_1/1=cn009"}, "", func(sw int) bool { return m.Switches[sw].Label == "leaf03" })
	if err != nil || len(one.Ports()) != 1 || m.Label(one.Ports()[0]) != "leaf03.1" {
		t.Errorf("shard: %v %v", err, one)
	}
}

func TestSysfsSourceErrors(t *testing.T) {
	m, _ := fattree(t)
	for _, c := range []struct {
		mapping []string
		root    string
		want    string
	}{
		{nil, sysfsRoot, "2 HCA ports (mlx5_0/1 mlx5_1/1): say which model port each is with DEV/PORT=LABEL"},
		{[]string{"mlx5_9/1=cn001"}, sysfsRoot, "sysfs port mlx5_9/1: not under testdata/sysfs/class/infiniband (found: mlx5_0/1 mlx5_1/1)"},
		{[]string{"mlx5_0/1=cn999"}, sysfsRoot, `"cn999" is neither a port label nor a host name`},
		{[]string{"mlx5_0/1"}, sysfsRoot, "expected DEV/PORT=LABEL"},
		{[]string{"mlx5_0/1=cn001", "mlx5_1/1=leaf01.1"}, sysfsRoot, "sysfs ports mlx5_0/1 and mlx5_1/1 both stand for leaf01.1"},
		{nil, "testdata/nowhere", "no InfiniBand devices"},
	} {
		if _, err := NewSysfsSource(m, c.root, c.mapping, "cn001", nil); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: %v, want %s", c.mapping, err, c.want)
		}
	}
}

// With one HCA port and no mapping, the port is the host's processor port.
func TestSysfsSourceDefaultHost(t *testing.T) {
	m, _ := fattree(t)
	root := t.TempDir()
	copyTree(t, sysfsRoot+"/class/infiniband/mlx5_1", root+"/class/infiniband/mlx5_1")
	src, err := NewSysfsSource(m, root, nil, "cn006", nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(src.Ports()) != 1 || m.Label(src.Ports()[0]) != "leaf02.2" {
		t.Errorf("ports %v", src.Ports())
	}
	if _, err := NewSysfsSource(m, root, nil, "login1", nil); err == nil || !strings.Contains(err.Error(), `"login1" is neither a port label nor a host name`) {
		t.Errorf("unknown host: %v", err)
	}
}
