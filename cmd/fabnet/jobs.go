package main

import (
	"encoding/json"
	"fmt"
	"io"
	"text/tabwriter"

	"github.com/fabviz/fabviz/data"
)

func init() {
	register("jobs", "per-job statistics of a parameter file over the jobs' processor ports", runJobs)
}

func runJobs(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 && args[0] == "import" {
		return runJobsImport(args[1:], stdout, stderr)
	}
	fs := newFlagSet("jobs", "fabnet jobs MODEL.fvm -param FILE -job FILE [--json]", stderr)
	var df dataFlags
	df.register(fs, " (required)")
	asJSON := fs.Bool("json", false, "write JSON instead of a table")
	if !parseArgs(fs, args, 1) {
		return 2
	}
	if df.param == "" || df.job == "" {
		fs.Usage()
		return 2
	}
	m, ok := loadModel(fs.Arg(0), stderr)
	if !ok {
		return 1
	}
	param, job, ok := loadData(m, df, stderr)
	if !ok {
		return 1
	}
	rep, err := data.JobStats(param, job, data.StatsOptions{})
	if err != nil {
		printErrors(stderr, err)
		return 1
	}
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", " ")
		if err := enc.Encode(struct {
			Jobs []data.JobStat `json:"jobs"`
		}{rep.Jobs}); err != nil {
			fmt.Fprintln(stderr, "fabnet jobs:", err)
			return 1
		}
		return 0
	}
	writeJobTable(stdout, rep.Jobs)
	return 0
}

// writeJobTable prints each job's summary line and its steps as a table.
func writeJobTable(w io.Writer, stats []data.JobStat) {
	for i, js := range stats {
		if i > 0 {
			fmt.Fprintln(w)
		}
		s := js.Summary
		fmt.Fprintf(w, "job %d: %d samples in %d steps, mean %.6g, min %d, max %d, std %.6g\n",
			js.Job, s.Count, len(js.Steps), s.Mean, s.Min, s.Max, s.Std)
		tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
		fmt.Fprintln(tw, "step\tcount\tmean\tmin\tp10\tp20\tp30\tp40\tp50\tp60\tp70\tp80\tp90\tmax\t")
		for _, st := range js.Steps {
			fmt.Fprintf(tw, "%d\t%d\t%.6g\t%d\t", st.Step, st.Count, st.Mean, st.Min)
			for _, p := range []float64{st.P10, st.P20, st.P30, st.P40, st.P50, st.P60, st.P70, st.P80, st.P90} {
				fmt.Fprintf(tw, "%.6g\t", p)
			}
			fmt.Fprintf(tw, "%d\t\n", st.Max)
		}
		tw.Flush()
	}
}
