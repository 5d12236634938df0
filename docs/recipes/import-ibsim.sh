#!/usr/bin/env bash
# Import a simulated fabric as you would a real one (docs/import.md):
# capture the topology and forwarding tables, import, check, draw.
# Run from the repository after `make build`; writes into ./ibsim-fattree.
set -euo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd)
bin=${BIN:-$repo/bin}                 # fabnet and fabviz, where make build puts them
out=$PWD/ibsim-fattree
. "$repo/docs/recipes/ibsim.sh"

ibsim_start "$repo/testdata/fixtures/ibsim/fattree-2spine-4leaf-16hca/fattree.net"
cd "$(mktemp -d)"                      # scratch: the tools leave sys-PID/ here
ib opensm -o -f opensm.log >/dev/null  # the subnet manager assigns LIDs and routes once
ib ibnetdiscover >fabric.topo          # step 1: the topology
ib dump_fts >fabric.lft                # step 2: the forwarding tables
"$bin/fabnet" import ibnet -topo fabric.topo -lft fabric.lft -o "$out" -name "ibsim fat tree"
"$bin/fabnet" check "$out/model.fvm"
"$bin/fabnet" route "$out/model.fvm" cn001 cn016
"$bin/fabviz" snapshot "$out/model.fvm" -route cn001:cn016 -o "$out/fabric.png"
echo "wrote $out/fabric.png"
