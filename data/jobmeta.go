package data

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/fabviz/fabviz/internal/textio"
)

// JobMeta is what the scheduler knows about a job. Empty strings, a zero
// time and Nodes 0 mean unknown; a zero End means the job was still running
// when the file was written.
type JobMeta struct {
	ID                             int64
	User, Account, Partition, Name string
	Start, End                     time.Time
	Nodes                          int
}

// MetaMagic is the first line of a job metadata file.
const MetaMagic = "#! fabviz-jobmeta 1"

// MetaPath is where the metadata of a job file lives: beside it, with
// ".meta" appended (job.fvlog → job.fvlog.meta).
func MetaPath(jobPath string) string { return jobPath + ".meta" }

// metaMaxLine bounds a metadata line; metaMaxErrors the errors listed.
const (
	metaMaxLine   = 64 << 10
	metaMaxErrors = 100
)

// WriteJobMeta writes a metadata file: the magic line, a comment naming
// the columns, then one line per job in the order given. Strings with
// blanks, quotes, `#` or backslashes are double-quoted; a string that is
// exactly "-" is quoted so it is not read as unknown; control characters
// (a name cannot hold a line break) become spaces.
func WriteJobMeta(w io.Writer, jobs []JobMeta) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintln(bw, MetaMagic)
	fmt.Fprintln(bw, "# id user account partition name start end nodes")
	for _, j := range jobs {
		fmt.Fprintf(bw, "%d %s %s %s %s %s %s %s\n", j.ID, metaString(j.User), metaString(j.Account),
			metaString(j.Partition), metaString(j.Name), metaTime(j.Start), metaTime(j.End), metaNodes(j.Nodes))
	}
	return bw.Flush()
}

func metaString(s string) string {
	if s == "" {
		return "-"
	}
	s = strings.Map(func(r rune) rune {
		if r < ' ' || r == 0x7f {
			return ' '
		}
		return r
	}, s)
	if s != "-" && !strings.ContainsAny(s, " \t#\"\\") {
		return s
	}
	r := strings.NewReplacer(`\`, `\\`, `"`, `\"`)
	return `"` + r.Replace(s) + `"`
}

func metaTime(t time.Time) string {
	if t.IsZero() {
		return "-"
	}
	return t.UTC().Format(time.RFC3339Nano)
}

func metaNodes(n int) string {
	if n <= 0 {
		return "-"
	}
	return strconv.Itoa(n)
}

// ReadJobMeta reads a metadata file. Every problem is listed (up to 100)
// as FILE:LINE[:COL]: message in a textio.ErrorList; the jobs read so far
// are returned only when there is none.
func ReadJobMeta(file string, r io.Reader) ([]JobMeta, error) {
	lr := textio.NewLineReader(file, r, metaMaxLine)
	var errs textio.ErrorList
	report := func(e *textio.Error) {
		if len(errs) < metaMaxErrors {
			errs = append(errs, e)
		}
	}
	var out []JobMeta
	seen := map[int64]int{}
	first := true
	for {
		line, ok := lr.Scan(report)
		if !ok {
			break
		}
		if first {
			first = false
			if strings.TrimSpace(string(line)) != MetaMagic {
				report(textio.Errorf(file, lr.Line(), "not a job metadata file: the first line must be %q", MetaMagic))
				break
			}
			continue
		}
		if textio.IsComment(line) {
			continue
		}
		j, e := parseMetaLine(file, lr.Line(), line)
		if e != nil {
			report(e)
			continue
		}
		if prev, dup := seen[j.ID]; dup {
			report(textio.Errorf(file, lr.Line(), "job %d already described at line %d", j.ID, prev))
			continue
		}
		seen[j.ID] = lr.Line()
		out = append(out, j)
	}
	if first && len(errs) == 0 {
		report(textio.Errorf(file, 0, "empty file: expected %q", MetaMagic))
	}
	if len(errs) > 0 {
		return nil, errs
	}
	return out, nil
}

var metaColumns = [8]string{"id", "user", "account", "partition", "name", "start", "end", "nodes"}

func parseMetaLine(file string, n int, line []byte) (JobMeta, *textio.Error) {
	fs, err := textio.Fields(line)
	if err != nil {
		return JobMeta{}, textio.At(file, n, err)
	}
	if len(fs) != len(metaColumns) {
		return JobMeta{}, textio.Errorf(file, n, "%d fields, expected 8: %s", len(fs), strings.Join(metaColumns[:], " "))
	}
	at := func(i int, format string, args ...any) *textio.Error {
		return &textio.Error{File: file, Line: n, Col: fs[i].Col, Msg: fmt.Sprintf(format, args...)}
	}
	var j JobMeta
	id, err := strconv.ParseInt(fs[0].Text, 10, 64)
	if err != nil || id <= 0 {
		return j, at(0, "job id %q is not a positive integer", fs[0].Text)
	}
	j.ID = id
	for i, dst := range []*string{&j.User, &j.Account, &j.Partition, &j.Name} {
		if f := fs[i+1]; f.Text != "-" || line[f.Col-1] == '"' {
			*dst = f.Text
		}
	}
	for i, dst := range []*time.Time{&j.Start, &j.End} {
		f := fs[5+i]
		if f.Text == "-" {
			continue
		}
		t, err := time.Parse(time.RFC3339Nano, f.Text)
		if y := t.UTC().Year(); err != nil || y < 1 || y > 9999 {
			return j, at(5+i, "%s: expected an RFC 3339 time or -, got %q", metaColumns[5+i], f.Text)
		}
		*dst = t.UTC()
	}
	if !j.Start.IsZero() && !j.End.IsZero() && j.End.Before(j.Start) {
		return j, at(6, "end %s is before start %s", fs[6].Text, fs[5].Text)
	}
	if f := fs[7]; f.Text != "-" {
		v, err := strconv.ParseInt(f.Text, 10, 32)
		if err != nil || v <= 0 {
			return j, at(7, "nodes: expected a positive integer or -, got %q", f.Text)
		}
		j.Nodes = int(v)
	}
	return j, nil
}

// LoadJobMeta reads the metadata file of a job file (MetaPath). found is
// false, with no error, when there is none.
func LoadJobMeta(jobPath string) (jobs []JobMeta, found bool, err error) {
	path := MetaPath(jobPath)
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, err
	}
	defer f.Close()
	jobs, err = ReadJobMeta(path, f)
	return jobs, err == nil, err
}

// MarshalJSON writes unknown fields as null and times in RFC 3339 UTC;
// "running" is true when the end is unknown but the start is known.
func (j JobMeta) MarshalJSON() ([]byte, error) {
	str := func(s string) *string {
		if s == "" {
			return nil
		}
		return &s
	}
	tm := func(t time.Time) *string {
		if t.IsZero() {
			return nil
		}
		s := t.UTC().Format(time.RFC3339Nano)
		return &s
	}
	var nodes *int
	if j.Nodes > 0 {
		nodes = &j.Nodes
	}
	return json.Marshal(struct {
		ID        int64   `json:"id"`
		User      *string `json:"user"`
		Account   *string `json:"account"`
		Partition *string `json:"partition"`
		Name      *string `json:"name"`
		Start     *string `json:"start"`
		End       *string `json:"end"`
		Running   bool    `json:"running"`
		Nodes     *int    `json:"nodes"`
	}{j.ID, str(j.User), str(j.Account), str(j.Partition), str(j.Name), tm(j.Start), tm(j.End),
		!j.Start.IsZero() && j.End.IsZero(), nodes})
}
