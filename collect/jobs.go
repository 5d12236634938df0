package collect

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"time"
)

// JobAlloc is one running job and the hosts it has.
type JobAlloc struct {
	ID    int64
	Hosts []string
}

// JobSource says which jobs run where, at the moment of a sweep.
type JobSource interface {
	Jobs(ctx context.Context) ([]JobAlloc, error)
}

type jobResult struct {
	allocs []JobAlloc
	err    error
}

// ParseJobLines reads `JOBID HOSTLIST` lines (blank lines and `#` comments
// skipped). HOSTLIST is a Slurm hostlist expression; `None assigned` means
// none. Array job ids like `1234_7` are not integers and are refused: use
// squeue's %A, which prints the unique job id.
func ParseJobLines(name string, b []byte) ([]JobAlloc, error) {
	var out []JobAlloc
	sc := bufio.NewScanner(bytes.NewReader(b))
	sc.Buffer(make([]byte, 0, 4096), 4<<20)
	n := 0
	for sc.Scan() {
		n++
		line := strings.TrimSpace(sc.Text())
		if line == "" || line[0] == '#' {
			continue
		}
		id, hosts, _ := strings.Cut(line, " ")
		jid, err := strconv.ParseInt(id, 10, 64)
		if err != nil || jid <= 0 {
			return nil, fmt.Errorf("%s:%d: job id %q is not a positive integer", name, n, id)
		}
		names, err := ExpandHostlist(hosts)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %v", name, n, err)
		}
		out = append(out, JobAlloc{ID: jid, Hosts: names})
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s:%d: %v", name, n+1, err)
	}
	return out, nil
}

// CommandJobs runs a command that prints `JOBID HOSTLIST` lines.
type CommandJobs struct {
	Name string   // for messages
	Argv []string // the command and its arguments
}

// SlurmJobs asks squeue for running jobs.
func SlurmJobs() CommandJobs {
	return CommandJobs{Name: "squeue", Argv: []string{"squeue", "--noheader", "--states=R", "--format=%A %N"}}
}

// ShellJobs runs a shell command.
func ShellJobs(command string) CommandJobs {
	return CommandJobs{Name: command, Argv: []string{"/bin/sh", "-c", command}}
}

func (c CommandJobs) Jobs(ctx context.Context) ([]JobAlloc, error) {
	cmd := exec.CommandContext(ctx, c.Argv[0], c.Argv[1:]...)
	cmd.WaitDelay = time.Second
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("%s: %v: %s", c.Name, err, lastLine(errb.String()))
	}
	return ParseJobLines(c.Name, out.Bytes())
}

// FileJobs reads `JOBID HOSTLIST` lines from a file at every sweep.
type FileJobs struct{ Path string }

func (f FileJobs) Jobs(ctx context.Context) ([]JobAlloc, error) {
	b, err := os.ReadFile(f.Path)
	if err != nil {
		return nil, err
	}
	return ParseJobLines(f.Path, b)
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
// makes the whole step a gap.
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
	m := c.cfg.Model
	for _, a := range jobs.allocs {
		for _, h := range a.Hosts {
			node, found := m.NodeByHost(h)
			if !found {
				continue // a host outside the model (a login node, another cluster)
			}
			if col, in := c.jobCols[m.NodePort(node)]; in && vals[col] == 0 {
				vals[col] = a.ID
			}
		}
	}
	return c.jobLog.Append(t, vals, ok)
}
