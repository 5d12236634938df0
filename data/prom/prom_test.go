package prom

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/fabviz/fabviz/data"
	"github.com/fabviz/fabviz/internal/testsupport/promtest"
	"github.com/fabviz/fabviz/model"
)

var ports = []promtest.ExporterPort{
	{GUID: "0x7cfe9003009ce5b0", Switch: "leaf1", Port: 1}, {GUID: "0x7cfe9003009ce5b0", Switch: "leaf1", Port: 2},
	{GUID: "0x7cfe9003009ce5b0", Switch: "leaf1", Port: 3}, {GUID: "0x7cfe9003009ce5b0", Switch: "leaf1", Port: 4},
	{GUID: "0x506b4b03005c2740", Switch: "leaf2", Port: 1}, {GUID: "0x506b4b03005c2740", Switch: "leaf2", Port: 2}, {GUID: "0x506b4b03005c2740", Switch: "leaf2", Port: 3},
	{GUID: "0x0002c90200000001", Switch: "other", Port: 1},
}

// exporter serves the model's ports but leaf2.4, plus one series of a
// switch the model lacks; port i's counter grows by inc(i) a scrape.
func exporter() *promtest.Exporter {
	e := &promtest.Exporter{}
	for i, p := range ports {
		p.Inc = inc(i)
		e.Ports = append(e.Ports, p)
	}
	return e
}

func inc(i int) int64 { return int64(1000 * (i + 2)) }

func serve(t *testing.T, h http.Handler) string { return promtest.Serve(t, h) }

