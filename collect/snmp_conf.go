package collect

import (
	"fmt"
	"io"
	"net"
	"os"
	"strconv"
	"strings"

	"github.com/gosnmp/gosnmp"

	"github.com/fabviz/fabviz/internal/textio"
	"github.com/fabviz/fabviz/model"
)

// Secret is one named set of SNMP credentials from a secrets file: a v2c
// community, or a v3 user with optional authentication and privacy.
type Secret struct {
	Name      string
	Community string // v2c; empty for a v3 user
	User      string // v3
	AuthProto gosnmp.SnmpV3AuthProtocol
	AuthPass  string
	PrivProto gosnmp.SnmpV3PrivProtocol
	PrivPass  string
	Line      int
}

// V3 reports whether the secret is a v3 user.
func (s Secret) V3() bool { return s.User != "" }

var authProtos = map[string]gosnmp.SnmpV3AuthProtocol{
	"MD5": gosnmp.MD5, "SHA": gosnmp.SHA, "SHA224": gosnmp.SHA224,
	"SHA256": gosnmp.SHA256, "SHA384": gosnmp.SHA384, "SHA512": gosnmp.SHA512,
}

var privProtos = map[string]gosnmp.SnmpV3PrivProtocol{
	"DES": gosnmp.DES, "AES": gosnmp.AES, "AES192": gosnmp.AES192,
	"AES256": gosnmp.AES256, "AES192C": gosnmp.AES192C, "AES256C": gosnmp.AES256C,
}

// LoadSecrets reads a secrets file after checking that it is a regular file
// nobody but its owner and group can read: a file others can read (or write)
// is refused with a message saying how to fix it.
func LoadSecrets(path string) (map[string]Secret, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if !st.Mode().IsRegular() {
		return nil, fmt.Errorf("%s: secrets file is not a regular file", path)
	}
	if perm := st.Mode().Perm(); perm&0o007 != 0 {
		return nil, fmt.Errorf("%s: secrets file is accessible to everyone (mode %04o); refusing to use it: run chmod 600 %s", path, perm, path)
	}
	return ParseSecrets(path, f)
}

// ParseSecrets reads secrets lines:
//
//	community NAME STRING
//	usm NAME USER [auth PROTO PASSPHRASE [priv PROTO PASSPHRASE]]
func ParseSecrets(file string, r io.Reader) (map[string]Secret, error) {
	out := map[string]Secret{}
	err := readConf(file, r, func(line int, f []textio.Field) error {
		t := texts(f)
		var s Secret
		switch t[0] {
		case "community":
			if len(t) != 3 {
				return fmt.Errorf("community: expected `community NAME STRING`, got %d fields", len(t))
			}
			if t[2] == "" {
				return fmt.Errorf("community %s: empty community string", t[1])
			}
			s = Secret{Name: t[1], Community: t[2]}
		case "usm":
			if len(t) < 3 {
				return fmt.Errorf("usm: expected `usm NAME USER [auth PROTO PASS [priv PROTO PASS]]`")
			}
			if t[2] == "" {
				return fmt.Errorf("usm %s: empty user name", t[1])
			}
			s = Secret{Name: t[1], User: t[2], AuthProto: gosnmp.NoAuth, PrivProto: gosnmp.NoPriv}
			var err error
			if err = parseUSM(&s, t[3:]); err != nil {
				return err
			}
		default:
			return fmt.Errorf("unknown keyword %q (expected community or usm)", t[0])
		}
		if old, dup := out[s.Name]; dup {
			return fmt.Errorf("secret %q already defined on line %d", s.Name, old.Line)
		}
		s.Line = line
		out[s.Name] = s
		return nil
	})
	return out, err
}

// SNMPMap says where each switch's agent is and which interface each model
// port is.
type SNMPMap struct {
	File   string
	Agents []*SNMPAgent
}

// SNMPAgent is one switch's agent and its mapped ports.
type SNMPAgent struct {
	Switch int    // model switch index
	Host   string // address without port
	Port   uint16
	Secret string
	Line   int
	Ports  []SNMPPort
}

// Addr is host:port.
func (a *SNMPAgent) Addr() string { return net.JoinHostPort(a.Host, strconv.Itoa(int(a.Port))) }

// SNMPPort ties a model port to an interface, by ifIndex or by ifName.
type SNMPPort struct {
	Port    model.PortRef
	IfIndex int    // 0 when given by name
	IfName  string // resolved on the agent
	Line    int
}

// LoadSNMPMap reads a mapping file.
func LoadSNMPMap(path string, m *model.Model) (*SNMPMap, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return ParseSNMPMap(path, f, m)
}

