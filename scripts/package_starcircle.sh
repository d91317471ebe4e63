#!/usr/bin/env bash
# package_starcircle.sh NETID: builds the starcircle submission archive(s) with the
# shared packager (internal/pack, command internal/pack/cmd/pack); see
# docs/packaging.md for what the archive holds. The archives go to dist/ (or
# to $DIST when set).
set -euo pipefail
cd "$(dirname "$0")/.."
usage="usage: scripts/package.sh starcircle NETID"
if [ $# -ne 1 ]; then
	echo "package_starcircle.sh: want exactly one argument, the NETID ($usage)" >&2
	exit 2
fi
netid="$(printf '%s' "$1" | tr 'A-Z' 'a-z')"
if ! [[ "$netid" =~ ^[a-z0-9]{3,20}$ ]]; then
	echo "package_starcircle.sh: NETID \"$1\": want 3 to 20 letters or digits ($usage)" >&2
	exit 2
fi
exec go run ./internal/pack/cmd/pack -dist "${DIST:-dist}" starcircle "$netid"
