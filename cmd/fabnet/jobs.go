package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"

	"github.com/fabviz/fabviz/data"
)

func init() {
	register("jobs", "per-job statistics of a parameter file over the jobs' processor ports (jobs import: make job files)", runJobs)
}

const jobsUsage = "usage: fabnet jobs MODEL.fvm -param FILE -job FILE [-meta FILE] [-user U] [-min-nodes N] [-jobid ID|0|all] [-sort [-]KEY] [-by user|size] [-steps] [-deciles] [-quantiles persyst|numpy] [--json]\n" +
	"       fabnet jobs import MODEL.fvm FILE -o OUT ... (fabnet jobs import -h)"

// jobsFlags are the flags of `fabnet jobs`.
type jobsFlags struct {
	data      dataFlags
	meta      string
	query     data.JobQuery
	jobID     string
	steps     bool
	deciles   bool
	quantiles string
	asJSON    bool
}

func (jf *jobsFlags) register(fs *flag.FlagSet) {
	jf.data.register(fs, " (required)")
	fs.StringVar(&jf.meta, "meta", "", "the job metadata file (default: the job file's path + .meta, when it exists)")
	fs.StringVar(&jf.query.User, "user", "", "only this user's jobs")
	fs.IntVar(&jf.query.MinNodes, "min-nodes", 0, "only jobs of at least this many nodes")
	fs.StringVar(&jf.jobID, "jobid", "", "only this job, with its steps (0: ports with no job, all: every processor port)")
	fs.StringVar(&jf.query.Sort, "sort", "job", "order of the jobs: job, user, nodes, steps, mean, std, min, max, cv, start; -KEY descends")
	fs.StringVar(&jf.query.By, "by", "", "pool the jobs per user or per size class (user|size)")
	fs.BoolVar(&jf.steps, "steps", false, "print every selected job's steps")
	fs.BoolVar(&jf.deciles, "deciles", false, "step tables show all nine deciles (wider than 80 columns)")
	fs.StringVar(&jf.quantiles, "quantiles", "persyst", "percentile rule: persyst (position N·k/100) or numpy (position (N−1)·k/100)")
	fs.BoolVar(&jf.asJSON, "json", false, "write JSON instead of tables")
}

// jobsOutput is what `fabnet jobs --json` writes.
type jobsOutput struct {
	Quantiles string `json:"quantiles"`
	Reference struct {
		All   refStat `json:"all"`
		NoJob refStat `json:"no_job"`
	} `json:"reference"`
	Jobs   []data.JobRow    `json:"jobs"`
	By     string           `json:"by,omitempty"`
	Groups []data.GroupStat `json:"groups,omitempty"`
}

// refStat is a reference group in JSON: its "job" is "all" or 0.
type refStat struct {
	data.JobStat
	Job any `json:"job"`
}

func runJobs(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 && args[0] == "import" {
		return runJobsImport(args[1:], stdout, stderr)
	}
	fs := newFlagSet("jobs", jobsUsage, stderr)
	var jf jobsFlags
	jf.register(fs)
	if !parseArgs(fs, args, 1) {
		return 2
	}
	if jf.data.param == "" || jf.data.job == "" {
		fs.Usage()
		return 2
	}
	out, ref, err := jf.prepare()
	if err != nil {
		fmt.Fprintln(stderr, "fabnet jobs:", err)
		return 2
	}
	m, ok := loadModel(fs.Arg(0), stderr)
	if !ok {
		return 1
	}
	param, job, ok := loadData(m, jf.data, stderr)
	if !ok {
		return 1
	}
	method, _ := data.ParseQuantileMethod(jf.quantiles)
	rep, err := data.JobStats(param, job, data.StatsOptions{Quantiles: method})
	var warning string
	if err == nil {
		warning, err = jf.fill(out, rep)
	}
	if err != nil {
		printErrors(stderr, err)
		return 1
	}
	if warning != "" {
		fmt.Fprintln(stderr, "warning:", warning)
	}
	if jf.asJSON {
		return writeJSON(stdout, stderr, "jobs", out)
	}
	writeJobsTables(stdout, out, ref, jf)
	return 0
}

// prepare checks the flags that need no files: the output skeleton and
// which reference row -jobid names ("", "0" or "all").
func (jf *jobsFlags) prepare() (*jobsOutput, string, error) {
	out := &jobsOutput{Quantiles: jf.quantiles, By: jf.query.By}
	if _, err := data.ParseQuantileMethod(jf.quantiles); err != nil {
		return nil, "", err
	}
	if _, err := jf.query.Select(nil); err != nil {
		return nil, "", err
	}
	if jf.query.By != "" {
		if _, err := jf.query.Group(nil); err != nil {
			return nil, "", err
		}
	}
	ref := ""
	switch jf.jobID {
	case "":
	case "all", "0":
		ref = jf.jobID
		jf.query.Job = -1 // no job has this id: only the reference row
	default:
		id, err := strconv.ParseInt(jf.jobID, 10, 64)
		if err != nil || id < 0 {
			return nil, "", fmt.Errorf("-jobid %q: want a job id, 0 or all", jf.jobID)
		}
		jf.query.Job = id
	}
	if jf.jobID != "" {
		jf.steps = true
	}
	return out, ref, nil
}

// fill joins the report with the metadata and applies the query. The
// warning counts the jobs a metadata file there is does not describe.
func (jf *jobsFlags) fill(out *jobsOutput, rep *data.JobReport) (string, error) {
	meta, path, err := jf.loadMeta()
	if err != nil {
		return "", err
	}
	out.Reference.All, out.Reference.NoJob = refStat{rep.All, "all"}, refStat{rep.NoJob, 0}
	rows := rep.Rows(meta)
	if out.Jobs, err = jf.query.Select(rows); err != nil {
		return "", err
	}
	if out.Jobs == nil {
		out.Jobs = []data.JobRow{}
	}
	if jf.query.By != "" {
		out.Groups, err = jf.query.Group(out.Jobs)
	}
	return missingMeta(rows, path), err
}

func missingMeta(rows []data.JobRow, path string) string {
	if path == "" {
		return ""
	}
	var missing []int64
	for _, r := range rows {
		if r.Meta == nil {
			missing = append(missing, r.Job)
		}
	}
	if len(missing) == 0 {
		return ""
	}
	return fmt.Sprintf("%d of the job file's %d jobs have no line in %s (first %d)", len(missing), len(rows), path, missing[0])
}

// loadMeta reads -meta, or the metadata file beside the job file when
// there is one; path is "" when none was read.
func (jf *jobsFlags) loadMeta() (meta []data.JobMeta, path string, err error) {
	if jf.meta == "" {
		meta, found, err := data.LoadJobMeta(jf.data.job)
		if !found {
			return nil, "", err
		}
		return meta, data.MetaPath(jf.data.job), err
	}
	f, err := os.Open(jf.meta)
	if err != nil {
		return nil, "", err
	}
	defer f.Close()
	meta, err = data.ReadJobMeta(jf.meta, f)
	return meta, jf.meta, err
}
