package ibnet

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/fabviz/fabviz/internal/textio"
)

const fixtures = "../../testdata/fixtures"

func load(t *testing.T, rel string, opt Options) *Fabric {
	t.Helper()
	f, err := Load(filepath.Join(fixtures, rel), opt)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

func TestFixtures(t *testing.T) {
	for _, c := range []struct {
		file          string
		sw, ca, links int
	}{
		{"real/NVIDIA_topograph_example.out", 40, 582, 1114},
		{"real/ltaulell_HPC_toolset_X5.topofile", 11, 89, 159},
		{"real/junousi_ibtopotool/1.topo", 2, 4, 7},
		{"real/junousi_ibtopotool/3.topo", 2, 6, 10},
		{"real/treydock_infiniband_exporter/collectors/fixtures/ibnetdiscover/test.out", 4, 3, 4},
		{"ibsim/fattree-2spine-4leaf-16hca/out.ibnetdiscover", 6, 16, 32},
		{"ibsim/fattree-2spine-4leaf-16hca/out.ibnetdiscover_p", 6, 16, 32},
		{"ibsim/mesh-3x3x2-dor/out.ibnetdiscover", 18, 18, 51},
		{"ibsim/net.2sw2path4hca2port", 2, 2, 6},
	} {
		f := load(t, c.file, Options{})
		if f.Count(Switch) != c.sw || f.Count(CA) != c.ca || len(f.Cables()) != c.links {
			t.Errorf("%s: %d switches %d CAs %d cables, want %d %d %d", c.file, f.Count(Switch), f.Count(CA), len(f.Cables()), c.sw, c.ca, c.links)
		}
	}
}

func TestTolerance(t *testing.T) {
	// '#' inside a quoted description, and the switch's LID after it.
	f := load(t, "real/ltaulell_HPC_toolset_X5.topofile", Options{})
	n := f.Nodes[f.NodeByID("S-0008f10500108c5c")]
	if n.Desc != "Voltaire 4036 # 4036-8C5C" || n.LID != 16 || n.NPorts != 36 || n.GUID != 0x8f10500108c5c {
		t.Errorf("X5 switch: %+v", n)
	}
	// A stderr line mixed in, and a cable looped back into the same switch.
	f = load(t, "real/junousi_ibtopotool/3.topo", Options{})
	if len(f.Warnings) != 1 || f.Warnings[0].Line != 1 {
		t.Errorf("3.topo warnings %v", f.Warnings)
	}
	sw := f.Nodes[f.NodeByID("S-e41d2d030003e470")]
	if p := sw.Ports[19]; p.Peer != f.NodeByID("S-e41d2d030003e470") || p.PeerPort != 21 {
		t.Errorf("loopback cable: %+v", p)
	}
	// CA port LIDs come from the CA's record.
	ca := f.Nodes[f.NodeByID("H-0002c903003421b0")]
	if ca.Ports[2].LID != 3 || ca.Desc != "r-ufm111 HCA-1" {
		t.Errorf("CA: %+v", ca)
	}
	// 65-port NDR switches and aggregation nodes on port 65.
	f = load(t, "real/NVIDIA_topograph_example.out", Options{})
	sw = f.Nodes[f.NodeByID("S-2c5eab0300b87b40")]
	if sw.NPorts != 65 || f.Nodes[sw.Ports[65].Peer].Desc != "Mellanox Technologies Aggregation Node" {
		t.Errorf("NDR switch: %d ports", sw.NPorts)
	}
	// Non-Chassis Nodes line; a two-port CA with both ports cabled.
	f = load(t, "real/junousi_ibtopotool/1.topo", Options{})
	ca = f.Nodes[f.NodeByID("H-0008f10403960558")]
	if ca.Ports[1].LID != 10 || ca.Ports[2].LID != 14 {
		t.Errorf("two-port CA: %+v", ca.Ports)
	}
	// -p lines with names in quotes with blanks around them.
	f = load(t, "real/treydock_infiniband_exporter/collectors/fixtures/ibnetdiscover/test2.out", Options{Lenient: true})
	if i := f.NodeByID("S-946dae0300618c83"); i < 0 || f.Nodes[i].Desc != "5FB0406-spine-IB02" || f.Nodes[i].LID != 25 {
		t.Errorf("-p switch with blanks in its name")
	}
	if len(f.Warnings) != 1 || f.Warnings[0].Line != 5 {
		t.Errorf("test2.out warnings: %v", f.Warnings)
	}
}

func TestBad(t *testing.T) {
	const sw = "Switch 8 \"S-01\" # \"a\" base port 0 lid 1 lmc 0\n"
	const ca = "Ca 1 \"H-02\" # \"cn1 HCA-1\"\n"
	for _, c := range []struct{ name, in, want string }{
		{"port before header", "[1] \"H-02\"[1] # lid 2\n", "1: port line before any node header"},
		{"undeclared", sw + "[1] \"H-09\"[1](2) # \"x\" lid 3 4xQDR\n", `2: link to undeclared node "H-09"`},
		{"back-link", sw + "[1] \"H-02\"[1] # \"cn1\" lid 2\n[2] \"S-03\"[1]\n" + ca + "[1] \"S-01\"[2] # lid 2\n" +
			"Switch 8 \"S-03\" # \"b\"\n[1] \"S-01\"[2]\n", "inconsistent links"},
		{"truncated", sw + "[1] \"H-02\"[1] # \"cn1\" lid 2\n" + ca, "H-02's record (line 3) has no line for port 1 (truncated"},
		{"cut mid-line", sw + "[1] \"H-02\"[", `2: port line: expected [PORT] after "H-02"`},
		{"port range", sw + "[9] \"H-02\"[1]\n", "2: port 9 out of range 1..8"},
		{"garbage", sw + "hello world\n" + ca, `2: unrecognised line "hello world"`},
		{"lft as topo", "Unicast lids [0x0-0x8] of switch Lid 1 guid 0x01 (a):\n0x0001 000 : x\n", "looks like a forwarding-table dump (dump_fts, ibroute): give it as -lft"},
		{"iblinkinfo", "CA: cn1 HCA-1:\n      0x0000000000100005      8    1[  ] ==( 4X 2.5 Gbps Active/  LinkUp)==>  3 1[  ] \"a\"\n", "looks like iblinkinfo output"},
		{"duplicate node", sw + sw, `2: node "S-01" already declared at line 1`},
		{"self", sw + "[1] \"S-01\"[1]\n", "port 1 of switch \"a\" (S-01) is linked to itself"},
		{"mixed forms", sw + "SW 1 1 0x01 4x QDR 'a'\n", "mixes"},
		{"empty", "# nothing\n", "no nodes"},
		{"port flood", flood(), "ports declared in"},
		{"bad -p", "SW x 1 0x1 4x QDR 'a'\n", `1: -p port line: bad LID "x"`},
	} {
		_, err := Parse("t.topo", strings.NewReader(c.in), Options{})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want %q", c.name, err, c.want)
		}
		var list textio.ErrorList
		if err != nil && !errors.As(err, &list) {
			t.Errorf("%s: not an ErrorList: %T", c.name, err)
		}
	}
}

