package data

import (
	"bytes"
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/fabviz/fabviz/internal/textio"
)

const metaFile = `#! fabviz-jobmeta 1
# id user account partition name start end nodes
4034541 user424 - gpumedium EYR378CSFYHIMYW 2023-09-01T03:51:10Z 2023-09-01T07:25:23Z 1
17 alice physics batch "my job #2" 2026-11-21T10:00:00+01:00 - 4   # still running
18 - - - "-" - - -
`

func TestReadJobMeta(t *testing.T) {
	got, err := ReadJobMeta("j.meta", strings.NewReader(metaFile))
	if err != nil {
		t.Fatal(err)
	}
	want := []JobMeta{
		{ID: 4034541, User: "user424", Partition: "gpumedium", Name: "EYR378CSFYHIMYW",
			Start: time.Date(2023, 9, 1, 3, 51, 10, 0, time.UTC), End: time.Date(2023, 9, 1, 7, 25, 23, 0, time.UTC), Nodes: 1},
		{ID: 17, User: "alice", Account: "physics", Partition: "batch", Name: "my job #2",
			Start: time.Date(2026, 11, 21, 9, 0, 0, 0, time.UTC), Nodes: 4},
		{ID: 18, Name: "-"},
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("got  %+v\nwant %+v", got, want)
	}
	var buf bytes.Buffer
	if err := WriteJobMeta(&buf, got); err != nil {
		t.Fatal(err)
	}
	wantText := `#! fabviz-jobmeta 1
# id user account partition name start end nodes
4034541 user424 - gpumedium EYR378CSFYHIMYW 2023-09-01T03:51:10Z 2023-09-01T07:25:23Z 1
17 alice physics batch "my job #2" 2026-11-21T09:00:00Z - 4
18 - - - "-" - - -
`
	if buf.String() != wantText {
		t.Errorf("written\n%s\nwant\n%s", buf.String(), wantText)
	}
	js, _ := json.Marshal(got[1])
	if string(js) != `{"id":17,"user":"alice","account":"physics","partition":"batch","name":"my job #2","start":"2026-11-21T09:00:00Z","end":null,"running":true,"nodes":4}` {
		t.Errorf("json %s", js)
	}
}

func TestWriteJobMetaQuoting(t *testing.T) {
	in := []JobMeta{{ID: 1, Name: "a \"b\" \\c\nd", User: "x\ty"}}
	var buf bytes.Buffer
	WriteJobMeta(&buf, in)
	if !strings.Contains(buf.String(), `1 "x y" - - "a \"b\" \\c d" - - -`) {
		t.Errorf("%q", buf.String())
	}
	got, err := ReadJobMeta("q", &buf)
	if err != nil || got[0].Name != `a "b" \c d` || got[0].User != "x y" {
		t.Errorf("%+v %v", got, err)
	}
}

func TestReadJobMetaErrors(t *testing.T) {
	head := MetaMagic + "\n"
	cases := []struct{ src, want string }{
		{"", "m.meta: empty file"},
		{"1 a b c d - - 1\n", "m.meta:1: not a job metadata file"},
		{head + "1 a b c\n", "m.meta:2: 4 fields, expected 8"},
		{head + "0 a b c d - - 1\n", "m.meta:2:1: job id \"0\" is not a positive integer"},
		{head + "x a b c d - - 1\n", "m.meta:2:1: job id"},
		{head + "1 a b c d yesterday - 1\n", "m.meta:2:11: start: expected an RFC 3339 time"},
		{head + "1 a b c d 2026-01-02T00:00:00Z 2026-01-01T00:00:00Z 1\n", "m.meta:2:32: end 2026-01-01T00:00:00Z is before start"},
		{head + "1 a b c d - - 0\n", "m.meta:2:15: nodes: expected a positive integer"},
		{head + "1 a b c d - - 1\n1 a b c d - - 2\n", "m.meta:3: job 1 already described at line 2"},
		{head + "1 a b c \"d - - 1\n", "m.meta:2:9: unterminated quoted string"},
	}
	for _, c := range cases {
		_, err := ReadJobMeta("m.meta", strings.NewReader(c.src))
		var list textio.ErrorList
		if !errors.As(err, &list) || !strings.HasPrefix(list[0].Error(), c.want) {
			t.Errorf("%q: got %v, want %q", c.src, err, c.want)
		}
	}
}

// FuzzReadJobMeta: no input panics the reader, errors name the file, and
// what it reads is written back to a file that reads the same.
func FuzzReadJobMeta(f *testing.F) {
	for _, s := range []string{metaFile, MetaMagic + "\n1 \"\" \"-\" a b - - 3\n", MetaMagic + "\n1 a\n", "", "\xff"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		jobs, err := ReadJobMeta("f.meta", bytes.NewReader(src))
		if err != nil {
			if !strings.HasPrefix(err.Error(), "f.meta") {
				t.Fatalf("error without the file name: %v", err)
			}
			return
		}
		var buf bytes.Buffer
		if err := WriteJobMeta(&buf, jobs); err != nil {
			t.Fatal(err)
		}
		again, err := ReadJobMeta("w.meta", &buf)
		if err != nil {
			t.Fatalf("written file does not read: %v\n%s", err, buf.String())
		}
		for i := range jobs {
			a, b := jobs[i], again[i]
			if a.ID != b.ID || a.User != b.User || a.Account != b.Account || a.Partition != b.Partition || a.Name != b.Name ||
				!a.Start.Equal(b.Start) || !a.End.Equal(b.End) || a.Nodes != b.Nodes {
				t.Fatalf("round trip: %+v became %+v", a, b)
			}
		}
	})
}
