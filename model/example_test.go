package model_test

import (
	"fmt"
	"strings"

	"github.com/fabviz/fabviz/model"
)

func ExampleParse() {
	src := `columns 2
portdef A
  0 proc top  0
  1 net  east 0
  2 net  west 0
end
switch left  0 0 0 node 0
switch right 0 0 1 node 1
hostname 1 cn1
`
	m, err := model.Parse("two.fvm", strings.NewReader(src))
	if err != nil {
		fmt.Println(err)
		return
	}
	p, _ := m.PortByLabel("left.1")
	fmt.Println(m.Label(m.Peer(p)), m.Label(m.NodePort(1)), m.HostName(1))
	// Output: right.2 right.0 cn1
}
