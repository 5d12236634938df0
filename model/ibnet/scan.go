package ibnet

import (
	"strconv"
	"strings"

	"github.com/fabviz/fabviz/model"
)

// scanner walks one line of ibnetdiscover output.
type scanner struct {
	s string
	i int
}

func (c *scanner) blanks() {
	for c.i < len(c.s) && (c.s[c.i] == ' ' || c.s[c.i] == '\t') {
		c.i++
	}
}

func (c *scanner) done() bool { c.blanks(); return c.i >= len(c.s) }

func (c *scanner) peek() byte {
	if c.i < len(c.s) {
		return c.s[c.i]
	}
	return 0
}

// delimited reads open TEXT close and returns TEXT.
func (c *scanner) delimited(open, close byte) (string, bool) {
	if c.peek() != open {
		return "", false
	}
	j := strings.IndexByte(c.s[c.i+1:], close)
	if j < 0 {
		return "", false
	}
	t := c.s[c.i+1 : c.i+1+j]
	c.i += j + 2
	return t, true
}

// port reads "[N]".
func (c *scanner) port() (int, bool) {
	t, ok := c.delimited('[', ']')
	if !ok {
		return 0, false
	}
	n, err := strconv.Atoi(strings.TrimSpace(t))
	if err != nil || n < 0 || n > MaxPort {
		return 0, false
	}
	return n, true
}

// guid reads an optional "(hex)"; present is false when there is none.
// ibdiagnet's port labels before it ("(1/1/1)", "(B9D0F0/0/0/1)") are
// skipped.
func (c *scanner) guid() (g uint64, present, ok bool) {
	for c.peek() == '(' {
		t, ok := c.delimited('(', ')')
		if !ok {
			return 0, true, false
		}
		if strings.Contains(t, "/") {
			continue // a port label
		}
		g, err := parseHex(t)
		return g, true, err == nil
	}
	return 0, false, true
}

// quoted reads a double-quoted string (no escapes in ibnetdiscover output).
func (c *scanner) quoted() (string, bool) { return c.delimited('"', '"') }

// word reads up to the next blank.
func (c *scanner) word() string {
	c.blanks()
	j := c.i
	for c.i < len(c.s) && c.s[c.i] != ' ' && c.s[c.i] != '\t' {
		c.i++
	}
	return c.s[j:c.i]
}

func parseHex(s string) (uint64, error) {
	s = strings.TrimPrefix(strings.TrimPrefix(strings.TrimSpace(s), "0x"), "0X")
	return strconv.ParseUint(s, 16, 64)
}

// comment is what ibnetdiscover writes after '#': quoted descriptions and
// "lid N" pairs. own is the LID before the first description (a CA port's
// own LID), desc the first description, peer the LID after it.
type comment struct {
	desc      string
	hasDesc   bool
	own, peer int
	ownLMC    int            // `lmc M` after the port's own LID (0..7)
	rate      model.LinkRate // the last WIDTHxSPEED word ("4xHDR")
}

func parseComment(s string) comment {
	var cm comment
	c := scanner{s: s}
	for !c.done() {
		if c.peek() == '"' {
			d, ok := c.quoted()
			if !ok {
				break
			}
			if !cm.hasDesc {
				cm.desc, cm.hasDesc = strings.TrimSpace(d), true
			}
			continue
		}
		w := c.word()
		if r, err := model.ParseRate(w, ""); err == nil {
			cm.rate = r
			continue
		}
		if w == "lmc" && !cm.hasDesc {
			if n, err := strconv.Atoi(c.word()); err == nil && n >= 0 && n <= 7 {
				cm.ownLMC = n
			}
			continue
		}
		if w == "lid" {
			n, err := strconv.Atoi(c.word())
			if err != nil || n < 0 || n > 0xffff {
				continue
			}
			n = unicast(n)
			if cm.hasDesc {
				if cm.peer == 0 {
					cm.peer = n
				}
			} else if cm.own == 0 {
				cm.own = n
			}
		}
	}
	return cm
}

// MaxUnicastLID is the highest LID a port can be given; 65535 (the
// permissive LID) and 0 are what a port shows before a subnet manager
// assigns it one.
const MaxUnicastLID = 0xbfff

// unicast is a LID as an address: 0 (none) when it is not a unicast LID.
func unicast(lid int) int {
	if lid < 1 || lid > MaxUnicastLID {
		return 0
	}
	return lid
}
