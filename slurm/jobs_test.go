package slurm

import (
	"strings"
	"testing"
	"time"
)

func TestParseJobs(t *testing.T) {
	in := "17 cn1 cn2\n" + // blank-separated, as Slurm reads it
		"18|bob|acct|gpu|N/A|None assigned|x\n" +
		"19 cn[\n" + // bad: only this job is lost
		"20|ann|phys|batch|2026-11-21T09:59:00|n[1-2],|a|b\n" +
		"21|ann|phys|batch|yesterday|n1|c\n" +
		"22|too|few\n"
	jobs, bad := ParseJobs("q", strings.NewReader(in), time.UTC)
	if len(jobs) != 3 || jobs[0].ID != 17 || strings.Join(jobs[0].Hosts, " ") != "cn1 cn2" {
		t.Fatalf("jobs %+v", jobs)
	}
	if j := jobs[1]; j.ID != 18 || j.User != "bob" || j.Account != "acct" || j.Partition != "gpu" || !j.Start.IsZero() || len(j.Hosts) != 0 {
		t.Errorf("job 18: %+v", j)
	}
	want := time.Date(2026, 11, 21, 9, 59, 0, 0, time.UTC)
	if j := jobs[2]; j.ID != 20 || j.Name != "a|b" || !j.Start.Equal(want) || strings.Join(j.Hosts, " ") != "n1 n2" {
		t.Errorf("job 20: %+v", j)
	}
	if len(bad) != 3 || !strings.HasPrefix(bad[0].Error(), "q:3: invalid hostlist") ||
		!strings.HasPrefix(bad[1].Error(), "q:5: start time") || !strings.HasPrefix(bad[2].Error(), "q:6: 3 fields") {
		t.Errorf("bad lines: %v", bad)
	}
}

func FuzzParseJobs(f *testing.F) {
	f.Add("17 cn[1-2]\n18|u|a|p|2026-01-01T00:00:00|n1|x\n")
	f.Add("# c\n\n1 None assigned\n")
	f.Fuzz(func(t *testing.T, s string) {
		jobs, _ := ParseJobs("f", strings.NewReader(s), time.UTC)
		for _, j := range jobs {
			if j.ID <= 0 || len(j.Hosts) > MaxHosts {
				t.Fatal(j)
			}
		}
	})
}
