package sim

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/fabviz/fabviz/routes"
)

// Output says how RunToDir writes a run.
type Output struct {
	Dir      string
	Log      bool // §5 logs (*.fvlog) instead of §3 files (*.dat)
	Start    time.Time
	Interval time.Duration
	Comment  string // first comment line of every file
	Alone    bool   // also run each job alone and report its slowdown
}

// RunToDir runs the simulation and writes into out.Dir: packets (packets
// received per port and step), bad (bad packets per input port, only when
// a bad cable is configured), jobs (the job file), pairs.txt (every flow as
// `SRC DST`, what `fabnet load -pairs` reads) and progress.txt.
func RunToDir(set *routes.Set, jobs []JobSpec, cfg Config, out Output) ([]JobResult, []int, error) {
	m := set.Model()
	if err := os.MkdirAll(out.Dir, 0o755); err != nil {
		return nil, nil, err
	}
	ext := ".dat"
	if out.Log {
		ext = ".fvlog"
	}
	type file struct {
		f   *os.File
		rec Recorder
	}
	var files []file
	open := func(name, counter, unit string, procOnly bool) (Recorder, error) {
		f, err := os.Create(filepath.Join(out.Dir, name+ext))
		if err != nil {
			return nil, err
		}
		h := Header{Comment: out.Comment, Counter: counter, Unit: unit, Start: out.Start, Interval: out.Interval}
		ports := ListedPorts(m, procOnly)
		var rec Recorder = NewDat(f, m, ports, h)
		if out.Log {
			rec = NewLog(f, m, ports, h)
		}
		files = append(files, file{f, rec})
		return rec, nil
	}
	closeAll := func() error {
		var errs []error
		for _, f := range files {
			errs = append(errs, f.rec.Close(), f.f.Close())
		}
		return errors.Join(errs...)
	}
	packets, err := open("packets", "packets", "packets", false)
	if err != nil {
		return nil, nil, errors.Join(err, closeAll())
	}
	jobRec, err := open("jobs", "job", "", true)
	if err != nil {
		return nil, nil, errors.Join(err, closeAll())
	}
	var bad Recorder
	if len(cfg.Bad) > 0 {
		if bad, err = open("bad", "bad_packets", "packets", false); err != nil {
			return nil, nil, errors.Join(err, closeAll())
		}
	}
	res, err := Run(set, jobs, cfg, func(st *Step) error {
		errs := []error{packets.Record(st.Index, st.Packets), jobRec.Record(st.Index, st.Jobs)}
		if bad != nil {
			errs = append(errs, bad.Record(st.Index, st.Bad))
		}
		return errors.Join(errs...)
	})
	if err := errors.Join(err, closeAll()); err != nil {
		return nil, nil, err
	}
	if err := writePairs(filepath.Join(out.Dir, "pairs.txt"), out.Comment, res); err != nil {
		return nil, nil, err
	}
	var alone []int
	if out.Alone {
		if alone, err = Alone(set, res, cfg); err != nil {
			return nil, nil, err
		}
	}
	pf, err := os.Create(filepath.Join(out.Dir, "progress.txt"))
	if err != nil {
		return nil, nil, err
	}
	fmt.Fprintf(pf, "# %s\n", out.Comment)
	err = WriteProgress(pf, m, res, alone)
	return res, alone, errors.Join(err, pf.Close())
}

// writePairs lists every flow of the jobs that started, job by job.
func writePairs(path, comment string, res []JobResult) error {
	var b strings.Builder
	fmt.Fprintf(&b, "# %s\n# the flows, SRC DST, of every job that started\n", comment)
	for _, j := range res {
		fmt.Fprintf(&b, "# job %d\n", j.ID)
		for _, p := range j.Pairs {
			fmt.Fprintf(&b, "%d %d\n", p[0], p[1])
		}
	}
	return os.WriteFile(path, []byte(b.String()), 0o644)
}
