package session

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/fabviz/fabviz/data"
)

// logDir is a collector run's directory as loaded by LoadLogs: every
// counter log bound to the model, by its `#! counter` name, and the
// counter shown.
type logDir struct {
	dir      string
	counters map[string]*data.Series
	names    []string // sorted
	shown    string
	jobPath  string // the job log ("" = none)
}

// LoadLogs reads every §5 log (*.fvlog) of a directory: the job log
// (`#! counter job`) becomes the job series, the others are counters, each
// named by its `#! counter` header (else its file name), and the first
// counter in name order is shown. A log that does not load stops the
// command with its error: a directory half loaded would show a chooser
// with counters silently missing.
func (s *Session) LoadLogs(dir string) error {
	m, err := s.needModel()
	if err != nil {
		return err
	}
	if fi, err := os.Stat(dir); err != nil {
		return err
	} else if !fi.IsDir() {
		return fmt.Errorf("%s is a file, not a directory: load one log with param or job", dir)
	}
	files, err := filepath.Glob(filepath.Join(dir, "*.fvlog"))
	if err != nil {
		return err
	}
	if len(files) == 0 {
		return fmt.Errorf("%s: no collection logs (*.fvlog) in the directory", dir)
	}
	ld := &logDir{dir: dir, counters: map[string]*data.Series{}}
	var jobs *data.Series
	for _, f := range files {
		lg, err := data.LoadLog(f)
		if err != nil {
			return err
		}
		kind := data.Param
		if lg.IsJob() {
			kind = data.Job
		}
		ser, err := lg.Bind(m, data.Options{Kind: kind})
		if err != nil {
			return err
		}
		if kind == data.Job {
			jobs, ld.jobPath = ser, f
			continue
		}
		name := cmpOr(lg.Header.Counter, strings.TrimSuffix(filepath.Base(f), ".fvlog"))
		if old, dup := ld.counters[name]; dup {
			return fmt.Errorf("%s and %s both hold counter %q", old.File, f, name)
		}
		ld.counters[name] = ser
		ld.names = append(ld.names, name)
	}
	slices.Sort(ld.names)
	s.logs = ld
	s.d.param = nil
	if jobs != nil {
		s.d.jobs, s.d.palette = jobs, nil
	}
	if len(ld.names) > 0 {
		return s.SetCounter(ld.names[0])
	}
	return nil
}

func cmpOr(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// Counters lists the counters of the loaded log directory, sorted (nil
// when none is loaded).
func (s *Session) Counters() []string {
	if s.logs == nil {
		return nil
	}
	return s.logs.names
}

// Counter is the counter shown from the log directory ("" = none).
func (s *Session) Counter() string {
	if s.logs == nil {
		return ""
	}
	return s.logs.shown
}

// LogDir is the loaded log directory ("" = none).
func (s *Session) LogDir() string {
	if s.logs == nil {
		return ""
	}
	return s.logs.dir
}

// JobLogPath is the job log of the loaded directory ("" = none): its
// metadata file sits beside it.
func (s *Session) JobLogPath() string {
	if s.logs == nil {
		return ""
	}
	return s.logs.jobPath
}

// SetCounter shows another counter of the loaded log directory; nothing is
// read again.
func (s *Session) SetCounter(name string) error {
	if s.logs == nil {
		return fmt.Errorf("no log directory loaded (use `logs DIR` first)")
	}
	ser, ok := s.logs.counters[name]
	if !ok {
		return fmt.Errorf("no counter %q in %s (it has: %s)", name, s.logs.dir, strings.Join(s.logs.names, ", "))
	}
	s.logs.shown = name
	s.d.param = ser
	return nil
}
