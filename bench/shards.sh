#!/bin/bash
# bench/shards.sh FABNET [N...]: sharded collectors at scale (issue 22).
#
# For each N (default: 1 2 4) it starts N simulated fabrics (ibsim, one
# socket each), every one the 64-switch, 36-port fabric of the collector
# benchmark (32 leaves with 4 hosts, 32 spines: 2,176 switch ports in use),
# writes one model holding all N fabrics (switch labels f1spine01 … fNleaf32,
# fabric k's 64 switches being block k of the model), and runs N
# `fabnet collect -shard K/N` at once, collector K on fabric K (shard 1 is
# the reference clock, the others measure their offset against it). Then
# `fabnet merge` joins their logs and the script checks that the merged log
# has every port of every shard at every step, exactly.
#
# With SAME=1 the N collectors instead share ONE 64-switch fabric, split
# into N shards of 64/N switches: what sharding a single fabric buys.
#
# It prints, per N: each shard's sweep mean and largest read window (from
# the collector's summary), the fabric-wide read window of each step (the
# earliest read start to the latest read end over all shards, from the
# `# fabviz read` notes), and CPU per sweep, split into the collectors' own
# CPU, the InfiniBand tools they ran (ibqueryerrors, iblinkinfo, perfquery:
# reaped children) and the simulators (ibsim), from /proc and GNU time.
#
# Environment: STEPS (logged steps, default 8: STEPS+1 sweeps with the
# baseline), INTERVAL (default 5s: a collector whose start-up crosses a
# moment of the grid logs from one step later), READ (fabric or switch, default fabric),
# SAME (see above), LINKS=0 (-no-links: no iblinkinfo a sweep), KEEP=1
# keeps the work directory. CPU figures leave out the one topology
# discovery (ibnetdiscover --cache) each collector makes before its first
# sweep: the script measures one and subtracts it.
set -euo pipefail
fabnet=${1:-}
[ -x "$fabnet" ] || { echo "usage: $0 FABNET [N...]   (FABNET: a built fabnet binary)" >&2; exit 2; }
fabnet=$(cd "$(dirname "$fabnet")" && pwd)/$(basename "$fabnet")
shift
counts=${*:-1 2 4}
steps=${STEPS:-8} interval=${INTERVAL:-5s} read=${READ:-fabric} same=${SAME:-0}
iv=${interval%s}
[[ $iv =~ ^[0-9]+$ ]] && [ "$iv" -ge 2 ] || { echo "$0: INTERVAL: whole seconds, at least 2s" >&2; exit 2; }
links=()
[ "${LINKS:-1}" = 1 ] || links=(-no-links)
umad=/usr/lib/x86_64-linux-gnu/umad2sim/libumad2sim.so
for t in ibsim opensm ibswitches ibqueryerrors iblinkinfo perfquery python3 /usr/bin/time; do
	command -v "$t" >/dev/null || { echo "$0: $t missing (bash scripts/deps.sh test)" >&2; exit 2; }
done
[ -f "$umad" ] || { echo "$0: $umad missing (libumad2sim0)" >&2; exit 2; }
tck=$(getconf CLK_TCK)
work=$(mktemp -d /tmp/fabviz-shards.XXXXXX)
pids=()
cleanup() {
	for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
	wait 2>/dev/null || true
	[ "${KEEP:-0}" = 1 ] && echo "work directory kept: $work" || rm -rf "$work"
}
trap cleanup EXIT

# The fabric of collect/bench_test.go (benchFabric).
net=$work/fabric.net
{
	for s in $(seq 1 32); do
		printf 'Switch\t36 "spine%02d"\t# "spine%02d"\n' $s $s
		for l in $(seq 1 32); do printf '[%d]\t"leaf%02d"[%d]\n' $l $l $((s + 4)); done
		echo
	done
	for l in $(seq 1 32); do
		printf 'Switch\t36 "leaf%02d"\t# "leaf%02d"\n' $l $l
		for h in 1 2 3 4; do printf '[%d]\t"cn%03d"[1]\n' $h $(((l - 1) * 4 + h)); done
		for s in $(seq 1 32); do printf '[%d]\t"spine%02d"[%d]\n' $((s + 4)) $s $l; done
		echo
	done
	for n in $(seq 1 128); do
		printf 'Hca\t1 "cn%03d"\t# "cn%03d HCA-1"\n[1]\t"leaf%02d"[%d]\n\n' $n $n $(((n - 1) / 4 + 1)) $(((n - 1) % 4 + 1))
	done
} >"$net"

