package benchmodel

import (
	"syscall"
	"testing"
	"time"
)

// CPUTime is the user + system CPU time this process has used, over all
// its threads (llvmpipe's rasteriser threads included).
func CPUTime() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// ReportCPU adds a cpu-ms/op metric: CPU time per iteration since start.
// Other processes' load on a shared machine inflates wall time, not this.
func ReportCPU(b *testing.B, start time.Duration) {
	b.ReportMetric(float64(CPUTime()-start)/float64(time.Millisecond)/float64(b.N), "cpu-ms/op")
}
