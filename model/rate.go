package model

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/fabviz/fabviz/internal/textio"
)

// LinkRate is the width and speed an InfiniBand port's link runs at, as
// ibnetdiscover reports it (`4xHDR`): Width lanes (1, 2, 4, 8 or 12) at
// Speed (SDR, DDR, QDR, FDR10, FDR, EDR, HDR, NDR or XDR).
type LinkRate struct {
	Width int
	Speed string
}

// laneGbps is the data rate of one lane per direction after line encoding,
// in Gbit/s: SDR–QDR use 8b/10b, FDR10–EDR 64b/66b; HDR and later are
// given as their nominal data rates.
var laneGbps = map[string]float64{
	"SDR":   2,                 // 2.5 GBd × 8/10
	"DDR":   4,                 // 5 GBd × 8/10
	"QDR":   8,                 // 10 GBd × 8/10
	"FDR10": 10,                // 10.3125 GBd × 64/66
	"FDR":   14.0625 * 64 / 66, // 13.64
	"EDR":   25,                // 25.78125 GBd × 64/66
	"HDR":   50,                // PAM4
	"NDR":   100,               // PAM4
	"XDR":   200,               // PAM4
}

var widths = map[int]bool{1: true, 2: true, 4: true, 8: true, 12: true}

// Gbps is the link's data rate per direction in Gbit/s, after encoding
// (4x EDR = 100, 4x HDR = 200, 4x QDR = 32, 4x FDR = 54.5); 0 when the
// speed is unknown.
func (r LinkRate) Gbps() float64 { return float64(r.Width) * laneGbps[r.Speed] }

// String is the rate as ibnetdiscover writes it, "4xHDR".
func (r LinkRate) String() string { return fmt.Sprintf("%dx%s", r.Width, r.Speed) }

// ParseRate reads a width and a speed ("4x", "HDR"); the speed may also be
// given joined to the width ("4xHDR", speed ""). Case is ignored.
func ParseRate(width, speed string) (LinkRate, error) {
	if speed == "" {
		i := strings.IndexAny(width, "xX")
		if i < 0 {
			return LinkRate{}, fmt.Errorf("rate %q: expected WIDTHxSPEED such as 4xHDR", width)
		}
		width, speed = width[:i+1], width[i+1:]
	}
	w, err := strconv.Atoi(strings.TrimSuffix(strings.ToLower(width), "x"))
	if err != nil || !strings.HasSuffix(strings.ToLower(width), "x") || !widths[w] {
		return LinkRate{}, fmt.Errorf("link width %q: expected 1x, 2x, 4x, 8x or 12x", width)
	}
	s := strings.ToUpper(speed)
	if _, ok := laneGbps[s]; !ok {
		return LinkRate{}, fmt.Errorf("link speed %q: expected SDR, DDR, QDR, FDR10, FDR, EDR, HDR, NDR or XDR", speed)
	}
	return LinkRate{Width: w, Speed: s}, nil
}

// Rate is the width and speed recorded for a port by a `rate` line.
func (m *Model) Rate(p PortRef) (LinkRate, bool) {
	if p < 0 || int(p) >= len(m.rates) || m.rates[p].Width == 0 {
		return LinkRate{}, false
	}
	return m.rates[p], true
}

type rawRate struct {
	port string
	rate LinkRate
	line int
}

func (p *parser) kwRate(n int, f []textio.Field) {
	if !p.args(n, f, 3, 3, "rate SW.PORT WIDTH SPEED") {
		return
	}
	r, err := ParseRate(f[2].Text, f[3].Text)
	if err != nil {
		p.errorf(n, "rate: %v", err)
		return
	}
	p.rates = append(p.rates, rawRate{port: f[1].Text, rate: r, line: n})
}

// buildRates resolves the rate lines: any listed port may have one.
func (p *parser) buildRates(m *Model) {
	if len(p.rates) == 0 {
		return
	}
	m.rates = make([]LinkRate, m.NumPorts())
	lines := map[PortRef]int{}
	for _, r := range p.rates {
		ref, ok := m.PortByLabel(r.port)
		switch {
		case !ok:
			p.errorf(r.line, "rate: unknown port %q (expected SWITCH.PORT)", r.port)
		case m.Spec(ref).Role == Unused:
			p.errorf(r.line, "rate: %s is not in its switch's portdef %s", r.port, m.Switches[m.SwitchOf(ref)].Def.Label)
		case lines[ref] != 0:
			p.errorf(r.line, "rate: port %s already has a rate (line %d)", r.port, lines[ref])
		default:
			lines[ref] = r.line
			m.rates[ref] = r.rate
		}
	}
}

// UsualRate is the rate most of the model's rated ports run at (the faster
// one on a tie), for telling a link that runs below it; ok is false when no
// port has a rate.
func (m *Model) UsualRate() (r LinkRate, ok bool) {
	count := map[LinkRate]int{}
	for _, x := range m.rates {
		if x.Width != 0 {
			count[x]++
		}
	}
	best := -1
	for x, n := range count {
		if n > best || n == best && (x.Gbps() > r.Gbps() || x.Gbps() == r.Gbps() && x.String() < r.String()) {
			r, best = x, n
		}
	}
	return r, best > 0
}
