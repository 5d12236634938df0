package fvlog

import (
	"bytes"
	"io"
)

// Complete finds where the last complete line of a log of the given size
// ends: keep is the length to keep (a last line without its newline is an
// interrupted write, cut off by the collector when it resumes and ignored
// by readers), and last is the last complete line, without its newline.
func Complete(r io.ReaderAt, size int64) (keep int64, last []byte, err error) {
	const block = 64 << 10
	var buf []byte
	pos := size
	for pos > 0 {
		n := min(int64(block), pos)
		pos -= n
		chunk := make([]byte, n)
		if _, err := r.ReadAt(chunk, pos); err != nil && err != io.EOF {
			return 0, nil, err
		}
		buf = append(chunk, buf...)
		end := bytes.LastIndexByte(buf, '\n')
		if end < 0 {
			continue
		}
		start := bytes.LastIndexByte(buf[:end], '\n')
		if start >= 0 || pos == 0 {
			return pos + int64(end) + 1, buf[start+1 : end], nil
		}
	}
	return 0, nil, nil // no complete line at all
}
