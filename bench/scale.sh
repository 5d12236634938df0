#!/bin/bash
# bench/scale.sh [WORKDIR]: the scale benchmark of issue 22 (docs/benchmarks.md).
#
# Builds fabnet and fabviz from this checkout, generates a big three-level
# fat tree as InfiniBand tool text (`fabnet gen ... -form ibnet`:
# ibnetdiscover + dump_fts output) and times, with /usr/bin/time (wall,
# user, sys, max RSS):
#   import   fabnet import ibnet -topo X.topo -lft X.fts   (as tables)
#   check    fabnet check on the imported model             (cut off after CHECK_LIMIT s)
#   snapshot fabviz snapshot of the imported model
#   viewer   the window on a private Xvfb: start, load the model, draw,
#            write a screenshot, quit (an upper bound on the time to the
#            first frame)
#   snapshot-full, viewer-full: the same for FULL, the whole k = 64 tree
#            (65,536 hosts: more than a subnet's LIDs, so no routes)
# then imports a small fabric twice (the importer's default, and as tables)
# and compares the bytes written with the bytes of its input tables.
#
# Environment:
#   BIG          generator arguments of the big fabric   (default: fattree3 -k 64 -hosts 21)
#   SMALL        those of the small one                  (default: fattree3 -k 32 -pods 16)
#   FULL         a fabric for snapshot and viewer only, without routes (default: fattree3 -k 64)
#   CHECK_LIMIT  seconds before fabnet check is cut off  (default 600)
#   KEEP=1       keep WORKDIR's big files afterwards      (default: removed)
# WORKDIR (default /tmp/fabviz-scale) needs about 18 GB free for the default
# BIG fabric: its dump_fts text alone is 16.5 GB.
# The results, a Markdown table, go to stdout and WORKDIR/results.md.
set -u
cd "$(dirname "$0")/.."
src=$PWD
W=${1:-/tmp/fabviz-scale}
BIG=${BIG:-fattree3 -k 64 -hosts 21}
SMALL=${SMALL:-fattree3 -k 32 -pods 16}
FULL=${FULL:-fattree3 -k 64}
CHECK_LIMIT=${CHECK_LIMIT:-600}
mkdir -p "$W/bin" || exit 1
res=$W/results.md
: >"$res"
say() { echo "$*" | tee -a "$res"; }

CGO_ENABLED=0 go build -o "$W/bin/fabnet" ./cmd/fabnet || exit 1
fabviz=$W/bin/fabviz
if ! go build -o "$fabviz" ./cmd/fabviz; then
	echo "fabviz does not build (cgo, EGL: bash scripts/deps.sh test): its steps are skipped" >&2
	fabviz=
fi
fabnet=$W/bin/fabnet

# timed NAME TARGET_S COMMAND...: runs COMMAND under /usr/bin/time and adds
# a row to the table (wall, user, sys, max RSS, exit status, target).
maxrss=0
timed() {
	local name=$1 target=$2
	shift 2
	/usr/bin/time -f "%e %U %S %M" -o "$W/time.$name" "$@" >"$W/out.$name" 2>"$W/err.$name"
	local rc=$?
	read -r wall user sys rss <"$W/time.$name" 2>/dev/null || { wall=? user=? sys=? rss=0; }
	# /usr/bin/time writes "Command exited with non-zero status N" first
	if ! [[ $wall =~ ^[0-9.]+$ ]]; then read -r wall user sys rss < <(tail -1 "$W/time.$name"); fi
	[ "$rss" -gt "$maxrss" ] 2>/dev/null && maxrss=$rss
	local verdict=""
	if [ "$target" != - ]; then
		verdict=$(awk -v w="$wall" -v t="$target" 'BEGIN { print (w <= t ? "met" : "**missed**") }')
	fi
	[ "$rc" -ne 0 ] && verdict="$verdict, exit $rc"
	[ "$rc" -eq 124 ] && verdict="$verdict (cut off)"
	say "| $name | $wall s | $user s | $sys s | $(awk -v k="$rss" 'BEGIN { printf "%.0f MB", k / 1024 }') | ${target/-/—} | ${verdict#, } |"
}

