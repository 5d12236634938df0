package data

import "syscall"

// mapFlags prefault the whole cache: the checksum reads every page anyway,
// and one populate is cheaper than a fault a page.
const mapFlags = syscall.MAP_SHARED | syscall.MAP_POPULATE
