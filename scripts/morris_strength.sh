#!/usr/bin/env bash
# morris_strength.sh [MOVETIME] [EXTRA FLAGS...]: the acceptance match of
# issue 6 for Morris (docs/engine/morris.md): the improved tournament player
# (the engine of MiniMaxOpeningImproved/MiniMaxGameImproved -movetime, a fresh
# table every move as a program run has) at MOVETIME per move (default 1s)
# against the standard MiniMaxOpening/MiniMaxGame at depth 4, on the 23
# self-play start positions of S22 with both colours (46 games), 100 midgame
# turns then a draw; a reply slower than MOVETIME loses. CPU heavy (about
# 46 x 25 engine moves): run it niced.
set -euo pipefail
cd "$(dirname "$0")/.."
movetime="${1:-1s}"
shift || true
bin="$(mktemp -d)"
trap 'rm -rf "$bin"' EXIT
go build -o "$bin/morris-strength" ./cmd/morris-strength
exec "$bin/morris-strength" -a "engine:$movetime" -b standard:4 -limit "$movetime" -min-score 0.70 "$@"
