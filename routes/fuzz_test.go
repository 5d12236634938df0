package routes_test

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/fabviz/fabviz/model"
	"github.com/fabviz/fabviz/routes"
)

// fuzzModels are the models the fuzz targets trace through: the ring with
// an unused port and no wrap, relative and absolute, and the planes example
// (port base 1, rotated switches, explicit links).
func fuzzModels(t testing.TB) []*model.Model {
	ms := []*model.Model{
		ringText(t, model.Absolute, "ports 16", "ports 17", "wrap x", ""),
		ringText(t, model.Relative, "ports 16", "ports 17"),
	}
	src, err := os.ReadFile("../examples/planes/planes.fvm")
	if err != nil {
		t.Fatal(err)
	}
	for _, extra := range []string{"", "route-encoding relative\n"} {
		m, err := model.Parse("planes.fvm", bytes.NewReader(append(src, extra...)))
		if err != nil {
			t.Fatal(err)
		}
		ms = append(ms, m)
	}
	return ms
}

// checkTrace asserts what any trace result must satisfy: an error is a
// *RouteError of a known kind naming the route; hops chain over links from
// the source's port to the destination's.
func checkTrace(t *testing.T, m *model.Model, src, dst int, hops []routes.Hop, err error) {
	if err != nil {
		var re *routes.RouteError
		if !errors.As(err, &re) || re.Kind == 0 || re.Kind > routes.ErrLoop || re.Src != src || (re.Dst != dst && re.Dst != -1) {
			t.Fatalf("%d->%d: bad error %#v", src, dst, err)
		}
		if re.Error() == "" || strings.Contains(re.Error(), "%!") {
			t.Fatalf("bad message %q", re.Error())
		}
		return
	}
	if len(hops) > len(m.Switches) {
		t.Fatalf("%d->%d: %d hops through %d switches", src, dst, len(hops), len(m.Switches))
	}
	if src == dst && len(hops) == 0 {
		return
	}
	at := m.NodePort(src)
	for i, h := range hops {
		if m.SwitchOf(at) != h.Switch || m.Number(at) != h.In {
			t.Fatalf("%d->%d: hop %d %v does not start at %s", src, dst, i, h, m.Label(at))
		}
		out := m.Port(h.Switch, h.Out)
		if i == len(hops)-1 {
			if out != m.NodePort(dst) {
				t.Fatalf("%d->%d: ends on %s", src, dst, m.Label(out))
			}
			return
		}
		if at = m.Peer(out); at == model.NoPort {
			t.Fatalf("%d->%d: hop %d leaves on unlinked %s", src, dst, i, m.Label(out))
		}
	}
	t.Fatalf("%d->%d: no hops", src, dst)
}

// FuzzRouteFile feeds arbitrary text as node 0's route file.
func FuzzRouteFile(f *testing.F) {
	f.Add([]byte("# x\n\n0c 0b\n0F\t0e # c\r\n"))
	f.Add([]byte("0c 1g\n0\n0c0d\n00 11 22 33 44 55 66 77 88 99 aa bb cc dd ee ff\n"))
	f.Add([]byte(strings.Repeat("0c 0c 0c 0c 0c\n", 60)))
	f.Add([]byte("f0 7f 80\n\n\n#\n   # c\n03 f2 02\n"))
	ms := fuzzModels(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, m := range ms {
			set := routes.New(m, files{m.MinNode: string(data)}.open)
			for d := m.MinNode; d <= m.MaxNode; d++ {
				hops, err := set.Trace(m.MinNode, d)
				checkTrace(t, m, m.MinNode, d, hops, err)
			}
			// read a byte at a time (no fast path, no size hint): the same
			slow := routes.New(m, func(n int) (routes.ReadCloser, string, error) {
				r, name, err := files{m.MinNode: string(data)}.open(n)
				if err != nil {
					return nil, name, err
				}
				return io.NopCloser(iotest.OneByteReader(r)), name, nil
			})
			for d := m.MinNode; d <= m.MaxNode; d++ {
				b1, err1 := set.Bytes(m.MinNode, d)
				b2, err2 := slow.Bytes(m.MinNode, d)
				if !bytes.Equal(b1, b2) || fmt.Sprint(err1) != fmt.Sprint(err2) {
					t.Fatalf("route to %d: %x %v, a byte at a time %x %v", d, b1, err1, b2, err2)
				}
			}
			r := set.Check(3)
			if r.Routes > m.NumNodes || r.Bad > r.Routes+1 || len(r.Errors) > 3 {
				t.Fatalf("check: %+v", r)
			}
		}
	})
}

// FuzzTrace traces arbitrary route bytes between arbitrary nodes.
func FuzzTrace(f *testing.F) {
	f.Add([]byte{0x0f, 0x0b}, uint8(0), uint8(47))
	f.Add([]byte{0x0c, 0x0e, 0x0c, 0x0e, 0x0c}, uint8(3), uint8(30))
	f.Add([]byte{0x03, 0x02}, uint8(1), uint8(2))
	f.Add([]byte{}, uint8(5), uint8(5))
	ms := fuzzModels(f)
	f.Fuzz(func(t *testing.T, route []byte, s, d uint8) {
		for _, m := range ms {
			src, dst := m.MinNode+int(s)%m.NumNodes, m.MinNode+int(d)%m.NumNodes
			var line strings.Builder
			for _, b := range route {
				fmt.Fprintf(&line, "%02x ", b)
			}
			set := routes.New(m, files{src: lines(m.MaxNode-m.MinNode+1, map[int]string{dst - m.MinNode: line.String()})}.open)
			hops, err := set.Trace(src, dst)
			checkTrace(t, m, src, dst, hops, err)
			if err == nil && len(hops) != len(route) {
				t.Fatalf("%d bytes gave %d hops", len(route), len(hops))
			}
		}
	})
}
