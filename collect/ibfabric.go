package collect

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// The fabric reader reads every switch of the fabric (or shard) in two
// processes a sweep instead of two a switch: `ibqueryerrors --counters`
// prints the data and packet counters of every switch port, and
// `ibqueryerrors` with a zero threshold for every error counter prints each
// port whose error counters are not all zero. Both load a topology cache
// made once by `ibnetdiscover --cache`, so no discovery happens in a sweep.
// A switch the fabric read does not give (no GUID in the model, not in the
// output) is read with perfquery, as is every switch when the error read
// cannot show that it checked every switch.

// fabricState is what the fabric reader keeps between sweeps.
type fabricState struct {
	cache  string   // ibnetdiscover cache; made on first use
	zero   string   // threshold file: every error counter at 0
	dir    string   // where both live
	failed error    // set once the fabric read proved unusable
	warn   error    // said once, with the first sweep
	guid   []uint64 // of each source switch; 0 = the model gives none
}

// errorFields are the basic counters the zero-threshold read reports.
func errorFields() []string {
	var out []string
	for _, c := range ibCounters {
		if !c.Extended {
			out = append(out, c.Field)
		}
	}
	return out
}

// Prepare makes the fabric reader's topology cache before the first sweep
// (the collector calls it), so that the first sweep has its whole deadline.
// A failure leaves the per-switch read.
func (s *IBSource) Prepare(ctx context.Context) error {
	if !s.Fabric {
		return nil
	}
	if err := s.prepareFabric(ctx); err != nil {
		s.fabric.failed = err
		return fmt.Errorf("reading the fabric in one process: %v; reading each switch with perfquery", err)
	}
	return nil
}

// prepareFabric makes the topology cache and the threshold file.
func (s *IBSource) prepareFabric(ctx context.Context) error {
	f := &s.fabric
	if f.cache != "" || f.failed != nil {
		return f.failed
	}
	dir, err := os.MkdirTemp("", "fabnet-fabric-")
	if err != nil {
		return err
	}
	f.dir = dir
	var zero strings.Builder
	for _, name := range errorFields() {
		zero.WriteString(name + "=0\n")
	}
	f.zero = filepath.Join(dir, "zero-thresholds")
	if err := os.WriteFile(f.zero, []byte(zero.String()), 0o600); err != nil {
		return err
	}
	cache := filepath.Join(dir, "fabric.cache")
	ctx, cancel := context.WithTimeout(ctx, 60*time.Second)
	defer cancel()
	if _, errb, err := runBounded(ctx, []string{s.tool("ibnetdiscover"), "--cache", cache}, s.Dir, s.Env); err != nil {
		return fmt.Errorf("ibnetdiscover --cache: %v: %s", err, lastLine(string(errb)))
	}
	f.cache = cache
	f.guid = make([]uint64, len(s.switches))
	keep := map[uint64]bool{}
	for i, sw := range s.switches {
		f.guid[i], _ = switchGUID(s.m.Switches[sw.index].HW)
		if f.guid[i] != 0 {
			keep[f.guid[i]] = true
		}
	}
	// Only this collector's switches are read (a shard's, not the whole
	// fabric's); a cache we cannot narrow is read whole, which is slower
	// but right.
	if _, _, err := restrictCache(cache, keep); err != nil {
		f.warn = fmt.Errorf("reading every switch of the fabric, not only this collector's: %v", err)
	}
	return nil
}

func (s *IBSource) tool(name string) string {
	if s.Tools != "" {
		return filepath.Join(s.Tools, name)
	}
	return name
}

// sweepFabric reads the fabric in two processes and falls back to perfquery
// for what they did not give.
func (s *IBSource) sweepFabric(ctx context.Context, r *Reading) SweepStats {
	if err := s.prepareFabric(ctx); err != nil {
		st := s.sweepSwitches(ctx, r, nil)
		if s.fabric.failed == nil {
			s.fabric.failed = err
			st.Warnings = append(st.Warnings, fmt.Errorf("reading the fabric in one process: %v; reading each switch with perfquery", err))
		}
		return st
	}
	var st SweepStats
	if s.fabric.warn != nil {
		st.Warnings = append(st.Warnings, s.fabric.warn)
		s.fabric.warn = nil
	}
	start := time.Now()
	// The two reads run side by side: the window is the longer of them.
	var data map[uint64]map[int]map[string]uint64
	var errData error
	done := make(chan struct{})
	go func() {
		data, _, errData = s.queryFabric(ctx, "--counters")
		close(done)
	}()
	errs, checked, errErr := s.queryFabric(ctx, "--threshold-file", s.fabric.zero)
	<-done
	end := time.Now()
	complete := errErr == nil && checked == len(data)
	var rest []int
	for i := range s.switches {
		ports, ok := data[s.fabric.guid[i]]
		if errData != nil || !ok || !complete {
			rest = append(rest, i)
			continue
		}
		got, tried := s.fillFabric(&s.switches[i], r, ports, errs[s.fabric.guid[i]])
		st.Read += got
		st.Attempted += tried
	}
	if len(rest) < len(s.switches) {
		st.span(start, end)
	}
	if errData != nil || errErr != nil || !complete {
		st.Warnings = append(st.Warnings, fmt.Errorf("fabric read incomplete (%s); %d switches read with perfquery", fabricWhy(errData, errErr, checked, len(data)), len(rest)))
	}
	if len(rest) > 0 {
		more := s.sweepSwitches(ctx, r, rest)
		st.Read += more.Read
		st.Attempted += more.Attempted
		st.Warnings = append(st.Warnings, more.Warnings...)
		if !more.First.IsZero() {
			st.span(more.First, more.Last)
		}
	}
	return st
}

