package data

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/fabviz/fabviz/model"
)

// bigFile writes a §3 file for ring4 of more than cacheMinSize bytes with
// gaps, negative values and one port whose values need 64 bits.
func bigFile(t *testing.T, m *model.Model, steps int, seed uint64) string {
	t.Helper()
	r := rand.New(rand.NewPCG(seed, 1))
	var b strings.Builder
	b.WriteString("#! steps 2026-01-01T00:00:00Z 60s\n#! counter port_xmit_data bytes\n")
	for p := range m.NumPorts() {
		pr := model.PortRef(p)
		if m.Spec(pr).Role == model.Unused || p%7 == 3 {
			continue // some ports unlisted
		}
		b.WriteString(m.Label(pr))
		for s := range steps {
			switch {
			case r.IntN(50) == 0:
				b.WriteString(" -")
			case p == 5:
				fmt.Fprintf(&b, " %d", int64(1)<<40+int64(s))
			default:
				fmt.Fprintf(&b, " %d", r.IntN(200000)-1000)
			}
		}
		b.WriteByte('\n')
	}
	path := filepath.Join(t.TempDir(), "big.dat")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	if st, _ := os.Stat(path); st.Size() < cacheMinSize {
		t.Fatalf("only %d bytes", st.Size())
	}
	return path
}

// sameSeries compares everything a Series answers.
func sameSeries(t *testing.T, a, b *Series) {
	t.Helper()
	m := a.Model
	if a.Steps() != b.Steps() || a.Columns() != b.Columns() || a.Header != b.Header || a.File != b.File || a.Kind != b.Kind ||
		strings.Join(a.Warnings, "|") != strings.Join(b.Warnings, "|") {
		t.Fatalf("series differ: %d/%d steps, %d/%d columns, %+v/%+v", a.Steps(), b.Steps(), a.Columns(), b.Columns(), a.Header, b.Header)
	}
	for p := range m.NumPorts() {
		pr := model.PortRef(p)
		if a.Listed(pr) != b.Listed(pr) || a.Total(pr) != b.Total(pr) {
			t.Fatalf("%s: listed %v/%v total %d/%d", m.Label(pr), a.Listed(pr), b.Listed(pr), a.Total(pr), b.Total(pr))
		}
		for s := 0; s < a.Steps(); s++ {
			va, oka := a.Value(pr, s)
			vb, okb := b.Value(pr, s)
			if va != vb || oka != okb {
				t.Fatalf("%s step %d: %d %v / %d %v", m.Label(pr), s, va, oka, vb, okb)
			}
		}
	}
	for sw := range m.Switches {
		if a.SwitchHasData(sw) != b.SwitchHasData(sw) {
			t.Fatalf("switch %d has data differs", sw)
		}
	}
	for _, s := range []int{0, 1, 63, 64, 65, a.Steps() / 2, a.Steps() - 1} {
		if s >= a.Steps() {
			continue
		}
		for _, mode := range []Mode{Slice, Running, Total} {
			la, ha, oka := a.Range(s, mode)
			lb, hb, okb := b.Range(s, mode)
			if la != lb || ha != hb || oka != okb {
				t.Fatalf("range %d %v: %d..%d / %d..%d", s, mode, la, ha, lb, hb)
			}
		}
		for p := range m.NumPorts() {
			if a.Running(model.PortRef(p), s) != b.Running(model.PortRef(p), s) {
				t.Fatalf("running %d step %d", p, s)
			}
		}
	}
}

