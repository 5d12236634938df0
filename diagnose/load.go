package diagnose

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/fabviz/fabviz/data"
	"github.com/fabviz/fabviz/model"
)

// Loaded is what Load read.
type Loaded struct {
	Counters []Counter
	Jobs     *data.Series
	Files    []string // every file read, in order
	Warnings []string
}

// Load reads the counters to look at: each path a parameter file (§3), a
// collector log (§5) or a directory, of which every *.fvlog and *.dat file
// is read. A file whose header says `#! counter job` is the job series
// (jobFile, when given, wins). Labels the model does not know are a counted
// warning, not an error.
func Load(m *model.Model, paths []string, jobFile string) (*Loaded, error) {
	files, err := expand(paths)
	if err != nil {
		return nil, err
	}
	out := &Loaded{}
	if jobFile != "" {
		if out.Jobs, err = data.Load(jobFile, m, data.Options{Kind: data.Job, Lenient: true}); err != nil {
			return nil, err
		}
		out.Files = append(out.Files, jobFile)
	}
	for _, f := range files {
		isJob, err := jobHeader(f)
		if err != nil {
			return nil, err
		}
		if isJob && out.Jobs != nil {
			continue
		}
		kind := data.Param
		if isJob {
			kind = data.Job
		}
		s, err := data.Load(f, m, data.Options{Kind: kind, Lenient: true})
		if err != nil {
			return nil, err
		}
		out.Files = append(out.Files, f)
		out.Warnings = append(out.Warnings, s.Warnings...)
		if isJob {
			out.Jobs = s
			continue
		}
		name := s.Header.Counter
		if name == "" {
			name = strings.TrimSuffix(filepath.Base(f), filepath.Ext(f))
			out.Warnings = append(out.Warnings, fmt.Sprintf("%s: no `#! counter` header: taken as counter %q", f, name))
		}
		out.Counters = append(out.Counters, Counter{Name: name, Unit: s.Header.Unit, Series: s})
	}
	return out, nil
}

// expand replaces each directory by the logs and parameter files in it.
func expand(paths []string) ([]string, error) {
	var out []string
	for _, p := range paths {
		st, err := os.Stat(p)
		if err != nil {
			return nil, err
		}
		if !st.IsDir() {
			out = append(out, p)
			continue
		}
		var in []string
		for _, pat := range []string{"*.fvlog", "*.dat"} {
			m, _ := filepath.Glob(filepath.Join(p, pat))
			in = append(in, m...)
		}
		if len(in) == 0 {
			return nil, fmt.Errorf("%s: no *.fvlog or *.dat file in the directory", p)
		}
		sort.Strings(in)
		out = append(out, in...)
	}
	return out, nil
}

// jobHeader reports whether a file's header says `#! counter job`.
func jobHeader(path string) (bool, error) {
	f, err := os.Open(path)
	if err != nil {
		return false, err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 0, 64<<10), 1<<20)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line != "" && !strings.HasPrefix(line, "#") {
			return false, nil
		}
		if f := strings.Fields(line); len(f) >= 3 && f[0] == "#!" && f[1] == "counter" {
			return f[2] == "job", nil
		}
	}
	return false, nil
}

// Interval is the step length the counters' headers give (the first that
// gives one), 0 when none does.
func (l *Loaded) Interval() time.Duration {
	for _, c := range l.Counters {
		if d := c.Series.Header.Step; d > 0 {
			return d
		}
	}
	return 0
}
