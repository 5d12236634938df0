package data

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"hash/crc32"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"sync/atomic"
	"time"
	"unsafe"

	"github.com/fabviz/fabviz/internal/atomicfile"
	"github.com/fabviz/fabviz/model"
)

// The column cache: once a large file has been parsed, its Series — the
// step-major segments, gap bitmaps, running-sum checkpoints and the
// statistics computed at load — is written in binary to the user's cache
// directory, and the next Load of the same unchanged file maps it instead
// of parsing. "Unchanged" means the same size and modification time; the
// labels are resolved again against the model, and anything that does not
// fit (another model, another version, a cut file) means the file is
// parsed as if there were no cache.

// cacheMagic starts every cache file; the digit is the layout's version.
const cacheMagic = "FVCACHE4"

// cacheHits counts the loads answered from the cache (for tests).
var cacheHits atomic.Int64

// cacheKeep is how long a cache file not written again is kept: older ones
// are removed when another is written.
const cacheKeep = 30 * 24 * time.Hour

// cacheMinSize is the smallest file worth caching: smaller ones parse in a
// few milliseconds.
const cacheMinSize = 1 << 20

// cacheHeader is the JSON part of a cache file; the binary blocks follow,
// each at an offset aligned to 8 bytes.
type cacheHeader struct {
	Source   string // absolute path of the parsed file
	Size     int64
	ModTime  int64 // ns
	Kind     Kind
	Lenient  bool
	Header   Header
	Warnings []string
	Steps    int
	Columns  int
	// The column labels (as the model names them, joined by newlines) and
	// the line that listed each column are the first two blocks.
	LabelBytes int
	// Hosts are the host names used as labels, each with the labels of the
	// ports it stood for: the model must still give it those ports.
	Hosts  map[string][]string `json:",omitempty"`
	Segs   []cacheSeg
	Blocks int64  // bytes of binary blocks after the header
	Order  string // the writing machine's byte order, which the blocks are in
	CRC    uint32 // CRC-32C of the blocks: a damaged cache is not used
}

var crcTable = crc32.MakeTable(crc32.Castagnoli)

type cacheSeg struct {
	N     int
	Wide  bool // 64-bit values
	Gaps  bool
	NCkpt int
}

// cacheDir is where cache files go: $FABVIZ_CACHE if set ("off" turns the
// cache off), else fabviz/data under the user's cache directory.
func cacheDir() (string, bool) {
	if d := os.Getenv("FABVIZ_CACHE"); d != "" {
		return d, d != "off"
	}
	d, err := os.UserCacheDir()
	if err != nil {
		return "", false
	}
	return filepath.Join(d, "fabviz", "data"), true
}

// cachePath names the cache file of a source file.
func cachePath(abs string) (string, bool) {
	dir, ok := cacheDir()
	if !ok {
		return "", false
	}
	h := sha256.Sum256([]byte(abs))
	return filepath.Join(dir, hex.EncodeToString(h[:12])+".fvc"), true
}

// cacheKey is what a cache file must match: the source's path, size and
// time, and the options that change what a load keeps.
type cacheKey struct {
	abs     string
	size    int64
	modTime int64
	kind    Kind
	lenient bool
}

func newCacheKey(path string, opt Options) (cacheKey, bool) {
	k, ok := newCacheKeyAny(path, opt)
	return k, ok && k.size >= cacheMinSize
}

// newCacheKeyAny is newCacheKey for a file of any size.
func newCacheKeyAny(path string, opt Options) (cacheKey, bool) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return cacheKey{}, false
	}
	st, err := os.Stat(abs)
	if err != nil || !st.Mode().IsRegular() {
		return cacheKey{}, false
	}
	return cacheKey{abs, st.Size(), st.ModTime().UnixNano(), opt.Kind, opt.Lenient}, true
}

func (k cacheKey) matches(h *cacheHeader) bool {
	return h.Source == k.abs && h.Size == k.size && h.ModTime == k.modTime && h.Kind == k.kind && h.Lenient == k.lenient
}

// loadCached maps the cache of a file, if there is one that fits, and
// rebuilds the Series on the model. ok is false when the file must be
// parsed.
func loadCached(path string, m *model.Model, key cacheKey) (*Series, bool) {
	cp, ok := cachePath(key.abs)
	if !ok {
		return nil, false
	}
	mem, err := mapFile(cp)
	if err != nil {
		return nil, false
	}
	s, err := decodeCache(mem, path, m, key)
	if err != nil {
		unmapFile(mem)
		return nil, false
	}
	cacheHits.Add(1)
	// The segments point into the mapping: it lives as long as the Series.
	runtime.AddCleanup(s, unmapFile, mem)
	return s, true
}

