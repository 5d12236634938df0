#!/bin/bash
# bench/idle-cpu.sh BIN MODEL [SECONDS]: the CPU an untouched viewer window
# uses, on a private Xvfb: CPU ticks of the fabviz process over SECONDS
# (default 20) after 6 s of start-up, as a share of one core.
set -e
bin=$1 model=$2 secs=${3:-20}
[ -x "$bin" ] && [ -f "$model" ] || { echo "usage: $0 BIN MODEL [SECONDS]" >&2; exit 2; }
n=$((500 + RANDOM % 300))
while [ -e /tmp/.X$n-lock ]; do n=$((n + 1)); done
Xvfb :$n -screen 0 1280x800x24 -nolisten tcp >/dev/null 2>&1 &
xpid=$!
trap 'kill $xpid 2>/dev/null' EXIT
sleep 1
DISPLAY=:$n "$bin" "$model" >/dev/null 2>&1 &
pid=$!
sleep 6
t0=$(awk '{print $14+$15}' /proc/$pid/stat)
sleep "$secs"
t1=$(awk '{print $14+$15}' /proc/$pid/stat)
kill $pid
wait $pid 2>/dev/null || true
awk -v t=$((t1 - t0)) -v s="$secs" -v c="$(getconf CLK_TCK)" -v m="$(basename "$model")" \
	'BEGIN { printf "%s: %d ticks in %d s = %.1f%% of a core\n", m, t, s, 100 * t / c / s }'
