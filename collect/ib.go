package collect

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/fabviz/fabviz/model"
)

// IBSource reads InfiniBand switch counters with infiniband-diags' perfquery:
// two processes a switch per sweep (extended counters, then the basic
// counters with the error fields), each covering all of the switch's ports.
type IBSource struct {
	Perfquery   string        // command, default "perfquery"
	Env         []string      // added to the environment (e.g. LD_PRELOAD for ibsim)
	Concurrency int           // switches read at once, default 16
	Timeout     time.Duration // per switch, default 2 s
	Dir         string        // working directory for perfquery; "" = ours
	// Fabric reads the whole fabric in two ibqueryerrors processes a
	// sweep (see ibfabric.go), perfquery being the fallback.
	Fabric bool
	// Links adds the link health logs (state, width, speed of every
	// port), read in one iblinkinfo process a sweep.
	Links bool
	Tools string // directory of ibqueryerrors, ibnetdiscover, iblinkinfo; "" = PATH

	fabric fabricState

	m        *model.Model
	switches []ibSwitch
	ports    []model.PortRef
	counters []Counter
}

type ibSwitch struct {
	index int
	addr  []string // perfquery address arguments: LID, or -G GUID
	// col maps the switch's IB port number to the log column, -1 if not logged.
	col []int
	// noExt is set once the switch turned out to lack extended counters.
	noExt bool
}

// NewIBSource prepares a source for every switch of the model that has a
// LID (`sw`) or a GUID (`hw`); a LID is preferred, since addressing by GUID
// needs a subnet manager's path records. Every port in use of those switches
// is logged.
func NewIBSource(m *model.Model) (*IBSource, error) { return NewIBSourceFor(m, nil) }

// NewIBSourceFor is NewIBSource for the switches keep selects (nil = all),
// as a shard of a fabric split among collectors.
func NewIBSourceFor(m *model.Model, keep func(sw int) bool) (*IBSource, error) {
	s := &IBSource{m: m}
	for _, c := range ibCounters {
		s.counters = append(s.counters, c.Counter)
	}
	for i, sw := range m.Switches {
		addr, ok := ibAddress(sw)
		if !ok || keep != nil && !keep(i) {
			continue
		}
		t := ibSwitch{index: i, addr: addr, col: make([]int, 257)}
		for n := range t.col {
			t.col[n] = -1
		}
		for off, spec := range sw.Def.Ports {
			if spec.Role == model.Unused {
				continue
			}
			number := off + m.PortBase
			t.col[number] = len(s.ports)
			s.ports = append(s.ports, model.PortRef(i*m.Ports+off))
		}
		s.switches = append(s.switches, t)
	}
	if len(s.switches) == 0 {
		if keep != nil {
			return nil, fmt.Errorf("%s: no switch of this shard has a LID (sw) or GUID (hw) to address it by", m.File)
		}
		return nil, fmt.Errorf("%s: no switch has a LID (sw) or GUID (hw) to address it by", m.File)
	}
	return s, nil
}

func ibAddress(sw model.Switch) ([]string, bool) {
	if lid, err := strconv.ParseUint(strings.TrimPrefix(sw.SW, "0x"), baseOf(sw.SW), 16); sw.SW != "" && err == nil && lid > 0 {
		return []string{strconv.FormatUint(lid, 10)}, true
	}
	if sw.HW != "" {
		return []string{"-G", sw.HW}, true
	}
	return nil, false
}

func baseOf(s string) int {
	if strings.HasPrefix(s, "0x") {
		return 16
	}
	return 10
}

func (s *IBSource) Counters() []Counter    { return s.counters }
func (s *IBSource) Ports() []model.PortRef { return s.ports }

