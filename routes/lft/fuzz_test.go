package lft

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// FuzzParse: no dump makes Parse panic; every entry it keeps is in range,
// and Write over the small test fabric never panics.
func FuzzParse(f *testing.F) {
	for _, rel := range []string{
		"ibsim/net2sw4hca/out.dump_lfts", "ibsim/net2sw4hca/opensm.fdbs",
		"ibsim/net2sw4hca/opensm-lfts.dump", "ibsim/net2sw4hca/out.ibroute1",
	} {
		b, err := os.ReadFile(filepath.Join(fixtures, rel))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Add([]byte("Unicast lids [0x0-0xc] of switch Lid 1 guid 0x000000000000000a (a):\n" + goodA))
	f.Fuzz(func(t *testing.T, data []byte) {
		ts, err := Parse("fuzz.lft", bytes.NewReader(data))
		if err != nil {
			if ts != nil {
				t.Fatal("tables and error")
			}
			return
		}
		for _, tb := range ts.List {
			if len(tb.Out) > MaxLID+1 || ts.ByGUID(tb.GUID) != tb {
				t.Fatalf("table %v: %d entries", tb, len(tb.Out))
			}
		}
		im := importFabric(t, fabric)
		res, err := Write(t.TempDir(), ".rt", im, ts)
		if err == nil && res.Routes+res.Missing != 6 {
			t.Fatalf("routes %d + missing %d != 6", res.Routes, res.Missing)
		}
	})
}

// FuzzParallel: the parallel parse, in small blocks, gives what the
// line-by-line parse does.
func FuzzParallel(f *testing.F) {
	for _, rel := range []string{"ibsim/net2sw4hca/out.dump_lfts", "ibsim/net2sw4hca/opensm.fdbs", "ibsim/fattree-2spine-4leaf-16hca/out.dump_fts"} {
		b, err := os.ReadFile(filepath.Join(fixtures, rel))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b, uint16(100))
	}
	f.Add([]byte(bigDump(3, 10)), uint16(40))
	f.Fuzz(func(t *testing.T, data []byte, size uint16) {
		want := describe(parseLines("fuzz.lft", bytes.NewReader(data)))
		if got := describe(parseParallel("fuzz.lft", bytes.NewReader(data), int(size)+1, 2)); got != want {
			t.Fatalf("blocks of %d bytes:\n got %s\nwant %s", int(size)+1, got, want)
		}
	})
}
