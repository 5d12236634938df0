package ibnet

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/fabviz/fabviz/model"
)

// FuzzParse: no input makes Parse or Build panic, and whatever builds
// writes a model that model.Parse accepts with the fabric's cables as links.
func FuzzParse(f *testing.F) {
	for _, rel := range []string{
		"real/junousi_ibtopotool/1.topo", "real/junousi_ibtopotool/3.topo",
		"real/treydock_infiniband_exporter/collectors/fixtures/ibnetdiscover/test2.out",
		"ibsim/net2sw4hca/out.ibnetdiscover", "ibsim/net.2sw2path4hca2port",
	} {
		b, err := os.ReadFile(filepath.Join(fixtures, rel))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b, false)
	}
	f.Add([]byte("Switch 2 \"a\"\n[1] \"a\"[2]\n[2] \"a\"[1]\n"), true)
	f.Add([]byte("banner\r\nSwitch2 \"a\"# \"MF0;d:M/L1/U1\"\r\n[1](1/1/1)\"H-1\"[1](B/0/1)(1)# \"h mlx5_0\" lid 65535 4xHDR\r\nprompt #\r\n"), false)
	f.Fuzz(func(t *testing.T, data []byte, lenient bool) {
		fab, err := Parse("fuzz.topo", bytes.NewReader(data), Options{Lenient: lenient})
		if err != nil {
			if fab != nil {
				t.Fatal("fabric and error")
			}
			return
		}
		im, err := Build(fab, BuildOptions{MaxColumns: 3})
		if err != nil {
			return
		}
		var b bytes.Buffer
		if err := im.WriteModel(&b, ModelOptions{Name: "fuzz"}); err != nil {
			t.Fatal(err)
		}
		text := b.String()
		m, err := model.Parse("fuzz.fvm", &b)
		if err != nil {
			t.Fatalf("imported model does not parse: %v\n%s", err, text)
		}
		sw := 0
		for _, c := range fab.Cables() {
			if fab.Nodes[c.A.Node].Kind == Switch && fab.Nodes[c.B.Node].Kind == Switch {
				sw++
			}
		}
		if m.NumLinks() != sw || m.NumNodes != len(im.Hosts) {
			t.Fatalf("%d links for %d cables, %d nodes for %d hosts\n%s", m.NumLinks(), sw, m.NumNodes, len(im.Hosts), text)
		}
	})
}
