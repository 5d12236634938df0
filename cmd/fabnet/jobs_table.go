package main

import (
	"fmt"
	"io"
	"math"
	"strconv"
	"text/tabwriter"
	"time"

	"github.com/fabviz/fabviz/data"
)

// The tables of `fabnet jobs`, kept within 80 columns: numbers to four
// significant digits (SI suffixes from 10,000: 15k, 1.23M), text columns
// cut to 8 characters with a trailing "…". --json has everything exact.

func writeJobsTables(w io.Writer, out *jobsOutput, ref string, jf jobsFlags) {
	if ref != "" {
		js := out.Reference.All.JobStat
		if ref == "0" {
			js = out.Reference.NoJob.JobStat
		}
		writeJobDetail(w, data.JobRow{JobStat: js, Size: js.Ports}, refName(ref), jf.deciles)
		return
	}
	if out.By != "" {
		writeGroupTable(w, out)
		return
	}
	writeSummaryTable(w, out)
	if jf.steps {
		for _, r := range out.Jobs {
			fmt.Fprintln(w)
			writeJobDetail(w, r, "", jf.deciles)
		}
	}
}

func refName(ref string) string {
	if ref == "0" {
		return "0 (processor ports with no job)"
	}
	return "all (every processor port)"
}

// writeSummaryTable: the two reference rows, then one row per job.
func writeSummaryTable(w io.Writer, out *jobsOutput) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(tw, "job\t%-8s\t%-9s\tnodes\tsteps\tmean\tstd\tmin\tmax\tcv\t\n", "user", "partition")
	row := func(job string, r data.JobRow) {
		user, part := "-", "-"
		if r.Meta != nil {
			user, part = orDash(r.Meta.User), orDash(r.Meta.Partition)
		}
		s := r.Summary
		fmt.Fprintf(tw, "%s\t%-8s\t%-9s\t%d\t%d\t%s\t%s\t%s\t%s\t%s\t\n", cut(job, 10), cut(user, 8), cut(part, 9),
			r.Size, len(r.Steps), num(s.Mean, s.Count), num(s.Std, s.Count), intNum(s.Min, s.Count), intNum(s.Max, s.Count), cv(s.CVMean))
	}
	ref := out.Reference
	row("all", data.JobRow{JobStat: ref.All.JobStat, Size: ref.All.Ports})
	row("0", data.JobRow{JobStat: ref.NoJob.JobStat, Size: ref.NoJob.Ports})
	for _, r := range out.Jobs {
		row(strconv.FormatInt(r.Job, 10), r)
	}
	tw.Flush()
	fmt.Fprintf(w, "%d jobs; all: every processor port, 0: ports with no job (nodes = ports).\n"+
		"mean, std, min, max: every sample of every step; cv: mean over steps of\n"+
		"the node-to-node std/|mean|. -jobid ID shows a job's steps.\n", len(out.Jobs))
}

func writeGroupTable(w io.Writer, out *jobsOutput) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(tw, "%-12s\tjobs\tsamples\tmean\tstd\tmin\tmax\tcv\t\n", map[string]string{"user": "user", "size": "nodes"}[out.By])
	for _, g := range out.Groups {
		s := g.Summary
		fmt.Fprintf(tw, "%-12s\t%d\t%d\t%s\t%s\t%s\t%s\t%s\t\n", cut(g.Key, 12), g.Jobs, s.Count,
			num(s.Mean, s.Count), num(s.Std, s.Count), intNum(s.Min, s.Count), intNum(s.Max, s.Count), cv(s.CVMean))
	}
	tw.Flush()
	all := out.Reference.All.Summary
	fmt.Fprintf(w, "%d groups of %d jobs; every sample of their steps pooled; cv: mean of\n"+
		"the jobs' cv. For reference, every processor port: mean %s, std %s, cv %s.\n",
		len(out.Groups), len(out.Jobs), num(all.Mean, all.Count), num(all.Std, all.Count), cv(all.CVMean))
}

// writeJobDetail: everything known about one job, then its steps.
func writeJobDetail(w io.Writer, r data.JobRow, name string, deciles bool) {
	if name == "" {
		name = strconv.FormatInt(r.Job, 10)
	}
	fmt.Fprintf(w, "job %s: %d nodes, %d ports\n", name, r.Size, r.Ports)
	if m := r.Meta; m != nil {
		fmt.Fprintf(w, "  user %s, account %s, partition %s, name %s\n", orDash(m.User), orDash(m.Account), orDash(m.Partition), quoteOrDash(m.Name))
		fmt.Fprintf(w, "  start %s, end %s\n", timeOrDash(m.Start), endText(m))
	}
	s := r.Summary
	fmt.Fprintf(w, "  %d samples in %d steps: mean %s, std %s, min %s, max %s, cv %s\n", s.Count, len(r.Steps),
		num(s.Mean, s.Count), num(s.Std, s.Count), intNum(s.Min, s.Count), intNum(s.Max, s.Count), cv(s.CVMean))
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	ks := []int{10, 50, 90}
	if deciles {
		ks = []int{10, 20, 30, 40, 50, 60, 70, 80, 90}
	}
	head := "step\tcount\tmean\tmin\t"
	for _, k := range ks {
		head += fmt.Sprintf("p%d\t", k)
	}
	fmt.Fprintln(tw, head+"max\tcv\t")
	for _, st := range r.Steps {
		pct := []float64{st.P10, st.P20, st.P30, st.P40, st.P50, st.P60, st.P70, st.P80, st.P90}
		line := fmt.Sprintf("%d\t%d\t%s\t%s\t", st.Step, st.Count, num(st.Mean, 1), data.FormatValue(st.Min))
		for _, k := range ks {
			line += num(pct[k/10-1], 1) + "\t"
		}
		fmt.Fprintf(tw, "%s%s\t%s\t\n", line, data.FormatValue(st.Max), cv(st.CV))
	}
	tw.Flush()
}

// num writes a float briefly; "-" when there is no sample.
func num(v float64, count int) string {
	if count == 0 || math.IsNaN(v) {
		return "-"
	}
	if math.Abs(v) < 1e4 {
		return strconv.FormatFloat(v, 'g', 4, 64)
	}
	if math.Abs(v) >= math.MaxInt64 {
		return strconv.FormatFloat(v, 'g', 3, 64)
	}
	return data.FormatValue(int64(math.Round(v)))
}

func intNum(v int64, count int) string {
	if count == 0 {
		return "-"
	}
	return data.FormatValue(v)
}

func cv(p *float64) string {
	if p == nil {
		return "-"
	}
	return strconv.FormatFloat(*p, 'f', 2, 64)
}

// cut shortens text to n characters, the last one "…".
func cut(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

func quoteOrDash(s string) string {
	if s == "" {
		return "-"
	}
	return strconv.Quote(s)
}

func timeOrDash(t time.Time) string {
	if t.IsZero() {
		return "-"
	}
	return t.UTC().Format(time.RFC3339)
}

func endText(m *data.JobMeta) string {
	if m.End.IsZero() && !m.Start.IsZero() {
		return "- (running when the metadata was written)"
	}
	if m.End.IsZero() || m.Start.IsZero() {
		return timeOrDash(m.End)
	}
	return fmt.Sprintf("%s (ran %v)", timeOrDash(m.End), m.End.Sub(m.Start).Round(time.Second))
}
