package ctl

import (
	"bufio"
	"os"
	"time"

	"github.com/fabviz/fabviz/data/fvlog"
)

// IsLog says whether a file is a §5 log (its first line starts with
// `#! fabviz-log`).
func IsLog(path string) bool {
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	head := make([]byte, len(fvlog.Magic))
	n, _ := bufio.NewReader(f).Read(head)
	return fvlog.Sniff(head[:n])
}

// Watch notices a growing file for the follow mode: Changed is true when
// the file's size or modification time differs from the last look. It
// looks at most once per Every.
type Watch struct {
	Path  string
	Every time.Duration
	size  int64
	mod   time.Time
	last  time.Time
}

// NewWatch starts watching a file as it is now.
func NewWatch(path string, every time.Duration) *Watch {
	w := &Watch{Path: path, Every: every}
	if fi, err := os.Stat(path); err == nil {
		w.size, w.mod = fi.Size(), fi.ModTime()
	}
	return w
}

// Changed reports whether the file grew or was rewritten since the last
// look (now is the current time; a look sooner than Every returns false).
func (w *Watch) Changed(now time.Time) bool {
	if now.Sub(w.last) < w.Every {
		return false
	}
	w.last = now
	fi, err := os.Stat(w.Path)
	if err != nil {
		return false
	}
	if fi.Size() == w.size && fi.ModTime().Equal(w.mod) {
		return false
	}
	w.size, w.mod = fi.Size(), fi.ModTime()
	return true
}
