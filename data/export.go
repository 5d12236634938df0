package data

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"time"
)

// WriteDat writes the log as a parameter or job file (§3): the `#! steps`
// header (when the log has an interval), the `#! counter` header, then one
// line per port in the log's column order, `-` for missing samples and
// missing intervals.
func (lg *Log) WriteDat(w io.Writer) error {
	if lg.steps == 0 {
		return fmt.Errorf("%s: the log has no data lines, so there is nothing to export", lg.File)
	}
	bw := bufio.NewWriterSize(w, 1<<20)
	fmt.Fprintf(bw, "# exported from %s\n", lg.File)
	if lg.Header.Step > 0 {
		fmt.Fprintf(bw, "#! steps %s %s\n", lg.Header.Start.Format(time.RFC3339Nano), lg.Header.Step)
	}
	if lg.Header.Counter != "" {
		fmt.Fprintf(bw, "#! counter %s", lg.Header.Counter)
		if lg.Header.Unit != "" {
			fmt.Fprintf(bw, " %s", lg.Header.Unit)
		}
		bw.WriteByte('\n')
	}
	ncol := len(lg.Labels)
	gap := make(map[int64]bool, len(lg.gaps))
	for _, g := range lg.gaps {
		gap[g] = true
	}
	var buf []byte
	for c, label := range lg.Labels {
		buf = append(buf[:0], label...)
		for s := 0; s < lg.steps; s++ {
			pos := s*ncol + c
			buf = append(buf, ' ')
			if gap[int64(pos)] {
				buf = append(buf, '-')
			} else {
				buf = strconv.AppendInt(buf, lg.vals[pos], 10)
			}
		}
		buf = append(buf, '\n')
		if _, err := bw.Write(buf); err != nil {
			return err
		}
	}
	return bw.Flush()
}
