package collect

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/fabviz/fabviz/data"
	"github.com/fabviz/fabviz/slurm"
)

// TestJobMeta: squeue's lines become the job log's metadata file; a job no
// longer listed ended at that sweep; a restarted collector keeps what the
// file held.
func TestJobMeta(t *testing.T) {
	log := filepath.Join(t.TempDir(), "job.fvlog")
	jm, err := openJobMeta(log)
	if err != nil {
		t.Fatal(err)
	}
	start := time.Date(2026, 11, 23, 8, 0, 0, 0, time.UTC)
	q := `41|ann|phys|batch|2026-11-23T07:59:00|cn[001-004]|lammps run
42|bob|chem|gpu|2026-11-23T07:30:00|cn016|x`
	jobs, bad := slurm.ParseJobs("squeue", strings.NewReader(q), time.UTC)
	if len(bad) != 0 {
		t.Fatal(bad)
	}
	t0 := start
	jm.update(t0, jobs)
	if err := jm.write(); err != nil {
		t.Fatal(err)
	}
	t1 := start.Add(time.Minute)
	jm.update(t1, jobs[1:]) // 41 has ended
	if err := jm.write(); err != nil {
		t.Fatal(err)
	}
	got, found, err := data.LoadJobMeta(log)
	if err != nil || !found || len(got) != 2 {
		t.Fatalf("%v %v %+v", err, found, got)
	}
	want41 := data.JobMeta{ID: 41, User: "ann", Account: "phys", Partition: "batch", Name: "lammps run",
		Start: time.Date(2026, 11, 23, 7, 59, 0, 0, time.UTC), End: t1, Nodes: 4}
	if got[0] != want41 || got[1].ID != 42 || !got[1].End.IsZero() || got[1].Nodes != 1 {
		t.Errorf("metadata %+v", got)
	}
	again, err := openJobMeta(log)
	if err != nil || len(again.jobs) != 2 || *again.jobs[41] != want41 {
		t.Errorf("after a restart: %v %+v", err, again.jobs)
	}
}
