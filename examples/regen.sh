#!/bin/sh
# Regenerates the generated examples (models and route files) with fabnet gen.
# Run from anywhere; needs Go. examples/planes is hand-written and not touched.
set -eu
cd "$(dirname "$0")/.."
bin=$(mktemp -d)
trap 'rm -rf "$bin"' EXIT
CGO_ENABLED=0 go build -o "$bin/fabnet" ./cmd/fabnet
gen() {
	dir=$1
	shift
	rm -rf "examples/$dir/routes"
	"$bin/fabnet" gen "$@" -o "examples/$dir"
	"$bin/fabnet" check "examples/$dir/$dir.fvm"
}
gen ring4   ring -switches 4
gen torus3d torus -dims 4,4,4 -proc 4
gen fattree fattree -leaves 16 -spines 8 -hosts 8 -ports 16
gen cplant  cplant -encoding relative
# the case studies run on examples/cplant: make them again from its routes
examples/scenarios.sh
