package routes

import (
	"fmt"
	"strings"
)

// Kind classifies a route problem.
type Kind uint8

const (
	ErrSyntax      Kind = iota + 1 // a byte that is not two hex digits
	ErrLineTooLong                 // a line over MaxLine bytes
	ErrRead                        // the file could not be read
	ErrMissingFile                 // no route file for the source
	ErrMissingLine                 // the file ends before the destination's line
	ErrExtraLine                   // more lines than nodes
	ErrNoNode                      // a route to a node id the model does not have
	ErrRange                       // exit port out of range
	ErrUnused                      // exit port not in the switch's portdef
	ErrUnconnected                 // exit on a net port without a link
	ErrWrongDest                   // exit on a proc port that is not the destination's
	ErrLeftover                    // bytes left after reaching the destination
	ErrShort                       // bytes ran out before the destination
	ErrLoop                        // more hops than the model has switches; with tables, a switch reached twice
	ErrNoEntry                     // tables: a switch with no entry for the LID (a dead end)
	ErrNoLID                       // tables: the destination has no LID (or not that many)
)

var kindNames = [...]string{
	ErrSyntax: "syntax", ErrLineTooLong: "line too long", ErrRead: "read error",
	ErrMissingFile: "missing file", ErrMissingLine: "missing line", ErrExtraLine: "extra line",
	ErrNoNode: "no such node", ErrRange: "port out of range", ErrUnused: "unused port",
	ErrUnconnected: "unconnected port", ErrWrongDest: "wrong destination",
	ErrLeftover: "bytes left over", ErrShort: "bytes ran out", ErrLoop: "loop",
	ErrNoEntry: "no entry", ErrNoLID: "no LID",
}

func (k Kind) String() string {
	if int(k) < len(kindNames) && kindNames[k] != "" {
		return kindNames[k]
	}
	return fmt.Sprintf("kind(%d)", int(k))
}

// Missing reports whether the kind means "no route given" rather than "a
// wrong route": FORMATS.md §2 makes missing files and lines not fatal, and
// a port without a LID has no routes to it (it is not a wrong one).
func (k Kind) Missing() bool { return k == ErrMissingFile || k == ErrMissingLine || k == ErrNoLID }

// RouteError is one problem with one route (or, for ErrExtraLine and
// ErrRead, with a whole file). It prints as
// "FILE:LINE[:COL]: route SRC->DST: hop H at SWITCH: message"; a route
// through forwarding tables to a LID offset K > 0 (LMC) as
// "route SRC->DST+K", and a problem of no one route (Src and Dst -1) has
// no route part.
type RouteError struct {
	Kind     Kind
	File     string
	Line     int // 1-based line of the route in File; 0 when none
	Col      int // 1-based column for syntax errors; 0 otherwise
	Src, Dst int // node ids; Dst is -1 for a whole-file problem
	Offset   int // LID offset of a route through forwarding tables (LMC > 0); 0 otherwise
	Hop      int // 1-based hop of a tracing problem; 0 otherwise
	Switch   string
	Msg      string
	Err      error
}

func (e *RouteError) Unwrap() error { return e.Err }

func (e *RouteError) Error() string {
	var b strings.Builder
	b.WriteString(e.File)
	if e.Line > 0 {
		fmt.Fprintf(&b, ":%d", e.Line)
		if e.Col > 0 {
			fmt.Fprintf(&b, ":%d", e.Col)
		}
	}
	switch {
	case e.Dst >= 0 && e.Offset > 0:
		fmt.Fprintf(&b, ": route %d->%d+%d", e.Src, e.Dst, e.Offset)
	case e.Dst >= 0:
		fmt.Fprintf(&b, ": route %d->%d", e.Src, e.Dst)
	case e.Src < 0:
	default:
		fmt.Fprintf(&b, ": routes of node %d", e.Src)
	}
	if e.Hop > 0 {
		fmt.Fprintf(&b, ": hop %d at %s", e.Hop, e.Switch)
	}
	b.WriteString(": ")
	b.WriteString(e.Msg)
	return b.String()
}
