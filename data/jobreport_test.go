package data

import (
	"testing"
	"time"
)

// TestJobRowsAndGroups: metadata joins by id, size is the metadata's node
// count or else the ports; pooling gives the statistics of all samples
// together (Python: 12 samples, mean 65.5833…, population std 89.0603…).
func TestJobRowsAndGroups(t *testing.T) {
	m := ring4(t)
	rep, err := JobStats(mustRead(t, m, statsParam, Options{}), mustRead(t, m, statsJobs, Options{Kind: Job}), StatsOptions{})
	if err != nil {
		t.Fatal(err)
	}
	meta := []JobMeta{{ID: 2, User: "bob", Nodes: 4, Start: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)}, {ID: 77, User: "ghost"}}
	rows := rep.Rows(meta)
	if rows[0].Meta != nil || rows[0].Size != 3 || rows[1].Meta == nil || rows[1].Meta.User != "bob" || rows[1].Size != 4 {
		t.Fatalf("rows %+v", rows)
	}
	groups, err := JobQuery{By: "size"}.Group(rows)
	if err != nil || len(groups) != 1 || groups[0].Key != "3-4" || groups[0].Jobs != 2 {
		t.Fatalf("groups %+v %v", groups, err)
	}
	s := groups[0].Summary
	if s.Count != 12 || !near(s.Mean, 65.58333333333333) || !near(s.Std, 89.0603337943192) || s.Min != 5 || s.Max != 300 ||
		!near(*s.CVMean, (0.844605036508546+1.0478508668881417)/2) {
		t.Errorf("pooled %+v", s)
	}
	users, _ := JobQuery{By: "user"}.Group(rows)
	if len(users) != 2 || users[0].Key != "-" || users[1].Key != "bob" {
		t.Errorf("by user %+v", users)
	}
	for n, want := range map[int]string{1: "1", 2: "2", 3: "3-4", 4: "3-4", 5: "5-8", 8: "5-8", 9: "9-16", 1000: "513-1024"} {
		if got, _ := sizeClass(n); got != want {
			t.Errorf("size %d: class %s, want %s", n, got, want)
		}
	}
	sel, _ := JobQuery{Sort: "-max"}.Select(rows)
	if sel[0].Job != 2 {
		t.Errorf("-max first %d", sel[0].Job)
	}
	if _, err := (JobQuery{Sort: "colour"}).Select(rows); err == nil {
		t.Error("bad sort key accepted")
	}
}
