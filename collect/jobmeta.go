package collect

import (
	"io"
	"slices"
	"time"

	"github.com/fabviz/fabviz/data"
	"github.com/fabviz/fabviz/internal/atomicfile"
	"github.com/fabviz/fabviz/slurm"
)

// jobMeta keeps what the job queries told of each job — user, account,
// partition, name, start, node count, and when it was last seen running —
// in the metadata file beside the job log (data.MetaPath), which `fabnet
// jobs` and the viewer read.
type jobMeta struct {
	path    string
	jobs    map[int64]*data.JobMeta
	running map[int64]bool
	dirty   bool
}

// openJobMeta starts from the metadata file a previous run left, if any.
func openJobMeta(jobLog string) (*jobMeta, error) {
	jm := &jobMeta{path: data.MetaPath(jobLog), jobs: map[int64]*data.JobMeta{}, running: map[int64]bool{}}
	old, found, err := data.LoadJobMeta(jobLog)
	if err != nil {
		return nil, err
	}
	if found {
		for i := range old {
			jm.jobs[old[i].ID] = &old[i]
		}
	}
	return jm, nil
}

// update takes in one successful query at sweep time t: new jobs are
// added; a job that was running and is no longer listed ended at t.
func (jm *jobMeta) update(t time.Time, jobs []slurm.Job) {
	now := map[int64]bool{}
	for _, j := range jobs {
		now[j.ID] = true
		m, known := jm.jobs[j.ID]
		if !known {
			m = &data.JobMeta{ID: j.ID}
			jm.jobs[j.ID] = m
			jm.dirty = true
		}
		before := *m
		m.User, m.Account, m.Partition, m.Name = j.User, j.Account, j.Partition, j.Name
		m.Start, m.End, m.Nodes = j.Start, time.Time{}, len(j.Hosts)
		if *m != before {
			jm.dirty = true
		}
	}
	for id := range jm.running {
		if !now[id] {
			jm.jobs[id].End = t
			jm.dirty = true
		}
	}
	jm.running = now
}

// write replaces the file when something changed, through a temporary
// file renamed into place.
func (jm *jobMeta) write() error {
	if !jm.dirty {
		return nil
	}
	ids := make([]int64, 0, len(jm.jobs))
	for id := range jm.jobs {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	list := make([]data.JobMeta, len(ids))
	for i, id := range ids {
		list[i] = *jm.jobs[id]
	}
	if err := atomicfile.Write(jm.path, func(w io.Writer) error { return data.WriteJobMeta(w, list) }); err != nil {
		return err
	}
	jm.dirty = false
	return nil
}