# sim_start K: ibsim number K on socket fabviz-shards-PID-K, its console a
# named pipe held open (with its input closed ibsim spins), LIDs by opensm;
# writes $work/simK/switches ("name lid guid" lines).
sim_start() {
	local k=$1 d=$work/sim$1
	mkdir -p "$d/run"
	mkfifo "$d/console"
	sleep 100000 >"$d/console" &
	pids+=($!)
	IBSIM_SOCKNAME=fabviz-shards-$$-$k ibsim -s "$net" <"$d/console" >"$d/ibsim.log" 2>&1 &
	pids+=($!)
	echo $! >"$d/pid"
	for _ in $(seq 100); do grep -q "Network simulator ready" "$d/ibsim.log" 2>/dev/null && break; sleep 0.1; done
	grep -q "Network simulator ready" "$d/ibsim.log" || { echo "ibsim $k did not start:" >&2; cat "$d/ibsim.log" >&2; exit 1; }
	(cd "$d/run" && LD_PRELOAD=$umad IBSIM_SOCKNAME=fabviz-shards-$$-$k opensm -o -f opensm.log -d 0 >/dev/null 2>&1)
	# What the collector's one-off topology discovery costs (subtracted
	# from the per-sweep figures below).
	local c0
	c0=$(cpu "$(cat "$d/pid")")
	(cd "$d/run" && LD_PRELOAD=$umad IBSIM_SOCKNAME=fabviz-shards-$$-$k /usr/bin/time -f "%U %S" -o disc.time \
		ibnetdiscover --cache disc.cache >/dev/null 2>&1)
	echo "$(awk '{ print $1 + $2 }' "$d/run/disc.time") $(($(cpu "$(cat "$d/pid")") - c0))" >"$d/disc"
	(cd "$d/run" && LD_PRELOAD=$umad IBSIM_SOCKNAME=fabviz-shards-$$-$k ibswitches 2>/dev/null) |
		sed -E 's/^.*(0x[0-9a-f]+) .*"([A-Za-z0-9_]+)".* lid ([0-9]+).*$/\2 \3 \1/' >"$d/switches"
	[ "$(wc -l <"$d/switches")" = 64 ] || { echo "ibsim $k: ibswitches gave $(wc -l <"$d/switches") switches, not 64" >&2; exit 1; }
}

# model F: a model of F copies of the fabric, copy k addressed by the LIDs
# and GUIDs of simulator k (SAME=1: all by simulator 1).
model() {
	local f=$1
	printf 'rows %d\ncolumns 32\nports 36\nport-base 1\nhostname-format cn%%04d\n' $((2 * f))
	for k in $(seq 1 "$f"); do printf 'rowdef %d spine\nrowdef %d leaf\n' $((2 * k - 2)) $((2 * k - 1)); done
	printf 'portdef leaf\n'
	for p in 1 2 3 4; do printf '%d proc top %d\n' $p $p; done
	for p in $(seq 5 36); do printf '%d net bottom %d\n' $p $p; done
	printf 'end\nportdef spine\n'
	for p in $(seq 1 32); do printf '%d net top %d\n' $p $p; done
	printf 'end\n'
	for k in $(seq 1 "$f"); do
		local sw=$work/sim$k/switches
		[ "$same" = 1 ] && sw=$work/sim1/switches
		awk -v k=$k '
			{ lid[$1] = $2; guid[$1] = $3 }
			END {
				for (i = 1; i <= 32; i++) {
					sp = sprintf("spine%02d", i); lf = sprintf("leaf%02d", i)
					printf "switch f%d%s 0 %d %d sw %s hw %s\n", k, sp, 2*k-2, i-1, lid[sp], guid[sp]
					printf "switch f%d%s 0 %d %d node %d sw %s hw %s\n", k, lf, 2*k-1, i-1, (k-1)*128+(i-1)*4+1, lid[lf], guid[lf]
					for (j = 1; j <= 32; j++)
						printf "link f%dspine%02d.%d f%dleaf%02d.%d\n", k, j, i, k, i, j+4
				}
			}' "$sw"
	done
}

