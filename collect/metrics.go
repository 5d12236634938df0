package collect

import (
	"bytes"
	"context"
	"fmt"
	"math/big"
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
	peers    []string // fabviz_port_peer_info lines
	which    []int    // source counter indexes exported
	sweeps   int
	failed   int
	sum      Summary
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
		l := fmt.Sprintf(`switch="%s",port="%d"`, escapeLabel(sw.Label), m.Number(p)) + switchIDs(sw)
		if n, ok := m.Node(p); ok {
			l += fmt.Sprintf(`,node="%d"`, n)
			if h := m.HostName(n); h != "" {
				l += fmt.Sprintf(`,host="%s"`, escapeLabel(h))
			}
		}
		e.labels = append(e.labels, l)
	}
	e.peers = peerInfo(m, src.Ports())
	e.body = e.render(nil, SweepStats{}, 0, time.Time{})
	return e
}

// Observe publishes a sweep: the cumulative reading, its statistics, how
// long it took and the aligned time it belongs to.
func (e *Exporter) Observe(r *Reading, st SweepStats, took time.Duration, at time.Time, sum Summary) {
	e.mu.Lock()
	e.sum = sum
	e.sweeps++
	e.failed += st.Attempted - st.Read
	e.mu.Unlock()
	body := e.render(r, st, took, at)
	e.mu.Lock()
	e.body = body
	e.mu.Unlock()
}

// MetricName turns a counter name into a Prometheus metric name; a counter
// in bytes gets the unit in its name, as Prometheus asks
// (fabviz_port_xmit_data_bytes_total).
func MetricName(counter, unit string) string {
	if unit == "bytes" {
		counter += "_bytes"
	}
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
			name := MetricName(k.Name, k.Unit)
			if k.Gauge {
				name = strings.TrimSuffix(name, "_total")
				fmt.Fprintf(&b, "# HELP %s %s (%s) as last read\n# TYPE %s gauge\n", name, k.Name, k.Unit, name)
			} else {
				fmt.Fprintf(&b, "# HELP %s %s (%s) as last read from the device, cumulative\n# TYPE %s counter\n", name, k.Name, k.Unit, name)
			}
			for i, l := range e.labels {
				if r.OK[ci][i] {
					fmt.Fprintf(&b, "%s{%s} %s\n", name, l, scaledValue(k, r.Vals[ci][i]))
				}
			}
		}
	}
	if len(e.peers) > 0 {
		b.WriteString("# HELP fabviz_port_peer_info The port at the other end of a cabled port.\n# TYPE fabviz_port_peer_info gauge\n")
		for _, l := range e.peers {
			b.WriteString(l)
		}
	}
	e.mu.Lock()
	sweeps, failed, sum := e.sweeps, e.failed, e.sum
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
	renderLoss(&b, sum, st)
	return b.Bytes()
}

// renderLoss writes the run's completeness as the logs hold it and the read
// windows.
func renderLoss(b *bytes.Buffer, sum Summary, st SweepStats) {
	counter := func(name, help string, v int64) {
		fmt.Fprintf(b, "# HELP %s %s\n# TYPE %s counter\n%s %d\n", name, help, name, name, v)
	}
	counter("fabviz_log_values_total", "Values written to the counter logs since the collector started.", sum.Values)
	counter("fabviz_log_values_missing_total", "Gaps written to the counter logs since the collector started (grid cells without a value).", sum.Cells-sum.Values)
	counter("fabviz_intervals_skipped_total", "Intervals not sampled because a sweep overran.", int64(sum.Skipped))
	fmt.Fprintf(b, "# HELP fabviz_sweep_read_window_seconds First read start to last read end of the last sweep.\n# TYPE fabviz_sweep_read_window_seconds gauge\nfabviz_sweep_read_window_seconds %s\n", seconds(st.Window()))
	p50, maxw := sum.WindowStats()
	var total time.Duration
	for _, w := range sum.Windows {
		total += w
	}
	fmt.Fprintf(b, "# HELP fabviz_read_window_seconds Read windows of the sweeps since the collector started.\n# TYPE fabviz_read_window_seconds summary\n")
	fmt.Fprintf(b, "fabviz_read_window_seconds{quantile=\"0.5\"} %s\nfabviz_read_window_seconds{quantile=\"1\"} %s\n", seconds(p50), seconds(maxw))
	fmt.Fprintf(b, "fabviz_read_window_seconds_sum %s\nfabviz_read_window_seconds_count %d\n", seconds(total), len(sum.Windows))
}

// scaledValue writes a cumulative reading in the counter's unit, exactly
// (a 64-bit word count ×4 may pass 2^64).
func scaledValue(k Counter, v uint64) string {
	if k.Scale <= 1 {
		return strconv.FormatUint(v, 10)
	}
	return new(big.Int).Mul(new(big.Int).SetUint64(v), new(big.Int).SetUint64(k.Scale)).String()
}

func seconds(d time.Duration) string { return strconv.FormatFloat(d.Seconds(), 'f', -1, 64) }

// switchIDs is the `,guid="0x…",lid="N"` part of a switch's port labels:
// the GUID as 0x and 16 hex digits, the LID in decimal; each only when the
// model gives it (hw, sw).
func switchIDs(sw model.Switch) string {
	var l string
	if g, err := strconv.ParseUint(strings.TrimPrefix(strings.ToLower(sw.HW), "0x"), 16, 64); sw.HW != "" && err == nil {
		l += fmt.Sprintf(`,guid="0x%016x"`, g)
	}
	if lid, ok := ibAddress(model.Switch{SW: sw.SW}); ok && len(lid) == 1 {
		l += fmt.Sprintf(`,lid="%s"`, lid[0])
	}
	return l
}

// peerInfo is one `fabviz_port_peer_info` line per cabled port: who is at
// the other end.
func peerInfo(m *model.Model, ports []model.PortRef) []string {
	var out []string
	for _, p := range ports {
		q := m.Peer(p)
		if q == model.NoPort {
			continue
		}
		sw, peer := m.Switches[m.SwitchOf(p)], m.Switches[m.SwitchOf(q)]
		l := fmt.Sprintf(`switch="%s",port="%d"`, escapeLabel(sw.Label), m.Number(p)) + switchIDs(sw)
		l += fmt.Sprintf(`,peer_switch="%s",peer_port="%d"`, escapeLabel(peer.Label), m.Number(q))
		if g := switchIDs(model.Switch{HW: peer.HW}); g != "" {
			l += ",peer_" + g[1:]
		}
		out = append(out, "fabviz_port_peer_info{"+l+"} 1\n")
	}
	return out
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
