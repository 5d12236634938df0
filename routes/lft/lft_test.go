package lft

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/fabviz/fabviz/model/ibnet"
)

const fixtures = "../../testdata/fixtures"

func TestFormatsAgree(t *testing.T) {
	dir := filepath.Join(fixtures, "ibsim/fattree-2spine-4leaf-16hca")
	var first *Tables
	for _, name := range []string{"out.dump_fts", "out.dump_lfts", "opensm-lfts.dump", "opensm.fdbs", "out.ibroute_lid2"} {
		ts, err := Load(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		spine := ts.ByGUID(0x200000)
		if spine == nil || spine.Port(0x13) != 8 || spine.Port(0x2) != 0 || spine.Port(0x17) != NoPort || spine.Entries != 22 {
			t.Errorf("%s: spine01 table %+v", name, spine)
			continue
		}
		if name == "out.ibroute_lid2" {
			if len(ts.List) != 1 || spine.LID != 2 || spine.Name != "ib-spine01" {
				t.Errorf("ibroute: %d tables, lid %d name %q", len(ts.List), spine.LID, spine.Name)
			}
			continue
		}
		if len(ts.List) != 6 {
			t.Errorf("%s: %d tables", name, len(ts.List))
		}
		if first == nil {
			first = ts
			continue
		}
		for _, a := range first.List {
			b := ts.ByGUID(a.GUID)
			if b == nil || string(trim(a.Out)) != string(trim(b.Out)) {
				t.Errorf("%s: table of 0x%x differs from dump_fts", name, a.GUID)
			}
		}
	}
}

// sparse is many tables naming only the highest unicast LID.
func sparse() string {
	var b strings.Builder
	for i := 1; i <= 100; i++ {
		b.WriteString("dump_ucast_routes: Switch 0x" + strings.Repeat("0", 12) + fmt.Sprintf("%04x", i) + "\n0xbfff : 001 : 01 : yes\n")
	}
	return b.String()
}

func trim(b []byte) []byte {
	for len(b) > 0 && b[len(b)-1] == NoPort {
		b = b[:len(b)-1]
	}
	return b
}

func TestBadDumps(t *testing.T) {
	const hdr = "Unicast lids [0x0-0x3] of switch Lid 2 guid 0x0000000000200000 (sw):\n"
	for _, c := range []struct{ name, in, want string }{
		{"before header", "0x0001 001 : x\n", "t:1: table entry before any switch header"},
		{"dup lid", hdr + "0x0001 001\n0x0001 002\n", "t:3: LID 0x0001 listed twice for switch 0x0000000000200000 (line 2)"},
		{"dup table", hdr + hdr, "t:2: second table for switch 0x0000000000200000 (first at line 1)"},
		{"port range", hdr + "0x0001 300\n", "t:2: out port 300 out of range"},
		{"lid range", hdr + "0xc000 001\n", "t:2: LID 0xc000 out of the unicast range"},
		{"garbage", hdr + "what is this\n", "t:2: unrecognised line"},
		{"no guid", "Unicast lids [0x0-0x3] of switch Lid 2 (sw):\n", "t:1: table header without the switch's guid"},
		{"empty", "", "t: no forwarding tables"},
		{"sparse", sparse(), "tables this sparse would need"},
		{"dup far", hdr + strings.Repeat("# pad\n", 70000) + "0x0001 001\n0x0001 002\n",
			"t:70003: LID 0x0001 listed twice for switch 0x0000000000200000 (first more than 65534 lines after its header at line 1)"},
		{"topology", "#\n# Topology file\nvendid=0x0\nSwitch\t8 \"S-01\" # \"a\" base port 0 lid 1 lmc 0\n", "t:3: this looks like ibnetdiscover output (a topology): give it as -topo"},
		{"-p topology", "SW     9 36 0x0000000000200005 4x SDR   'ib-leaf04'\n", "t:1: this looks like ibnetdiscover output"},
		{"iblinkinfo", "CA: cn2 HCA-1:\n", "t:1: this looks like iblinkinfo output"},
	} {
		_, err := Parse("t", strings.NewReader(c.in))
		if n := strings.Count(fmt.Sprint(err), "\n"); strings.HasPrefix(c.name, "topology") && n > 0 {
			t.Errorf("%s: %d lines of errors, want the one hint", c.name, n+1)
		}
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want %q", c.name, err, c.want)
		}
	}
}

