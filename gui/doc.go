// Package gui is the interactive viewer.
package gui

import _ "github.com/inkyblackness/imgui-go/v4"
