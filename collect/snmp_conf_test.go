package collect

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestSNMPMapErrors(t *testing.T) {
	m := ethModel(t)
	for _, c := range []struct{ in, want string }{
		{"agent e9 10.0.0.1 pub\nport e1.1 ifindex 1\n", `m.map:1: agent: switch "e9" is not in the model testdata/eth.fvm`},
		{"agent e1 10.0.0.1 pub\nport e1.7 ifindex 1\n", `m.map:2: port: "e1.7" is not a port of the model`},
		{"agent e1 10.0.0.1 pub\nport e1.1 ifindex 0\n", "m.map:2: ifindex 0 out of range"},
		{"agent e1 10.0.0.1 pub\nport e1.1 ifindex x\n", `m.map:2: ifindex: expected an integer, got "x"`},
		{"agent e1 10.0.0.1 pub\nport e1.1 ifdescr x\n", `m.map:2: port e1.1: expected ifindex or ifname, got "ifdescr"`},
		{"agent e1 10.0.0.1 pub\nport e1.1 ifindex 1\nport e1.1 ifname lo\n", "m.map:3: port: e1.1 already mapped on line 2"},
		{"agent e1 10.0.0.1 pub\nagent e1 10.0.0.2 pub\nport e1.1 ifindex 1\n", "m.map:2: agent: switch e1 already has an agent on line 1"},
		{"port e2.1 ifindex 1\nagent e1 10.0.0.1 pub\nport e1.1 ifindex 1\n", "m.map:1: port e2.1: switch e2 has no agent line"},
		{"agent e1 10.0.0.1:99999 pub\nport e1.1 ifindex 1\n", "port must be 1..65535"},
		{"agent e1 10.0.0.1 pub\n", "m.map:1: agent e1: no port lines"},
		{"# nothing\n", "m.map: no agent lines"},
		{"switch e1\n", `m.map:1: unknown keyword "switch"`},
		{"agent e1 \"10.0.0.1 pub\n", "m.map:1:10: "},
	} {
		_, err := ParseSNMPMap("m.map", strings.NewReader(c.in), m)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: %v, want %s", c.in, err, c.want)
		}
	}
	mp, err := ParseSNMPMap("m.map", strings.NewReader("agent e1 [::1]:1161 pub\nport e1.2 ifname Ethernet1/2\nagent e2 sw2.example pub\nport e2.3 ifindex 1003\n"), m)
	if err != nil {
		t.Fatal(err)
	}
	if a := mp.Agents[0]; a.Addr() != "[::1]:1161" || a.Ports[0].IfName != "Ethernet1/2" {
		t.Errorf("agent 0 %+v", a)
	}
	if a := mp.Agents[1]; a.Addr() != "sw2.example:161" || a.Ports[0].IfIndex != 1003 {
		t.Errorf("agent 1 %+v", a)
	}
	if _, err := NewSNMPSource(m, mp, map[string]Secret{}, nil); err == nil || !strings.Contains(err.Error(), `m.map:1: agent e1: secret "pub" is not in the secrets file`) {
		t.Errorf("missing secret: %v", err)
	}
}

func TestSecrets(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "snmp.secrets")
	if err := os.WriteFile(path, []byte(testSecrets), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := LoadSecrets(path); err == nil || !strings.Contains(err.Error(), "accessible to everyone (mode 0644); refusing to use it: run chmod 600") {
		t.Errorf("world-readable: %v", err)
	}
	os.Chmod(path, 0o640)
	sec, err := LoadSecrets(path)
	if err != nil {
		t.Fatal(err)
	}
	if s := sec["v3"]; !s.V3() || s.User != "fabv3" || s.PrivPass != "priv-pass-123" || sec["pub"].Community != "public" {
		t.Errorf("secrets %+v", sec)
	}
	if _, err := LoadSecrets(dir); err == nil || !strings.Contains(err.Error(), "not a regular file") {
		t.Errorf("directory: %v", err)
	}
	for _, c := range []struct{ in, want string }{
		{"community a\n", "s:1: community: expected"},
		{"community a x\ncommunity a y\n", `s:2: secret "a" already defined on line 1`},
		{"usm a u auth SHA1 12345678\n", `unknown auth protocol "SHA1"`},
		{"usm a u auth SHA short\n", "auth passphrase shorter than 8"},
		{"usm a u auth SHA 12345678 priv ROT13 12345678\n", `unknown priv protocol "ROT13"`},
		{"usm a u priv AES 12345678\n", "expected `auth PROTO PASSPHRASE`"},
		{"password a b\n", `unknown keyword "password"`},
	} {
		if _, err := ParseSecrets("s", strings.NewReader(c.in)); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: %v, want %s", c.in, err, c.want)
		}
	}
}

func TestOIDAfter(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want bool
	}{
		{".1.3.6.10", ".1.3.6.9", true},
		{".1.3.6.9", ".1.3.6.10", false},
		{".1.3.6.9.1", ".1.3.6.9", true},
		{".1.3.6.9", ".1.3.6.9", false},
	} {
		if got := oidAfter(c.a, c.b); got != c.want {
			t.Errorf("oidAfter(%s, %s) = %v", c.a, c.b, got)
		}
	}
}
