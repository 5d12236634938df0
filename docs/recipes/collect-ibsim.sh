#!/usr/bin/env bash
# Collect counters from a simulated fabric (docs/collect.md): five two-second
# steps, with 20 symbol errors set on leaf02 port 2 through ibsim's console
# while the collector runs. Run from the repository after `make build`;
# writes the logs into ./ibsim-logs.
set -euo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd)
bin=${BIN:-$repo/bin}                 # fabnet and fabviz, where make build puts them
out=$PWD/ibsim-logs
. "$repo/docs/recipes/ibsim.sh"

ibsim_start "$repo/testdata/fixtures/ibsim/fattree-2spine-4leaf-16hca/fattree.net"
cd "$(mktemp -d)"
ib opensm -o -f opensm.log >/dev/null
ib "$bin/fabnet" collect "$repo/collect/testdata/fattree.fvm" \
	-o "$out" -interval 2s -steps 5 &
collector=$!
sleep 5
ibsim_do 'PerformanceSet "leaf02"[2] PortCounters.SymbolErrorCounter=20'
wait $collector
"$bin/fabnet" export "$out/symbol_error.fvlog" -o "$out/symbol_errors.dat"
grep '^leaf02\.2 ' "$out/symbol_errors.dat"
