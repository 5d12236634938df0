// Package promtest runs a real Prometheus server on loopback for tests:
// its own configuration, a temporary TSDB, stopped when the test ends.
package promtest

import (
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/fabviz/fabviz/internal/testsupport/testtool"
)

// Server is a running Prometheus.
type Server struct {
	URL string // http://127.0.0.1:PORT
	out *testtool.SyncBuffer
}

// Start runs Prometheus scraping targets (host:port) every interval, and
// waits until it answers queries.
func Start(t *testing.T, interval time.Duration, targets ...string) *Server {
	t.Helper()
	testtool.Require(t, "prometheus")
	dir := t.TempDir()
	quoted := make([]string, len(targets))
	for i, tg := range targets {
		quoted[i] = "'" + tg + "'"
	}
	conf := fmt.Sprintf("global:\n  scrape_interval: %s\n  scrape_timeout: %s\nscrape_configs:\n  - job_name: test\n    static_configs:\n      - targets: [%s]\n",
		interval, interval, strings.Join(quoted, ", "))
	if err := os.WriteFile(filepath.Join(dir, "prometheus.yml"), []byte(conf), 0o644); err != nil {
		t.Fatal(err)
	}
	addr := freeAddr(t)
	s := &Server{URL: "http://" + addr, out: &testtool.SyncBuffer{}}
	cmd := exec.Command("prometheus", "--config.file="+filepath.Join(dir, "prometheus.yml"),
		"--storage.tsdb.path="+filepath.Join(dir, "data"), "--web.listen-address="+addr)
	cmd.Stdout, cmd.Stderr = s.out, s.out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan struct{})
	go func() { cmd.Wait(); close(exited) }()
	t.Cleanup(func() {
		cmd.Process.Kill()
		<-exited
	})
	end := time.Now().Add(60 * time.Second)
	for {
		resp, err := http.Get(s.URL + "/-/ready")
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return s
			}
		}
		select {
		case <-exited:
			t.Fatalf("prometheus exited:\n%s", s.Log())
		default:
		}
		if time.Now().After(end) {
			t.Fatalf("prometheus not ready after 60 s:\n%s", s.Log())
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// Log is the end of what Prometheus printed.
func (s *Server) Log() string {
	l := strings.Split(strings.TrimRight(s.out.String(), "\n"), "\n")
	return strings.Join(l[max(0, len(l)-20):], "\n")
}

func freeAddr(t *testing.T) string {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}
