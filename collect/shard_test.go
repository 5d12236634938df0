package collect

import (
	"context"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/fabviz/fabviz/data"
)

func TestParseShard(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"3/2", `shard "3/2": K must be 1..2`},
		{"0/2", `shard "0/2": K must be 1..2`},
		{"1/0", "N must be 1..4096"},
		{"a/2", "expected K/N"},
		{"2", "expected K/N"},
	} {
		if _, err := ParseShard(c.in); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %s", c.in, err, c.want)
		}
	}
	// Every switch is in exactly one shard, and shard sizes differ by ≤ 1.
	for _, total := range []int{1, 5, 6, 64} {
		for n := 1; n <= 7; n++ {
			count := make([]int, n)
			for sw := range total {
				in := 0
				for k := 1; k <= n; k++ {
					if (Shard{k, n}).Keep(total)(sw) {
						in++
						count[k-1]++
					}
				}
				if in != 1 {
					t.Fatalf("total %d n %d: switch %d in %d shards", total, n, sw, in)
				}
			}
			lo, hi := total, 0
			for _, c := range count {
				lo, hi = min(lo, c), max(hi, c)
			}
			if hi-lo > 1 {
				t.Errorf("total %d n %d: shard sizes %v", total, n, count)
			}
		}
	}
}

func TestClockOffset(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	addr, err := ServeClock(ctx, "127.0.0.1:0", nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, skew := range []time.Duration{-90 * time.Second, 0, 1234 * time.Millisecond} {
		off, err := EstimateOffset(ctx, addr.String(), func() time.Time { return time.Now().Add(skew) }, 8, 2*time.Second)
		if err != nil {
			t.Fatal(err)
		}
		// The estimate is within rtt/2 of the truth (plus scheduling noise).
		if d := (off.Offset + skew).Abs(); d > off.RTT/2+20*time.Millisecond {
			t.Errorf("skew %v: offset %v rtt %v", skew, off.Offset, off.RTT)
		}
	}
	// Nobody answering: an error, after the rounds' waits.
	cancel()
	time.Sleep(50 * time.Millisecond)
	if _, err := EstimateOffset(context.Background(), addr.String(), nil, 2, 100*time.Millisecond); err == nil || !strings.Contains(err.Error(), "no answer in 2 tries") {
		t.Errorf("dead reference: %v", err)
	}
}

// copyTree copies a fixture tree so a test can change it.
func copyTree(t *testing.T, from, to string) {
	t.Helper()
	err := filepath.Walk(from, func(p string, info os.FileInfo, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(from, p)
		if info.IsDir() {
			return os.MkdirAll(filepath.Join(to, rel), 0o755)
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(to, rel), b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestShardsWithClockSkew splits the fat tree between two collectors, the
// second with its clock 3.3 s fast. Both read sysfs counters that a helper
// serves as the true time in milliseconds, in -raw mode, so every logged
// value says when it was really read. After merging, each value must sit on
// the step nearest to that true time.
func TestShardsWithClockSkew(t *testing.T) {
	m, _ := fattree(t)
	root := t.TempDir()
	if st, err := os.Stat("/dev/shm"); err == nil && st.IsDir() {
		if root, err = os.MkdirTemp("/dev/shm", "fabviz-sysfs-"); err != nil {
			t.Fatal(err)
		}
		defer os.RemoveAll(root)
	}
	copyTree(t, sysfsRoot, root)
	files := []string{
		filepath.Join(root, "class/infiniband/mlx5_0/ports/1/counters/port_xmit_data"),
		filepath.Join(root, "class/infiniband/mlx5_1/ports/1/counters/port_xmit_data"),
	}
	// A helper rewrites the counter files with the time every 2 ms. They
	// live on tmpfs where there is one: on a disk, a rename can wait
	// hundreds of milliseconds behind the collectors' fsyncs.
	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		for {
			for _, f := range files {
				os.WriteFile(f+".tmp", []byte(strconv.FormatInt(time.Now().UnixMilli(), 10)+"\n"), 0o644)
				os.Rename(f+".tmp", f)
			}
			select {
			case <-stop:
				return
			case <-time.After(2 * time.Millisecond):
			}
		}
	}()
	defer func() { close(stop); wg.Wait() }()

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	clock, err := ServeClock(ctx, "127.0.0.1:0", nil)
	if err != nil {
		t.Fatal(err)
	}
	const skew = 3300 * time.Millisecond
	fast := func() time.Time { return time.Now().Add(skew) }
	off, err := EstimateOffset(ctx, clock.String(), fast, 8, 2*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	mapping := []string{"mlx5_0/1=cn001", "mlx5_1/1=cn009"} // leaf01, leaf03
	dirs := []string{t.TempDir(), t.TempDir()}
	var runs sync.WaitGroup
	for k, clockOf := range []struct {
		now func() time.Time
		off ClockOffset
	}{{time.Now, ClockOffset{Ref: "self"}}, {NewRefClock(fast, off).Now, applied(off)}} {
		sh := Shard{k + 1, 2}
		src, err := NewSysfsSource(m, root, mapping, "", sh.Keep(len(m.Switches)))
		if err != nil {
			t.Fatal(err)
		}
		runs.Add(1)
		go func() {
			defer runs.Done()
			runCollector(t, Config{Model: m, Source: src, Dir: dirs[k], Interval: time.Second, Steps: 5, Raw: true,
				Counters: []string{"port_xmit_data"}, Now: clockOf.now,
				Header: []string{"shard " + sh.String(), clockOf.off.HeaderLine()}})
		}()
	}
	runs.Wait()

	// Every shard log, notes and all, is a §5 log the data package reads.
	for _, d := range dirs {
		if _, err := data.Load(filepath.Join(d, "port_xmit_data.fvlog"), m, data.Options{}); err != nil {
			t.Errorf("data.Load: %v", err)
		}
	}
	// The files hold milliseconds as 4-octet words: the log has bytes (×4).
	// Shard 2's clock runs 3.3 s ahead, but it samples and stamps on the
	// reference's time: each value was read just after its stamp (later on
	// a loaded machine), not 3.3 s before it.
	for _, l := range readDataLines(t, filepath.Join(dirs[1], "port_xmit_data.fvlog")) {
		if d := l.vals[0]/4000 - l.stamp; d < -0.35 || d > 0.6 {
			t.Errorf("shard 2 line stamped %v holds a value read at %.3f (%+.3f s)", l.stamp, l.vals[0]/4000, d)
		}
	}
	out := t.TempDir()
	stats, err := MergeDirs(out, dirs)
	if err != nil {
		t.Fatal(err)
	}
	if len(stats) != 1 || stats[0].Inputs != 2 || stats[0].Ports != 2 || stats[0].Collisions != 0 {
		t.Fatalf("merge stats %+v", stats)
	}
	merged := filepath.Join(out, "port_xmit_data.fvlog")
	b, _ := os.ReadFile(merged)
	if !strings.Contains(string(b), "#! ports leaf01.1 leaf03.1\n") {
		t.Fatalf("merged header:\n%s", b)
	}
	both := 0
	for _, l := range readDataLines(t, merged) {
		n := 0
		for _, v := range l.vals {
			if math.IsNaN(v) {
				continue
			}
			n++
			// Both shards read just after their step, on the
			// reference's time (later on a loaded machine); the
			// neighbouring steps are 0.4 s or more away.
			if d := v/4000 - l.stamp; d < -0.35 || d > 0.6 {
				t.Errorf("merged step %v holds a value read at %.3f (%+.3f s)", l.stamp, v/4000, d)
			}
		}
		if n == 2 {
			both++
		}
	}
	if both < 3 {
		t.Errorf("only %d merged steps have both shards:\n%s", both, b)
	}
}

type dataLine struct {
	stamp float64   // Unix seconds
	vals  []float64 // NaN for a gap
}

func readDataLines(t *testing.T, path string) []dataLine {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var out []dataLine
	for _, l := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		if strings.HasPrefix(l, "#") {
			continue
		}
		f := strings.Fields(l)
		ts, err := time.Parse(time.RFC3339, f[0])
		if err != nil {
			t.Fatalf("%s: %q", path, l)
		}
		d := dataLine{stamp: float64(ts.Unix())}
		for _, v := range f[1:] {
			x, err := strconv.ParseFloat(v, 64)
			if v == "-" {
				x, err = math.NaN(), nil
			}
			if err != nil {
				t.Fatalf("%s: %q", path, l)
			}
			d.vals = append(d.vals, x)
		}
		out = append(out, d)
	}
	return out
}

func TestMergeErrors(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		os.WriteFile(p, []byte(text), 0o644)
		return p
	}
	h := "#! fabviz-log 1\n#! counter x bytes\n#! interval 60s\n"
	a := write("a", h+"#! ports s1.1 s1.2\n2026-11-21T10:00:00Z 1 2\n2026-11-21T10:01:00Z 3 -\n2026-11-21T10:02:00Z 5") // interrupted last line
	b := write("b", h+"# fabviz clock-offset -2.5 rtt 0.001 ref x:1\n#! ports s2.1\n2026-11-21T10:00:02Z 7 # late\n# fabviz clock-offset +30.2 rtt 0.001 ref x:1\n2026-11-21T10:01:30Z 8\n")
	st, err := MergeLogs(filepath.Join(dir, "out"), []string{a, b})
	if err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(filepath.Join(dir, "out"))
	want := h + "#! ports s1.1 s1.2 s2.1\n2026-11-21T10:00:00Z 1 2 7\n2026-11-21T10:01:00Z 3 - -\n2026-11-21T10:02:00Z - - 8\n"
	if string(got) != want || st.Steps != 3 {
		t.Errorf("merged %+v:\n%s\nwant:\n%s", st, got, want)
	}
	for _, c := range []struct {
		files []string
		want  string
	}{
		{[]string{a, write("c", h+"#! ports s1.2\n")}, "port s1.2 is also in"},
		{[]string{a, write("d", "#! fabviz-log 1\n#! counter x bytes\n#! interval 30s\n#! ports s3.1\n")}, "differ from"},
		{[]string{write("e", h+"#! ports s1.1\n2026-11-21T10:00:00Z 1 2\n")}, "e:5: 2 values, expected 1"},
		{[]string{write("f", h+"#! ports s1.1\n2026-11-21T10:00:00Z 1\n2026-11-21T10:00:00Z 1\n")}, "f:6:1: timestamp 2026-11-21T10:00:00Z is not after 2026-11-21T10:00:00Z on line 5"},
		{[]string{write("g", h+"#! ports s1.1\nyesterday 1\n")}, "g:5:1: expected an RFC 3339 timestamp"},
		{[]string{write("h", h+"# fabviz clock-offset soon\n#! ports s1.1\n")}, `h:4: clock-offset "soon"`},
		{[]string{write("i", h+"# fabviz shard 3/2\n#! ports s1.1\n")}, `i:4: shard "3/2": K must be 1..2`},
		{[]string{write("j", "2026-11-21T10:00:00Z 1\n")}, "not a fabviz log"},
		{[]string{write("k", h+"#! ports s1.1\n2026-11-21T10:00:00Z 1x\n")}, `k:5: value 1 (s1.1): expected an integer or "-", got "1x"`},
	} {
		if _, err := MergeLogs(filepath.Join(dir, "out2"), c.files); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: %v, want %s", c.files, err, c.want)
		}
	}
}

func applied(o ClockOffset) ClockOffset {
	o.Applied = true
	return o
}

// TestReclock: a collector notes a new clock offset in its logs when the
// re-estimate moved, and not when it stayed put.
func TestReclock(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	clock, err := ServeClock(ctx, "127.0.0.1:0", nil)
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	skew := 2 * time.Second
	now := func() time.Time {
		mu.Lock()
		defer mu.Unlock()
		return time.Now().Add(skew)
	}
	first, err := EstimateOffset(ctx, clock.String(), now, 4, time.Second)
	if err != nil {
		t.Fatal(err)
	}
	rc := NewRefClock(now, first)
	re := rc.Reclocker(clock.String())
	if line, err := re(ctx); err != nil || line != "" {
		t.Errorf("unchanged clock: %q %v", line, err)
	}
	mu.Lock()
	skew = 2500 * time.Millisecond
	mu.Unlock()
	line, err := re(ctx)
	var off float64
	// The offset is measured over loopback: -2.5 s to within a few µs
	// (-2.499995 on a loaded machine), so compare the number.
	if _, perr := fmt.Sscanf(line, "clock-offset %f", &off); err != nil || perr != nil || math.Abs(off+2.5) > 0.01 || !strings.HasSuffix(line, " applied") {
		t.Errorf("clock moved by 0.5 s: %q %v", line, err)
	}
	// The collector's clock follows: it reads the reference's time.
	if d := rc.Now().Sub(time.Now()); d.Abs() > 50*time.Millisecond {
		t.Errorf("moved clock is %v off the reference", d)
	}

	m, _ := fattree(t)
	src := sysfsCollector(t, nil)
	dir := t.TempDir()
	n := 0
	runCollector(t, Config{Model: m, Source: src, Dir: dir, Interval: time.Second, Steps: 2, Counters: []string{"port_rcv_data"},
		Header: []string{"shard 1/1", first.HeaderLine()}, ReclockEvery: time.Nanosecond,
		Reclock: func(context.Context) (string, error) {
			if n++; n == 2 {
				return "", nil
			}
			return fmt.Sprintf("clock-offset +%d.000000 rtt 0.000100 ref x", n), nil
		}})
	b, _ := os.ReadFile(filepath.Join(dir, "port_rcv_data.fvlog"))
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	var kinds []string
	for _, l := range lines[3:] {
		switch {
		case strings.HasPrefix(l, "# fabviz read "):
			continue // each step's read window
		case strings.HasPrefix(l, "# fabviz clock-offset +1."):
			kinds = append(kinds, "note1")
		case strings.HasPrefix(l, "# fabviz clock-offset +3."):
			kinds = append(kinds, "note3")
		case strings.HasPrefix(l, "#"):
			kinds = append(kinds, "header")
		default:
			kinds = append(kinds, "data")
		}
	}
	// Header lines, then: baseline sweep → note 1, step 0, (nothing), step 1, note 3.
	if got := strings.Join(kinds, " "); got != "header header header note1 data data note3" {
		t.Errorf("log lines %s:\n%s", got, b)
	}
	// Notes between steps are comments to the data package.
	if _, err := data.Load(filepath.Join(dir, "port_rcv_data.fvlog"), m, data.Options{}); err != nil {
		t.Errorf("data.Load: %v", err)
	}
}
