package routes_test

import (
	"bytes"
	"errors"
	"io"
	"io/fs"
	"strconv"
	"strings"
	"testing"

	"github.com/fabviz/fabviz/model"
	"github.com/fabviz/fabviz/routes"
	"github.com/fabviz/fabviz/routes/gen"
)

// files is an in-memory set of route files by node id.
type files map[int]string

func (f files) open(node int) (io.ReadCloser, string, error) {
	name := strconv.Itoa(node) + ".rt"
	s, ok := f[node]
	if !ok {
		return nil, name, fs.ErrNotExist
	}
	return io.NopCloser(strings.NewReader(s)), name, nil
}

// ringText is the generated four-switch ring's model with edits applied
// (old, new pairs).
func ringText(t testing.TB, enc model.Encoding, edits ...string) *model.Model {
	t.Helper()
	f, err := gen.Ring(4, enc)
	if err != nil {
		t.Fatal(err)
	}
	s := string(f.Text)
	for i := 0; i+1 < len(edits); i += 2 {
		if !strings.Contains(s, edits[i]) {
			t.Fatalf("model has no %q", edits[i])
		}
		s = strings.Replace(s, edits[i], edits[i+1], 1)
	}
	m, err := model.Parse("ring.fvm", bytes.NewReader([]byte(s)))
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// lines makes a route file whose line for node k is given, all others
// empty, with span lines in all.
func lines(span int, set map[int]string) string {
	var b strings.Builder
	for k := range span {
		b.WriteString(set[k])
		b.WriteByte('\n')
	}
	return b.String()
}

func routeErr(t *testing.T, err error) *routes.RouteError {
	t.Helper()
	var re *routes.RouteError
	if !errors.As(err, &re) {
		t.Fatalf("error %v (%T) is not a *RouteError", err, err)
	}
	return re
}
