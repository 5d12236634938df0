package collect

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// linkCounters are the link health logs of the InfiniBand source: what each
// switch port's link is doing at the sweep, read for the whole fabric in one
// `iblinkinfo --switches-only` process (a live discovery, not a cache: the
// state must be today's). A port whose link is down has state 1 and no
// width or speed (gaps).
var linkCounters = []Counter{
	{Name: "link_state", Unit: "state (1 down, 2 init, 3 armed, 4 active)", Gauge: true},
	{Name: "link_width", Unit: "lanes", Gauge: true},
	{Name: "link_speed", Unit: "Mb/s per lane", Gauge: true},
}

// PortLink is one switch port's line of iblinkinfo.
type PortLink struct {
	State int // 1 down, 2 init, 3 armed, 4 active; 0 unknown
	Width int // lanes; 0 when down
	Speed int // Mb/s per lane; 0 when down
}

var linkStates = map[string]int{"Down": 1, "Init": 2, "Initialize": 2, "Armed": 3, "Active": 4}

// ParseLinkInfo reads `iblinkinfo --switches-only` output: a `Switch: 0xGUID
// NAME:` line, then one line a port, `LID PORT[..] ==( 4X 2.5 Gbps
// Active/ LinkUp)==> …` or `==( Down/ Polling)==>`. It returns each
// switch's ports by GUID.
func ParseLinkInfo(out []byte) (map[uint64]map[int]PortLink, error) {
	res := map[uint64]map[int]PortLink{}
	var cur map[int]PortLink
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(make([]byte, 0, 4096), 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if rest, ok := strings.CutPrefix(line, "Switch:"); ok {
			f := strings.Fields(rest)
			if len(f) == 0 {
				return nil, fmt.Errorf("iblinkinfo line %d: %q", n, line)
			}
			g, err := strconv.ParseUint(strings.TrimPrefix(f[0], "0x"), 16, 64)
			if err != nil {
				return nil, fmt.Errorf("iblinkinfo line %d: GUID %q", n, f[0])
			}
			cur = map[int]PortLink{}
			res[g] = cur
			continue
		}
		open, close := strings.Index(line, "==("), strings.Index(line, ")==>")
		if cur == nil || open < 0 || close < open {
			continue
		}
		head := strings.Fields(line[:open])
		if len(head) < 2 {
			return nil, fmt.Errorf("iblinkinfo line %d: %q", n, line)
		}
		port, err := strconv.Atoi(strings.SplitN(head[1], "[", 2)[0])
		if err != nil || port < 0 || port > 255 {
			return nil, fmt.Errorf("iblinkinfo line %d: port %q", n, head[1])
		}
		cur[port] = parseLinkField(line[open+3 : close])
	}
	return res, sc.Err()
}

// parseLinkField reads ` 4X 2.5 Gbps Active/ LinkUp` or ` Down/ Polling`.
func parseLinkField(s string) PortLink {
	var pl PortLink
	logical, _, _ := strings.Cut(s, "/")
	f := strings.Fields(logical)
	if len(f) == 0 {
		return pl
	}
	pl.State = linkStates[f[len(f)-1]]
	if len(f) >= 4 && strings.HasSuffix(f[0], "X") && f[2] == "Gbps" {
		w, err1 := strconv.Atoi(strings.TrimSuffix(f[0], "X"))
		g, err2 := strconv.ParseFloat(f[1], 64)
		if err1 == nil && err2 == nil {
			pl.Width, pl.Speed = w, int(g*1000+0.5)
		}
	}
	return pl
}

// readLinks reads every switch's links in one iblinkinfo process and fills
// the link counters of r (their indexes start at base). It returns an error
// when the read failed; then the link logs have gaps.
func (s *IBSource) readLinks(ctx context.Context, r *Reading, base int) error {
	timeout := s.Timeout
	if timeout <= 0 {
		timeout = 2 * time.Second
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	out, errb, err := runBounded(ctx, []string{s.tool("iblinkinfo"), "--switches-only"}, s.Dir, s.Env)
	if err != nil {
		if ctx.Err() != nil {
			return fmt.Errorf("iblinkinfo: timed out")
		}
		return fmt.Errorf("iblinkinfo: %v: %s", err, lastLine(string(errb)))
	}
	links, err := ParseLinkInfo(out)
	if err != nil {
		return err
	}
	for _, sw := range s.switches {
		g, ok := switchGUID(s.m.Switches[sw.index].HW)
		ports := links[g]
		if !ok || ports == nil {
			continue
		}
		for port, col := range sw.col {
			pl, have := ports[port]
			if col < 0 || !have || pl.State == 0 {
				continue
			}
			r.Vals[base][col], r.OK[base][col] = uint64(pl.State), true
			if pl.Width > 0 {
				r.Vals[base+1][col], r.OK[base+1][col] = uint64(pl.Width), true
				r.Vals[base+2][col], r.OK[base+2][col] = uint64(pl.Speed), true
			}
		}
	}
	return nil
}

// switchGUID reads a model switch's hw field.
func switchGUID(hw string) (uint64, bool) {
	if hw == "" {
		return 0, false
	}
	g, err := strconv.ParseUint(strings.TrimPrefix(strings.ToLower(hw), "0x"), 16, 64)
	return g, err == nil
}
