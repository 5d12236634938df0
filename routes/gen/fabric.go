package gen

import (
	"bytes"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"sync"
	"sync/atomic"

	"github.com/fabviz/fabviz/model"
	"github.com/fabviz/fabviz/routes"
)

// RoutesDir and RoutesExt are where generated models keep their routes,
// relative to the model file.
const (
	RoutesDir = "routes"
	RoutesExt = ".rt"
)

// Fabric is a generated model and its routing.
type Fabric struct {
	Name string // the generator's kind
	Text []byte // the model file
	M    *model.Model
	// next is the exit port offset at switch sw toward node dst; at dst's
	// own switch it is dst's processor port.
	next func(sw, dst int) int
}

// newFabric parses the model text a generator wrote.
func newFabric(name string, text []byte, next func(sw, dst int) int) (*Fabric, error) {
	m, err := model.Parse(name+".fvm", bytes.NewReader(text))
	if err != nil {
		return nil, fmt.Errorf("generated model does not parse (a generator bug): %w", err)
	}
	return &Fabric{Name: name, Text: text, M: m, next: next}, nil
}

// Route appends the route bytes from node src to node dst to buf.
func (f *Fabric) Route(src, dst int, buf []byte) ([]byte, error) {
	if src == dst {
		return buf, nil
	}
	m := f.M
	p, dp := m.NodePort(src), m.NodePort(dst)
	if p == model.NoPort || dp == model.NoPort {
		return buf, fmt.Errorf("route %d->%d: no such node", src, dst)
	}
	sw, in := m.SwitchOf(p), int(p)%m.Ports
	for range len(m.Switches) {
		out := f.next(sw, dst)
		if out < 0 || out >= m.Ports {
			return buf, fmt.Errorf("route %d->%d: no way on from %s (a generator bug)", src, dst, m.Switches[sw].Label)
		}
		b := out + m.PortBase
		if m.Encoding == model.Relative {
			b = out - in
			if b < -128 || b > 127 {
				return buf, fmt.Errorf("route %d->%d: relative step %+d at %s does not fit a byte", src, dst, b, m.Switches[sw].Label)
			}
		}
		buf = append(buf, byte(b))
		q := model.PortRef(sw*m.Ports + out)
		if q == dp {
			return buf, nil
		}
		peer := m.Peer(q)
		if peer == model.NoPort {
			return buf, fmt.Errorf("route %d->%d: %s leads nowhere (a generator bug)", src, dst, m.Label(q))
		}
		sw, in = m.SwitchOf(peer), int(peer)%m.Ports
	}
	return buf, fmt.Errorf("route %d->%d: loops (a generator bug)", src, dst)
}

// File writes the route file of node src.
func (f *Fabric) File(w io.Writer, src int) error {
	m := f.M
	buf := []byte("# routes from node " + strconv.Itoa(src) + " (" + m.Label(m.NodePort(src)) + ") to nodes " +
		strconv.Itoa(m.MinNode) + ".." + strconv.Itoa(m.MaxNode) + ", " + m.Encoding.String() + "\n")
	var route []byte
	const hex = "0123456789abcdef"
	for dst := m.MinNode; dst <= m.MaxNode; dst++ {
		var err error
		if route, err = f.Route(src, dst, route[:0]); err != nil {
			return err
		}
		for i, b := range route {
			if i > 0 {
				buf = append(buf, ' ')
			}
			buf = append(buf, hex[b>>4], hex[b&15])
		}
		buf = append(buf, '\n')
		if len(buf) > 1<<20 {
			if _, err := w.Write(buf); err != nil {
				return err
			}
			buf = buf[:0]
		}
	}
	_, err := w.Write(buf)
	return err
}

// Write puts the model in DIR/BASE.fvm, where BASE is DIR's own name (the
// generator's kind for "." or "/"), and its route files in DIR/routes, over
// all cores. It returns the model file's path.
func (f *Fabric) Write(dir string) (string, error) {
	base := f.base(dir)
	rdir := filepath.Join(dir, RoutesDir)
	if err := os.MkdirAll(rdir, 0o755); err != nil {
		return "", err
	}
	path := filepath.Join(dir, base+".fvm")
	if err := os.WriteFile(path, f.Text, 0o644); err != nil {
		return "", err
	}
	m := f.M
	var next atomic.Int64
	next.Store(int64(m.MinNode))
	errs := make([]error, runtime.GOMAXPROCS(0))
	var wg sync.WaitGroup
	for w := range errs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for errs[w] == nil {
				src := int(next.Add(1) - 1)
				if src > m.MaxNode {
					return
				}
				if m.NodePort(src) != model.NoPort {
					errs[w] = f.writeFile(filepath.Join(rdir, strconv.Itoa(src)+RoutesExt), src)
				}
			}
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return "", err
		}
	}
	return path, nil
}

func (f *Fabric) writeFile(path string, src int) error {
	out, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := f.File(out, src); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

// Opener serves the route files from memory, generating each on demand,
// for tests and benchmarks that need no files on disk.
func (f *Fabric) Opener() routes.Opener {
	return func(node int) (io.ReadCloser, string, error) {
		name := strconv.Itoa(node) + RoutesExt
		if f.M.NodePort(node) == model.NoPort {
			return nil, name, fs.ErrNotExist
		}
		var b bytes.Buffer
		if err := f.File(&b, node); err != nil {
			return nil, name, err
		}
		return io.NopCloser(&b), name, nil
	}
}
