package collect

import (
	"bytes"
	"context"
	"fmt"
	"net"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/fabviz/fabviz/model"
)

// Exporter keeps the latest sweep in the Prometheus text exposition format
// (version 0.0.4) and serves it on /metrics: each port's cumulative counter
// values as read, labelled with switch, port, node and host, and how the
// sweep went. It is our own small writer; no client library is needed.
type Exporter struct {
	mu   sync.Mutex
	body []byte

	m        *model.Model
	labels   []string // rendered label set of each source port
	counters []Counter
	which    []int // source counter indexes exported
	sweeps   int
	failed   int
}

// NewExporter prepares an exporter for a source's ports; which lists the
// counter indexes to export (nil = all).
func NewExporter(m *model.Model, src Source, which []int) *Exporter {
	e := &Exporter{m: m, counters: src.Counters(), which: which}
	if e.which == nil {
		for i := range e.counters {
			e.which = append(e.which, i)
		}
	}
	for _, p := range src.Ports() {
		sw := m.Switches[m.SwitchOf(p)]
		l := fmt.Sprintf(`switch="%s",port="%d"`, escapeLabel(sw.Label), m.Number(p))
		if n, ok := m.Node(p); ok {
			l += fmt.Sprintf(`,node="%d"`, n)
			if h := m.HostName(n); h != "" {
				l += fmt.Sprintf(`,host="%s"`, escapeLabel(h))
			}
		}
		e.labels = append(e.labels, l)
	}
	e.body = e.render(nil, SweepStats{}, 0, time.Time{})
	return e
}

// Observe publishes a sweep: the cumulative reading, its statistics, how
// long it took and the aligned time it belongs to.
func (e *Exporter) Observe(r *Reading, st SweepStats, took time.Duration, at time.Time) {
	e.mu.Lock()
	e.sweeps++
	e.failed += st.Attempted - st.Read
	e.mu.Unlock()
	body := e.render(r, st, took, at)
	e.mu.Lock()
	e.body = body
	e.mu.Unlock()
}

// MetricName turns a counter name into a Prometheus metric name.
func MetricName(counter string) string {
	var b strings.Builder
	b.WriteString("fabviz_")
	for _, c := range counter {
		if c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' {
			b.WriteRune(c)
		} else {
			b.WriteByte('_')
		}
	}
	b.WriteString("_total")
	return b.String()
}

func (e *Exporter) render(r *Reading, st SweepStats, took time.Duration, at time.Time) []byte {
	var b bytes.Buffer
	if r != nil {
		for _, ci := range e.which {
			k := e.counters[ci]
			name := MetricName(k.Name)
			fmt.Fprintf(&b, "# HELP %s %s (%s) as last read from the device, cumulative\n# TYPE %s counter\n", name, k.Name, k.Unit, name)
			for i, l := range e.labels {
				if r.OK[ci][i] {
					fmt.Fprintf(&b, "%s{%s} %s\n", name, l, strconv.FormatUint(r.Vals[ci][i], 10))
				}
			}
		}
	}
	e.mu.Lock()
	sweeps, failed := e.sweeps, e.failed
	e.mu.Unlock()
	gauge := func(name, help string, v string) {
		fmt.Fprintf(&b, "# HELP %s %s\n# TYPE %s gauge\n%s %s\n", name, help, name, name, v)
	}
	gauge("fabviz_sweep_duration_seconds", "How long the last sweep took.", strconv.FormatFloat(took.Seconds(), 'f', -1, 64))
	gauge("fabviz_sweep_ports_read", "Ports read in the last sweep.", strconv.Itoa(st.Read))
	gauge("fabviz_sweep_ports_failed", "Ports attempted but not read in the last sweep.", strconv.Itoa(st.Attempted-st.Read))
	ts := "0"
	if !at.IsZero() {
		ts = strconv.FormatInt(at.Unix(), 10)
	}
	gauge("fabviz_sweep_timestamp_seconds", "Aligned time of the last sweep (Unix seconds; 0 before the first).", ts)
	fmt.Fprintf(&b, "# HELP fabviz_sweeps_total Sweeps made since the collector started.\n# TYPE fabviz_sweeps_total counter\nfabviz_sweeps_total %d\n", sweeps)
	fmt.Fprintf(&b, "# HELP fabviz_port_reads_failed_total Port reads that failed since the collector started.\n# TYPE fabviz_port_reads_failed_total counter\nfabviz_port_reads_failed_total %d\n", failed)
	return b.Bytes()
}

func escapeLabel(s string) string {
	return strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\n`).Replace(s)
}

// ServeHTTP answers /metrics with the latest sweep.
func (e *Exporter) ServeHTTP(w http.ResponseWriter, req *http.Request) {
	if req.URL.Path != "/metrics" {
		http.NotFound(w, req)
		return
	}
	e.mu.Lock()
	body := e.body
	e.mu.Unlock()
	w.Header().Set("Content-Type", "text/plain; version=0.0.4; charset=utf-8")
	w.Write(body)
}

// ListenMetrics serves h on addr until ctx ends and returns the address it
// listens on (useful with port 0).
func ListenMetrics(ctx context.Context, addr string, h http.Handler) (net.Addr, error) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("-listen %s: %v", addr, err)
	}
	srv := &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second}
	go func() {
		<-ctx.Done()
		sctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		srv.Shutdown(sctx)
	}()
	go srv.Serve(ln) // returns when the listener closes at shutdown
	return ln.Addr(), nil
}