# cpu PID: user+system ticks of the process itself.
cpu() { awk '{ print $14 + $15 }' "/proc/$1/stat" 2>/dev/null || echo 0; }

# reads LOG: "stamp start-ms end-ms" for each step, from the read notes.
reads() {
	awk '
		function ms(s) { # 2026-11-23T10:31:03.503Z → ms since the day began
			split(substr(s, 12, 12), t, ":")
			return (t[1] * 3600 + t[2] * 60 + t[3]) * 1000
		}
		/^# fabviz read / { if ($4 == "-") { s = ""; next } s = ms($4); e = ms($5); next }
		/^[0-9]/ && s != "" { print $1, s, e; s = "" }' "$1"
}

# calibrate: each read of a sweep alone, five times, on simulator 1 (the
# data read, the data read of no switch, the error read, the link read):
# wall time, the tool's CPU and
# ibsim's CPU, per run and per port — the per-port cost the arithmetic in
# docs/benchmarks.md starts from.
calibrate() {
	local d=$work/sim1 zero=$work/zero-thresholds
	for f in SymbolErrorCounter PortRcvErrors LinkDownedCounter LinkErrorRecoveryCounter PortXmitDiscards \
		PortRcvRemotePhysicalErrors PortRcvSwitchRelayErrors LocalLinkIntegrityErrors ExcessiveBufferOverrunErrors \
		PortXmitConstraintErrors PortRcvConstraintErrors VL15Dropped QP1Dropped PortXmitWait; do echo "$f=0"; done >"$zero"
	echo
	echo "## each read alone, one fabric of 2176 ports, 5 runs ($(uptime | sed 's/.*load average: //'))"
	# The same cache with every switch marked a router (as a shard's cache
	# marks the other shards' switches): the data read then reads no port,
	# which leaves the fixed cost of one ibqueryerrors process.
	python3 - "$d/run/disc.cache" "$work/none.cache" <<-'PY'
		import struct, sys
		b = bytearray(open(sys.argv[1], "rb").read())
		off = 28
		for _ in range(struct.unpack_from("<I", b, 8)[0]):
		    if b[off + 76] == 2:
		        b[off + 76] = 3
		    off += 207 + 9 * b[off + 206]
		open(sys.argv[2], "wb").write(b)
	PY
	local name
	for name in data none errors links; do
		local args=()
		case $name in
		data) args=(ibqueryerrors --skip-sl --switch --load-cache "$d/run/disc.cache" --counters) ;;
		none) args=(ibqueryerrors --skip-sl --switch --load-cache "$work/none.cache" --counters) ;;
		errors) args=(ibqueryerrors --skip-sl --switch --load-cache "$d/run/disc.cache" --threshold-file "$zero") ;;
		links) args=(iblinkinfo --switches-only) ;;
		esac
		local c0 c1 i
		c0=$(cpu "$(cat "$d/pid")")
		rm -f "$work/calib.time"
		for i in 1 2 3 4 5; do
			(cd "$d/run" && LD_PRELOAD=$umad IBSIM_SOCKNAME=fabviz-shards-$$-1 /usr/bin/time -a -f "%e %U %S" -o "$work/calib.time" \
				"${args[@]}" >/dev/null 2>&1) || true
		done
		c1=$(cpu "$(cat "$d/pid")")
		awk -v name="$name" -v sim=$((c1 - c0)) -v t=$tck '
			{ w += $1; c += $2 + $3; n++ }
			END {
				printf "%-6s %s: wall %.3fs, tool CPU %.3fs, ibsim CPU %.3fs a run", name, "(" n " runs)", w / n, c / n, sim / t / n
				if (name == "none") print " (no port read: the fixed cost of a process)"
				else printf " = %.0f / %.0f / %.0f µs a port\n", w / n / 2176 * 1e6, c / n / 2176 * 1e6, sim / t / n / 2176 * 1e6
			}' "$work/calib.time"
	done
}

