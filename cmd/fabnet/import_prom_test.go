package main

import (
	"strings"
	"testing"
	"time"
)

func TestImportPromFlags(t *testing.T) {
	for _, c := range []struct{ args, want string }{
		{"import prom", "usage: fabnet import prom MODEL"},
		{"import prom ../../examples/ring4/ring4.fvm -url http://x -o x.fvlog", "usage: fabnet import prom"},
		{"import prom ../../examples/ring4/ring4.fvm -url http://x -metric a -query b -o x.fvlog", "usage: fabnet import prom"},
		{"import prom ../../examples/ring4/ring4.fvm -url http://x -metric a -o x.fvlog -step 1500ms", "-step must be a whole number of seconds"},
		{"import prom ../../examples/ring4/ring4.fvm -url http://x -metric a -o x.fvlog -start yesterday", `"yesterday": expected RFC 3339`},
		{"import prom ../../examples/ring4/ring4.fvm -url http://127.0.0.1:1 -metric a -o x.fvlog", "fabnet import prom: "},
	} {
		code, _, errs := fabnet(t, strings.Fields(c.args)...)
		if code == 0 || !strings.Contains(errs, c.want) {
			t.Errorf("%s: exit %d, %q", c.args, code, errs)
		}
	}
}

func TestParseWhen(t *testing.T) {
	now := time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)
	for in, want := range map[string]time.Time{
		"now":                  now,
		"now-6h":               now.Add(-6 * time.Hour),
		"2026-11-21T10:00:00Z": time.Date(2026, 11, 21, 10, 0, 0, 0, time.UTC),
	} {
		if got, err := parseWhen(in, now); err != nil || !got.Equal(want) {
			t.Errorf("%s: %v %v", in, got, err)
		}
	}
	for _, bad := range []string{"now+1h", "now--1h", "6h", ""} {
		if _, err := parseWhen(bad, now); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}
