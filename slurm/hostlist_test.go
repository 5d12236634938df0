package slurm

import (
	"os"
	"strings"
	"testing"
)

const slurmDir = "../testdata/fixtures/slurm/"

// TestHostlistOracle checks our expansion against `scontrol show hostnames`
// output recorded from Slurm 22.05.8.
func TestHostlistOracle(t *testing.T) {
	b, err := os.ReadFile(slurmDir + "scontrol_hostlist_oracle_slurm-22.05.8.txt")
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, sec := range strings.Split(string(b), "## ")[1:] {
		head, body, _ := strings.Cut(sec, "\n")
		const cmd = "scontrol show hostnames '"
		if !strings.HasPrefix(head, cmd) {
			continue // compression cases: we only expand
		}
		expr := strings.TrimSuffix(strings.TrimPrefix(head, cmd), "'")
		want := strings.Fields(body)
		got, err := ExpandHostlist(expr)
		if strings.HasPrefix(body, "Invalid hostlist") {
			if err == nil {
				t.Errorf("%s: Slurm refuses it, we gave %v", expr, got)
			}
		} else if err != nil || strings.Join(got, " ") != strings.Join(want, " ") {
			t.Errorf("%s: got %v, %v; want %v", expr, got, err, want)
		}
		checked++
	}
	if checked < 6 {
		t.Errorf("only %d oracle cases", checked)
	}
}

func TestHostlistMore(t *testing.T) {
	for expr, want := range map[string]string{
		"None assigned":  "",
		"node81":         "node81",
		"omni[1,10-12]":  "omni1 omni10 omni11 omni12",
		"a100gpu[1-2],x": "a100gpu1 a100gpu2 x",
		"cn1\tcn2,":      "cn1 cn2",
	} {
		got, err := ExpandHostlist(expr)
		if err != nil || strings.Join(got, " ") != want {
			t.Errorf("%s: %v %v", expr, got, err)
		}
	}
	for _, bad := range []string{"cn[1-", "cn]", "cn[5-2]", "cn[a-b]", "cn[1-99999999]", "x[1-1000]y[1-1000]z[1-10]", "cn[1-2]x", "cn[1 2]"} {
		if got, err := ExpandHostlist(bad); err == nil {
			t.Errorf("%s accepted: %d names", bad, len(got))
		}
	}
}

// TestSacctNodeLists expands every NodeList of a real sacct dump.
func TestSacctNodeLists(t *testing.T) {
	b, err := os.ReadFile(slurmDir + "rug-cit-hpc_hb-jobinfo_sacct.txt")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, line := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		f := strings.Split(line, "☃")
		if len(f) < 5 {
			continue
		}
		hosts, err := ExpandHostlist(f[4])
		if err != nil {
			t.Errorf("%q: %v", f[4], err)
		}
		if f[4] == "None assigned" && len(hosts) != 0 {
			t.Errorf("None assigned gave %v", hosts)
		}
		n++
	}
	if n < 100 {
		t.Errorf("only %d lines", n)
	}
}

func FuzzExpandHostlist(f *testing.F) {
	for _, s := range []string{"cn[001-010,015]", "rack[1-2]-n[01-02]", "a[1-3],b", "gpu[1-2]-ib", "None assigned"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		names, err := ExpandHostlist(s)
		if err == nil && len(names) > MaxHosts {
			t.Fatal(len(names))
		}
	})
}