func TestImportExporterCounter(t *testing.T) {
	m, err := model.Parse("two.fvm", strings.NewReader(promtest.TwoSwitches))
	if err != nil {
		t.Fatal(err)
	}
	target := serve(t, exporter())
	p := promtest.Start(t, time.Second, target)
	c := &Client{URL: p.URL}
	// Once Prometheus has scraped ten times, import the last 8 s on a 1 s
	// grid of whole seconds.
	waitScrapes(t, c, p, 10)
	end := time.Now().Truncate(time.Second).Add(-time.Second)
	opt := Options{Metric: "infiniband_switch_port_transmit_data_bytes_total", Start: end.Add(-8 * time.Second), End: end, Step: time.Second, MaxSeries: 4}
	var progress []string
	opt.Progress = func(done, total int) { progress = append(progress, fmt.Sprintf("%d/%d", done, total)) }
	r, err := Import(context.Background(), c, m, opt)
	if err != nil {
		t.Fatalf("%v\n%s", err, p.Log())
	}
	if r.Counter != "port_xmit_data" || r.Unit != "bytes" || len(r.Times) != 9 {
		t.Fatalf("counter %s %s, %d steps", r.Counter, r.Unit, len(r.Times))
	}
	if r.Matched != 7 || r.Unmatched != 1 || r.NoSeries != 1 || !strings.Contains(r.Unknown, "0x0002c90200000001") {
		t.Errorf("matched %d, unmatched %d (%s), no series %d", r.Matched, r.Unmatched, r.Unknown, r.NoSeries)
	}
	if len(progress) != 2 || progress[1] != "2/2" { // 7 series, at most 4 a query: one chunk a switch
		t.Errorf("progress %v", progress)
	}
	exact, present := 0, 0
	col := r.columns()
	for i, pt := range ports[:7] {
		pr, _ := m.PortByLabel(fmt.Sprintf("%s.%d", pt.Switch, pt.Port))
		k := col[pr]
		for s := range r.Times {
			if !r.OK[s][k] {
				continue
			}
			present++
			v := r.Values[s][k]
			if v%inc(i) != 0 {
				t.Fatalf("%s step %d: %d is not a multiple of %d: the series went to the wrong port", m.Label(pr), s, v, inc(i))
			}
			if v == inc(i) {
				exact++
			}
		}
	}
	// Prometheus scrapes once a second: nearly every step holds exactly one
	// scrape. A step whose sample came late is a gap, never a double value.
	if present < 7*9*2/3 || exact != present {
		t.Errorf("%d values present of %d, %d exactly one scrape's worth", present, 7*9, exact)
	}
	have, all := r.Present()
	if have != present || all != 8*9 {
		t.Errorf("Present %d of %d", have, all)
	}
	if leaf24, _ := m.PortByLabel("leaf2.4"); anyOK(r, col[leaf24]) {
		t.Error("leaf2.4 has no series but holds values")
	}

	// The log reads back with the same values.
	path := t.TempDir() + "/x.fvlog"
	if err := r.WriteLog(path, m); err != nil {
		t.Fatal(err)
	}
	s, err := data.Load(path, m, data.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for step := range r.Times {
		for k, pr := range r.Ports {
			v, ok := s.Value(pr, step)
			if ok != r.OK[step][k] || ok && v != r.Values[step][k] {
				t.Fatalf("log %s step %d: %d %v, want %d %v", m.Label(pr), step, v, ok, r.Values[step][k], r.OK[step][k])
			}
		}
	}

	// A query is taken as it is: the counter itself, every value a multiple.
	q, err := Import(context.Background(), c, m, Options{Query: `infiniband_switch_port_transmit_data_bytes_total{port="1"}`, Start: opt.Start, End: end, Step: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	if q.Matched != 2 || q.Unmatched != 1 || q.Counter != "query" {
		t.Errorf("query: matched %d unmatched %d counter %s", q.Matched, q.Unmatched, q.Counter)
	}
	leaf11, _ := m.PortByLabel("leaf1.1")
	if v := q.Values[8][col[leaf11]]; !q.OK[8][col[leaf11]] || v%inc(0) != 0 || v < 2*inc(0) {
		t.Errorf("query value %d", v)
	}
}

// waitScrapes waits until Prometheus holds n samples of one series.
func waitScrapes(t *testing.T, c *Client, p *promtest.Server, n int) {
	t.Helper()
	p.WaitFor(t, fmt.Sprintf(`count_over_time(%s{switch="leaf1",port="1"}[1m]) >= %d`, promtest.Metric, n))
}

func anyOK(r *Result, k int) bool {
	for s := range r.Times {
		if r.OK[s][k] {
			return true
		}
	}
	return false
}

func TestOptionsAndAPIErrors(t *testing.T) {
	m, _ := model.Parse("two.fvm", strings.NewReader(promtest.TwoSwitches))
	now := time.Now()
	for _, o := range []Options{
		{Start: now, End: now.Add(time.Minute), Step: time.Second},
		{Metric: "a", Query: "b", Start: now, End: now, Step: time.Second},
		{Metric: "a{b}", Start: now, End: now, Step: time.Second},
		{Metric: "a", Start: now, End: now.Add(-time.Second), Step: time.Second},
		{Metric: "a", Start: now, End: now, Step: 0},
	} {
		if _, err := Import(context.Background(), &Client{URL: "http://127.0.0.1:1"}, m, o); err == nil {
			t.Errorf("%+v: no error", o)
		}
	}
	bad := serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusBadRequest)
		fmt.Fprint(w, `{"status":"error","errorType":"bad_data","error":"parse error at char 3"}`)
	}))
	_, err := Import(context.Background(), &Client{URL: "http://" + bad}, m, Options{Query: "a b", Start: now, End: now, Step: time.Second})
	if err == nil || !strings.Contains(err.Error(), "bad_data: parse error at char 3") {
		t.Errorf("API error: %v", err)
	}
	html := serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { fmt.Fprint(w, "<html>") }))
	_, err = Import(context.Background(), &Client{URL: "http://" + html}, m, Options{Query: "a", Start: now, End: now, Step: time.Second})
	if err == nil || !strings.Contains(err.Error(), "not a Prometheus API answer") {
		t.Errorf("not an API: %v", err)
	}
}
