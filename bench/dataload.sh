#!/usr/bin/env bash
# The data-loading benchmark (docs/benchmarks.md, "Data"). Generates a
# 16,384-node fat tree (512 leaves + 256 spines of 64 ports = 49,152 ports)
# and a 1,440-step parameter file (about 490 MB) in a temporary directory,
# then measures in one run, on the same file, interleaving the tools:
#   wc -l, our load (fabviz data package), a plain Python 3 loader,
# peak resident memory per value, and recolouring time per port.
#   bench/dataload.sh [LEAVES STEPS]      (default 512 1440)
# Set KEEP=DIR to generate into (and reuse) DIR instead of a temp dir,
# BASE=BINARY to time another build of bench/dataload (an older commit's)
# in the same runs, PY=off to leave out the Python loader.
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
# ours: a first load (parse, and write the column cache into an empty
# cache directory); parse: the same with the cache off; cached: a second
# open of the unchanged file, answered from the cache.
bw=999 bwc=999 bo=999 boc=999 bp=999 bpc=999 bc=999 bcc=999 bb=999 bbc=999
for i in $(seq "$runs"); do
	read -r w wc_cpu < <(measure wc -l "$dir/ft.dat")
	rm -rf "$dir/cache"
	read -r o o_cpu < <(FABVIZ_CACHE="$dir/cache" measure "$dir/dataload" load "$dir")
	read -r c c_cpu < <(FABVIZ_CACHE="$dir/cache" measure "$dir/dataload" load "$dir")
	read -r p p_cpu < <(FABVIZ_CACHE=off measure "$dir/dataload" load "$dir")
	base=""
	if [ -n "${BASE:-}" ]; then
		read -r b b_cpu < <(FABVIZ_CACHE=off measure "$BASE" load "$dir")
		base=", base parse only ${b}s (cpu ${b_cpu}s)"
		bb=$(best "$b" "$bb") bbc=$(best "$b_cpu" "$bbc")
	fi
	echo "run $i: wc -l ${w}s (cpu ${wc_cpu}s), first load ${o}s (cpu ${o_cpu}s), parse only ${p}s (cpu ${p_cpu}s), cached ${c}s (cpu ${c_cpu}s)$base"
	bw=$(best "$w" "$bw") bwc=$(best "$wc_cpu" "$bwc") bo=$(best "$o" "$bo") boc=$(best "$o_cpu" "$boc")
	bp=$(best "$p" "$bp") bpc=$(best "$p_cpu" "$bpc") bc=$(best "$c" "$bc") bcc=$(best "$c_cpu" "$bcc")
done
du -sh "$dir/cache" | awk '{print "column cache: " $1}'
FABVIZ_CACHE=off "$dir/dataload" load "$dir"
py=0 py_cpu=0
if [ "${PY:-}" != off ]; then
	read -r py py_cpu < <(measure python3 bench/pyload.py "$dir/ft.dat")
fi
"$dir/dataload" colour "$dir"
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "best wall: wc -l ${bw}s, first load ${bo}s, parse only ${bp}s, cached ${bc}s, python ${py}s"
echo "best cpu:  wc -l ${bwc}s, first load ${boc}s, parse only ${bpc}s, cached ${bcc}s, python ${py_cpu}s"
echo "first load / wc -l = $(calc "$bo / $bw") wall, $(calc "$boc / $bwc") cpu (target <= 3, stretch 2)"
echo "parse only / wc -l = $(calc "$bp / $bw") wall, $(calc "$bpc / $bwc") cpu"
echo "cached / wc -l = $(calc "$bc / $bw") wall, $(calc "$bcc / $bwc") cpu (target <= 1)"
if [ -n "${BASE:-}" ]; then
	echo "base parse only / wc -l = $(calc "$bb / $bw") wall, $(calc "$bbc / $bwc") cpu (best ${bb}s, cpu ${bbc}s)"
fi
if [ "${PY:-}" != off ]; then
	echo "python / parse only = $(calc "$py / $bp") wall, $(calc "$py_cpu / $bpc") cpu (target >= 20)"
fi
