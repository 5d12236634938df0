module github.com/fabviz/fabviz

go 1.26

require github.com/go-gl/gl v0.0.0-20231021071112-07e5d0ea2e71

require golang.org/x/image v0.23.0

require github.com/go-gl/glfw/v3.3/glfw v0.0.0-20260823155953-d41da22a9587

require github.com/inkyblackness/imgui-go/v4 v4.7.0

require github.com/gosnmp/gosnmp v1.47.0
