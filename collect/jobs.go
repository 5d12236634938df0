package collect

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/fabviz/fabviz/model"
	"github.com/fabviz/fabviz/slurm"
)

// JobSource says which jobs run where, at the moment of a sweep.
type JobSource interface {
	Jobs(ctx context.Context) (JobQuery, error)
}

// JobQuery is what one job query gave: the jobs it could read and the lines
// it could not (each loses only its own job).
type JobQuery struct {
	Jobs []slurm.Job
	Bad  []error
}

type jobResult struct {
	JobQuery
	err error
}

func parseJobs(name string, b []byte) JobQuery {
	jobs, bad := slurm.ParseJobs(name, bytes.NewReader(b), time.Local)
	return JobQuery{jobs, bad}
}

// CommandJobs runs a command that prints job lines (slurm.ParseJobs: the
// squeue form or `JOBID HOSTLIST`).
type CommandJobs struct {
	Name string   // for messages
	Argv []string // the command and its arguments
}

// SlurmJobs asks squeue for running jobs, with their user, account,
// partition, start time and name.
func SlurmJobs() CommandJobs {
	return CommandJobs{Name: "squeue", Argv: slurm.SqueueArgs}
}

// ShellJobs runs a shell command.
func ShellJobs(command string) CommandJobs {
	return CommandJobs{Name: command, Argv: []string{"/bin/sh", "-c", command}}
}

func (c CommandJobs) Jobs(ctx context.Context) (JobQuery, error) {
	out, errb, err := runBounded(ctx, c.Argv, "", nil)
	if err != nil {
		return JobQuery{}, fmt.Errorf("%s: %v: %s", c.Name, err, lastLine(string(errb)))
	}
	return parseJobs(c.Name, out), nil
}

// FileJobs reads job lines from a file at every sweep.
type FileJobs struct{ Path string }

func (f FileJobs) Jobs(ctx context.Context) (JobQuery, error) {
	b, err := os.ReadFile(f.Path)
	if err != nil {
		return JobQuery{}, err
	}
	return parseJobs(f.Path, b), nil
}

// ParseJobSource turns the -jobs flag (slurm, cmd:COMMAND, file:PATH) into a
// source; "" means none.
func ParseJobSource(spec string) (JobSource, error) {
	switch {
	case spec == "":
		return nil, nil
	case spec == "slurm":
		return SlurmJobs(), nil
	case strings.HasPrefix(spec, "cmd:") && len(spec) > 4:
		return ShellJobs(spec[4:]), nil
	case strings.HasPrefix(spec, "file:") && len(spec) > 5:
		return FileJobs{spec[5:]}, nil
	}
	return nil, fmt.Errorf("-jobs %q: expected slurm, cmd:COMMAND or file:PATH", spec)
}

// writeJobs logs the job id on every processor port; a failed job query
// makes the whole step a gap, a bad line only loses its job.
func (c *Collector) writeJobs(t time.Time, jobs jobResult) error {
	if c.jobLog == nil {
		return nil
	}
	n := len(c.jobCols)
	vals := make([]int64, n)
	ok := make([]bool, n)
	if jobs.err != nil {
		c.sum.JobErrors++
		return c.jobLog.Append(t, vals, ok)
	}
	for i := range ok {
		ok[i] = true
	}
	c.sum.BadJobLines += len(jobs.Bad)
	c.jobMeta.update(t, jobs.Jobs)
	for _, a := range jobs.Jobs {
		for _, h := range a.Hosts {
			for _, p := range c.hostPorts(h) {
				if col, in := c.jobCols[p]; in && vals[col] == 0 {
					vals[col] = a.ID
				}
			}
		}
	}
	if err := c.jobLog.Append(t, vals, ok); err != nil {
		return err
	}
	return c.jobMeta.write()
}

// hostPorts is the model ports of a host named in a job: none for a host
// outside the model (a login node, another cluster). One place, so that a
// host with several HCAs (model.HostNodes) can give all its ports.
func (c *Collector) hostPorts(host string) []model.PortRef {
	m := c.cfg.Model
	var out []model.PortRef
	for _, n := range m.HostNodes(host) {
		out = append(out, m.NodePort(n))
	}
	return out
}
