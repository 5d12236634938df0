package slurm

import (
	"fmt"
	"strconv"
	"strings"
)

// MaxHosts bounds how many names one hostlist expression may expand to.
const MaxHosts = 1 << 20

// ExpandHostlist expands a Slurm hostlist expression such as
// `cn[001-010,015]`, `rack[1-2]-n[01-02]` or `a[1-3],b` into host names, in
// the order Slurm gives them: items left to right, and within an item the
// leftmost bracket varying slowest. As in Slurm, items are separated by commas
// or blanks and empty items are skipped (`cn1 cn2`, `n[1-2],`, `a,,b`). A range keeps the width of its
// lower bound (`x[098-101]` → x098 … x101). As in Slurm, text after an item's
// last bracket is an error (`gpu[1-2]-ib`).
func ExpandHostlist(expr string) ([]string, error) {
	expr = strings.TrimSpace(expr)
	if expr == "" || expr == "None assigned" || expr == "(null)" {
		return nil, nil
	}
	var out []string
	for _, item := range splitTop(expr) {
		if item == "" {
			continue
		}
		names, err := expandItem(item)
		if err != nil {
			return nil, fmt.Errorf("invalid hostlist %q: %v", expr, err)
		}
		if len(out)+len(names) > MaxHosts {
			return nil, fmt.Errorf("invalid hostlist %q: more than %d hosts", expr, MaxHosts)
		}
		out = append(out, names...)
	}
	return out, nil
}

// splitTop splits at commas and blanks outside brackets.
func splitTop(s string) []string {
	var items []string
	depth, start := 0, 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '[':
			depth++
		case ']':
			depth--
		case ',', ' ', '\t', '\n':
			if depth == 0 {
				items = append(items, s[start:i])
				start = i + 1
			}
		}
	}
	return append(items, s[start:])
}

func expandItem(item string) ([]string, error) {
	if item == "" {
		return nil, fmt.Errorf("empty name")
	}
	names := []string{""}
	rest := item
	for {
		open := strings.IndexByte(rest, '[')
		if open < 0 {
			if strings.IndexByte(rest, ']') >= 0 {
				return nil, fmt.Errorf("unbalanced ]")
			}
			if rest != "" && rest != item {
				return nil, fmt.Errorf("text %q after the last range", rest)
			}
			for i := range names {
				names[i] += rest
			}
			return names, nil
		}
		end := strings.IndexByte(rest[open:], ']')
		if end < 0 {
			return nil, fmt.Errorf("unbalanced [")
		}
		prefix, body := rest[:open], rest[open+1:open+end]
		values, err := expandRanges(body)
		if err != nil {
			return nil, err
		}
		if len(names)*len(values) > MaxHosts {
			return nil, fmt.Errorf("more than %d hosts", MaxHosts)
		}
		next := make([]string, 0, len(names)*len(values))
		for _, n := range names {
			for _, v := range values {
				next = append(next, n+prefix+v)
			}
		}
		names, rest = next, rest[open+end+1:]
	}
}

func expandRanges(body string) ([]string, error) {
	var out []string
	for _, r := range strings.Split(body, ",") {
		lo, hi, isRange := strings.Cut(r, "-")
		if !isRange {
			hi = lo
		}
		a, err1 := strconv.ParseUint(lo, 10, 32)
		b, err2 := strconv.ParseUint(hi, 10, 32)
		if err1 != nil || err2 != nil || b < a {
			return nil, fmt.Errorf("bad range %q", r)
		}
		if b-a >= MaxHosts || len(out)+int(b-a) >= MaxHosts {
			return nil, fmt.Errorf("more than %d hosts", MaxHosts)
		}
		for v := a; v <= b; v++ {
			out = append(out, fmt.Sprintf("%0*d", len(lo), v))
		}
	}
	return out, nil
}
