package fvlog_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/fabviz/fabviz/data"
	"github.com/fabviz/fabviz/data/fvlog"
)

// TestWrittenLogReads: what the writer side produces, the reader takes.
func TestWrittenLogReads(t *testing.T) {
	h := fvlog.Header{Counter: "port_xmit_data", Unit: "bytes cumulative", Interval: time.Second,
		Labels: []string{"s0.1", "s0.2"}, Notes: []string{"shard 1/2"}}
	b := h.Append(nil)
	t0 := time.Date(2026, 11, 21, 10, 0, 12, 500e6, time.UTC)
	b = fvlog.AppendNote(b, "read 2026-11-21T10:00:12.501Z 2026-11-21T10:00:12.700Z")
	b = fvlog.AppendLine(b, t0, []int64{400, 0}, []bool{true, false})
	b = fvlog.AppendLine(b, t0.Add(2*time.Second), []int64{-3, 7}, []bool{true, true})
	if !fvlog.Sniff(b) || !strings.Contains(string(b), "\n2026-11-21T10:00:12.5Z 400 -\n") {
		t.Fatalf("written:\n%s", b)
	}
	lg, err := data.ReadLog("w.fvlog", bytes.NewReader(b), 1<<20)
	if err != nil {
		t.Fatal(err)
	}
	if lg.Header.Unit != "bytes cumulative" || lg.Header.Step != time.Second || lg.Steps() != 3 || len(lg.Notes) != 2 || lg.Notes[1].Before != 0 {
		t.Fatalf("read back %+v, %d steps, notes %+v", lg.Header, lg.Steps(), lg.Notes)
	}
	for _, c := range []struct {
		step, col int
		v         int64
		ok        bool
	}{{0, 0, 400, true}, {0, 1, 0, false}, {1, 0, 0, false}, {2, 0, -3, true}, {2, 1, 7, true}} {
		if v, ok := lg.Value(c.step, c.col); v != c.v || ok != c.ok {
			t.Errorf("step %d col %d: %d %v", c.step, c.col, v, ok)
		}
	}
}

func TestComplete(t *testing.T) {
	for _, c := range []struct {
		in   string
		keep int64
		last string
	}{{"a\nbb\nccc", 5, "bb"}, {"a\nbb\n", 5, "bb"}, {"abc", 0, ""}, {"", 0, ""}, {"x\n", 2, "x"}} {
		keep, last, err := fvlog.Complete(strings.NewReader(c.in), int64(len(c.in)))
		if err != nil || keep != c.keep || string(last) != c.last {
			t.Errorf("%q: %d %q %v", c.in, keep, last, err)
		}
	}
}

// TestFollow reads a log as it grows: only complete lines, only what was
// appended, and from the top again after the file is replaced.
func TestFollow(t *testing.T) {
	path := filepath.Join(t.TempDir(), "f.fvlog")
	appendTo := func(s string) {
		f, err := os.OpenFile(path, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
		if err != nil {
			t.Fatal(err)
		}
		f.WriteString(s)
		f.Close()
	}
	appendTo("#! fabviz-log 1\n#! counter c\n#! interval 1s\n#! ports a b\n2026-11-21T10:00:00Z 1 2\n2026-11-21T10:00:01Z 3")
	lf := data.FollowLog(path)
	lg, added, restarted, err := lf.Poll()
	if err != nil || added != 1 || restarted || lg.Steps() != 1 {
		t.Fatalf("first poll: %d added, %v, %v", added, restarted, err)
	}
	appendTo(" 4\n2026-11-21T10:00:03Z - 6\n")
	lg, added, _, err = lf.Poll()
	if v, ok := lg.Value(1, 1); err != nil || added != 3 || lg.Steps() != 4 || v != 4 || !ok {
		t.Fatalf("second poll: %d added, %d steps, %v", added, lg.Steps(), err)
	}
	if _, added, _, err = lf.Poll(); added != 0 || err != nil {
		t.Errorf("nothing appended: %d added, %v", added, err)
	}
	os.Remove(path)
	appendTo("#! fabviz-log 1\n#! counter c\n#! ports a\n2026-11-21T11:00:00Z 9\n")
	lg, added, restarted, err = lf.Poll()
	if err != nil || !restarted || added != 1 || len(lg.Labels) != 1 {
		t.Errorf("replaced file: %d added, restarted %v, %v", added, restarted, err)
	}
	appendTo("2026-11-21T11:00:01Z x\n")
	if _, _, _, err = lf.Poll(); err == nil || !strings.Contains(err.Error(), "f.fvlog:5: value 1 (a)") {
		t.Errorf("bad appended line: %v", err)
	}
}

func FuzzDataLine(f *testing.F) {
	f.Add([]byte("2026-11-21T10:00:00.5Z 1 - -9223372036854775808 # c"))
	f.Add([]byte("\tx  1x 99999999999999999999"))
	f.Fuzz(func(t *testing.T, l []byte) {
		for _, tok := range fvlog.Fields(l, nil) {
			if len(tok) == 0 || bytes.ContainsAny(tok, " \t#") {
				t.Fatalf("token %q", tok)
			}
			v, gap, msg := fvlog.ParseValue(tok)
			if gap && (v != 0 || msg != "") {
				t.Fatal(v, msg)
			}
		}
		fvlog.ParseStamp(l)
	})
}
