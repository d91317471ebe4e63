#!/usr/bin/env bash
# package_morris.sh NETID [-no-bin]: builds the Morris-Variant submission
# dist/NETID.zip (spec §10): the eight programs' sources and executables,
# README.txt, and REPORT.md generated from runs of the built programs.
set -euo pipefail
cd "$(dirname "$0")/.."
netid=""
nobin=()
for a in "$@"; do
	case "$a" in
	-no-bin | --no-bin) nobin=(-no-bin) ;;
	*)
		if [ -n "$netid" ]; then
			echo "usage: scripts/package_morris.sh NETID [-no-bin]" >&2
			exit 2
		fi
		netid="$a"
		;;
	esac
done
netid="$(printf '%s' "$netid" | tr 'A-Z' 'a-z')"
if ! [[ "$netid" =~ ^[a-z0-9]{3,20}$ ]]; then
	echo "package_morris.sh: NETID \"$netid\": want 3 to 20 letters or digits (usage: scripts/package_morris.sh NETID [-no-bin])" >&2
	exit 2
fi
exec go run ./scripts/morris_package "${nobin[@]}" "$netid"
