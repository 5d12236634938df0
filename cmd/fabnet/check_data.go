package main

import (
	"fmt"
	"io"

	"github.com/fabviz/fabviz/data"
	"github.com/fabviz/fabviz/model"
)

// dataFlags are the data files `fabnet check` validates with a model.
type dataFlags struct {
	param, job string
	lenient    bool
}

// checkData loads the parameter and job files given (each may be a log)
// against the model and reports problems to stderr. It returns the number
// of steps (-1 when no data file was given) and whether all was well.
func checkData(m *model.Model, f dataFlags, stderr io.Writer) (steps int, ok bool) {
	param, job, ok := loadData(m, f, stderr)
	switch {
	case !ok:
		return -1, false
	case param != nil:
		return param.Steps(), true
	case job != nil:
		return job.Steps(), true
	}
	return -1, true
}

// loadData loads the files named (either may be empty) and checks that a
// job file matches the parameter file's steps.
func loadData(m *model.Model, f dataFlags, stderr io.Writer) (param, job *data.Series, ok bool) {
	load := func(path string, kind data.Kind) *data.Series {
		if path == "" {
			return nil
		}
		s, err := data.Load(path, m, data.Options{Kind: kind, Lenient: f.lenient})
		if err != nil {
			printErrors(stderr, err)
			ok = false
			return nil
		}
		for _, w := range s.Warnings {
			fmt.Fprintln(stderr, "warning:", w)
		}
		return s
	}
	ok = true
	param = load(f.param, data.Param)
	job = load(f.job, data.Job)
	if ok && param != nil && job != nil {
		if err := data.CheckJobs(param, job); err != nil {
			printErrors(stderr, err)
			ok = false
		}
	}
	return param, job, ok
}
