package collect

import (
	"bytes"
	"context"
	"encoding/binary"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/fabviz/fabviz/internal/testsupport/ibsimtest"
)

// testCache builds a version-1 ibnetdiscover cache of the given nodes
// (GUID, type, ports stored), each port stored also as a port record.
func testCache(nodes ...[3]uint64) []byte {
	le := binary.LittleEndian
	var b, ports []byte
	nports := 0
	for _, n := range nodes {
		nports += int(n[2])
	}
	b = le.AppendUint32(b, ibCacheMagic)
	b = le.AppendUint32(b, ibCacheVersion)
	b = le.AppendUint32(b, uint32(len(nodes)))
	b = le.AppendUint32(b, uint32(nports))
	b = le.AppendUint64(b, nodes[0][0])
	b = le.AppendUint32(b, 3)
	for _, n := range nodes {
		rec := make([]byte, ibCacheNodeLen)
		for i := range rec {
			rec[i] = 0xA5 // filler that must survive untouched
		}
		le.PutUint64(rec[ibCacheNodeGUID:], n[0])
		rec[ibCacheNodeType] = byte(n[1])
		rec[ibCacheNodePorts] = byte(n[2])
		b = append(b, rec...)
		for p := range n[2] {
			b = le.AppendUint64(b, n[0]+p)
			b = append(b, byte(p+1))
			port := make([]byte, 31+64)
			le.PutUint64(port, n[0]+p)
			port[8] = byte(p + 1)
			ports = append(ports, port...)
		}
	}
	return append(b, ports...)
}

func TestRestrictCache(t *testing.T) {
	// Two switches (one kept), a CA, a third switch not kept.
	orig := testCache([3]uint64{0x10, ibNodeSwitch, 3}, [3]uint64{0x20, ibNodeSwitch, 2}, [3]uint64{0x30, 1, 1}, [3]uint64{0x40, ibNodeSwitch, 0})
	b := bytes.Clone(orig)
	sw, kept, err := restrictCacheBytes(b, map[uint64]bool{0x10: true, 0x30: true})
	if err != nil || sw != 3 || kept != 1 {
		t.Fatalf("restrict: %d switches, %d kept, %v", sw, kept, err)
	}
	// Only the type bytes of 0x20 and 0x40 changed, to router.
	node := func(i int) int { // offset of node i's record
		off := ibCacheHeaderLen
		for j := 0; j < i; j++ {
			off += ibCacheNodeLen + 9*int(orig[off+ibCacheNodePorts])
		}
		return off
	}
	want := bytes.Clone(orig)
	want[node(1)+ibCacheNodeType] = ibNodeRouter
	want[node(3)+ibCacheNodeType] = ibNodeRouter
	if !bytes.Equal(b, want) {
		for i := range b {
			if b[i] != want[i] {
				t.Fatalf("byte %d is %d, want %d", i, b[i], want[i])
			}
		}
	}
	// A cache it does not understand is an error and stays as it was.
	for _, c := range []struct {
		name string
		edit func([]byte) []byte
		msg  string
	}{
		{"short", func(b []byte) []byte { return b[:10] }, "shorter than its header"},
		{"magic", func(b []byte) []byte { b[0] ^= 1; return b }, "not an ibnetdiscover cache"},
		{"version", func(b []byte) []byte { b[4] = 2; return b }, "version 2"},
		{"cut node", func(b []byte) []byte { return b[:node(2)+100] }, "node 3 of 4 cut short"},
		{"ports past end", func(b []byte) []byte { b = b[:node(3)+ibCacheNodeLen]; b[node(3)+ibCacheNodePorts] = 5; return b }, "run past the end"},
		{"more nodes than bytes", func(b []byte) []byte { b[8] = 200; return b }, "cut short"},
	} {
		in := c.edit(bytes.Clone(orig))
		before := bytes.Clone(in)
		if _, _, err := restrictCacheBytes(in, map[uint64]bool{}); err == nil || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("%s: %v, want %q", c.name, err, c.msg)
		}
		if !bytes.Equal(in, before) {
			t.Errorf("%s: changed a cache it refused", c.name)
		}
	}
}

func FuzzRestrictCache(f *testing.F) {
	f.Add(testCache([3]uint64{0x10, ibNodeSwitch, 3}, [3]uint64{0x20, 1, 1}), uint64(0x10))
	f.Add(testCache([3]uint64{0x10, ibNodeSwitch, 0}), uint64(0))
	f.Fuzz(func(t *testing.T, b []byte, keep uint64) {
		in := bytes.Clone(b)
		sw, kept, err := restrictCacheBytes(in, map[uint64]bool{keep: true})
		if err != nil {
			if !bytes.Equal(in, b) {
				t.Fatal("changed a cache it refused")
			}
			return
		}
		if kept > sw {
			t.Fatalf("%d kept of %d switches", kept, sw)
		}
		changed := 0
		for i := range in {
			if in[i] != b[i] {
				if b[i] != ibNodeSwitch || in[i] != ibNodeRouter {
					t.Fatalf("byte %d: %d became %d", i, b[i], in[i])
				}
				changed++
			}
		}
		if changed != sw-kept {
			t.Fatalf("%d type bytes changed, %d switches not kept", changed, sw-kept)
		}
	})
}