// fabric is a leaf with two hosts and a second leaf with one, joined by a
// cable: leaf a ports 1,2 hosts (LIDs 10, 11), port 3 to leaf b port 3;
// leaf b port 1 host (LID 12).
const fabric = `Switch 4 "S-0a" # "a" base port 0 lid 1 lmc 0
[1] "H-10"[1] # "h10" lid 10 4xQDR
[2] "H-11"[1] # "h11" lid 11 4xQDR
[3] "S-0b"[3] # "b" lid 2 4xQDR

Switch 4 "S-0b" # "b" base port 0 lid 2 lmc 0
[1] "H-12"[1] # "h12" lid 12 4xQDR
[3] "S-0a"[3] # "a" lid 1 4xQDR

Ca 1 "H-10" # "h10"
[1] "S-0a"[1] # lid 10 lmc 0 "a" lid 1 4xQDR
Ca 1 "H-11" # "h11"
[1] "S-0a"[2] # lid 11 lmc 0 "a" lid 1 4xQDR
Ca 1 "H-12" # "h12"
[1] "S-0b"[1] # lid 12 lmc 0 "b" lid 2 4xQDR
`

func importFabric(t *testing.T, topo string) *ibnet.Import {
	t.Helper()
	f, err := ibnet.Parse("t.topo", strings.NewReader(topo), ibnet.Options{})
	if err != nil {
		t.Fatal(err)
	}
	im, err := ibnet.Build(f, ibnet.BuildOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return im
}

func tables(t *testing.T, a, b string) *Tables {
	t.Helper()
	in := "Unicast lids [0x0-0xc] of switch Lid 1 guid 0x000000000000000a (a):\n" + a +
		"Unicast lids [0x0-0xc] of switch Lid 2 guid 0x000000000000000b (b):\n" + b
	ts, err := Parse("t.lft", strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	return ts
}

const goodA = "0x000a 001\n0x000b 002\n0x000c 003\n"
const goodB = "0x000a 003\n0x000b 003\n0x000c 001\n"

func TestWrite(t *testing.T) {
	im := importFabric(t, fabric)
	dir := t.TempDir()
	res, err := Write(dir, ".rt", im, tables(t, goodA, goodB))
	if err != nil {
		t.Fatal(err)
	}
	if res.Files != 3 || res.Routes != 6 || res.Missing != 0 {
		t.Errorf("result %+v", res)
	}
	// Written again over a bigger import's directory: stale ids go, other
	// files stay.
	for _, name := range []string{"7.rt", "notes.rt", "3.txt"} {
		os.WriteFile(filepath.Join(dir, name), []byte("x\n"), 0o644)
	}
	if _, err := Write(dir, ".rt", im, tables(t, goodA, goodB)); err != nil {
		t.Fatal(err)
	}
	left, _ := filepath.Glob(filepath.Join(dir, "*"))
	if len(left) != 5 {
		t.Errorf("after a second write: %v", left)
	}
	// Nodes: 0 = h10, 1 = h11 (leaf a), 2 = h12 (leaf b).
	want := map[string]string{"0.rt": "\n02\n03 01\n", "1.rt": "01\n\n03 01\n", "2.rt": "03 01\n03 02\n\n"}
	for name, w := range want {
		got, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil || string(got) != w {
			t.Errorf("%s = %q, want %q (%v)", name, got, w, err)
		}
	}
}

func TestMissingRoutes(t *testing.T) {
	im := importFabric(t, fabric)
	for _, c := range []struct{ name, a, b, want string }{
		{"no entry", goodA, "0x000a 003\n0x000c 001\n", "switch b has no entry for LID 11 (h11)"},
		{"loop", "0x000a 001\n0x000b 002\n0x000c 003\n", "0x000a 003\n0x000b 003\n0x000c 003\n", "forwarding loop for LID 12 (h12)"},
		{"dead port", "0x000a 001\n0x000b 002\n0x000c 004\n", goodB, "switch a sends LID 12 (h12) to port 4, which has no cable"},
		{"wrong host", "0x000a 001\n0x000b 001\n0x000c 003\n", goodB, "switch a sends LID 11 (h11) to port 1, host h10"},
		{"unreachable", goodA, "0x000a 003\n0x000b UNREACHABLE\n0x000c 001\n", "switch b has no entry for LID 11"},
	} {
		res, err := Write(t.TempDir(), ".rt", im, tables(t, c.a, c.b))
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		found := false
		for _, p := range res.Problems {
			found = found || strings.Contains(p.Msg, c.want)
		}
		if res.Missing == 0 || !found {
			t.Errorf("%s: missing %d, problems %+v, want %q", c.name, res.Missing, res.Problems, c.want)
		}
	}
	// A table for a switch the topology lacks; a LID shared by two hosts.
	ts, _ := Parse("t.lft", strings.NewReader("Unicast lids [0x0-0xc] of switch Lid 9 guid 0x00000000000000ff (z):\n0x0001 001\n"))
	if _, err := Write(t.TempDir(), ".rt", im, ts); err == nil || !strings.Contains(err.Error(), "t.lft:1: forwarding table for switch 0x00000000000000ff (z), which is not in the topology") {
		t.Errorf("unknown switch: %v", err)
	}
	// A LID two hosts claim: a warning with the count; routes to both are
	// missing, the rest kept.
	dup := importFabric(t, strings.ReplaceAll(fabric, "lid 11", "lid 10"))
	res, err := Write(t.TempDir(), ".rt", dup, tables(t, goodA, goodB))
	if err != nil || res.Missing != 4 || res.Unaddressed != 4 || res.Routes != 2 ||
		len(res.Warnings) != 1 || !strings.Contains(res.Warnings[0], "2 host ports share 1 LIDs (first: LID 10, h10)") {
		t.Errorf("shared LID: %v %+v", err, res)
	}
	// Hosts with no LID (0 or 65535, or an ibsim net file's none): their
	// routes are missing, with one summary line.
	nolid := importFabric(t, strings.ReplaceAll(fabric, "lid 12", "lid 65535"))
	if nolid.Hosts[2].LID != 0 {
		t.Fatalf("LID 65535 kept as %d", nolid.Hosts[2].LID)
	}
	res, err = Write(t.TempDir(), ".rt", nolid, tables(t, goodA, goodB))
	if err != nil || res.Missing != 2 || res.Unaddressed != 2 || len(res.Problems) != 1 ||
		!strings.Contains(res.Warnings[0], "1 of 3 host ports have no LID") {
		t.Errorf("no LID: %v %+v", err, res)
	}
}

// TestLMC: a host port's LMC comes from ibnetdiscover into the tables file;
// LID ranges that overlap make both ports' LIDs shared.
func TestLMC(t *testing.T) {
	im := importFabric(t, strings.Replace(fabric, "lid 12 lmc 0", "lid 12 lmc 1", 1))
	if im.Hosts[2].LMC != 1 || im.Hosts[0].LMC != 0 {
		t.Fatalf("LMCs %d %d", im.Hosts[0].LMC, im.Hosts[2].LMC)
	}
	r, err := Match(im, tables(t, goodA, goodB))
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	if err := r.WriteFVLFT(&b); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "node 1 lid 11\nnode 2 lid 12 lmc 1\n") {
		t.Errorf("tables:\n%s", b.String())
	}
	// h10 with LMC 1 has LIDs 10-11, and h11 has 11
	over := importFabric(t, strings.Replace(fabric, "lid 10 lmc 0", "lid 10 lmc 1", 1))
	r, err = Match(over, tables(t, goodA, goodB))
	if err != nil {
		t.Fatal(err)
	}
	if w := r.Warnings(); len(w) != 1 || !strings.Contains(w[0], "2 host ports share 1 LIDs (first: LID 11, h10)") {
		t.Errorf("warnings %q", w)
	}
}

// A table is allocated for the range its dump_fts header gives, and grows
// for LIDs beyond it.
func TestTableRange(t *testing.T) {
	in := "Unicast lids [0x0-0x10] of switch guid 0x01 (s):\n0x0003 002 : x\n0x0030 004 : y\n" +
		"Unicast lids [0x0-0x8] of switch guid 0x02 (u):\n0x0001 001\n"
	ts, err := Parse("t", strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	a, b := ts.ByGUID(1), ts.ByGUID(2)
	if len(a.Out) < 0x31 || a.Port(3) != 2 || a.Port(0x30) != 4 || a.Port(0x10) != NoPort || a.Entries != 2 {
		t.Errorf("table a: %d LIDs, ports %d %d %d, %d entries", len(a.Out), a.Port(3), a.Port(0x30), a.Port(0x10), a.Entries)
	}
	if len(b.Out) != 9 || b.Port(1) != 1 || b.Port(8) != NoPort {
		t.Errorf("table b: %d LIDs, ports %d %d", len(b.Out), b.Port(1), b.Port(8))
	}
}
