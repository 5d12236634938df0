package collect

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func FuzzParseSNMPMap(f *testing.F) {
	for _, s := range []string{
		"agent e1 127.0.0.1:1161 pub\nport e1.1 ifname lo\nport e1.2 ifindex 1\n",
		"agent e2 [::1]:161 v3 # comment\nport e2.3 ifname \"Ethernet 1/3\"\n",
		"port e1.1 ifindex 99999999999\nagent e9 x y\n",
		"agent e1 udp:host\n\n\tport e1.4 ifname x\n",
	} {
		f.Add(s)
	}
	m := ethModel(f)
	f.Fuzz(func(t *testing.T, s string) {
		mp, err := ParseSNMPMap("f.map", strings.NewReader(s), m)
		if err == nil {
			for _, a := range mp.Agents {
				if len(a.Ports) == 0 || a.Port == 0 {
					t.Fatalf("accepted agent %+v", a)
				}
			}
		} else if !strings.HasPrefix(err.Error(), "f.map") {
			t.Fatalf("error without the file name: %v", err)
		}
	})
}

func FuzzParseSecrets(f *testing.F) {
	f.Add(testSecrets)
	f.Add("usm a u auth md5 12345678 priv des 12345678 extra\n")
	f.Add("community \"a b\" \"c\\\"d\"\n")
	f.Fuzz(func(t *testing.T, s string) {
		sec, err := ParseSecrets("f.secrets", strings.NewReader(s))
		if err != nil {
			if !strings.HasPrefix(err.Error(), "f.secrets") {
				t.Fatalf("error without the file name: %v", err)
			}
			return
		}
		for _, x := range sec {
			if x.V3() == (x.Community != "") {
				t.Fatalf("secret neither or both of v2c and v3: %+v", x)
			}
		}
	})
}

func FuzzReadShardLog(f *testing.F) {
	h := "#! fabviz-log 1\n#! counter x bytes\n#! interval 60s\n"
	f.Add(h + "# fabviz shard 1/2\n# fabviz clock-offset -2.5 rtt 0.001 ref self\n#! ports a.1 a.2\n2026-11-21T10:00:00Z 1 -\n")
	f.Add(h + "#! ports a.1\n2026-11-21T10:00:00Z 1\n# fabviz clock-offset +1e9 rtt 0 ref x\n2026-11-21T10:01:00Z 2")
	f.Add("2026-11-21T10:00:00Z 1\n")
	f.Fuzz(func(t *testing.T, s string) {
		lg, err := readShardLog("f.fvlog", strings.NewReader(s))
		if err != nil {
			if !strings.HasPrefix(err.Error(), "f.fvlog") {
				t.Fatalf("error without the file name: %v", err)
			}
			return
		}
		for _, l := range lg.lines {
			if len(l.vals) != len(lg.labels) {
				t.Fatalf("line %d: %d values for %d labels", l.line, len(l.vals), len(lg.labels))
			}
		}
		// What was read merges, and the merged log reads back.
		dir := t.TempDir()
		in := filepath.Join(dir, "in.fvlog")
		os.WriteFile(in, []byte(s), 0o644)
		out := filepath.Join(dir, "out.fvlog")
		if _, err := MergeLogs(out, []string{in}); err != nil {
			return // e.g. two lines rounding to one step, or a far-off time
		}
		b, _ := os.ReadFile(out)
		if _, err := readShardLog("out", bytes.NewReader(b)); err != nil {
			t.Fatalf("merged log does not read back: %v\n%s", err, b)
		}
	})
}

func FuzzParseQueryErrors(f *testing.F) {
	f.Add([]byte("Errors for 0x200003 \"ib-leaf02\"\n   GUID 0x200003 port ALL: [PortRcvErrors == 9]\n   GUID 0x200003 port 2: [PortRcvErrors == 9] [PortXmitData == 4896 (19.125KB)]\n\n## Summary: 22 nodes checked, 1 bad nodes found\n"))
	f.Add([]byte("   GUID 0xzz port 999: [X == 99999999999999999999]\n## Summary: x nodes checked"))
	f.Fuzz(func(t *testing.T, b []byte) {
		res, checked, err := ParseQueryErrors(b)
		if err == nil && checked < 0 {
			t.Fatal(checked)
		}
		for _, ports := range res {
			for p := range ports {
				if p < 0 || p > 255 {
					t.Fatal(p)
				}
			}
		}
	})
}

func FuzzParseLinkInfo(f *testing.F) {
	f.Add([]byte("Switch: 0x0000000000200005 ib-leaf04:\n           9    1[  ] ==( 4X           2.5 Gbps Active/  LinkUp)==>      18    1[  ] \"cn013 HCA-1\"\n           9    5[  ] ==(                Down/ Polling)==>             [  ] \"\" ( )\n"))
	f.Add([]byte("Switch:\n 1 2[ ==( 12X 0.x Gbps Armed/)==>"))
	f.Fuzz(func(t *testing.T, b []byte) {
		links, _ := ParseLinkInfo(b)
		for _, ports := range links {
			for p, pl := range ports {
				if p < 0 || p > 255 || pl.State < 0 || pl.State > 4 {
					t.Fatal(p, pl)
				}
			}
		}
	})
}
