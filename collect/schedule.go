package collect

import "time"

// NextAligned is the first time strictly after t that lies on the grid
// offset + k·interval of Unix time, so that every collector with the same
// interval samples at the same wall-clock moments.
func NextAligned(t time.Time, interval, offset time.Duration) time.Time {
	if interval <= 0 {
		return t
	}
	ns := t.UnixNano() - int64(offset)
	k := ns / int64(interval)
	if ns < 0 && ns%int64(interval) != 0 {
		k-- // floor for times before the epoch
	}
	return time.Unix(0, (k+1)*int64(interval)+int64(offset)).UTC()
}
