// Package promtest runs a real Prometheus server on loopback for tests:
// its own configuration, a temporary TSDB, stopped when the test ends.
package promtest

import (
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
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

// ExporterPort is one switch port an Exporter serves.
type ExporterPort struct {
	GUID, Switch string
	Port         int
	Inc          int64 // what every scrape adds to the port's counter
}

// Exporter serves infiniband_exporter's transmit-data counter
// (infiniband_switch_port_transmit_data_bytes_total{guid,port,switch}) for
// its ports. Each scrape adds Inc to a port's counter, so a step holding
// one scrape has exactly Inc, and any value is a multiple of it.
type Exporter struct {
	Ports   []ExporterPort
	mu      sync.Mutex
	scrapes int64
}

// Metric is the name the Exporter serves.
const Metric = "infiniband_switch_port_transmit_data_bytes_total"

func (e *Exporter) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	e.mu.Lock()
	e.scrapes++
	n := e.scrapes
	e.mu.Unlock()
	fmt.Fprintln(w, "# TYPE "+Metric+" counter")
	for _, p := range e.Ports {
		fmt.Fprintf(w, "%s{guid=%q,port=\"%d\",switch=%q} %d\n", Metric, p.GUID, p.Port, p.Switch, p.Inc*n)
	}
}

// Serve serves h on a loopback port until the test ends, and returns the
// address.
func Serve(t *testing.T, h http.Handler) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := &http.Server{Handler: h}
	go srv.Serve(ln)
	t.Cleanup(func() { srv.Close() })
	return ln.Addr().String()
}

// WaitFor waits until an instant query has an answer (a series), at most 90 s.
func (s *Server) WaitFor(t *testing.T, query string) {
	t.Helper()
	end := time.Now().Add(90 * time.Second)
	for time.Now().Before(end) {
		resp, err := http.Get(s.URL + "/api/v1/query?query=" + url.QueryEscape(query))
		if err == nil {
			var res struct {
				Data struct{ Result []json.RawMessage }
			}
			ok := json.NewDecoder(resp.Body).Decode(&res) == nil && len(res.Data.Result) > 0
			resp.Body.Close()
			if ok {
				return
			}
		}
		time.Sleep(200 * time.Millisecond)
	}
	t.Fatalf("Prometheus has no answer to %s after 90 s:\n%s", query, s.Log())
}

// TwoSwitches is a model whose two switches carry GUIDs in their hw field:
// leaf1's as infiniband_exporter writes it, leaf2's without 0x and in
// capitals, as a hand-written model might.
const TwoSwitches = `name two switches
columns 2
ports 4
port-base 1
portdef A
  1 proc top 0
  2 proc top 1
  3 net  east 0
  4 net  west 0
end
switch leaf1 0 0 0 node 0 hw 0x7cfe9003009ce5b0
switch leaf2 0 0 1 node 2 hw 506B4B03005C2740
`
