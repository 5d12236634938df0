package view_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/fabviz/fabviz/session"
	"github.com/fabviz/fabviz/view"
)

// fuzzEnv is the real session with the file-touching commands pinned down:
// every model command loads ring4, param, job and init load the snapshot
// tests' files for it, snapshots are refused.
type fuzzEnv struct{ *session.Session }

const fixtures = "../session/testdata/"

func (e fuzzEnv) LoadModel(string) error { return e.Session.LoadModel(ring4) }
func (e fuzzEnv) LoadParam(string) error { return e.Session.LoadParam(fixtures + "ring4.fvd") }
func (e fuzzEnv) LoadJob(string) error   { return e.Session.LoadJob(fixtures + "ring4.fvj") }
func (e fuzzEnv) LoadInit(string) error  { return e.Session.LoadInit(fixtures + "fabviz.ini") }

func (e fuzzEnv) Snapshot(string, *view.State) error { return errors.New("no snapshots while fuzzing") }

func FuzzScript(f *testing.F) {
	f.Add("model x\nparam p\njob j\ninit i\nstep 2\nstep 3\njobs on\n")
	f.Add("model x\nstep 3\nmode total\nrange 1 9\nview processor\nlayout torus\nplane 0 off\njobs on\n")
	f.Add("model x\narrange logical\nlayout torus\narrange physical\narrange sideways\n")
	f.Add("model x\nroute 0 n13\nroute-switches s0 s3\nselect s2.13\ncamera 10 20 30\nsize 64 48\nclear-routes\n")
	f.Add("select \"s1.5\" # quoted\n\n\t# only a comment\nsnapshot a.png\n")
	f.Add("range 9223372036854775807 -9223372036854775808\ncamera NaN Inf 1e308\nsize 99999999999999999999 1\n")
	f.Fuzz(func(t *testing.T, script string) {
		s := session.New(nil)
		in := view.New(fuzzEnv{s})
		err := in.Run("fuzz.fvcmd", strings.NewReader(script))
		if err != nil && !strings.HasPrefix(err.Error(), "fuzz.fvcmd:") {
			t.Fatalf("error without FILE:LINE: %v", err)
		}
		st := in.State
		if st.Width < 1 || st.Height < 1 || st.Width > view.MaxSide || st.Height > view.MaxSide {
			t.Fatalf("size %dx%d slipped through", st.Width, st.Height)
		}
		if st.HasRange && st.Range[0] >= st.Range[1] {
			t.Fatalf("range %v slipped through", st.Range)
		}
		if n := s.Steps(); n > 0 && st.Step >= n {
			if _, err := s.Scene(&st); err == nil {
				t.Fatalf("step %d of %d drawn", st.Step, n)
			}
		} else if s.Model() != nil {
			if _, err := s.Scene(&st); err != nil && !strings.Contains(err.Error(), "beyond the data") {
				t.Fatalf("scene of a state the script accepted: %v", err)
			}
		}
	})
}
