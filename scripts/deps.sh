#!/usr/bin/env bash
# Installs the Debian packages fabviz needs and that are missing.
#   scripts/deps.sh build   what building needs (OpenGL, X and EGL headers)
#   scripts/deps.sh test    that, plus what the test suite talks to
# Uses apt-get as root, or through sudo otherwise. Prints nothing when all is there.
set -euo pipefail

build_pkgs=(gcc g++ pkg-config libgl1-mesa-dev xorg-dev libegl-dev x11-utils)
test_pkgs=(xvfb xauth mesa-utils libgl1-mesa-dri libegl-mesa0
	ibsim-utils libumad2sim0 opensm infiniband-diags
	snmpd snmp slurm-client python3 prometheus)

case "${1:-build}" in
build) want=("${build_pkgs[@]}") ;;
test) want=("${build_pkgs[@]}" "${test_pkgs[@]}") ;;
*) echo "usage: $0 build|test" >&2; exit 2 ;;
esac

missing=()
for p in "${want[@]}"; do
	if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed'; then
		missing+=("$p")
	fi
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "installing: ${missing[*]}" >&2
sudo=()
if [ "$(id -u)" -ne 0 ]; then
	command -v sudo >/dev/null || { echo "need root or sudo to install: ${missing[*]}" >&2; exit 1; }
	sudo=(sudo)
fi
export DEBIAN_FRONTEND=noninteractive
"${sudo[@]}" apt-get update -q >&2
"${sudo[@]}" apt-get install -y -q --no-install-recommends "${missing[@]}" >&2