func decodeCache(mem []byte, path string, m *model.Model, key cacheKey) (*Series, error) {
	if len(mem) < 16 || string(mem[:8]) != cacheMagic {
		return nil, errors.New("not a cache file")
	}
	n := binary.LittleEndian.Uint64(mem[8:16])
	if n == 0 || n > uint64(len(mem)-16) {
		return nil, errors.New("bad header length")
	}
	hlen := int(n)
	var h cacheHeader
	if err := json.Unmarshal(mem[16:16+hlen], &h); err != nil {
		return nil, err
	}
	if !key.matches(&h) || h.Order != nativeOrder() || h.Columns < 0 || h.Steps < 0 {
		return nil, errors.New("stale")
	}
	off := align8(16 + hlen)
	if int64(len(mem)-off) != h.Blocks {
		return nil, errors.New("cut")
	}
	if crc32.Checksum(mem[off:], crcTable) != h.CRC {
		return nil, errors.New("damaged")
	}
	s := &Series{File: path, Kind: h.Kind, Header: h.Header, Model: m, Warnings: h.Warnings, steps: h.Steps}
	r := blockReader{mem: mem, off: off}
	labels := r.bytes(h.LabelBytes)
	s.colLine = r.int32s(h.Columns)
	if r.err != nil || h.Columns > m.NumPorts() {
		return nil, errors.New("blocks do not fit the header")
	}
	seen := make([]bool, m.NumPorts())
	s.cols = make([]model.PortRef, 0, h.Columns)
	for l := range bytes.SplitSeq(labels, []byte{'\n'}) {
		p, ok := m.PortByLabel(string(l))
		if !ok || seen[p] {
			return nil, errors.New("another model")
		}
		seen[p] = true
		s.cols = append(s.cols, p)
	}
	if !sameHosts(m, h.Hosts, h.Kind) {
		return nil, errors.New("another model")
	}
	for name, labels := range h.Hosts {
		ports := make([]model.PortRef, len(labels))
		for i, l := range labels {
			ports[i], _ = m.PortByLabel(l)
		}
		s.addHostPorts(name, ports)
	}
	T, cols := h.Steps, 0
	var segs []segment
	for _, sh := range h.Segs {
		g := segment{col0: cols, n: sh.N}
		if sh.Wide {
			g.v64 = r.int64s(sh.N * T)
		} else {
			g.v32 = r.int32s(sh.N * T)
		}
		if sh.Gaps {
			g.gaps = r.uint64s((sh.N*T + 63) / 64)
		}
		g.ckpt = r.int64s(sh.NCkpt)
		cols += sh.N
		segs = append(segs, g)
	}
	s.total = r.int64s(cols)
	s.firstData = r.int32s(cols)
	s.stepMin, s.stepMax = r.int64s(T), r.int64s(T)
	has := r.bytes(T)
	if r.err != nil || cols != len(s.cols) || r.off != len(mem) {
		return nil, errors.New("blocks do not fit the header")
	}
	s.stepHas = make([]bool, T)
	for i, b := range has {
		s.stepHas[i] = b != 0
	}
	finishSeries(s, segs)
	return s, nil
}

func align8(n int) int { return (n + 7) &^ 7 }

// blockReader hands out typed slices over the mapped blocks.
type blockReader struct {
	mem []byte
	off int
	err error
}

func (r *blockReader) take(n int) []byte {
	if r.err != nil || n < 0 || r.off+n > len(r.mem) {
		r.err = errors.New("short")
		return nil
	}
	b := r.mem[r.off : r.off+n]
	r.off = align8(r.off + n)
	return b
}

func (r *blockReader) int64s(n int) []int64 {
	b := r.take(8 * n)
	if len(b) == 0 {
		return make([]int64, 0)
	}
	return unsafe.Slice((*int64)(unsafe.Pointer(&b[0])), n)
}

func (r *blockReader) uint64s(n int) []uint64 {
	b := r.take(8 * n)
	if len(b) == 0 {
		return make([]uint64, 0)
	}
	return unsafe.Slice((*uint64)(unsafe.Pointer(&b[0])), n)
}

func (r *blockReader) int32s(n int) []int32 {
	b := r.take(4 * n)
	if len(b) == 0 {
		return make([]int32, 0)
	}
	return unsafe.Slice((*int32)(unsafe.Pointer(&b[0])), n)
}

