package collect

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/fabviz/fabviz/model"
)

// sysfsFiles names the file under ports/N/counters/ that feeds each
// InfiniBand log; the sysfs source writes the same logs, with the same names
// and units, as the perfquery source. The kernel reports the 64-bit extended
// data and packet counters where the HCA has them.
var sysfsFiles = map[string]string{
	"port_xmit_data":                  "port_xmit_data",
	"port_rcv_data":                   "port_rcv_data",
	"port_xmit_pkts":                  "port_xmit_packets",
	"port_rcv_pkts":                   "port_rcv_packets",
	"symbol_error":                    "symbol_error",
	"port_rcv_errors":                 "port_rcv_errors",
	"link_downed":                     "link_downed",
	"link_error_recovery":             "link_error_recovery",
	"port_xmit_discards":              "port_xmit_discards",
	"port_rcv_remote_physical_errors": "port_rcv_remote_physical_errors",
	"port_rcv_switch_relay_errors":    "port_rcv_switch_relay_errors",
	"local_link_integrity_errors":     "local_link_integrity_errors",
	"excessive_buffer_overrun_errors": "excessive_buffer_overrun_errors",
	"vl15_dropped":                    "VL15_dropped",
	"port_xmit_wait":                  "port_xmit_wait",
	"port_unicast_xmit_pkts":          "unicast_xmit_packets",
	"port_unicast_rcv_pkts":           "unicast_rcv_packets",
	"port_multicast_xmit_pkts":        "multicast_xmit_packets",
	"port_multicast_rcv_pkts":         "multicast_rcv_packets",
	"port_xmit_constraint_errors":     "port_xmit_constraint_errors",
	"port_rcv_constraint_errors":      "port_rcv_constraint_errors",
	"qp1_dropped":                     "", // not published by the kernel
}

// SysfsSource reads the counters of the local host's HCA ports from
// ROOT/class/infiniband/DEV/ports/N/counters/. Each HCA port stands for a
// model port (normally the host's processor port).
type SysfsSource struct {
	Root string // the sysfs mount point, normally /sys

	m        *model.Model
	hcas     []string // DEV/N, in log column order
	ports    []model.PortRef
	counters []Counter
	files    []string
	noPMA    map[string]bool // HCA ports already reported as N/A
}

// SysfsPorts lists DEV/N of every HCA port under root.
func SysfsPorts(root string) ([]string, error) {
	devs, err := os.ReadDir(filepath.Join(root, "class", "infiniband"))
	if err != nil {
		return nil, fmt.Errorf("no InfiniBand devices: %v", err)
	}
	var out []string
	for _, d := range devs {
		ports, err := os.ReadDir(filepath.Join(root, "class", "infiniband", d.Name(), "ports"))
		if err != nil {
			continue
		}
		for _, p := range ports {
			if _, err := strconv.Atoi(p.Name()); err == nil {
				out = append(out, d.Name()+"/"+p.Name())
			}
		}
	}
	sort.Strings(out)
	return out, nil
}

// NewSysfsSource maps HCA ports to model ports. mapping holds DEV/N=LABEL
// pairs, LABEL being a port label or a host name; when it is empty and the
// host has exactly one HCA port, that port stands for host's processor port.
// keep, when not nil, selects the switches this collector covers.
func NewSysfsSource(m *model.Model, root string, mapping []string, host string, keep func(sw int) bool) (*SysfsSource, error) {
	s := &SysfsSource{Root: root, m: m}
	for _, c := range ibCounters {
		s.counters = append(s.counters, c.Counter)
		s.files = append(s.files, sysfsFiles[c.Name])
	}
	s.noPMA = map[string]bool{}
	found, err := SysfsPorts(root)
	if err != nil {
		return nil, err
	}
	have := map[string]bool{}
	for _, f := range found {
		have[f] = true
	}
	if len(mapping) == 0 {
		if len(found) != 1 {
			return nil, fmt.Errorf("%s: %d HCA ports (%s): say which model port each is with DEV/PORT=LABEL", root, len(found), strings.Join(found, " "))
		}
		mapping = []string{found[0] + "=" + host}
	}
	seen := map[model.PortRef]string{}
	for _, pair := range mapping {
		hca, label, ok := strings.Cut(pair, "=")
		if !ok || hca == "" || label == "" {
			return nil, fmt.Errorf("sysfs port %q: expected DEV/PORT=LABEL", pair)
		}
		if !have[hca] {
			return nil, fmt.Errorf("sysfs port %s: not under %s (found: %s)", hca, filepath.Join(root, "class", "infiniband"), strings.Join(found, " "))
		}
		p, ok := m.ResolvePort(label)
		if !ok {
			return nil, fmt.Errorf("sysfs port %s: %q is neither a port label nor a host name of %s", hca, label, m.File)
		}
		if old, dup := seen[p]; dup {
			return nil, fmt.Errorf("sysfs ports %s and %s both stand for %s", old, hca, m.Label(p))
		}
		seen[p] = hca
		if keep != nil && !keep(m.SwitchOf(p)) {
			continue
		}
		s.hcas, s.ports = append(s.hcas, hca), append(s.ports, p)
	}
	if len(s.ports) == 0 {
		return nil, fmt.Errorf("no HCA port left to read")
	}
	return s, nil
}

