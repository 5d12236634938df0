//go:build unix && !linux

package data

import "syscall"

const mapFlags = syscall.MAP_SHARED
