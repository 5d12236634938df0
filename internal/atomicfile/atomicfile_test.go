package atomicfile

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"
)

func TestWrite(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "f")
	if err := Write(path, func(w io.Writer) error { _, err := io.WriteString(w, "one"); return err }); err != nil {
		t.Fatal(err)
	}
	// A failed write leaves the old file and no temporary one.
	boom := errors.New("boom")
	if err := Write(path, func(w io.Writer) error { io.WriteString(w, "half"); return boom }); !errors.Is(err, boom) {
		t.Fatalf("err %v", err)
	}
	b, _ := os.ReadFile(path)
	st, _ := os.Stat(path)
	left, _ := os.ReadDir(dir)
	if string(b) != "one" || st.Mode().Perm() != 0o644 || len(left) != 1 {
		t.Errorf("content %q, mode %v, %d files", b, st.Mode().Perm(), len(left))
	}
}
