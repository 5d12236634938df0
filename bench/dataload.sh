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

now() { date +%s.%N; }
calc() { awk "BEGIN { printf \"%.6f\", $1 }"; }
best_wc=999999 best_ours=999999
for i in $(seq "$runs"); do
	t0=$(now); wc -l "$dir/ft.dat" >/dev/null; t1=$(now)
	out=$("$dir/dataload" load "$dir"); t2=$(now)
	wc_s=$(calc "$t1 - $t0"); ours_s=$(calc "$t2 - $t1")
	echo "run $i: wc -l ${wc_s}s, ours ${ours_s}s (whole process) / $out"
	best_wc=$(calc "($wc_s < $best_wc) ? $wc_s : $best_wc")
	best_ours=$(calc "($ours_s < $best_ours) ? $ours_s : $best_ours")
	rss=$(echo "$out" | awk '{print $8}')
done
t0=$(now); python3 bench/pyload.py "$dir/ft.dat" >/dev/null; t1=$(now)
py_s=$(calc "$t1 - $t0")
"$dir/dataload" colour "$dir"
printf 'best: wc -l %.3fs, ours %.3fs, python %.1fs\n' "$best_wc" "$best_ours" "$py_s"
printf 'ours / wc -l = %.2f (target <= 2.0)\n' "$(calc "$best_ours / $best_wc")"
printf 'python / ours = %.1f (target >= 20)\n' "$(calc "$py_s / $best_ours")"
printf 'peak resident per value = %s bytes (target <= 9)\n' "$rss"
