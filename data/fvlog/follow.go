package fvlog

import (
	"bytes"
	"io"
	"os"
)

// Follower reads a log as it grows: each Poll returns the complete lines
// appended since the previous one, never a line still being written, and
// reads nothing else.
type Follower struct {
	Path string
	off  int64 // bytes consumed: the end of the last complete line returned
	line int   // lines consumed
	id   os.FileInfo
}

// NewFollower follows the log at path from its beginning.
func NewFollower(path string) *Follower { return &Follower{Path: path} }

// Poll returns the complete lines appended since the last call (without
// their newlines), the line number of the first of them (1-based), and
// restarted when the file was replaced or truncated since the last call:
// then the lines start again from the first line and what the caller built
// from earlier lines is stale.
func (f *Follower) Poll() (lines [][]byte, first int, restarted bool, err error) {
	fh, err := os.Open(f.Path)
	if err != nil {
		return nil, 0, false, err
	}
	defer fh.Close()
	st, err := fh.Stat()
	if err != nil {
		return nil, 0, false, err
	}
	if f.id != nil && (!os.SameFile(f.id, st) || st.Size() < f.off) {
		f.off, f.line, restarted = 0, 0, true
	}
	f.id = st
	if st.Size() == f.off {
		return nil, f.line + 1, restarted, nil
	}
	buf := make([]byte, st.Size()-f.off)
	n, err := fh.ReadAt(buf, f.off)
	if err != nil && err != io.EOF {
		return nil, 0, restarted, err
	}
	buf = buf[:n]
	end := bytes.LastIndexByte(buf, '\n')
	if end < 0 {
		return nil, f.line + 1, restarted, nil // only a line being written
	}
	first = f.line + 1
	for _, l := range bytes.Split(buf[:end], []byte{'\n'}) {
		lines = append(lines, l)
	}
	f.off += int64(end) + 1
	f.line += len(lines)
	return lines, first, restarted, nil
}
