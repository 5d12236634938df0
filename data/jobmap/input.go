package jobmap

import (
	"bytes"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/fabviz/fabviz/data"
	"github.com/fabviz/fabviz/slurm"
)

// ReadInput reads either input form and says which it was: sacct output
// (timed: jobs have start and end times) when SacctOptions.Format is given
// or the first line is sacct's header, else `JOBID HOSTLIST` lines.
func ReadInput(file string, r io.Reader, opt SacctOptions) (acc *Accounting, timed bool, err error) {
	b, err := io.ReadAll(r)
	if err != nil {
		return nil, false, fmt.Errorf("%s: %v", file, err)
	}
	first := firstLine(b)
	sr := sacctReader{}
	if opt.Format != "" || sr.isHeader([]byte(first)) {
		acc, err := ReadSacct(file, bytes.NewReader(b), opt)
		return acc, true, err
	}
	allocs, errs := slurm.ParseJobs(file, bytes.NewReader(b), time.Local)
	if len(errs) > 0 {
		err := errs[0] // the first bad line, and a count: not a hundred errors
		if len(errs) > 1 {
			err = fmt.Errorf("%v (and %d more bad lines)", errs[0], len(errs)-1)
		}
		if strings.ContainsAny(first, "|☃") {
			err = fmt.Errorf("%v\n%s: this looks like sacct output without its header line: give -format with the columns of its --format (and -delimiter)", err, file)
		}
		return nil, false, err
	}
	return fromAllocs(allocs), false, nil
}

// firstLine is the first line that is neither blank nor a comment.
func firstLine(b []byte) string {
	for len(b) > 0 {
		line, rest, _ := bytes.Cut(b, []byte("\n"))
		if s := strings.TrimSpace(string(line)); s != "" && s[0] != '#' {
			return s
		}
		b = rest
	}
	return ""
}

// fromAllocs makes jobs of `JOBID HOSTLIST` lines; a job listed twice has
// the hosts of both lines.
func fromAllocs(allocs []slurm.Job) *Accounting {
	acc := &Accounting{}
	index := map[int64]int{}
	for _, a := range allocs {
		k, seen := index[a.ID]
		if !seen {
			k = len(acc.Jobs)
			index[a.ID] = k
			acc.Jobs = append(acc.Jobs, Job{Meta: data.JobMeta{ID: a.ID}})
		}
		acc.Jobs[k].Hosts = append(acc.Jobs[k].Hosts, a.Hosts...)
	}
	return acc
}
