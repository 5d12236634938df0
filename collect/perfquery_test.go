package collect

import (
	"os"
	"strings"
	"testing"
)

const ibsimDir = "../testdata/fixtures/ibsim/fattree-2spine-4leaf-16hca/"

func TestParsePerfqueryIbsim(t *testing.T) {
	b, err := os.ReadFile(ibsimDir + "out.perfquery_lx_leaf02_ports")
	if err != nil {
		t.Fatal(err)
	}
	blocks, err := ParsePerfquery(b)
	if err != nil {
		t.Fatal(err)
	}
	if len(blocks) < 3 || blocks[0].Port != 1 || blocks[1].Port != 2 || blocks[2].Port != 33 {
		t.Fatalf("blocks %+v", blocks[:min(3, len(blocks))])
	}
	if f := blocks[1].Fields; f["PortXmitData"] != 4896 || f["PortRcvPkts"] != 59 || f["CounterSelect"] != 0 {
		t.Errorf("port 2 fields %v", f)
	}
	b, _ = os.ReadFile(ibsimDir + "out.perfquery_leaf02_p2")
	blocks, err = ParsePerfquery(b)
	if err != nil || len(blocks) != 1 || blocks[0].Fields["PortRcvErrors"] != 7 || blocks[0].Fields["PortXmitWait"] != 0 {
		t.Fatalf("basic counters: %v %+v", err, blocks)
	}
}

func TestParsePerfqueryReal(t *testing.T) {
	// Real HDR output: extended counters with the error fields included.
	b, err := os.ReadFile("../testdata/fixtures/real/treydock_infiniband_exporter/collectors/fixtures/perfquery/0x506b4b03005c2740.out")
	if err != nil {
		t.Fatal(err)
	}
	blocks, err := ParsePerfquery(b)
	if err != nil {
		t.Fatal(err)
	}
	f := blocks[0].Fields
	if blocks[0].Port != 1 || f["PortXmitData"] != 178791657177235 || f["PortXmitDiscards"] != 20046 || f["LinkDownedCounter"] != 1 {
		t.Errorf("%d %v", blocks[0].Port, f)
	}
	for _, c := range ibCounters {
		if _, ok := f[c.Field]; !ok {
			t.Errorf("real output lacks %s", c.Field)
		}
	}
}

func TestParsePerfqueryBad(t *testing.T) {
	for in, want := range map[string]string{
		"PortXmitData:....1\n":                                  "line 1: field PortXmitData before any port header",
		"# Port counters: Lid 6 port x\n":                       "bad port",
		"# Port counters: Lid 6 port 1\nPortXmitData:....12a\n": "line 2: PortXmitData",
		"# Port counters: Lid 6\n":                              "no port",
	} {
		if _, err := ParsePerfquery([]byte(in)); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: %v, want %s", in, err, want)
		}
	}
	blocks, err := ParsePerfquery([]byte("ibwarn: [1] sim_connect: attached\n# Port counters: Lid 1 port 3 (CapMask: 0x1300)\nPortXmitData:.....0x10\n"))
	if err != nil || len(blocks) != 1 || blocks[0].Fields["PortXmitData"] != 16 {
		t.Errorf("chatter: %v %+v", err, blocks)
	}
}

func FuzzParsePerfquery(f *testing.F) {
	for _, p := range []string{"out.perfquery_lx_leaf02_ports", "out.perfquery_leaf02_p2", "out.perfquery_E_leaf02_p2"} {
		b, _ := os.ReadFile(ibsimDir + p)
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		blocks, err := ParsePerfquery(b)
		if err == nil {
			for _, bl := range blocks {
				if bl.Port < 0 || bl.Port > 255 {
					t.Fatal(bl.Port)
				}
			}
		}
	})
}
