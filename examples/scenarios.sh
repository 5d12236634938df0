#!/bin/sh
# Regenerates the two case studies from the Cplant-like model with fabnet sim
# (and fabnet load for sixjobs). Run from anywhere; needs Go. The arguments
# of each simulation live in examples/SCENARIO/sim.args, which the test
# TestScenariosUpToDate (cmd/fabnet) reads as well: edit them there.
# With OUT=DIR the files go to DIR/SCENARIO instead of examples/SCENARIO.
set -eu
cd "$(dirname "$0")/.."
bin=$(mktemp -d)
trap 'rm -rf "$bin"' EXIT
CGO_ENABLED=0 go build -o "$bin/fabnet" ./cmd/fabnet
model=examples/cplant/cplant.fvm
for s in badcable sixjobs; do
	out=${OUT:-examples}/$s
	# shellcheck disable=SC2046 # the arguments are split on purpose
	"$bin/fabnet" sim "$model" $(cat "examples/$s/sim.args") -o "$out" >/dev/null
done
out=${OUT:-examples}/sixjobs
"$bin/fabnet" load "$model" -job "$out/jobs.dat" -step 0 -pairs "$out/pairs.txt" -o "$out/load.dat"