func fabricWhy(errData, errErr error, checked, seen int) string {
	switch {
	case errData != nil:
		return errData.Error()
	case errErr != nil:
		return errErr.Error()
	}
	return fmt.Sprintf("the error read checked %d switches, the data read gave %d", checked, seen)
}

// fillFabric stores one switch's counters from the fabric read: its data
// counters, and its error counters (0 where the error read listed nothing,
// since it checked every switch).
func (s *IBSource) fillFabric(sw *ibSwitch, r *Reading, data, errs map[int]map[string]uint64) (got, tried int) {
	for port, col := range sw.col {
		if col < 0 {
			continue
		}
		tried++
		d, ok := data[port]
		if !ok {
			continue
		}
		for ci, c := range ibCounters {
			if c.Extended {
				v, have := d[c.Field]
				if have {
					r.Vals[ci][col], r.OK[ci][col] = v, true
				}
				continue
			}
			r.Vals[ci][col], r.OK[ci][col] = errs[port][c.Field], true
		}
		got++
	}
	return got, tried
}

// sweepSwitches reads the given switches (nil = all) with perfquery.
func (s *IBSource) sweepSwitches(ctx context.Context, r *Reading, which []int) SweepStats {
	if which == nil {
		which = make([]int, len(s.switches))
		for i := range which {
			which[i] = i
		}
	}
	return sweepEach(len(which), s.Concurrency, func(k int) (int, int, []error) {
		read, tried, err := s.readSwitch(ctx, &s.switches[which[k]], r)
		if err != nil {
			return read, tried, []error{err}
		}
		return read, tried, nil
	})
}

// queryFabric runs ibqueryerrors on the cached topology, switches only,
// and returns its per-port counters by switch GUID and how many switches
// its summary says it checked.
func (s *IBSource) queryFabric(ctx context.Context, args ...string) (map[uint64]map[int]map[string]uint64, int, error) {
	timeout := s.Timeout
	if timeout <= 0 {
		timeout = 2 * time.Second
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	argv := append([]string{s.tool("ibqueryerrors"), "--skip-sl", "--switch", "--load-cache", s.fabric.cache}, args...)
	out, errb, err := runBounded(ctx, argv, s.Dir, s.Env)
	var exit *exec.ExitError
	if errors.As(err, &exit) && exit.ExitCode() == 1 && ctx.Err() == nil {
		err = nil // it found ports with errors: that is our answer
	}
	if err != nil {
		if ctx.Err() != nil {
			return nil, 0, fmt.Errorf("ibqueryerrors %s: timed out", strings.Join(args, " "))
		}
		return nil, 0, fmt.Errorf("ibqueryerrors %s: %v: %s", strings.Join(args, " "), err, lastLine(string(errb)))
	}
	return ParseQueryErrors(out)
}

var (
	qeCounter = regexp.MustCompile(`\[(\w+) == (\d+)`)
	qeChecked = regexp.MustCompile(`^## Summary: (\d+) nodes checked`)
)

// ParseQueryErrors reads ibqueryerrors output: `GUID 0x… port N: [Name ==
// value (…)] …` lines (the `port ALL` sums are skipped) and the summary's
// count of nodes checked.
func ParseQueryErrors(out []byte) (map[uint64]map[int]map[string]uint64, int, error) {
	res := map[uint64]map[int]map[string]uint64{}
	checked := -1
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(make([]byte, 0, 4096), 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if m := qeChecked.FindStringSubmatch(line); m != nil {
			checked, _ = strconv.Atoi(m[1])
			continue
		}
		f := strings.Fields(line)
		if len(f) < 4 || f[0] != "GUID" || f[2] != "port" || f[3] == "ALL:" {
			continue
		}
		guid, err1 := strconv.ParseUint(strings.TrimPrefix(f[1], "0x"), 16, 64)
		port, err2 := strconv.Atoi(strings.TrimSuffix(f[3], ":"))
		if err1 != nil || err2 != nil || port < 0 || port > 255 {
			return nil, 0, fmt.Errorf("ibqueryerrors output line %d: %q", n, line)
		}
		if res[guid] == nil {
			res[guid] = map[int]map[string]uint64{}
		}
		fields := map[string]uint64{}
		for _, m := range qeCounter.FindAllStringSubmatch(line, -1) {
			v, err := strconv.ParseUint(m[2], 10, 64)
			if err != nil {
				return nil, 0, fmt.Errorf("ibqueryerrors output line %d: %s: %v", n, m[1], err)
			}
			fields[m[1]] = v
		}
		res[guid][port] = fields
	}
	if err := sc.Err(); err != nil {
		return nil, 0, err
	}
	if checked < 0 {
		return nil, 0, fmt.Errorf("ibqueryerrors output has no summary")
	}
	return res, checked, nil
}

// Close removes the fabric reader's cache.
func (s *IBSource) Close() error {
	if s.fabric.dir != "" {
		return os.RemoveAll(s.fabric.dir)
	}
	return nil
}
