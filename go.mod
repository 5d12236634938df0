module github.com/fabviz/fabviz

go 1.26
