#!/usr/bin/env bash
# The data-loading benchmark (docs/benchmarks.md, "Data"). Generates a
# 16,384-node fat tree (512 leaves + 256 spines of 64 ports = 49,152 ports)
# and a 1,440-step parameter file (about 490 MB) in a temporary directory,
# then measures in one run, on the same file, interleaving the tools:
#   wc -l, our load (fabviz data package), a plain Python 3 loader,
# peak resident memory per value, and recolouring time per port.
#   bench/dataload.sh [LEAVES STEPS]      (default 512 1440)
# Set KEEP=DIR to generate into (and reuse) DIR instead of a temp dir.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH=$PATH:/usr/local/go/bin
leaves=${1:-512}
steps=${2:-1440}
runs=${RUNS:-3}
dir=${KEEP:-$(mktemp -d)}
[ -n "${KEEP:-}" ] || trap 'rm -rf "$dir"' EXIT
go build -o "$dir/dataload" ./bench/dataload
if [ ! -s "$dir/ft.dat" ]; then
	"$dir/dataload" gen "$dir" "$leaves" "$steps"
fi
ls -l "$dir/ft.dat" | awk '{printf "file: %.0f MB\n", $5/1e6}'
cat "$dir/ft.dat" >/dev/null # into the page cache

# measure CMD...: prints "wall cpu" seconds (cpu = user + system) of CMD.
measure() {
	local TIMEFORMAT='%R %U %S' t
	t=$( { time "$@" >/dev/null; } 2>&1 )
	awk -v t="$t" 'BEGIN { split(t, a, " "); printf "%.3f %.3f\n", a[1], a[2] + a[3] }'
}
calc() { awk "BEGIN { printf \"%.3f\", $1 }"; }
best() { awk -v a="$1" -v b="$2" 'BEGIN { print (a + 0 < b + 0) ? a : b }'; }
bw=999 bwc=999 bo=999 boc=999
for i in $(seq "$runs"); do
	read -r w wc_cpu < <(measure wc -l "$dir/ft.dat")
	read -r o o_cpu < <(measure "$dir/dataload" load "$dir")
	echo "run $i: wc -l ${w}s (cpu ${wc_cpu}s), ours ${o}s (cpu ${o_cpu}s)"
	bw=$(best "$w" "$bw") bwc=$(best "$wc_cpu" "$bwc") bo=$(best "$o" "$bo") boc=$(best "$o_cpu" "$boc")
done
"$dir/dataload" load "$dir"
read -r py py_cpu < <(measure python3 bench/pyload.py "$dir/ft.dat")
"$dir/dataload" colour "$dir"
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "best wall: wc -l ${bw}s, ours ${bo}s, python ${py}s"
echo "best cpu:  wc -l ${bwc}s, ours ${boc}s, python ${py_cpu}s"
echo "ours / wc -l = $(calc "$bo / $bw") wall, $(calc "$boc / $bwc") cpu (target <= 2.0)"
echo "python / ours = $(calc "$py / $bo") wall, $(calc "$py_cpu / $boc") cpu (target >= 20)"
