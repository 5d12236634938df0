// Package testtool holds what tests that run system tools share: a check
// that the tools are installed (a skip outside CI, a failure in CI) and a
// buffer a running process may write to while the test reads it.
package testtool

import (
	"bytes"
	"os"
	"os/exec"
	"sync"
	"testing"
)

// Require skips the test when a tool is not on PATH, except in CI
// (CI=true), where a missing tool is a failure.
func Require(t testing.TB, tools ...string) {
	t.Helper()
	for _, tool := range tools {
		if _, err := exec.LookPath(tool); err != nil {
			Missing(t, tool+" is not installed")
		}
	}
}

// Missing skips the test with msg, or fails it in CI.
func Missing(t testing.TB, msg string) {
	t.Helper()
	if os.Getenv("CI") == "true" {
		t.Fatalf("%s (CI needs it: scripts/deps.sh test)", msg)
	}
	t.Skip(msg)
}

// SyncBuffer is a bytes.Buffer safe for a process writing while a test reads.
type SyncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *SyncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *SyncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}
