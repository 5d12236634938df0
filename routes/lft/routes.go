package lft

import (
	"fmt"
	"math/bits"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/fabviz/fabviz/internal/textio"
	"github.com/fabviz/fabviz/model/ibnet"
)

// MaxProblems is how many distinct missing-route reasons a Result keeps.
const MaxProblems = 1000

// Problem is one reason why routes are missing, and how many it affects.
type Problem struct {
	Msg    string
	Routes int
}

// Result sums up the routes written.
type Result struct {
	Files   int
	Routes  int // routes written (not counting the empty route to oneself)
	Missing int // routes the tables could not give (written as empty lines)
	// Unaddressed counts the missing routes whose destination has no LID
	// of its own (unassigned, or claimed by another port too): expected
	// before the subnet manager has swept, not a fault of the tables.
	Unaddressed int
	// Warnings sum up the ports without a usable LID, one line per kind.
	Warnings []string
	Problems []Problem
	dropped  int // distinct problems beyond MaxProblems
	index    map[string]int
}

// MoreProblems is the number of distinct reasons not kept in Problems.
func (r *Result) MoreProblems() int { return r.dropped }

func (r *Result) miss(msg string, n int) {
	r.Missing += n
	if i, ok := r.index[msg]; ok {
		r.Problems[i].Routes += n
		return
	}
	if len(r.Problems) >= MaxProblems {
		r.dropped++
		return
	}
	r.index[msg] = len(r.Problems)
	r.Problems = append(r.Problems, Problem{msg, n})
}

// hop is where a switch port leads: another switch, a host, or nowhere.
type hop struct {
	sw   int32 // switch index, -1 when not a switch
	host int32 // host (node id), -1 when not a host
}

// Router holds what route generation needs, flattened for speed.
type Router struct {
	im    *ibnet.Import
	next  [][]hop  // by switch, by port number
	table []*Table // by switch
	lids  []int    // by host; 0 = none usable
	lmcs  []int    // by host: its LMC (2^LMC LIDs from the base)
	why   []string // by host: why it has no usable LID
	names []string // switch labels
	warns []string
}

// Reasons a destination has no usable LID; each is one summary line.
const (
	whyNoLID  = "destination port has no LID (0 or 65535: not assigned by a subnet manager yet)"
	whyDupLID = "destination port's LID is claimed by another port too"
)

// Match pairs each switch of the import with its table. A table for a
// switch the topology does not have is an error; two hosts with one LID too.
func Match(im *ibnet.Import, ts *Tables) (*Router, error) {
	f := im.Fabric
	r := &Router{im: im, table: make([]*Table, len(im.Switches)), lids: make([]int, len(im.Hosts)), lmcs: make([]int, len(im.Hosts))}
	byGUID := map[uint64]int{}
	for i, s := range im.Switches {
		byGUID[f.Nodes[s.Node].GUID] = i
		r.names = append(r.names, s.Label)
	}
	var errs textio.ErrorList
	for _, t := range ts.List {
		i, ok := byGUID[t.GUID]
		if !ok {
			errs = append(errs, textio.Errorf(ts.File, t.Line, "forwarding table for %s, which is not in the topology %s", t, f.File))
			continue
		}
		r.table[i] = t
	}
	if len(errs) > 0 {
		return nil, errs
	}
	r.assignLIDs()
	hostAt := map[[2]int]int32{}
	for h, hp := range im.Hosts {
		hostAt[[2]int{hp.Node, hp.Port}] = int32(h)
	}
	r.next = make([][]hop, len(im.Switches))
	for i, s := range im.Switches {
		nd := f.Nodes[s.Node]
		hs := make([]hop, len(nd.Ports))
		for p, pt := range nd.Ports {
			hs[p] = hop{-1, -1}
			if pt.Peer < 0 || p == 0 {
				continue
			}
			if j := im.SwitchIndex(pt.Peer); j >= 0 {
				hs[p].sw = int32(j)
			} else if h, ok := hostAt[[2]int{pt.Peer, pt.PeerPort}]; ok {
				hs[p].host = h
			}
		}
		r.next[i] = hs
	}
	return r, nil
}