say "bench/scale.sh, $(date -u '+%Y-%m-%d %H:%M UTC'), $(git -C "$src" describe --always --dirty 2>/dev/null), $(nproc) cores"
say "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
say ""
say "big: fabnet gen $BIG; small: fabnet gen $SMALL; full: fabnet gen $FULL"
say ""
say "| step | wall | user | sys | max RSS | target | |"
say "|---|---|---|---|---|---|---|"

# shellcheck disable=SC2086 # BIG and SMALL are argument lists
timed gen - "$fabnet" gen $BIG -form ibnet -o "$W/big"
topo=$W/big/big.topo fts=$W/big/big.fts
timed read-input - wc -l "$topo" "$fts"

# -tables while the importer still writes route files by default
tables=
"$fabnet" import ibnet -h 2>&1 | grep -q -- '-tables' && tables=-tables
rm -rf "$W/imp"
timed import 30 "$fabnet" import ibnet -topo "$topo" -lft "$fts" -o "$W/imp" $tables
timed check 60 timeout "$CHECK_LIMIT" "$fabnet" check "$W/imp/model.fvm"

# viewer NAME MODEL: the window on a private Xvfb runs a script that loads
# MODEL, writes a screenshot after the first frames, and quits.
viewer() {
	command -v Xvfb >/dev/null || return
	local n=$((500 + RANDOM % 300))
	while [ -e "/tmp/.X$n-lock" ]; do n=$((n + 1)); done
	Xvfb ":$n" -screen 0 1280x800x24 -nolisten tcp >/dev/null 2>&1 &
	local xpid=$!
	sleep 1
	printf 'model %s\nscreenshot %s\nquit\n' "$2" "$W/$1.png" >"$W/$1.fvcmd"
	DISPLAY=:$n timed "$1" - timeout 600 "$fabviz" -script "$W/$1.fvcmd"
	kill $xpid 2>/dev/null
	wait $xpid 2>/dev/null
}
if [ -n "$fabviz" ]; then
	timed snapshot 10 "$fabviz" snapshot "$W/imp/model.fvm" -o "$W/snapshot.png"
	viewer viewer "$W/imp/model.fvm"
	# the whole k = 64 tree, 65,536 hosts: more than a subnet's LIDs, so
	# the model alone, without routes
	"$fabnet" gen $FULL -form none -o "$W/full" >/dev/null || exit 1
	timed snapshot-full 10 "$fabviz" snapshot "$W/full/full.fvm" -o "$W/snapshot-full.png"
	viewer viewer-full "$W/full/full.fvm"
fi

# shellcheck disable=SC2086
"$fabnet" gen $SMALL -form ibnet -o "$W/small" >/dev/null || exit 1
rm -rf "$W/small-default" "$W/small-tables"
timed small-import-default - "$fabnet" import ibnet -topo "$W/small/small.topo" -lft "$W/small/small.fts" -o "$W/small-default"
timed small-import-tables - "$fabnet" import ibnet -topo "$W/small/small.topo" -lft "$W/small/small.fts" -o "$W/small-tables" $tables
say ""
say "load average after: $(cut -d' ' -f1-3 /proc/loadavg); largest max RSS $((maxrss / 1024)) MB (target ≤ 4096 MB)"
say ""
bytes() { du -sb "$@" | awk '{ s += $1 } END { printf "%.0f", s }'; }
in=$(bytes "$W/small/small.fts")
for d in small-default small-tables; do
	out=$(bytes "$W/$d")
	say "$d: wrote $out bytes ($(ls "$W/$d" | tr '\n' ' ')) for $in bytes of dump_fts: $(awk -v o="$out" -v i="$in" 'BEGIN { printf "%.3f", o / i }') of the input (target < 0.5)"
done
say "big: $(bytes "$topo") bytes of ibnetdiscover, $(bytes "$fts") of dump_fts ($(awk 'NR == 2 { print $1 }' "$W/out.read-input") lines); import wrote $(bytes "$W/imp")"
said=$(head -c 300 "$W/out.check"; head -c 300 "$W/err.check")
say "fabnet check said: ${said:-nothing (cut off after $CHECK_LIMIT s?)}"
if [ "${KEEP:-}" != 1 ]; then
	rm -rf "$W/big" "$W/imp" "$W/small" "$W/small-default" "$W/small-tables" "$W/full"
fi