func ring4Model(t *testing.T) *model.Model {
	t.Helper()
	m, err := model.Load("../examples/ring4/ring4.fvm")
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func TestCacheRoundTrip(t *testing.T) {
	t.Setenv("FABVIZ_CACHE", t.TempDir())
	m := ring4Model(t)
	path := bigFile(t, m, 4000, 1)
	parsed, err := Load(path, m, Options{})
	if err != nil {
		t.Fatal(err)
	}
	hits := cacheHits.Load()
	cached, err := Load(path, m, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if cacheHits.Load() != hits+1 {
		t.Fatal("the second load did not come from the cache")
	}
	sameSeries(t, parsed, cached)
	fresh, err := Read(path, mustOpen(t, path), m, Options{})
	if err != nil {
		t.Fatal(err)
	}
	sameSeries(t, fresh, cached)

	// Another Kind or Lenient is another load: parsed, not answered.
	if _, err := Load(path, m, Options{Lenient: true}); err != nil || cacheHits.Load() != hits+1 {
		t.Errorf("lenient load answered from the strict load's cache (%v)", err)
	}
}

func mustOpen(t *testing.T, path string) *os.File {
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
	return f
}

// TestCacheInvalid: a changed file, a cut or foreign cache file, another
// model, or the cache turned off: the file is parsed, and right.
func TestCacheInvalid(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("FABVIZ_CACHE", dir)
	m := ring4Model(t)
	path := bigFile(t, m, 3500, 2)
	if _, err := Load(path, m, Options{}); err != nil {
		t.Fatal(err)
	}
	caches, _ := filepath.Glob(filepath.Join(dir, "*.fvc"))
	if len(caches) != 1 {
		t.Fatalf("%d cache files", len(caches))
	}
	hits := cacheHits.Load()
	check := func(what string) {
		t.Helper()
		got, err := Load(path, m, Options{})
		if err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		if cacheHits.Load() != hits {
			t.Fatalf("%s: answered from the cache", what)
		}
		want, err := Read(path, mustOpen(t, path), m, Options{})
		if err != nil {
			t.Fatal(err)
		}
		sameSeries(t, want, got)
		hits = cacheHits.Load()
	}
	// The file changes (same size: one digit for another, a newer time).
	b, _ := os.ReadFile(path)
	i := strings.LastIndexByte(string(b), '7')
	b[i] = '8'
	os.WriteFile(path, b, 0o644)
	os.Chtimes(path, time.Now().Add(time.Second), time.Now().Add(time.Second))
	check("changed file")
	// The cache file is damaged, cut short, or something else.
	c, _ := os.ReadFile(caches[0])
	d := append([]byte{}, c...)
	d[len(d)-3000] ^= 1
	os.WriteFile(caches[0], d, 0o644)
	check("damaged cache")
	c, _ = os.ReadFile(caches[0]) // the load above wrote a good cache again
	os.WriteFile(caches[0], c[:len(c)-100], 0o644)
	check("cut cache")
	os.WriteFile(caches[0], []byte("FVCACHE3\xff\xff\xff\xff\xff\xff\xff\x7f"), 0o644)
	check("garbage cache")
	// The same file for a model that lacks one of its labels.
	if _, err := Load(path, m, Options{}); err != nil {
		t.Fatal(err)
	}
	hits = cacheHits.Load()
	src, _ := os.ReadFile("../examples/ring4/ring4.fvm")
	other, err := model.Parse("other.fvm", strings.NewReader(strings.Replace(string(src), "switch s3", "switch t3", 1)))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Load(path, other, Options{}); err == nil || cacheHits.Load() != hits {
		t.Errorf("another model: %v, from cache %v", err, cacheHits.Load() != hits)
	}
	// Off.
	off := t.TempDir()
	t.Setenv("FABVIZ_CACHE", "off")
	path2 := bigFile(t, m, 3000, 3)
	Load(path2, m, Options{})
	Load(path2, m, Options{})
	if cacheHits.Load() != hits {
		t.Error("cache used while off")
	}
	if e, _ := os.ReadDir(off); len(e) != 0 {
		t.Error("cache written while off")
	}
}

// FuzzDecodeCache: no cache file, however broken, makes a Series that is
// not the parsed one, or panics.
func FuzzDecodeCache(f *testing.F) {
	m, err := model.Load("../examples/ring4/ring4.fvm")
	if err != nil {
		f.Fatal(err)
	}
	dir := f.TempDir()
	f.Setenv("FABVIZ_CACHE", dir)
	src := filepath.Join(dir, "x.dat")
	var b strings.Builder
	b.WriteString("#! counter x bytes\n")
	for s := 0; s < 16; s++ {
		fmt.Fprintf(&b, "s%d.%d 1 -2 %d 4000000000 -\n", s/4, 12+s%4, s)
	}
	os.WriteFile(src, []byte(b.String()), 0o644)
	s, err := Load(src, m, Options{})
	if err != nil {
		f.Fatal(err)
	}
	key, _ := newCacheKeyAny(src, Options{})
	if err := writeCache(s, key); err != nil {
		f.Fatal(err)
	}
	cp, _ := cachePath(key.abs)
	good, _ := os.ReadFile(cp)
	f.Add(good)
	f.Add(good[:len(good)/2])
	f.Add([]byte("FVCACHE3\x10\x00\x00\x00\x00\x00\x00\x00{}"))
	f.Fuzz(func(t *testing.T, mem []byte) {
		c := make([]byte, len(mem)+8) // 8-aligned copy, as a mapping is
		c = c[:len(mem)]
		copy(c, mem)
		got, err := decodeCache(c, src, m, key)
		if err == nil {
			sameSeries(t, s, got)
		}
	})
}
