package collect

import (
	"errors"
	"io"

	"github.com/fabviz/fabviz/internal/textio"
)

// maxConfLine bounds a line of the collector's own small files (mapping and
// secrets files).
const maxConfLine = 64 << 10

// maxConfErrors bounds how many problems one file reports.
const maxConfErrors = 100

// readConf reads a line-oriented file of blank-separated tokens, skipping
// blank lines and comments, and calls fn for every other line. Every problem
// is collected, each naming file and line.
func readConf(file string, r io.Reader, fn func(line int, f []textio.Field) error) error {
	lr := textio.NewLineReader(file, r, maxConfLine)
	var errs textio.ErrorList
	for len(errs) < maxConfErrors {
		b, ok := lr.Scan(func(e *textio.Error) { errs = append(errs, e) })
		if !ok {
			break
		}
		if textio.IsComment(b) {
			continue
		}
		f, err := textio.Fields(b)
		if err != nil {
			errs = append(errs, textio.At(file, lr.Line(), err))
			continue
		}
		if len(f) == 0 {
			continue
		}
		if err := fn(lr.Line(), f); err != nil {
			var te *textio.Error
			if !errors.As(err, &te) {
				te = textio.At(file, lr.Line(), err)
			}
			errs = append(errs, te)
		}
	}
	return errs.Err()
}

func texts(f []textio.Field) []string {
	out := make([]string, len(f))
	for i, x := range f {
		out[i] = x.Text
	}
	return out
}