echo "# bench/shards.sh: $(date -u +%FT%TZ), $(nproc) cores, load average$(uptime | sed 's/.*load average://')"
echo "# STEPS=$steps INTERVAL=$interval READ=$read SAME=$same LINKS=${LINKS:-1}"
for n in $counts; do
	sims=$n
	[ "$same" = 1 ] && sims=1
	d=$work/n$n
	calibrated=${calibrated:-0}
	mkdir -p "$d"
	rm -rf "$work"/sim*
	for k in $(seq 1 "$sims"); do sim_start $k; done
	[ "$calibrated" = 1 ] || { calibrate; calibrated=1; }
	fabrics=$n
	[ "$same" = 1 ] && fabrics=1
	model "$fabrics" >"$d/model.fvm"
	"$fabnet" check "$d/model.fvm" >/dev/null
	port=$((20000 + RANDOM % 20000))
	s0=0
	for k in $(seq 1 "$sims"); do s0=$((s0 + $(cpu "$(cat "$work/sim$k/pid")"))); done
	# Start every collector just after a moment of the grid, so that all
	# take their baseline at the same next moment and log the same steps
	# (collectors started in different intervals log different steps, and
	# the merged log rightly shows the others' gaps there).
	while awk -v t="$(date +%s.%N)" -v iv="$iv" 'BEGIN { r = t - iv * int(t / iv); exit !(r < 0.05 || r > 0.4) }'; do sleep 0.02; done
	cpids=()
	for k in $(seq 1 "$n"); do
		sock=$k
		[ "$same" = 1 ] && sock=1
		clock=(-clock-ref 127.0.0.1:$port)
		[ $k = 1 ] && clock=(-clock-listen 127.0.0.1:$port)
		mkdir -p "$d/run$k"
		(cd "$d/run$k" && exec env LD_PRELOAD=$umad IBSIM_SOCKNAME=fabviz-shards-$$-$sock \
			/usr/bin/time -f "%e %U %S" -o "$d/time$k" \
			"$fabnet" collect "$d/model.fvm" -o "$d/logs$k" -shard $k/$n "${clock[@]}" \
			-interval "$interval" -steps "$steps" -ib-read "$read" -timeout 10s "${links[@]}" \
			>"$d/status$k" 2>&1) &
		cpids+=($!)
		[ $k = 1 ] && sleep 0.2 # the reference clock listens before the others ask
	done
	# The collectors' own CPU: the last reading of each fabnet process.
	declare -A own=()
	while :; do
		alive=0
		for k in $(seq 1 "$n"); do
			p=$(pgrep -x -P "${cpids[$k - 1]}" "$(basename "$fabnet" | cut -c1-15)" || true)
			[ -n "$p" ] || continue
			alive=1
			c=$(cpu "$p")
			[ "$c" -gt 0 ] && own[$k]=$c
		done
		[ $alive = 1 ] || break
		sleep 0.05
	done
	fail=0
	for k in $(seq 1 "$n"); do wait "${cpids[$k - 1]}" || fail=1; done
	s1=0
	for k in $(seq 1 "$sims"); do s1=$((s1 + $(cpu "$(cat "$work/sim$k/pid")"))); done
	[ $fail = 0 ] || { echo "a collector failed:" >&2; tail -n 5 "$d"/status* >&2; exit 1; }

	"$fabnet" merge -o "$d/merged" $(for k in $(seq 1 "$n"); do echo "$d/logs$k"; done) >"$d/merge.out"
	# Every port of every shard at every step: ports in the header, data
	# lines, values and gaps counted in the merged logs.
	want=$((2176 * fabrics))
	bad=0
	for f in "$d"/merged/*.fvlog; do
		awk -v want=$want -v steps=$steps -v f="$(basename "$f")" '
			/^#! ports / { ports += NF - 2; next }
			/^#/ || NF == 0 { next }
			{ lines++; for (i = 2; i <= NF; i++) if ($i == "-") gaps++; else vals++
			  if (NF - 1 != want) short++ }
			END {
				ok = ports == want && lines == steps && vals == want * steps && gaps == 0 && short == 0
				if (!ok) printf "%s: %d ports (want %d), %d steps (want %d), %d values, %d gaps, %d short lines\n", f, ports, want, lines, steps, vals, gaps, short
				exit !ok
			}' "$f" || bad=1
	done
	logs=$(ls "$d"/merged/*.fvlog | wc -l)
	[ $bad = 0 ] && check="complete: $logs logs × $want ports × $steps steps, no gaps" || {
		check="INCOMPLETE (above)"
		grep -h -A1 -m5 warning "$d"/status* || true
		grep -h '^collected' "$d"/status* || true
	}

	echo
	echo "## $n shard(s): $((2176 * fabrics)) ports, $([ "$same" = 1 ] && echo "one fabric split $n ways" || echo "$n fabrics of 2176 ports") ($(uptime | sed 's/.*load average: //'))"
	sweeps=$((steps + 1))
	tot_own=0 tot_kids=0 disc_sim=0
	for k in $(seq 1 "$n"); do
		sum=$(grep '^collected' "$d/status$k")
		p50=$(sed -E 's/.*read window p50 ([0-9.]+)s max ([0-9.]+)s.*/\1/' <<<"$sum")
		wmax=$(sed -E 's/.*read window p50 ([0-9.]+)s max ([0-9.]+)s.*/\2/' <<<"$sum")
		smean=$(sed -E 's/.*sweep mean ([0-9.]+)s max ([0-9.]+)s.*/\1/' <<<"$sum")
		smax=$(sed -E 's/.*sweep mean ([0-9.]+)s max ([0-9.]+)s.*/\2/' <<<"$sum")
		over=$(sed -E 's/.*overruns ([0-9]+).*/\1/' <<<"$sum")
		read -r _ u sy <"$d/time$k"
		o=${own[$k]:-0}
		sk=$k
		[ "$same" = 1 ] && sk=1
		read -r dt ds <"$work/sim$sk/disc"
		[ "$read" = fabric ] || dt=0 ds=0
		disc_sim=$((disc_sim + ds))
		kids=$(awk -v u=$u -v s=$sy -v o=$o -v t=$tck -v d=$dt 'BEGIN { printf "%.2f", u + s - o / t - d }')
		tot_own=$((tot_own + o))
		tot_kids=$(awk -v a=$tot_kids -v b=$kids 'BEGIN { print a + b }')
		printf 'shard %d/%d: ports %s, sweep mean %ss max %ss, read window p50 %ss max %ss, overruns %s; CPU a sweep: collector %.3fs, tools %.3fs\n' \
			$k $n "$(sed -E 's/.*ports read ([0-9]+) of ([0-9]+).*/\2/' <<<"$sum" | awk -v s=$sweeps '{ print $1 / s }')" \
			"$smean" "$smax" "$p50" "$wmax" "$over" \
			"$(awk -v o=$o -v t=$tck -v s=$sweeps 'BEGIN { print o / t / s }')" "$(awk -v c=$kids -v s=$sweeps 'BEGIN { print c / s }')"
	done
	# Fabric-wide read window per step: earliest start to latest end.
	for k in $(seq 1 "$n"); do reads "$d/logs$k/port_xmit_data.fvlog"; done |
		awk '{ if (!($1 in s) || $2 < s[$1]) s[$1] = $2; if (!($1 in e) || $3 > e[$1]) e[$1] = $3 }
			END { for (t in s) { w = e[t] - s[t]; n++; sum += w; if (w > mx) mx = w }
				printf "fabric-wide read window (first read start to last read end, all shards): mean %.3fs max %.3fs over %d steps\n", sum / n / 1000, mx / 1000, n }'
	awk -v so=$tot_own -v k=$tot_kids -v sim=$((s1 - s0 - disc_sim)) -v t=$tck -v s=$sweeps -v p=$((2176 * fabrics)) 'BEGIN {
		o = so / t / s; c = k / s; m = sim / t / s
		printf "CPU a sweep, all shards: collectors %.3fs, tools %.3fs, ibsim %.3fs, total %.3fs = %.0f µs a port (collector %.1f, tools %.0f, ibsim %.0f)\n",
			o, c, m, o + c + m, (o + c + m) / p * 1e6, o / p * 1e6, c / p * 1e6, m / p * 1e6 }'
	echo "fabnet merge: $(wc -l <"$d/merge.out") logs, e.g. $(grep port_xmit_data: "$d/merge.out")"
	echo "merged log: $check"
	for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
	wait 2>/dev/null || true
	pids=()
	[ $bad = 0 ] || exit 1
done
