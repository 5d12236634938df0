package routes

import (
	"fmt"
	"io"
	"os"

	"github.com/fabviz/fabviz/internal/textio"
	"github.com/fabviz/fabviz/model"
)

// Pair is one line of a pairs file: source and destination node.
type Pair struct {
	Src, Dst int
	Line     int
}

// LoadPairs reads a pairs file from disk (see ReadPairs).
func LoadPairs(path string, m *model.Model) ([]Pair, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return ReadPairs(path, f, m)
}

// ReadPairs reads `SRC DST` lines — node ids or host names of the model,
// `#` comments — as `fabnet sim` writes them to pairs.txt: the node pairs
// that exchange traffic. Every bad line is an error naming file and line
// (a textio.ErrorList); the good lines are returned all the same.
func ReadPairs(file string, r io.Reader, m *model.Model) ([]Pair, error) {
	var errs textio.ErrorList
	var out []Pair
	lr := textio.NewLineReader(file, r, 4096)
	for {
		line, ok := lr.Scan(func(e *textio.Error) { errs = append(errs, e) })
		if !ok {
			break
		}
		fields, err := textio.Fields(line)
		if err != nil {
			errs = append(errs, textio.At(file, lr.Line(), err))
			continue
		}
		if len(fields) == 0 {
			continue
		}
		if len(fields) != 2 {
			errs = append(errs, textio.Errorf(file, lr.Line(), "expected SRC DST, got %d fields", len(fields)))
			continue
		}
		var nodes [2]int
		ok = true
		for i, fl := range fields {
			n, found := m.NodeByName(fl.Text)
			if !found {
				errs = append(errs, &textio.Error{File: file, Line: lr.Line(), Col: fl.Col, Msg: fmt.Sprintf("no node %q in the model", fl.Text)})
				ok = false
			}
			nodes[i] = n
		}
		if ok {
			out = append(out, Pair{nodes[0], nodes[1], lr.Line()})
		}
	}
	return out, errs.Err()
}
