package repocheck

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// maxSize is the largest file git may track outside a testdata/ folder.
const maxSize = 1 << 20

// binaryMagic are the first bytes of executables and object files of the
// platforms Go builds for: ELF, Mach-O (both byte orders, 32 and 64 bit,
// universal) and PE.
var binaryMagic = [][]byte{
	[]byte("\x7fELF"),
	{0xfe, 0xed, 0xfa, 0xce}, {0xce, 0xfa, 0xed, 0xfe},
	{0xfe, 0xed, 0xfa, 0xcf}, {0xcf, 0xfa, 0xed, 0xfe},
	{0xca, 0xfe, 0xba, 0xbe},
	[]byte("MZ\x90\x00"), // PE (Windows), as linkers write it
	[]byte("!<arch>\n"),  // Go and C archives (.a)
}

// trackedFiles lists what git tracks, relative to the repository root, and
// returns that root.
func trackedFiles(t *testing.T) (string, []string) {
	t.Helper()
	top, err := exec.Command("git", "rev-parse", "--show-toplevel").Output()
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("not a git checkout, or no git: %v", err)
		}
		t.Skipf("not a git checkout: %v", err)
	}
	root := strings.TrimSpace(string(top))
	out, err := exec.Command("git", "-C", root, "ls-files", "-z").Output()
	if err != nil {
		t.Fatal(err)
	}
	var files []string
	for _, f := range bytes.Split(out, []byte{0}) {
		if len(f) > 0 {
			files = append(files, string(f))
		}
	}
	return root, files
}

func isBinary(head []byte) bool {
	for _, m := range binaryMagic {
		if bytes.HasPrefix(head, m) {
			return true
		}
	}
	return false
}

func inTestdata(path string) bool {
	return strings.HasPrefix(path, "testdata/") || strings.Contains(path, "/testdata/")
}

func TestNoBinariesOrLargeFiles(t *testing.T) {
	root, files := trackedFiles(t)
	if len(files) == 0 {
		t.Fatal("git tracks no file")
	}
	for _, f := range files {
		p := filepath.Join(root, f)
		st, err := os.Lstat(p)
		if err != nil {
			continue // deleted in the working tree; git status shows it
		}
		if !st.Mode().IsRegular() {
			continue
		}
		if st.Size() > maxSize && !inTestdata(f) {
			t.Errorf("%s: %d bytes; files over %d bytes belong in a testdata/ folder or outside git", f, st.Size(), maxSize)
		}
		head := make([]byte, 8)
		fh, err := os.Open(p)
		if err != nil {
			t.Error(err)
			continue
		}
		n, _ := fh.Read(head)
		fh.Close()
		if isBinary(head[:n]) {
			t.Errorf("%s is a built binary: remove it from git and ignore the output", f)
		}
	}
}

// TestChecksCatch makes sure the two rules above would fire.
func TestChecksCatch(t *testing.T) {
	exe, err := os.Executable() // this test binary
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(exe)
	if err != nil {
		t.Fatal(err)
	}
	if !isBinary(b[:8]) {
		t.Errorf("the test binary %s is not recognised as a binary", exe)
	}
	if isBinary([]byte("package main\n")) || isBinary([]byte("MODEL 1\n")) {
		t.Error("text recognised as a binary")
	}
	if !inTestdata("model/testdata/x") || !inTestdata("testdata/fixtures/a") || inTestdata("docs/testdata.md") {
		t.Error("inTestdata")
	}
}
