package collect

import (
	"encoding/binary"
	"fmt"
	"os"
)

// A topology cache of `ibnetdiscover --cache` holds the whole subnet, and
// ibqueryerrors reads every switch in it. A collector that reads one shard
// of a fabric wants only its own switches read: otherwise every shard reads
// the whole fabric each sweep and sharding gains nothing. ibqueryerrors
// can only be limited to one node (-G) or to a node type (--switch), so we
// turn every switch of the cache that the collector does not log into a
// router: with --switch, ibqueryerrors skips it (and does not count it as
// checked). Nothing else in the cache changes; links and LIDs stay as
// discovered.
//
// The cache format (libibnetdisc's ibnetdisc_cache.c, version 1), all
// little-endian: a 28-byte header (magic, version, node count, port count,
// the "from" node GUID, max hops), then the nodes, each 207 bytes — LID
// (2), LMC (1), enhanced port 0 (1), SwitchInfo (64), GUID (8), type (1),
// number of ports (1), NodeInfo (64), NodeDescription (64), ports stored
// (1) — followed by 9 bytes (port GUID, port number) per port stored; then
// the ports.

const (
	ibCacheMagic     = 0x8FE7832B
	ibCacheVersion   = 1
	ibCacheHeaderLen = 28
	ibCacheNodeLen   = 15 + 3*64
	ibCacheNodeGUID  = 68  // offset of the GUID in a node record
	ibCacheNodeType  = 76  // offset of the node type
	ibCacheNodePorts = 206 // offset of the count of ports stored
	ibNodeSwitch     = 2
	ibNodeRouter     = 3
)

// restrictCacheBytes marks every switch of cache b whose GUID keep lacks as
// a router, in place. It returns how many switches the cache held and how
// many it left switches. A cache it does not understand is an error and is
// left unchanged.
func restrictCacheBytes(b []byte, keep map[uint64]bool) (switches, kept int, err error) {
	if len(b) < ibCacheHeaderLen {
		return 0, 0, fmt.Errorf("%d bytes, shorter than its header", len(b))
	}
	le := binary.LittleEndian
	if m := le.Uint32(b); m != ibCacheMagic {
		return 0, 0, fmt.Errorf("magic %#x: not an ibnetdiscover cache", m)
	}
	if v := le.Uint32(b[4:]); v != ibCacheVersion {
		return 0, 0, fmt.Errorf("version %d: only version %d is known", v, ibCacheVersion)
	}
	nodes := int(le.Uint32(b[8:]))
	var change []int // offsets of the type bytes to rewrite
	off := ibCacheHeaderLen
	for i := range nodes {
		if len(b)-off < ibCacheNodeLen {
			return 0, 0, fmt.Errorf("node %d of %d cut short at byte %d", i+1, nodes, off)
		}
		rec := b[off : off+ibCacheNodeLen]
		if rec[ibCacheNodeType] == ibNodeSwitch {
			switches++
			if keep[le.Uint64(rec[ibCacheNodeGUID:])] {
				kept++
			} else {
				change = append(change, off+ibCacheNodeType)
			}
		}
		off += ibCacheNodeLen + 9*int(rec[ibCacheNodePorts])
	}
	if off > len(b) {
		return 0, 0, fmt.Errorf("node %d's ports run past the end (byte %d of %d)", nodes, off, len(b))
	}
	for _, at := range change {
		b[at] = ibNodeRouter
	}
	return switches, kept, nil
}

// restrictCache applies restrictCacheBytes to the cache file at path.
func restrictCache(path string, keep map[uint64]bool) (switches, kept int, err error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return 0, 0, err
	}
	if switches, kept, err = restrictCacheBytes(b, keep); err != nil {
		return 0, 0, fmt.Errorf("topology cache %s: %v", path, err)
	}
	if kept == switches {
		return switches, kept, nil
	}
	return switches, kept, os.WriteFile(path, b, 0o600)
}
