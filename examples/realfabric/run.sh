#!/bin/sh
# The third case study, on real InfiniBand tooling: the vendored ibsim fat
# tree (testdata/fixtures/ibsim/fattree-2spine-4leaf-16hca) runs in ibsim,
# opensm brings it up, fabnet import ibnet makes the model from the
# fixture's ibnetdiscover and dump_fts output, and fabnet collect sweeps the
# live fabric's counters every 3 s for STEPS (10) steps.
# From the fourth logged step on, ibsim's console makes the cable
# ib-leaf02.35–ib-spine02.3 go bad: its two ends' SymbolErrorCounter climb
# by 250 and 180 a step. Needs ibsim, opensm, infiniband-diags,
# libumad2sim and Go. Writes examples/realfabric/{model,logs,collect.txt}
# (or OUT=DIR: DIR/{model,logs,collect.txt}); then
#   bin/fabviz run examples/realfabric/realfabric.fvcmd
# draws docs/img/realfabric*.png. The logs carry the time of the run, so
# each run differs in its timestamps and in how many packets the sweeps
# themselves cause; the errors are the same.
set -eu
cd "$(dirname "$0")/../.."
root=$(pwd)
out=${OUT:-examples/realfabric}
steps=${STEPS:-10}
fx=$root/testdata/fixtures/ibsim/fattree-2spine-4leaf-16hca
umad=/usr/lib/x86_64-linux-gnu/umad2sim/libumad2sim.so
for t in ibsim opensm perfquery go; do
	command -v $t >/dev/null || { echo "realfabric: $t is missing (scripts/deps.sh test installs it)" >&2; exit 1; }
done
[ -e $umad ] || { echo "realfabric: $umad is missing (libumad2sim0)" >&2; exit 1; }
work=$(mktemp -d)
sim=
cleanup() {
	exec 3>&- 2>/dev/null || true
	[ -n "$sim" ] && kill "$sim" 2>/dev/null || true
	rm -rf "$work"
}
trap cleanup EXIT
CGO_ENABLED=0 go build -o "$work/fabnet" ./cmd/fabnet
rm -rf "$out/model" "$out/logs"
mkdir -p "$out"
"$work/fabnet" import ibnet -topo "$fx/out.ibnetdiscover" -lft "$fx/out.dump_fts" \
	-name "ibsim fat tree, 2 spines, 4 leaves, 16 hosts" -o "$out/model" >/dev/null
# ibsim reads its console from a fifo we keep open on descriptor 3; its own
# socket name keeps it apart from other simulators on the machine
sock=fabviz-realfabric-$$
mkfifo "$work/console"
IBSIM_SOCKNAME=$sock ibsim -s "$fx/fattree.net" <"$work/console" >"$work/ibsim.log" 2>&1 &
sim=$!
exec 3>"$work/console"
sleep 1
# umad2sim leaves sys-PID/ trees in the working directory: run tools in $work
(cd "$work" && LD_PRELOAD=$umad IBSIM_SOCKNAME=$sock opensm -o -f "$work/opensm.log" >/dev/null 2>&1)
abs_out=$(cd "$out" && pwd)
(cd "$work" && LD_PRELOAD=$umad IBSIM_SOCKNAME=$sock "$work/fabnet" collect "$abs_out/model/model.fvm" \
	-o "$abs_out/logs" -interval 3s -concurrency 3 -steps "$steps" -counters symbol_error,port_xmit_pkts \
	>"$work/collect.txt" 2>&1) &
collector=$!
# after each logged step from the third on, the bad cable's counters climb
# once more, so the errors show from the fourth step (step 3) on
log=$abs_out/logs/symbol_error.fvlog
seen=0
while kill -0 $collector 2>/dev/null; do
	sleep 0.2
	n=$(grep -c '^[0-9]' "$log" 2>/dev/null || true)
	while [ "${n:-0}" -gt $seen ]; do
		seen=$((seen + 1))
		if [ $seen -ge 3 ]; then
			k=$((seen - 2))
			echo "PerformanceSet \"leaf02\"[35] PortCounters.SymbolErrorCounter=$((250 * k))" >&3
			echo "PerformanceSet \"spine02\"[3] PortCounters.SymbolErrorCounter=$((180 * k))" >&3
		fi
	done
done
wait $collector
# the summary line, without the per-sweep status lines and their times
grep '^collected' "$work/collect.txt" >"$out/collect.txt"
cat "$out/collect.txt"
