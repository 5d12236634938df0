package model

import (
	"fmt"
	"strconv"
	"strings"
)

// hostFormat is a parsed hostname-format pattern: literal text around one
// integer verb such as %d or %03d.
type hostFormat struct {
	pattern        string // the pattern as given; "" = none
	prefix, suffix string // literal text (with %% already folded)
}

func parseHostFormat(p string) (hostFormat, error) {
	var lit strings.Builder
	var prefix string
	verbs := 0
	for i := 0; i < len(p); i++ {
		if p[i] != '%' {
			lit.WriteByte(p[i])
			continue
		}
		if i+1 < len(p) && p[i+1] == '%' {
			lit.WriteByte('%')
			i++
			continue
		}
		j := i + 1
		for j < len(p) && strings.IndexByte("-+ 0", p[j]) >= 0 {
			j++
		}
		w := j
		for j < len(p) && p[j] >= '0' && p[j] <= '9' {
			j++
		}
		if j-w > 2 {
			return hostFormat{}, fmt.Errorf("hostname-format %q: width too large", p)
		}
		if j >= len(p) || p[j] != 'd' {
			return hostFormat{}, fmt.Errorf("hostname-format %q: only integer verbs like %%d or %%03d are allowed", p)
		}
		verbs++
		prefix = lit.String()
		lit.Reset()
		i = j
	}
	if verbs != 1 {
		return hostFormat{}, fmt.Errorf("hostname-format %q: needs exactly one %%d verb, has %d", p, verbs)
	}
	f := hostFormat{pattern: p, prefix: prefix, suffix: lit.String()}
	if strings.ContainsAny(f.prefix+f.suffix, " \t.") {
		return hostFormat{}, fmt.Errorf("hostname-format %q: host names may not contain blanks or '.'", p)
	}
	return f, nil
}

func (f hostFormat) format(node int) string {
	if f.pattern == "" {
		return ""
	}
	return fmt.Sprintf(f.pattern, node)
}

// parse returns the node id a name stands for under the pattern.
func (f hostFormat) parse(name string) (int, bool) {
	if f.pattern == "" || !strings.HasPrefix(name, f.prefix) || !strings.HasSuffix(name, f.suffix) ||
		len(name) < len(f.prefix)+len(f.suffix)+1 {
		return 0, false
	}
	mid := strings.TrimSpace(name[len(f.prefix) : len(name)-len(f.suffix)])
	n, err := strconv.Atoi(mid)
	if err != nil || f.format(n) != name {
		return 0, false
	}
	return n, true
}
