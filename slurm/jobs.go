package slurm

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"
)

// SqueueFormat is the --format given to squeue: unique job id, user,
// account, partition, start time, host list and, last because it may hold
// any character, the job name.
const SqueueFormat = "%A|%u|%a|%P|%S|%N|%j"

// SqueueArgs is the squeue command line that lists running jobs in
// SqueueFormat.
var SqueueArgs = []string{"squeue", "--noheader", "--states=R", "--format=" + SqueueFormat}

// Job is one running job: its id, its hosts and, when the line gave them,
// who runs it and since when.
type Job struct {
	ID        int64
	Hosts     []string
	User      string
	Account   string
	Partition string
	Name      string
	Start     time.Time // zero when unknown (squeue prints N/A)
}

// ParseJobs reads job lines: either squeue's SqueueFormat lines
// (`ID|USER|ACCOUNT|PARTITION|START|HOSTLIST|NAME`) or the short form
// `JOBID HOSTLIST` (the host list is the rest of the line). Blank lines and
// `#` comments are skipped. A bad line loses only its own job: it is left
// out and its error, `NAME:LINE: message`, is returned among errs. Array job
// ids like `1234_7` are not integers and are refused: squeue's %A prints the
// unique id. Start times without a zone are read in loc (squeue prints local
// time).
func ParseJobs(name string, r io.Reader, loc *time.Location) (jobs []Job, errs []error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 4096), 4<<20)
	n := 0
	for sc.Scan() {
		n++
		line := strings.TrimSpace(sc.Text())
		if line == "" || line[0] == '#' {
			continue
		}
		j, err := parseJob(line, loc)
		if err != nil {
			errs = append(errs, fmt.Errorf("%s:%d: %v", name, n, err))
			continue
		}
		jobs = append(jobs, j)
	}
	if err := sc.Err(); err != nil {
		errs = append(errs, fmt.Errorf("%s:%d: %v", name, n+1, err))
	}
	return jobs, errs
}

func parseJob(line string, loc *time.Location) (Job, error) {
	var j Job
	var hosts string
	if strings.Contains(line, "|") {
		f := strings.SplitN(line, "|", 7)
		if len(f) != 7 {
			return j, fmt.Errorf("%d fields, expected 7 (%s)", len(f), SqueueFormat)
		}
		var id string
		id, j.User, j.Account, j.Partition, hosts, j.Name = f[0], f[1], f[2], f[3], f[5], f[6]
		if err := j.parseID(id); err != nil {
			return j, err
		}
		if err := j.parseStart(f[4], loc); err != nil {
			return j, err
		}
	} else {
		id, rest, _ := strings.Cut(line, " ")
		if err := j.parseID(id); err != nil {
			return j, err
		}
		hosts = rest
	}
	names, err := ExpandHostlist(hosts)
	j.Hosts = names
	return j, err
}

func (j *Job) parseID(id string) error {
	v, err := strconv.ParseInt(strings.TrimSpace(id), 10, 64)
	if err != nil || v <= 0 {
		return fmt.Errorf("job id %q is not a positive integer", id)
	}
	j.ID = v
	return nil
}

func (j *Job) parseStart(s string, loc *time.Location) error {
	s = strings.TrimSpace(s)
	if s == "" || s == "N/A" || s == "Unknown" || s == "None" {
		return nil
	}
	t, err := time.ParseInLocation("2006-01-02T15:04:05", s, loc)
	if err != nil {
		return fmt.Errorf("start time %q: want YYYY-MM-DDTHH:MM:SS", s)
	}
	j.Start = t
	return nil
}