// ParseSNMPMap reads mapping lines:
//
//	agent SWITCH HOST[:PORT] SECRET
//	port SWITCH.PORT ifindex N
//	port SWITCH.PORT ifname NAME
//
// Every switch and port must be in the model; a port line needs its switch's
// agent line (before or after it).
func ParseSNMPMap(file string, r io.Reader, m *model.Model) (*SNMPMap, error) {
	mp := &SNMPMap{File: file}
	bySwitch := map[int]*SNMPAgent{}
	portLine := map[model.PortRef]int{}
	var ports []SNMPPort
	err := readConf(file, r, func(line int, f []textio.Field) error {
		t := texts(f)
		switch t[0] {
		case "agent":
			if len(t) != 4 {
				return fmt.Errorf("agent: expected `agent SWITCH HOST[:PORT] SECRET`")
			}
			sw, ok := m.SwitchByLabel(t[1])
			if !ok {
				return fmt.Errorf("agent: switch %q is not in the model %s", t[1], m.File)
			}
			if old := bySwitch[sw]; old != nil {
				return fmt.Errorf("agent: switch %s already has an agent on line %d", t[1], old.Line)
			}
			host, port, err := splitAgentAddr(t[2])
			if err != nil {
				return fmt.Errorf("agent %s: %v", t[1], err)
			}
			a := &SNMPAgent{Switch: sw, Host: host, Port: port, Secret: t[3], Line: line}
			bySwitch[sw] = a
			mp.Agents = append(mp.Agents, a)
		case "port":
			if len(t) != 4 {
				return fmt.Errorf("port: expected `port SWITCH.PORT ifindex N` or `port SWITCH.PORT ifname NAME`")
			}
			p, ok := m.PortByLabel(t[1])
			if !ok {
				return fmt.Errorf("port: %q is not a port of the model %s", t[1], m.File)
			}
			if m.Spec(p).Role == model.Unused {
				return fmt.Errorf("port: %s is not in use in its switch's portdef", t[1])
			}
			if old, dup := portLine[p]; dup {
				return fmt.Errorf("port: %s already mapped on line %d", t[1], old)
			}
			sp := SNMPPort{Port: p, Line: line}
			switch t[2] {
			case "ifindex":
				n, err := textio.Int(t[3], "ifindex", 1, 2147483647)
				if err != nil {
					return err
				}
				sp.IfIndex = int(n)
			case "ifname":
				sp.IfName = t[3]
			default:
				return fmt.Errorf("port %s: expected ifindex or ifname, got %q", t[1], t[2])
			}
			portLine[p] = line
			ports = append(ports, sp)
		default:
			return fmt.Errorf("unknown keyword %q (expected agent or port)", t[0])
		}
		return nil
	})
	var errs textio.ErrorList
	if el, ok := err.(textio.ErrorList); ok {
		errs = el
	} else if err != nil {
		return nil, err
	}
	for _, sp := range ports {
		a := bySwitch[m.SwitchOf(sp.Port)]
		if a == nil {
			errs = append(errs, textio.Errorf(file, sp.Line, "port %s: switch %s has no agent line", m.Label(sp.Port), m.Switches[m.SwitchOf(sp.Port)].Label))
			continue
		}
		a.Ports = append(a.Ports, sp)
	}
	for _, a := range mp.Agents {
		if len(a.Ports) == 0 {
			errs = append(errs, textio.Errorf(file, a.Line, "agent %s: no port lines map its ports", m.Switches[a.Switch].Label))
		}
	}
	if len(mp.Agents) == 0 && len(errs) == 0 {
		errs = append(errs, textio.Errorf(file, 0, "no agent lines"))
	}
	return mp, errs.Err()
}

func splitAgentAddr(s string) (string, uint16, error) {
	s = strings.TrimPrefix(s, "udp:")
	host, port, err := net.SplitHostPort(s)
	if err != nil {
		if strings.Count(s, ":") > 1 && !strings.HasPrefix(s, "[") {
			return s, 161, nil // a bare IPv6 address
		}
		if strings.Contains(err.Error(), "missing port") {
			return s, 161, nil
		}
		return "", 0, fmt.Errorf("address %q: %v", s, err)
	}
	n, err := strconv.ParseUint(port, 10, 16)
	if err != nil || n == 0 {
		return "", 0, fmt.Errorf("address %q: port must be 1..65535", s)
	}
	if host == "" {
		return "", 0, fmt.Errorf("address %q: no host", s)
	}
	return host, uint16(n), nil
}

// parseUSM reads `[auth PROTO PASS [priv PROTO PASS]]` of a usm line.
func parseUSM(s *Secret, rest []string) error {
	for _, step := range []struct {
		word  string
		after string
		set   func(proto, pass string) bool
		known string
	}{
		{"auth", "the user", func(p, pass string) bool {
			a, ok := authProtos[strings.ToUpper(p)]
			s.AuthProto, s.AuthPass = a, pass
			return ok
		}, "MD5, SHA, SHA224, SHA256, SHA384 or SHA512"},
		{"priv", "auth", func(p, pass string) bool {
			a, ok := privProtos[strings.ToUpper(p)]
			s.PrivProto, s.PrivPass = a, pass
			return ok
		}, "DES, AES, AES192, AES256, AES192C or AES256C"},
	} {
		if len(rest) == 0 {
			return nil
		}
		if len(rest) < 3 || rest[0] != step.word {
			return fmt.Errorf("usm %s: expected `%s PROTO PASSPHRASE` after %s", s.Name, step.word, step.after)
		}
		if !step.set(rest[1], rest[2]) {
			return fmt.Errorf("usm %s: unknown %s protocol %q (expected %s)", s.Name, step.word, rest[1], step.known)
		}
		if len(rest[2]) < 8 {
			return fmt.Errorf("usm %s: %s passphrase shorter than 8 characters", s.Name, step.word)
		}
		rest = rest[3:]
	}
	if len(rest) > 0 {
		return fmt.Errorf("usm %s: unexpected %q after priv", s.Name, rest[0])
	}
	return nil
}
