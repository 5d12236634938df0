package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/fabviz/fabviz/internal/testsupport/snmpdtest"
)

const ethModel = "../../collect/testdata/eth.fvm"

// TestCollectSNMP runs `fabnet collect -source snmp` against the fixture's
// snmpd.conf (community public) on a port of its own, with a secrets file
// that is first world-readable (refused) and then private.
func TestCollectSNMP(t *testing.T) {
	conf, err := os.ReadFile("../../testdata/fixtures/snmp/snmpd.conf")
	if err != nil {
		t.Fatal(err)
	}
	// The fixture names its own address; ours is given on the command line.
	var lines []string
	for _, l := range strings.Split(string(conf), "\n") {
		if !strings.HasPrefix(l, "agentAddress") {
			lines = append(lines, l)
		}
	}
	a := snmpdtest.Start(t, strings.Join(lines, "\n"))
	dir := t.TempDir()
	mapFile := filepath.Join(dir, "snmp.map")
	os.WriteFile(mapFile, []byte(fmt.Sprintf("agent e1 %s lab\nport e1.1 ifname lo\nport e1.3 ifindex 1\n", a.Addr())), 0o644)
	secrets := filepath.Join(dir, "snmp.secrets")
	os.WriteFile(secrets, []byte("community lab public\n"), 0o644)
	args := []string{"collect", ethModel, "-o", filepath.Join(dir, "logs"), "-source", "snmp", "-map", mapFile,
		"-secrets", secrets, "-interval", "1s", "-steps", "2", "-counters", "ifHCInOctets,ifInErrors"}
	code, _, errs := fabnet(t, args...)
	if code != 1 || !strings.Contains(errs, "snmp.secrets: secrets file is accessible to everyone (mode 0644); refusing to use it: run chmod 600") {
		t.Fatalf("world-readable secrets: exit %d, %s", code, errs)
	}
	os.Chmod(secrets, 0o600)
	code, _, errs = fabnet(t, args...)
	if code != 0 || !strings.Contains(errs, "step 1: ports 2/2 read") {
		t.Fatalf("exit %d:\n%s", code, errs)
	}
	for _, name := range []string{"ifHCInOctets", "ifInErrors"} {
		b, err := os.ReadFile(filepath.Join(dir, "logs", name+".fvlog"))
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(b), "#! ports e1.1 e1.3\n") || dataLines(string(b)) != 2 || strings.Contains(string(b), " -") {
			t.Errorf("%s:\n%s", name, b)
		}
	}
}

func TestCollectFlagErrors(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-shard", "3/2"}, `shard "3/2": K must be 1..2`},
		{[]string{"-source", "snmp"}, "-source snmp needs -map FILE and -secrets FILE"},
		{[]string{"-source", "carrier-pigeon"}, `unknown -source "carrier-pigeon" (expected ib, snmp or sysfs)`},
		{[]string{"-source", "sysfs", "-sysfs-root", "../../collect/testdata/sysfs"}, "2 HCA ports (mlx5_0/1 mlx5_1/1)"},
		{[]string{"-clock-listen", "127.0.0.1:0", "-clock-ref", "127.0.0.1:1"}, "not both"},
	} {
		code, _, errs := fabnet(t, append([]string{"collect", ethModel, "-o", dir}, c.args...)...)
		if code == 0 || !strings.Contains(errs, c.want) {
			t.Errorf("%v: exit %d, %s; want %s", c.args, code, errs, c.want)
		}
	}
}

// TestCollectSysfsShardsAndMerge runs two sharded sysfs collectors, the
// first as the reference clock, and merges their logs with `fabnet merge`.
func TestCollectSysfsShardsAndMerge(t *testing.T) {
	dir := t.TempDir()
	base := []string{"collect", "../../collect/testdata/fattree.fvm", "-source", "sysfs", "-sysfs-root", "../../collect/testdata/sysfs",
		"-sysfs-ports", "mlx5_0/1=cn001,mlx5_1/1=cn009", "-interval", "1s", "-steps", "2", "-raw", "-counters", "port_rcv_data"}
	code, _, errs := fabnet(t, append(base, "-o", filepath.Join(dir, "a"), "-shard", "1/2")...)
	if code != 0 {
		t.Fatalf("shard 1: %s", errs)
	}
	code, _, errs = fabnet(t, append(base, "-o", filepath.Join(dir, "b"), "-shard", "2/2")...)
	if code != 0 {
		t.Fatalf("shard 2: %s", errs)
	}
	code, out, errs := fabnet(t, "merge", "-o", filepath.Join(dir, "m"), filepath.Join(dir, "b"), filepath.Join(dir, "a"))
	if code != 0 || out != "port_rcv_data: 2 logs, 2 ports, 4 steps\n" {
		t.Fatalf("merge: exit %d, %q %s", code, out, errs)
	}
	b, _ := os.ReadFile(filepath.Join(dir, "m", "port_rcv_data.fvlog"))
	// Shard order comes from the headers, not the command line (bytes: the
	// files hold 4-octet words); the two
	// collectors ran one after the other, so no step has both.
	if !strings.Contains(string(b), "#! ports leaf01.1 leaf03.1\n") || strings.Count(string(b), " 8028 -\n") != 2 || strings.Count(string(b), " - 168\n") != 2 {
		t.Errorf("merged:\n%s", b)
	}
	// The shard logs (with their notes) and the merged log all check out.
	for _, l := range []string{"a", "b", "m"} {
		if code, _, errs := fabnet(t, "check", "../../collect/testdata/fattree.fvm", "-param", filepath.Join(dir, l, "port_rcv_data.fvlog")); code != 0 {
			t.Errorf("check -param %s: exit %d, %s", l, code, errs)
		}
	}
	if code, _, errs := fabnet(t, "merge", "-o", filepath.Join(dir, "m2"), filepath.Join(dir, "a"), filepath.Join(dir, "a")); code != 1 || !strings.Contains(errs, "shards must not overlap") {
		t.Errorf("overlap: %d %s", code, errs)
	}
}

// dataLines counts a log's data lines (not headers, notes or comments).
func dataLines(log string) int {
	n := 0
	for _, l := range strings.Split(strings.TrimSpace(log), "\n") {
		if !strings.HasPrefix(l, "#") {
			n++
		}
	}
	return n
}
