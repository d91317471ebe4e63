#!/usr/bin/env bash
# package_minichess.sh [NETID]: builds the minichess submission archive(s) with the
# shared packager (internal/pack, command internal/pack/cmd/pack); see
# docs/packaging.md for what the archive holds. The archives go to dist/ (or
# to $DIST when set).
set -euo pipefail
cd "$(dirname "$0")/.."
usage="usage: scripts/package.sh minichess [NETID]"
# PLATFORMS (comma-separated GOOS/GOARCH) narrows the cross-build.
if [ $# -gt 1 ]; then
	echo "package_minichess.sh: want at most one argument, the NETID ($usage)" >&2
	exit 2
fi
args=()
if [ $# -eq 1 ]; then
	netid="$(printf '%s' "$1" | tr 'A-Z' 'a-z')"
	if ! [[ "$netid" =~ ^[a-z0-9]{3,20}$ ]]; then
		echo "package_minichess.sh: NETID \"$1\": want 3 to 20 letters or digits ($usage)" >&2
		exit 2
	fi
	args=("$netid")
fi
exec go run ./internal/pack/cmd/pack -dist "${DIST:-dist}" -platforms "${PLATFORMS:-linux/amd64,windows/amd64,darwin/amd64,darwin/arm64}" minichess "${args[@]}"