// Sweep reads all switches with bounded concurrency. A switch that fails or
// times out leaves its ports unread and adds a warning.
func (s *IBSource) Sweep(ctx context.Context, r *Reading) SweepStats {
	var linkErr error
	done := make(chan struct{})
	if s.Links {
		go func() {
			linkErr = s.readLinks(ctx, r, len(ibCounters))
			close(done)
		}()
	} else {
		close(done)
	}
	var st SweepStats
	if s.Fabric {
		st = s.sweepFabric(ctx, r)
	} else {
		st = s.sweepSwitches(ctx, r, nil)
	}
	<-done
	if linkErr != nil {
		st.Warnings = append(st.Warnings, fmt.Errorf("link health: %v", linkErr))
	}
	return st
}

// WithLinks adds the link health logs to the source.
func (s *IBSource) WithLinks() {
	if !s.Links {
		s.Links = true
		s.counters = append(s.counters, linkCounters...)
	}
}

func (s *IBSource) readSwitch(ctx context.Context, sw *ibSwitch, r *Reading) (read, tried int, err error) {
	for _, c := range sw.col {
		if c >= 0 {
			tried++
		}
	}
	timeout := s.Timeout
	if timeout <= 0 {
		timeout = 2 * time.Second
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	label := s.m.Switches[sw.index].Label
	var ext []PortCounters
	var extErr error
	if !sw.noExt {
		if ext, extErr = s.run(ctx, "-x", sw.addr); extErr != nil && ctx.Err() != nil {
			return 0, tried, fmt.Errorf("switch %s: %v", label, extErr)
		}
	}
	basic, err := s.run(ctx, "", sw.addr)
	if err != nil {
		return 0, tried, fmt.Errorf("switch %s: %v", label, err)
	}
	if extErr != nil {
		// The basic query answers where the extended one failed: a switch
		// without 64-bit counters. Read it through the 32-bit fields from
		// now on and say so once.
		sw.noExt = true
		err = fmt.Errorf("switch %s: no extended counters (%v): data and packets read from the 32-bit counters from now on", label, extErr)
	}
	seen := s.fill(sw, r, basic, ext)
	return seen, tried, err
}

// fill stores a switch's answers: the basic counters, and the extended ones
// for the fields they own; without extended answers the data and packet
// counters come from the basic 32-bit fields (marked as such in r.Bits).
// A basic field at its maximum may have saturated rather than wrapped, so it
// is not a value.
func (s *IBSource) fill(sw *ibSwitch, r *Reading, basic, ext []PortCounters) int {
	seen := map[int]bool{}
	for _, pass := range []struct {
		blocks   []PortCounters
		extended bool
	}{{basic, false}, {ext, true}} {
		for _, b := range pass.blocks {
			if b.Port >= len(sw.col) || sw.col[b.Port] < 0 {
				continue
			}
			col := sw.col[b.Port]
			for ci, c := range ibCounters {
				v, ok := b.Fields[c.Field]
				switch {
				case !ok || c.Extended != pass.extended && (pass.extended || ext != nil || c.Basic == 0):
					continue
				case c.Extended && !pass.extended: // 32-bit stand-in
					if v >= 1<<c.Basic-1 {
						continue
					}
					r.Bits[ci][col] = c.Basic
				}
				r.Vals[ci][col], r.OK[ci][col] = v, true
			}
			seen[b.Port] = true
		}
	}
	return len(seen)
}

// run executes perfquery [-x] -l ADDR 255 and parses its output.
func (s *IBSource) run(ctx context.Context, flag string, addr []string) ([]PortCounters, error) {
	name := s.Perfquery
	if name == "" {
		name = "perfquery"
	}
	args := []string{"-l"}
	if flag != "" {
		args = append(args, flag)
	}
	args = append(append(args, addr...), "255")
	out, errb, err := runBounded(ctx, append([]string{name}, args...), s.Dir, s.Env)
	if err != nil {
		if ctx.Err() != nil {
			return nil, fmt.Errorf("perfquery %s: timed out", strings.Join(args, " "))
		}
		return nil, fmt.Errorf("perfquery %s: %v: %s", strings.Join(args, " "), err, lastLine(string(errb)))
	}
	return ParsePerfquery(out)
}

func lastLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.LastIndexByte(s, '\n'); i >= 0 {
		return s[i+1:]
	}
	return s
}
