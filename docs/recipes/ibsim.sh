# Sourced by the recipes beside it: start and stop a simulated InfiniBand
# fabric (ibsim) whose console stays open, so that commands can be sent to it.
#
# ibsim reads console commands from its standard input. Started with `&` in
# an interactive shell it is stopped ("Stopped (tty input)"); with its input
# closed it spins at full CPU. Here its input is a named pipe that a
# sleeping process keeps open, and `ibsim_do` writes commands into it.

ibsim_start() { # NETFILE
	IBSIM_DIR=$(mktemp -d)
	export IBSIM_SOCKNAME=${IBSIM_SOCKNAME:-fabviz-recipe-$$}
	mkfifo "$IBSIM_DIR/console"
	sleep 100000 >"$IBSIM_DIR/console" &
	IBSIM_HOLDER=$!
	# A net file may end with console commands of its own: `do Error
	# "leaf02"[2] 20` in ours drops packets there, so opensm would leave
	# the host behind that port without a LID. Leave them out.
	grep -v '^do ' "$1" >"$IBSIM_DIR/fabric.net"
	ibsim -s "$IBSIM_DIR/fabric.net" <"$IBSIM_DIR/console" >"$IBSIM_DIR/ibsim.log" 2>&1 &
	IBSIM_PID=$!
	trap 'rc=$?; ibsim_stop; exit $rc' EXIT
	sleep 1
}

ibsim_do() { # a console command, e.g. 'PerformanceSet "leaf02"[2] PortCounters.SymbolErrorCounter=20'
	printf '%s\n' "$*" >"$IBSIM_DIR/console"
}

ibsim_stop() {
	kill "$IBSIM_PID" "$IBSIM_HOLDER" 2>/dev/null || true
	wait "$IBSIM_PID" 2>/dev/null || true
	rm -rf "$IBSIM_DIR"
}

# The InfiniBand tools talk to ibsim through this library, which also leaves
# a fake sysfs tree (sys-PID/) in the working directory: run them from a
# scratch directory.
ib() { LD_PRELOAD=/usr/lib/x86_64-linux-gnu/umad2sim/libumad2sim.so "$@"; }
