package collect

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestLogWriterCreateAppendResume(t *testing.T) {
	path := filepath.Join(t.TempDir(), "x.fvlog")
	labels := make([]string, 40)
	for i := range labels {
		labels[i] = "sw.p" + string(rune('a'+i%26))
	}
	spec := LogSpec{Counter: "port_xmit_data", Unit: "octets/4", Interval: 60 * time.Second, Labels: labels}
	w, res, err := OpenLog(path, spec)
	if err != nil || res.Existed {
		t.Fatal(err, res)
	}
	t0 := time.Date(2026, 11, 21, 10, 0, 0, 0, time.UTC)
	vals := make([]int64, 40)
	ok := make([]bool, 40)
	for i := range vals {
		vals[i], ok[i] = int64(i*10), i != 3
	}
	if err := w.Append(t0, vals, ok); err != nil {
		t.Fatal(err)
	}
	if err := w.Append(t0, vals, ok); err == nil || !strings.Contains(err.Error(), "not after") {
		t.Errorf("same timestamp accepted: %v", err)
	}
	if err := w.Append(t0.Add(time.Minute), vals[:3], ok[:3]); err == nil {
		t.Error("short line accepted")
	}
	w.Append(t0.Add(time.Minute), vals, ok)
	w.Close()

	// Simulate a crash in the middle of writing the third line.
	f, _ := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	f.WriteString("2026-11-21T10:02:00Z 1 2 3")
	f.Close()

	w, res, err = OpenLog(path, spec)
	if err != nil {
		t.Fatal(err)
	}
	if !res.Existed || res.CutBytes != int64(len("2026-11-21T10:02:00Z 1 2 3")) || !res.Last.Equal(t0.Add(time.Minute)) {
		t.Fatalf("resume %+v", res)
	}
	// Skipping an interval leaves a gap: no line for 10:02.
	if err := w.Append(t0.Add(3*time.Minute), vals, ok); err != nil {
		t.Fatal(err)
	}
	w.Close()
	b, _ := os.ReadFile(path)
	lines := strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
	want := []string{"#! fabviz-log 1", "#! counter port_xmit_data octets/4", "#! interval 60s"}
	for i, l := range want {
		if lines[i] != l {
			t.Errorf("line %d = %q, want %q", i+1, lines[i], l)
		}
	}
	if !strings.HasPrefix(lines[3], "#! ports sw.pa sw.pb") || len(strings.Fields(lines[3])) != 2+32 || len(strings.Fields(lines[4])) != 2+8 {
		t.Errorf("ports lines %q / %q", lines[3], lines[4])
	}
	data := lines[5:]
	if len(data) != 3 || !strings.HasPrefix(data[0], "2026-11-21T10:00:00Z 0 10 20 - 40 ") || !strings.HasPrefix(data[2], "2026-11-21T10:03:00Z ") {
		t.Errorf("data lines %q", data)
	}

	// A log for other ports, counter or interval is refused, untouched.
	for _, other := range []LogSpec{
		{Counter: "port_rcv_data", Interval: time.Minute, Labels: labels},
		{Counter: "port_xmit_data", Interval: 30 * time.Second, Labels: labels},
		{Counter: "port_xmit_data", Interval: time.Minute, Labels: labels[:39]},
	} {
		if _, _, err := OpenLog(path, other); err == nil || !strings.Contains(err.Error(), "move it away") {
			t.Errorf("%+v: %v", other, err)
		}
	}
	if b2, _ := os.ReadFile(path); string(b2) != string(b) {
		t.Error("refused log was changed")
	}
}

func TestLogWriterResumeHeaderOnly(t *testing.T) {
	path := filepath.Join(t.TempDir(), "h.fvlog")
	spec := LogSpec{Counter: "job", Interval: time.Second, Labels: []string{"a.1"}}
	w, _, _ := OpenLog(path, spec)
	w.Close()
	w, res, err := OpenLog(path, spec)
	if err != nil || !res.Existed || !res.Last.IsZero() || res.CutBytes != 0 {
		t.Fatal(err, res)
	}
	w.Close()
}
