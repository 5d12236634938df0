package collect

import (
	"bufio"
	"bytes"
	"fmt"
	"strconv"
	"strings"
)

// PortCounters is one port's block of perfquery output: field name → value.
type PortCounters struct {
	Port   int
	Fields map[string]uint64
}

// ParsePerfquery reads the output of `perfquery [-x] -l ADDR 255`: blocks that
// start with a `# Port [extended] counters: Lid L port P ...` line followed by
// `Name:.....value` lines. Other lines (ibwarn chatter, blank lines) are
// skipped; a field line outside a block or with a value that is not a number
// is an error naming its line.
func ParsePerfquery(out []byte) ([]PortCounters, error) {
	var blocks []PortCounters
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(make([]byte, 0, 4096), 1<<20)
	n := 0
	for sc.Scan() {
		n++
		line := strings.TrimSpace(sc.Text())
		if strings.HasPrefix(line, "# Port") {
			port, err := blockPort(line)
			if err != nil {
				return nil, fmt.Errorf("perfquery output line %d: %v", n, err)
			}
			blocks = append(blocks, PortCounters{Port: port, Fields: map[string]uint64{}})
			continue
		}
		name, val, ok := strings.Cut(line, ":")
		if !ok || strings.ContainsAny(name, " \t") || name == "" || !strings.HasPrefix(val, ".") {
			continue // not a field line: perfquery pads every value with dots
		}
		val = strings.TrimLeft(val, ".")
		if len(blocks) == 0 {
			return nil, fmt.Errorf("perfquery output line %d: field %s before any port header", n, name)
		}
		v, err := parseCounterValue(val)
		if err != nil {
			return nil, fmt.Errorf("perfquery output line %d: %s: %v", n, name, err)
		}
		blocks[len(blocks)-1].Fields[name] = v
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("perfquery output: %v", err)
	}
	return blocks, nil
}

func blockPort(line string) (int, error) {
	i := strings.Index(line, " port ")
	if i < 0 {
		return 0, fmt.Errorf("no port in %q", line)
	}
	f := strings.Fields(line[i+6:])
	if len(f) == 0 {
		return 0, fmt.Errorf("no port in %q", line)
	}
	p, err := strconv.Atoi(f[0])
	if err != nil || p < 0 || p > 255 {
		return 0, fmt.Errorf("bad port %q in %q", f[0], line)
	}
	return p, nil
}

func parseCounterValue(s string) (uint64, error) {
	s = strings.TrimSpace(s)
	if strings.HasPrefix(s, "0x") {
		return strconv.ParseUint(s[2:], 16, 64)
	}
	return strconv.ParseUint(s, 10, 64)
}