// lidRange is a host's LIDs: base .. base+2^LMC-1, the LMC taken as 0
// when that would run past the last unicast LID.
func lidRange(hp ibnet.Host) (int, int) {
	last := hp.LID + 1<<hp.LMC - 1
	if hp.LMC < 0 || hp.LMC > 7 || last > ibnet.MaxUnicastLID {
		return hp.LID, hp.LID
	}
	return hp.LID, last
}

// assignLIDs takes each host's LIDs, leaving out those of ports whose LIDs
// another port claims too, and sums up the ports without a usable LID in
// one warning per kind.
func (r *Router) assignLIDs() {
	im := r.im
	r.why = make([]string, len(im.Hosts))
	owners := map[int]int{}
	for _, hp := range im.Hosts {
		if hp.LID > 0 {
			lo, hi := lidRange(hp)
			for l := lo; l <= hi; l++ {
				owners[l]++
			}
		}
	}
	shared := func(hp ibnet.Host) int { // the first of its LIDs another port claims, or 0
		lo, hi := lidRange(hp)
		for l := lo; l <= hi; l++ {
			if owners[l] > 1 {
				return l
			}
		}
		return 0
	}
	none, dup, dupLIDs := 0, 0, map[int]bool{}
	first := ""
	for h, hp := range im.Hosts {
		switch {
		case hp.LID <= 0:
			none++
			r.why[h] = whyNoLID
		case shared(hp) > 0:
			dup++
			if len(dupLIDs) == 0 {
				first = fmt.Sprintf(" (first: LID %d, %s)", shared(hp), hp.Name)
			}
			lo, hi := lidRange(hp)
			for l := lo; l <= hi; l++ {
				if owners[l] > 1 {
					dupLIDs[l] = true
				}
			}
			r.why[h] = whyDupLID
		default:
			lo, hi := lidRange(hp)
			r.lids[h], r.lmcs[h] = lo, bits.Len(uint(hi-lo))
		}
	}
	if none > 0 {
		r.warns = append(r.warns, fmt.Sprintf("warning: %d of %d host ports have no LID (0 or 65535: not assigned by a subnet manager yet); routes to them are missing", none, len(im.Hosts)))
	}
	if dup > 0 {
		r.warns = append(r.warns, fmt.Sprintf("warning: %d host ports share %d LIDs%s; routes to them are missing, the rest are kept", dup, len(dupLIDs), first))
	}
}

// route appends the route bytes from switch s to host d, or returns why
// there is none.
func (r *Router) route(buf []byte, s, d int) ([]byte, string) {
	lid := r.lids[d]
	if lid == 0 {
		return buf, r.why[d]
	}
	for hops := 0; ; hops++ {
		if hops > len(r.next) {
			return buf, fmt.Sprintf("forwarding loop for LID %d (%s) through switch %s", lid, r.im.Hosts[d].Name, r.names[s])
		}
		t := r.table[s]
		if t == nil {
			return buf, fmt.Sprintf("no forwarding table for switch %s", r.names[s])
		}
		b := t.Port(lid)
		if b == NoPort {
			return buf, fmt.Sprintf("switch %s has no entry for LID %d (%s)", r.names[s], lid, r.im.Hosts[d].Name)
		}
		if int(b) >= len(r.next[s]) || (r.next[s][b].sw < 0 && r.next[s][b].host < 0) {
			return buf, fmt.Sprintf("switch %s sends LID %d (%s) to port %d, which has no cable", r.names[s], lid, r.im.Hosts[d].Name, b)
		}
		buf = append(buf, b)
		nx := r.next[s][b]
		if nx.host >= 0 {
			if int(nx.host) != d {
				return buf, fmt.Sprintf("switch %s sends LID %d (%s) to port %d, host %s", r.names[s], lid, r.im.Hosts[d].Name, b, r.im.Hosts[nx.host].Name)
			}
			return buf, ""
		}
		s = int(nx.sw)
	}
}