func (r *blockReader) bytes(n int) []byte { return r.take(n) }

// writeCache writes a parsed Series to the cache, through a temporary file
// renamed into place, so a reader never sees half a cache. Errors are
// returned for tests; Load ignores them (the cache only saves time).
func writeCache(s *Series, key cacheKey) error {
	cp, ok := cachePath(key.abs)
	if !ok {
		return errors.New("no cache directory")
	}
	if err := os.MkdirAll(filepath.Dir(cp), 0o755); err != nil {
		return err
	}
	pruneCache(filepath.Dir(cp))
	h := cacheHeader{Source: key.abs, Size: key.size, ModTime: key.modTime, Kind: key.kind, Lenient: key.lenient,
		Header: s.Header, Warnings: s.Warnings, Steps: s.steps, Columns: len(s.cols), Order: nativeOrder()}
	var labels []byte
	for i, p := range s.cols {
		if i > 0 {
			labels = append(labels, '\n')
		}
		labels = append(labels, s.Model.Label(p)...)
	}
	h.LabelBytes = len(labels)
	if len(s.hostPorts) > 0 {
		h.Hosts = map[string][]string{}
		for name, ports := range s.hostPorts {
			for _, p := range ports {
				h.Hosts[name] = append(h.Hosts[name], s.Model.Label(p))
			}
		}
	}
	blocks := [][]byte{labels, raw(s.colLine)}
	for _, g := range s.segs {
		sh := cacheSeg{N: g.n, Wide: g.v64 != nil, Gaps: g.gaps != nil, NCkpt: len(g.ckpt)}
		if sh.Wide {
			blocks = append(blocks, raw(g.v64))
		} else {
			blocks = append(blocks, raw(g.v32))
		}
		if sh.Gaps {
			blocks = append(blocks, raw(g.gaps))
		}
		blocks = append(blocks, raw(g.ckpt))
		h.Segs = append(h.Segs, sh)
	}
	has := make([]byte, len(s.stepHas))
	for i, b := range s.stepHas {
		if b {
			has[i] = 1
		}
	}
	blocks = append(blocks, raw(s.total), raw(s.firstData), raw(s.stepMin), raw(s.stepMax), has)
	crc := crc32.New(crcTable)
	pad := make([]byte, 8)
	for _, b := range blocks {
		h.Blocks += int64(align8(len(b)))
		crc.Write(b)
		crc.Write(pad[:align8(len(b))-len(b)])
	}
	h.CRC = crc.Sum32()
	js, err := json.Marshal(h)
	if err != nil {
		return err
	}
	head := make([]byte, align8(16+len(js)))
	copy(head, cacheMagic)
	binary.LittleEndian.PutUint64(head[8:], uint64(len(js)))
	copy(head[16:], js)
	return atomicfile.Write(cp, func(w io.Writer) error {
		werr := writeAll(w, head)
		for _, b := range blocks {
			werr = errors.Join(werr, writeAll(w, b), writeAll(w, pad[:align8(len(b))-len(b)]))
		}
		return werr
	})
}

// pruneCache removes cache files that were not written for cacheKeep.
func pruneCache(dir string) {
	old, _ := filepath.Glob(filepath.Join(dir, "*.fvc"))
	for _, f := range old {
		if st, err := os.Stat(f); err == nil && time.Since(st.ModTime()) > cacheKeep {
			os.Remove(f)
		}
	}
}

func writeAll(w io.Writer, b []byte) error {
	_, err := w.Write(b)
	return err
}

func nativeOrder() string {
	x := uint16(1)
	if *(*byte)(unsafe.Pointer(&x)) == 1 {
		return "little"
	}
	return "big"
}

// raw is a slice's memory as bytes, in the machine's byte order (the
// header says which; a cache of the other order is not used).
func raw[T int32 | int64 | uint64](v []T) []byte {
	if len(v) == 0 {
		return nil
	}
	var z T
	return unsafe.Slice((*byte)(unsafe.Pointer(&v[0])), len(v)*int(unsafe.Sizeof(z)))
}

// sameHosts reports whether each host name a cached file used as a label
// still names the same ports in the model, in the same order (a host given
// another port, or moved, means the file must be read again).
func sameHosts(m *model.Model, hosts map[string][]string, kind Kind) bool {
	for name, labels := range hosts {
		ns := m.HostNodes(name)
		if len(ns) != len(labels) || len(ns) > 1 && kind != Job {
			return false
		}
		for i, n := range ns {
			if m.Label(m.NodePort(n)) != labels[i] {
				return false
			}
		}
	}
	return true
}
