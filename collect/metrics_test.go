package collect

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/fabviz/fabviz/internal/testsupport/promtest"
	"github.com/fabviz/fabviz/internal/testsupport/testtool"
)

func sysfsCollector(t *testing.T, keep func(int) bool) *SysfsSource {
	t.Helper()
	m, _ := fattree(t)
	src, err := NewSysfsSource(m, sysfsRoot, []string{"mlx5_0/1=cn001", "mlx5_1/1=leaf03.1"}, "", keep)
	if err != nil {
		t.Fatal(err)
	}
	return src
}

func scrape(t *testing.T, url string) string {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != 200 || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/plain; version=0.0.4") {
		t.Fatalf("GET %s: %s %q", url, resp.Status, resp.Header.Get("Content-Type"))
	}
	return string(b)
}

// TestExporterText checks the exposition text of a sweep line by line, and
// has Prometheus' own promtool lint it.
func TestExporterText(t *testing.T) {
	m, _ := fattree(t)
	src := sysfsCollector(t, nil)
	e := NewExporter(m, src, []int{0, counterIndex(t, src, "port_rcv_errors")})
	r := NewReading(len(src.Counters()), len(src.Ports()))
	st := src.Sweep(context.Background(), r)
	e.Observe(r, st, 1500*time.Millisecond, time.Unix(1700000000, 0), Summary{})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	addr, err := ListenMetrics(ctx, "127.0.0.1:0", e)
	if err != nil {
		t.Fatal(err)
	}
	text := scrape(t, "http://"+addr.String()+"/metrics")
	for _, want := range []string{
		"# TYPE fabviz_port_xmit_data_bytes_total counter\n",
		// 64-bit word counts in bytes: beyond 2^64, written exactly.
		`fabviz_port_xmit_data_bytes_total{switch="leaf01",port="1",guid="0x0000000000200002",lid="4",node="1",host="cn001"} 73786976294838204000` + "\n",
		`fabviz_port_xmit_data_bytes_total{switch="leaf03",port="1",guid="0x0000000000200004",lid="7",node="9",host="cn009"} 168` + "\n",
		`fabviz_port_rcv_errors_total{switch="leaf01",port="1",guid="0x0000000000200002",lid="4",node="1",host="cn001"} 6007` + "\n",
		"fabviz_sweep_duration_seconds 1.5\n",
		"fabviz_sweep_ports_read 2\n",
		"fabviz_sweep_ports_failed 0\n",
		"fabviz_sweep_timestamp_seconds 1700000000\n",
		"fabviz_sweeps_total 1\n",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("missing %q in\n%s", want, text)
		}
	}
	// leaf03.1's port_rcv_errors file is bad: that series is absent.
	if strings.Contains(text, `fabviz_port_rcv_errors_total{switch="leaf03"`) || strings.Contains(text, "symbol_error") {
		t.Errorf("unread or unexported series present:\n%s", text)
	}
	if MetricName("ifHCInOctets", "octets") != "fabviz_ifHCInOctets_total" || MetricName("a-b.c", "") != "fabviz_a_b_c_total" || MetricName("port_xmit_data", "bytes") != "fabviz_port_xmit_data_bytes_total" {
		t.Error(MetricName("a-b.c", ""))
	}
	if escapeLabel("a\"b\\c\nd") != `a\"b\\c\nd` {
		t.Error(escapeLabel("a\"b\\c\nd"))
	}
	testtool.Require(t, "promtool")
	cmd := exec.Command("promtool", "check", "metrics")
	cmd.Stdin = strings.NewReader(text)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Errorf("promtool check metrics: %v\n%s", err, out)
	}
}

// TestPrometheusScrape runs a real Prometheus on loopback against a running
// collector and queries what it stored.
func TestPrometheusScrape(t *testing.T) {
	m, _ := fattree(t)
	src := sysfsCollector(t, nil)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	c, err := New(Config{Model: m, Source: src, Dir: t.TempDir(), Interval: time.Second, Metrics: true})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	addr, err := ListenMetrics(ctx, "127.0.0.1:0", c.Exporter())
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { _, err := c.Run(ctx); done <- err }()
	defer func() { cancel(); <-done }()

	p := promtest.Start(t, time.Second, addr.String())
	query := func(q string) (string, bool) {
		resp, err := http.Get(p.URL + "/api/v1/query?query=" + url.QueryEscape(q))
		if err != nil {
			return "", false
		}
		defer resp.Body.Close()
		var res struct {
			Status string
			Data   struct {
				Result []struct {
					Metric map[string]string
					Value  []any
				}
			}
		}
		if json.NewDecoder(resp.Body).Decode(&res) != nil || len(res.Data.Result) != 1 {
			return "", false
		}
		r := res.Data.Result[0]
		return fmt.Sprintf("%s %v", r.Metric["job"], r.Value[1]), true
	}
	// Prometheus needs a few seconds to start and scrape; a loaded machine more.
	want := map[string]string{
		`fabviz_port_rcv_data_bytes_total{switch="leaf01",port="1",guid="0x0000000000200002",lid="4",node="1",host="cn001"}`: "test 8028",
		`fabviz_port_xmit_data_bytes_total{host="cn009"}`:                                                                    "test 168",
		`fabviz_sweep_ports_read`:   "test 2",
		`fabviz_sweep_ports_failed`: "test 0",
	}
	end := time.Now().Add(90 * time.Second)
	for q, w := range want {
		for {
			got, ok := query(q)
			if ok && got == w {
				break
			}
			if time.Now().After(end) {
				t.Fatalf("query %s: %q, want %q\nprometheus said:\n%s", q, got, w, p.Log())
			}
			time.Sleep(250 * time.Millisecond)
		}
	}
	if got, ok := query("fabviz_sweeps_total > 0"); !ok || !strings.HasPrefix(got, "test ") {
		t.Errorf("sweeps_total: %q", got)
	}
}

func counterIndex(t *testing.T, src Source, name string) int {
	t.Helper()
	for i, c := range src.Counters() {
		if c.Name == name {
			return i
		}
	}
	t.Fatalf("no counter %s", name)
	return -1
}
