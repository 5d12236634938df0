package collect

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestJobSources(t *testing.T) {
	path := filepath.Join(t.TempDir(), "jobs.txt")
	os.WriteFile(path, []byte("# running\n17 cn[001-002]\n18 None assigned\n19_3 cn5\n20|ann|phys|batch|2026-11-21T09:59:00|cn[003-004],|relax | run\n"), 0o644)
	for _, spec := range []string{"file:" + path, "cmd:cat " + path} {
		src, err := ParseJobSource(spec)
		if err != nil {
			t.Fatal(err)
		}
		q, err := src.Jobs(context.Background())
		jobs := q.Jobs
		if err != nil || len(jobs) != 3 || jobs[0].ID != 17 || strings.Join(jobs[0].Hosts, ",") != "cn001,cn002" || len(jobs[1].Hosts) != 0 {
			t.Fatalf("%s: %+v %v", spec, jobs, err)
		}
		if j := jobs[2]; j.User != "ann" || j.Name != "relax | run" || strings.Join(j.Hosts, ",") != "cn003,cn004" || j.Start.IsZero() {
			t.Errorf("%s: squeue line read as %+v", spec, j)
		}
		if len(q.Bad) != 1 || !strings.Contains(q.Bad[0].Error(), ":4: job id \"19_3\"") {
			t.Errorf("%s: bad lines %v", spec, q.Bad)
		}
	}
	if _, err := ParseJobSource("ftp:x"); err == nil {
		t.Error("bad spec accepted")
	}
	if _, err := ShellJobs("exit 3").Jobs(context.Background()); err == nil {
		t.Error("failing command gave no error")
	}
}