func (s *SysfsSource) Counters() []Counter    { return s.counters }
func (s *SysfsSource) Ports() []model.PortRef { return s.ports }

// Sweep reads each port's counter files. A port is read when at least one
// of its files is; a missing or unreadable file leaves that counter unread.
func (s *SysfsSource) Sweep(ctx context.Context, r *Reading) SweepStats {
	st := SweepStats{Attempted: len(s.ports), First: time.Now()}
	for i, hca := range s.hcas {
		if ctx.Err() != nil {
			st.Warnings = append(st.Warnings, fmt.Errorf("sysfs: sweep deadline passed before %s", hca))
			break
		}
		dev, port, _ := strings.Cut(hca, "/")
		dir := filepath.Join(s.Root, "class", "infiniband", dev, "ports", port, "counters")
		got := 0
		var bad []string
		na := 0
		for c, file := range s.files {
			if file == "" {
				continue
			}
			v, err := readCounterFile(filepath.Join(dir, file))
			switch {
			case err == errNoPMA:
				na++
				continue
			case err != nil:
				if !os.IsNotExist(err) {
					bad = append(bad, err.Error())
				}
				continue
			}
			r.Vals[c][i], r.OK[c][i] = v, true
			got++
		}
		if na > 0 && !s.noPMA[hca] {
			s.noPMA[hca] = true // once: it will not change
			st.Warnings = append(st.Warnings, fmt.Errorf("sysfs %s (%s): %d counters read N/A (no PMA): logged as gaps (said once)", hca, s.m.Label(s.ports[i]), na))
		}
		if got == 0 && na > 0 {
			continue
		}
		if got > 0 {
			st.Read++
		} else {
			bad = append(bad, "no counter files in "+dir)
		}
		if len(bad) > 0 {
			st.Warnings = append(st.Warnings, fmt.Errorf("sysfs %s (%s): %s", hca, s.m.Label(s.ports[i]), strings.Join(bad, "; ")))
		}
	}
	st.Last = time.Now()
	return st
}

// errNoPMA is a counter file that reads `N/A (no PMA)`: the port has no
// performance management agent.
var errNoPMA = errors.New("N/A (no PMA)")

// readCounterFile reads one decimal counter (the kernel writes it with a
// newline). Files are tiny; anything longer than 64 bytes is refused.
func readCounterFile(path string) (uint64, error) {
	f, err := os.Open(path)
	if err != nil {
		return 0, err
	}
	defer f.Close()
	buf := make([]byte, 65)
	n, _ := f.Read(buf)
	if n > 64 {
		return 0, fmt.Errorf("%s: not a counter (too long)", path)
	}
	text := strings.TrimSpace(string(buf[:n]))
	if strings.HasPrefix(text, "N/A") {
		return 0, errNoPMA
	}
	v, err := strconv.ParseUint(text, 10, 64)
	if err != nil {
		return 0, fmt.Errorf("%s: not a counter: %q", path, strings.TrimSpace(string(buf[:n])))
	}
	return v, nil
}
