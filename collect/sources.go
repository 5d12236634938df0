package collect

import (
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/fabviz/fabviz/model"
)

// SourceOptions is what `fabnet collect` knows about the counter source.
type SourceOptions struct {
	Kind        string // ib, snmp or sysfs
	Concurrency int
	Timeout     time.Duration
	Keep        func(sw int) bool // the shard's switches; nil = all
	// IBRead: "fabric" reads every switch in two ibqueryerrors processes
	// a sweep (perfquery per switch as the fallback); "switch" runs
	// perfquery for each switch.
	IBRead string
	// NoLinks leaves out the link health logs (ib).
	NoLinks bool

	Map     string // snmp: the mapping file
	Secrets string // snmp: the secrets file

	SysfsRoot  string   // sysfs: the sysfs mount point
	SysfsPorts []string // sysfs: DEV/PORT=LABEL pairs
	Host       string   // sysfs: this host's name in the model; default the short host name
}

// NewSource builds the source the options name.
func NewSource(m *model.Model, o SourceOptions) (Source, error) {
	switch o.Kind {
	case "ib":
		src, err := NewIBSourceFor(m, o.Keep)
		if err != nil {
			return nil, err
		}
		src.Concurrency, src.Timeout = o.Concurrency, o.Timeout
		if !o.NoLinks {
			src.WithLinks()
		}
		switch o.IBRead {
		case "", "fabric":
			src.Fabric = true
		case "switch":
		default:
			return nil, UsageError{fmt.Errorf("-ib-read %q: expected fabric or switch", o.IBRead)}
		}
		return src, nil
	case "snmp":
		if o.Map == "" || o.Secrets == "" {
			return nil, fmt.Errorf("-source snmp needs -map FILE and -secrets FILE")
		}
		mp, err := LoadSNMPMap(o.Map, m)
		if err != nil {
			return nil, err
		}
		sec, err := LoadSecrets(o.Secrets)
		if err != nil {
			return nil, err
		}
		src, err := NewSNMPSource(m, mp, sec, o.Keep)
		if err != nil {
			return nil, err
		}
		src.Concurrency, src.Timeout = o.Concurrency, o.Timeout
		return src, nil
	case "sysfs":
		host := o.Host
		if host == "" {
			h, err := os.Hostname()
			if err != nil {
				return nil, err
			}
			host, _, _ = strings.Cut(h, ".")
		}
		root := o.SysfsRoot
		if root == "" {
			root = "/sys"
		}
		return NewSysfsSource(m, root, o.SysfsPorts, host, o.Keep)
	}
	return nil, fmt.Errorf("unknown -source %q (expected ib, snmp or sysfs)", o.Kind)
}