// Write computes every host's routes and writes them as DIR/<id><EXT>, in
// absolute encoding. Missing routes are written as empty lines and counted
// in the result, with their reasons. Switches are shared out among as many
// workers as there are CPUs.
func Write(dir, ext string, im *ibnet.Import, ts *Tables) (*Result, error) {
	r, err := Match(im, ts)
	if err != nil {
		return nil, err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	if err := removeStale(dir, ext, len(im.Hosts)); err != nil {
		return nil, err
	}
	workers := runtime.GOMAXPROCS(0)
	parts := make([]part, workers)
	jobs := make(chan int)
	var wg sync.WaitGroup
	for w := range parts {
		wg.Add(1)
		go func(pt *part) {
			defer wg.Done()
			pt.miss = map[string]int{}
			pt.starts = make([]int, len(im.Hosts)+1)
			for s := range jobs {
				if pt.err == nil {
					pt.err = r.writeSwitch(pt, dir, ext, s)
				}
			}
		}(&parts[w])
	}
	for s, sw := range im.Switches {
		if sw.NumProc > 0 {
			jobs <- s
		}
	}
	close(jobs)
	wg.Wait()
	res := &Result{index: map[string]int{}}
	miss := map[string]int{}
	for _, pt := range parts {
		if pt.err != nil {
			return nil, pt.err
		}
		res.Files += pt.files
		for k, n := range pt.miss {
			miss[k] += n
		}
	}
	keys := make([]string, 0, len(miss))
	for k := range miss {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		res.miss(k, miss[k])
	}
	n := len(im.Hosts)
	res.Routes = n*(n-1) - res.Missing
	res.Unaddressed = miss[whyNoLID] + miss[whyDupLID]
	res.Warnings = r.warns
	return res, nil
}

// removeStale deletes route files <id><ext> of ids beyond the new range,
// left by an earlier import of a bigger fabric into the same directory, so
// the directory holds exactly this import's routes. Other files stay.
func removeStale(dir, ext string, hosts int) error {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return err
	}
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || !strings.HasSuffix(name, ext) {
			continue
		}
		id, err := strconv.Atoi(strings.TrimSuffix(name, ext))
		if err != nil || id < hosts || strconv.Itoa(id) != strings.TrimSuffix(name, ext) {
			continue
		}
		if err := os.Remove(filepath.Join(dir, name)); err != nil {
			return err
		}
	}
	return nil
}

// part is one worker's buffers and tallies.
type part struct {
	text, path, file []byte
	starts           []int
	files            int
	miss             map[string]int
	err              error
}

// writeSwitch writes the route files of the hosts on switch s. Routes are
// chosen by destination only, so all of them share every line but their
// own, the empty route to oneself.
func (r *Router) writeSwitch(pt *part, dir, ext string, s int) error {
	im := r.im
	sw := &im.Switches[s]
	pt.text = pt.text[:0]
	for d := range im.Hosts {
		pt.starts[d] = len(pt.text)
		var why string
		pt.path, why = r.route(pt.path[:0], s, d)
		if why != "" {
			n := sw.NumProc
			if im.Hosts[d].Switch == s {
				n-- // its own host's line is the empty route anyway
			}
			pt.miss[why] += n
			pt.text = append(pt.text, '\n')
			continue
		}
		for i, b := range pt.path {
			if i > 0 {
				pt.text = append(pt.text, ' ')
			}
			pt.text = append(pt.text, hexDigits[b>>4], hexDigits[b&15])
		}
		pt.text = append(pt.text, '\n')
	}
	pt.starts[len(im.Hosts)] = len(pt.text)
	for h := sw.FirstNode; h < sw.FirstNode+sw.NumProc; h++ {
		pt.file = append(append(append(pt.file[:0], pt.text[:pt.starts[h]]...), '\n'), pt.text[pt.starts[h+1]:]...)
		if err := os.WriteFile(filepath.Join(dir, strconv.Itoa(h)+ext), pt.file, 0o644); err != nil {
			return err
		}
		pt.files++
	}
	return nil
}

const hexDigits = "0123456789abcdef"