// TestFabricReadShardReadsOnlyItsSwitches: a shard of one fabric reads its
// own switches in the fabric read, not the whole fabric (each shard used
// to read every switch and keep its own, so sharding a fabric gained
// nothing), and still reads every one of its ports.
func TestFabricReadShardReadsOnlyItsSwitches(t *testing.T) {
	ibsimtest.RequireTools(t, "ibqueryerrors", "ibnetdiscover")
	sim := ibsimtest.Start(t, ibsimDir+"fattree.net")
	m, _ := fattree(t)
	for k := 1; k <= 2; k++ {
		sh := Shard{k, 2}
		src, err := NewIBSourceFor(m, sh.Keep(len(m.Switches)))
		if err != nil {
			t.Fatal(err)
		}
		src.Env, src.Dir, src.Timeout, src.Fabric = sim.Env, sim.Dir, 5*time.Second, true
		t.Cleanup(func() { src.Close() })
		if err := src.Prepare(context.Background()); err != nil {
			t.Fatal(err)
		}
		data, checked, err := src.queryFabric(context.Background(), "--counters")
		if err != nil {
			t.Fatal(err)
		}
		want := map[uint64]bool{}
		for i, sw := range m.Switches {
			if sh.Keep(len(m.Switches))(i) {
				g, _ := switchGUID(sw.HW)
				want[g] = true
			}
		}
		if len(data) != 3 || checked != 3 {
			t.Errorf("shard %v: the fabric read gave %d switches (%d checked), want its 3", sh, len(data), checked)
		}
		for g := range data {
			if !want[g] {
				t.Errorf("shard %v: read switch %#x of another shard", sh, g)
			}
		}
		r := NewReading(len(src.Counters()), len(src.Ports()))
		st := src.Sweep(context.Background(), r)
		if st.Read != 24 || st.Attempted != 24 || len(st.Warnings) != 0 {
			t.Errorf("shard %v: read %d of %d ports, %v", sh, st.Read, st.Attempted, st.Warnings)
		}
	}
}

// TestFabricReadCacheNotUnderstood: a topology cache the collector cannot
// narrow is read whole; the first sweep says so once, and every port is
// still read. The tools are stand-ins that write a cache of junk and print
// ibqueryerrors' lines for the fat tree's six switches.
func TestFabricReadCacheNotUnderstood(t *testing.T) {
	dir := t.TempDir()
	var data strings.Builder
	for g := 0x200000; g <= 0x200005; g++ {
		for p := 1; p <= 36; p++ {
			fmt.Fprintf(&data, "   GUID %#x port %d: [PortXmitData == %d] [PortRcvData == 7]\n", g, p, p)
		}
	}
	tools := map[string]string{
		"ibnetdiscover": "#!/bin/sh\nwhile [ $# -gt 0 ]; do [ \"$1\" = --cache ] && printf %040d 0 >\"$2\"; shift; done\n",
		"ibqueryerrors": "#!/bin/sh\ncase \"$*\" in *--counters*) cat " + filepath.Join(dir, "data") + ";; esac\necho '## Summary: 6 nodes checked, 0 bad nodes found'\n",
	}
	if err := os.WriteFile(filepath.Join(dir, "data"), []byte(data.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	for name, text := range tools {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	_, src := fattree(t)
	src.Tools, src.Fabric, src.Timeout = dir, true, 5*time.Second
	t.Cleanup(func() { src.Close() })
	if err := src.Prepare(context.Background()); err != nil {
		t.Fatal(err)
	}
	r := NewReading(len(src.Counters()), len(src.Ports()))
	st := src.Sweep(context.Background(), r)
	if st.Read != 48 || len(st.Warnings) != 1 || !strings.Contains(st.Warnings[0].Error(), "reading every switch of the fabric, not only this collector's") ||
		!strings.Contains(st.Warnings[0].Error(), "not an ibnetdiscover cache") {
		t.Fatalf("first sweep: %d ports, warnings %v", st.Read, st.Warnings)
	}
	if r.Vals[0][0] == 0 || !r.OK[0][0] {
		t.Errorf("port_xmit_data of the first port: %d %v", r.Vals[0][0], r.OK[0][0])
	}
	if st := src.Sweep(context.Background(), r); st.Read != 48 || len(st.Warnings) != 0 {
		t.Errorf("second sweep: %d ports, warnings %v", st.Read, st.Warnings)
	}
}
