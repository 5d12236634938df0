package collect

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/fabviz/fabviz/data"
)

// fakePerf is an IBSource that runs testdata/fakeperf/perfquery, a stand-in
// that hangs, forks a child holding its stdout, fails -x, wraps and resets
// when told to through files in the returned directory.
func fakePerf(t *testing.T, timeout time.Duration) (*IBSource, string) {
	t.Helper()
	_, src := fattree(t)
	bin, err := filepath.Abs("testdata/fakeperf/perfquery")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	src.Perfquery = bin
	src.Env = []string{"FAKEPERF_DIR=" + dir, "FAKEPERF_PHASE_MS=500", "FAKEPERF_TICK_MS=2000"}
	src.Timeout = timeout
	return src, dir
}

// oldSwitchBytes is one interval of leaf01's data in bytes: 2^30 words.
const oldSwitchBytes = "4294967296"

func setFile(t *testing.T, dir, name, text string) {
	t.Helper()
	if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestSweepOutlivesNoChild: a perfquery that leaves a child holding its
// stdout (the child sleeps 20 s) must not hold the sweep past its timeout.
func TestSweepOutlivesNoChild(t *testing.T) {
	src, dir := fakePerf(t, 500*time.Millisecond)
	for _, lid := range []string{"1", "3", "4", "6", "7", "9"} {
		setFile(t, dir, "mode."+lid, "fork")
	}
	r := NewReading(len(src.Counters()), len(src.Ports()))
	start := time.Now()
	st := src.Sweep(context.Background(), r)
	if took := time.Since(start); took > 5*time.Second || st.Read != 0 || len(st.Warnings) != 6 {
		t.Errorf("sweep took %v (the children live 20 s), read %d, warnings %v", took, st.Read, st.Warnings)
	}
}

// TestCollectorBadDay is issue 16's "done when": a reader that wedges for
// two sweeps, a switch without extended counters (whose 32-bit counters
// wrap), a counter reset and a 500 ms offset. No logged value spans more
// than one interval, the printed loss figure is the share of the grid the
// logs hold, the run ends on time, the old switch's ports have data and
// errors, stamps end in .5, and /metrics has byte counters with guid labels.
func TestCollectorBadDay(t *testing.T) {
	// Intervals of 2 s leave a loaded machine room for the stand-in's
	// bash; the wedged reader's 2.1 s timeout makes its sweeps overrun.
	src, dir := fakePerf(t, 2100*time.Millisecond)
	m := src.m
	setFile(t, dir, "mode.4", "noext") // leaf01: no extended counters
	// leaf01's 32-bit data fields advance a quarter of their range a tick
	// and wrap every fourth.
	setFile(t, dir, "rate.4", strconv.Itoa(1<<30))
	setFile(t, dir, "base.4", strconv.Itoa(1<<29))
	sweeps := 0
	hook := &statusHook{fn: func(l string) {
		if l == "" || strings.HasPrefix(l, " ") || !strings.Contains(l, " read in ") {
			return
		}
		sweeps++
		switch sweeps {
		case 2: // leaf02's reader wedges for the next two sweeps
			setFile(t, dir, "mode.6", "fork")
		case 4:
			setFile(t, dir, "mode.6", "ok")
		case 5: // spine02's counters are cleared
			setFile(t, dir, "base.3", "-100000000")
		}
	}}
	logs := t.TempDir()
	const steps = 8
	cfg := Config{Model: m, Source: src, Dir: logs, Interval: 2 * time.Second, Offset: 500 * time.Millisecond,
		Deadline: 2300 * time.Millisecond, Steps: steps, Status: hook, Metrics: true}
	c, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	sum, err := c.Run(context.Background())
	ended := time.Now()
	if err != nil {
		t.Fatal(err)
	}
	status := hook.String()
	t.Log(status)

	// The wedged reader made sweeps overrun: intervals were skipped.
	if sum.Skipped == 0 || sum.Overruns == 0 || sum.Wraps == 0 || sum.Resets == 0 {
		// Wraps come every fourth interval of leaf01; resets from spine02.
		t.Errorf("skipped %d, overruns %d, wraps %d, resets %d: the bad day did not happen", sum.Skipped, sum.Overruns, sum.Wraps, sum.Resets)
	}
	// Every data value is one interval's 100 words (400 bytes): none spans
	// two intervals (800).
	var present, cells int64
	var lastStamp time.Time
	for _, k := range src.Counters() {
		path := filepath.Join(logs, k.Name+".fvlog")
		if _, err := data.LoadLog(path); err != nil {
			t.Fatalf("data.LoadLog: %v", err)
		}
		labels, lines := readLog(t, path)
		if len(lines) != steps {
			t.Errorf("%s: %d lines, want %d", k.Name, len(lines), steps)
		}
		for _, f := range lines {
			if !strings.HasSuffix(f[0], ".5Z") {
				t.Errorf("%s: stamp %s does not keep the grid's .5 s", k.Name, f[0])
			}
			ts, _ := time.Parse(time.RFC3339Nano, f[0])
			lastStamp = ts
			cells += int64(len(labels))
			for _, v := range f[1:] {
				if v == "-" {
					continue
				}
				present++
				if k.Name == "port_xmit_data" && v != "400" && v != oldSwitchBytes {
					t.Errorf("%s %s: %s bytes, want 400 (one interval)", k.Name, f[0], v)
				}
			}
		}
		// leaf01 (no extended counters) has data and errors as often as a
		// healthy switch, leaf03, and its 32-bit data wraps are counted
		// across: one interval is 2^30 words.
		if k.Name == "port_xmit_data" || k.Name == "symbol_error" {
			old, healthy := column(t, labels, "leaf01.1"), column(t, labels, "leaf03.1")
			got, want := 0, 0
			for _, f := range lines {
				if f[old] != "-" {
					got++
				}
				if f[healthy] != "-" {
					want++
				}
				if k.Name == "port_xmit_data" && f[old] != "-" && f[old] != oldSwitchBytes {
					t.Errorf("leaf01.1 %s: %s bytes, want %s", f[0], f[old], oldSwitchBytes)
				}
			}
			if got != want || got < 3 {
				t.Errorf("%s: leaf01.1 has %d values, leaf03.1 %d, of %d", k.Name, got, want, steps)
			}
		}
	}
	// The printed loss figure is the share of the grid the logs hold.
	held := 100 * float64(present) / float64(cells)
	mm := regexp.MustCompile(`logs hold (\d+) of (\d+) values \(([\d.]+)%\)`).FindStringSubmatch(status)
	if mm == nil {
		t.Fatalf("no loss figure in the summary:\n%s", status)
	}
	printed, _ := strconv.ParseFloat(mm[3], 64)
	if d := printed - held; d < -1 || d > 1 || mm[1] != fmt.Sprint(present) || mm[2] != fmt.Sprint(cells) {
		t.Errorf("summary says %s of %s (%.1f%%), the logs hold %d of %d (%.1f%%)", mm[1], mm[2], printed, present, cells, held)
	}
	if held > 95 {
		t.Errorf("logs hold %.1f%%: the wedge and the skips should show", held)
	}
	// The run ends on time: within half a second of its last sweep's deadline.
	if late := ended.Sub(lastStamp.Add(cfg.Deadline)); late > 500*time.Millisecond {
		t.Errorf("run ended %v after the last sweep's deadline", late)
	}
	// /metrics: bytes, with guid labels, and the loss figure.
	rec := &strings.Builder{}
	c.Exporter().mu.Lock()
	rec.Write(c.Exporter().body)
	c.Exporter().mu.Unlock()
	page := rec.String()
	for _, want := range []string{
		`fabviz_port_xmit_data_bytes_total{switch="leaf01",port="1",guid="0x0000000000200002",lid="4",node="1",host="cn001"} `,
		fmt.Sprintf("fabviz_log_values_missing_total %d\n", cells-present),
		`fabviz_port_peer_info{switch="leaf01",port="33",guid="0x0000000000200002",lid="4",peer_switch="spine01",`,
		`fabviz_read_window_seconds{quantile="0.5"} `,
	} {
		if !strings.Contains(page, want) {
			t.Errorf("/metrics lacks %q", want)
		}
	}
	if n := strings.Count(status, "no extended counters"); n != 1 {
		t.Errorf("the old switch was reported %d times, want once", n)
	}
}
