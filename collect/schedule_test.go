package collect

import (
	"testing"
	"time"
)

func TestNextAligned(t *testing.T) {
	base := time.Date(2026, 11, 21, 10, 0, 0, 0, time.UTC)
	cases := []struct {
		now           time.Time
		interval, off time.Duration
		want          time.Time
	}{
		{base, time.Minute, 0, base.Add(time.Minute)}, // exactly on the grid: the next one
		{base.Add(time.Second), time.Minute, 0, base.Add(time.Minute)},
		{base.Add(59*time.Second + 999*time.Millisecond), time.Minute, 0, base.Add(time.Minute)},
		{base.Add(time.Second), time.Minute, 15 * time.Second, base.Add(15 * time.Second)},
		{base.Add(20 * time.Second), time.Minute, 15 * time.Second, base.Add(75 * time.Second)},
		{base.Add(7 * time.Second), 10 * time.Second, 0, base.Add(10 * time.Second)},
		{time.Unix(-5, 0), 10 * time.Second, 0, time.Unix(0, 0).UTC()},
	}
	for _, c := range cases {
		if got := NextAligned(c.now, c.interval, c.off); !got.Equal(c.want) {
			t.Errorf("NextAligned(%s, %v, %v) = %s, want %s", c.now, c.interval, c.off, got, c.want)
		}
	}
}