// flood is many short headers of 255-port switches.
func flood() string {
	var b strings.Builder
	for i := 0; i < 3000; i++ {
		fmt.Fprintf(&b, "Switch 255 \"%d\"\n", i)
	}
	return b.String()
}

// TestCaptures: a terminal log of ibnetdiscover (a banner, CRLF, tabs
// lost, a prompt at the end) and ibdiagnet's port labels.
func TestCaptures(t *testing.T) {
	in := "login as: admin\r\nsat11-ib1-A [standalone: master] # show ib nodes\r\n" +
		"Switch8 \"S-01\"# \"a\" base port 0 lid 1 lmc 0\r\n" +
		"[1](1/1/1)\"H-02\"[1](B9D0F0/0/0/1)(102)# \"cn1 HCA-1\" lid 2 4xHDR\r\n" +
		"Ca1 \"H-02\"# \"cn1 HCA-1\"\r\n[1](B9D0F0/0/0/1)(102) \"S-01\"[1](1/1/1)# lid 2 lmc 0 \"a\" lid 1 4xHDR\r\n" +
		"sat11-ib1-A [standalone: master] # \r\n"
	var list textio.ErrorList
	f, err := Parse("putty.log", strings.NewReader(in), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if f.Count(Switch) != 1 || f.Count(CA) != 1 || len(f.Cables()) != 1 || f.Nodes[1].Ports[1].LID != 2 {
		t.Errorf("nodes %d/%d, cables %d", f.Count(Switch), f.Count(CA), len(f.Cables()))
	}
	if len(f.Warnings) != 1 || !strings.Contains(f.Warnings[0].Error(), "putty.log:1: warning: skipped 3 line(s)") {
		t.Errorf("warnings %v", f.Warnings)
	}
	// A long banner is one warning; garbage between nodes is errors, capped.
	banner := strings.Repeat("Welcome to the switch CLI\n", 10000)
	f, err = Parse("b.log", strings.NewReader(banner+"Switch 8 \"S-01\" # \"a\"\n"), Options{})
	if err != nil || len(f.Warnings) != 1 || !strings.Contains(f.Warnings[0].Error(), "skipped 10000 line(s)") {
		t.Errorf("banner: %v %v", err, f)
	}
	mid := "Switch 8 \"S-01\" # \"a\"\n" + strings.Repeat("garbage\n", 500) + "Switch 8 \"S-02\" # \"b\"\n"
	_, err = Parse("m", strings.NewReader(mid), Options{})
	if !errors.As(err, &list) || len(list) > MaxErrors+1 || !strings.Contains(err.Error(), "m:2: unrecognised line") {
		t.Errorf("garbage between nodes: %d errors", len(list))
	}
	// A refused header is reported once, not once per port line after it.
	bad := "Switch x \"S-01\"\n[1] \"H-02\"[1]\n[2] \"H-03\"[1]\n[3] \"H-04\"[1]\n"
	_, err = Parse("t", strings.NewReader(bad), Options{})
	list = nil
	if !errors.As(err, &list) || len(list) != 1 || !strings.Contains(list[0].Error(), "t:1: Switch header") {
		t.Errorf("refused header: %v", err)
	}
}

func TestBadFixture(t *testing.T) {
	f := load(t, "real/NVIDIA_topograph_example-bad.out", Options{})
	_, err := Build(f, BuildOptions{})
	if err == nil || !strings.Contains(err.Error(), "NVIDIA_topograph_example-bad.out:10: no switch in the topology") {
		t.Errorf("got %v", err)
	}
	_, err = Load(filepath.Join(fixtures, "real/treydock_infiniband_exporter/collectors/fixtures/ibnetdiscover/test2.out"), Options{})
	if err == nil || !strings.Contains(err.Error(), "test2.out:5: inconsistent links") || !strings.Contains(err.Error(), "but line 1 joined") {
		t.Errorf("test2.out strict: %v", err)
	}
}

func TestLongLine(t *testing.T) {
	in := "Switch 8 \"" + strings.Repeat("x", MaxLine+10) + "\"\n"
	_, err := Parse("t", strings.NewReader(in), Options{})
	if err == nil || !strings.Contains(err.Error(), "t:1: line longer than") {
		t.Errorf("got %v", err)
	}
	if _, err := os.Stat(fixtures); err != nil {
		t.Fatal(err)
	}
}
