package session

import (
	"testing"

	"github.com/fabviz/fabviz/view"
)

// BenchmarkJobRoutesSixJobs is the cost of `job-routes on` for a picture of
// the six-jobs study at step 40: every ordered pair of the six jobs' 552
// nodes traced (about 54,000 routes), segments and lanes made.
func BenchmarkJobRoutesSixJobs(b *testing.B) {
	s := New(nil)
	in := view.New(s)
	for _, l := range []string{"model ../examples/cplant/cplant.fvm", "job ../examples/sixjobs/jobs.dat", "step 40", "job-routes on"} {
		if err := in.ExecLine(l); err != nil {
			b.Fatal(err)
		}
	}
	for b.Loop() {
		s.jr = jobRouteCache{}
		if len(s.jobRoutes(&in.State)) == 0 {
			b.Fatal("no routes")
		}
	}
}

// BenchmarkPlotJob is the cost of the plot of a port and a job of the
// six-jobs study (200 steps), the job statistics made once.
func BenchmarkPlotJob(b *testing.B) {
	s := New(nil)
	in := view.New(s)
	for _, l := range []string{"model ../examples/cplant/cplant.fvm", "job ../examples/sixjobs/jobs.dat", "param ../examples/sixjobs/packets.dat", "select sw46.8", "select job 4"} {
		if err := in.ExecLine(l); err != nil {
			b.Fatal(err)
		}
	}
	for b.Loop() {
		if pl, err := s.Plot(&in.State); err != nil || pl == nil {
			b.Fatal(err)
		}
	}
}
