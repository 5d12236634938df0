module github.com/fabviz/fabviz

go 1.26

require github.com/gosnmp/gosnmp v1.47.0
