package data

import (
	"github.com/fabviz/fabviz/data/fvlog"
	"github.com/fabviz/fabviz/internal/textio"
)

// LogFollower reads a §5 log as the collector appends to it, for the
// viewer's follow mode: each Poll reads only the complete lines appended
// since the previous one.
type LogFollower struct {
	f  *fvlog.Follower
	rd *logReader
}

// FollowLog follows the log at path from its beginning.
func FollowLog(path string) *LogFollower {
	return &LogFollower{f: fvlog.NewFollower(path)}
}

// Path is the followed log's path.
func (lf *LogFollower) Path() string { return lf.f.Path }

// Poll reads what was appended since the last call and returns the whole
// log so far and how many steps were added (counting missing intervals).
// restarted is true when the file was replaced or truncated: lg is then a
// new log read from the beginning. An error is a textio.ErrorList (lines
// appended after a bad one are not read until the file is replaced).
func (lf *LogFollower) Poll() (lg *Log, added int, restarted bool, err error) {
	if lf.rd != nil && len(lf.rd.errs) > 0 {
		return lf.rd.lg, 0, false, lf.rd.errs
	}
	lines, first, restarted, err := lf.f.Poll()
	if err != nil {
		return nil, 0, false, textio.ErrorList{{File: lf.f.Path, Msg: err.Error(), Err: err}}
	}
	if lf.rd == nil || restarted {
		lf.rd = &logReader{lg: &Log{File: lf.f.Path}, seen: map[string]int{}, labels: map[string]int{}}
	}
	before := lf.rd.lg.steps
	for i, l := range lines {
		if len(l) > 0 && l[len(l)-1] == '\r' {
			l = l[:len(l)-1]
		}
		lf.rd.line(first+i, l)
		if len(lf.rd.errs) > 0 {
			return lf.rd.lg, lf.rd.lg.steps - before, restarted, lf.rd.errs
		}
	}
	return lf.rd.lg, lf.rd.lg.steps - before, restarted, nil
}
