#!/usr/bin/env bash
# morris_features.sh [NODES] [OPENINGS]: the Morris self-play matches of
# docs/engine/morris.md. For each engine feature, the engine with its
# default options (player A) meets the same engine with that one feature
# switched (player B): off for the techniques that are on by default, on for
# LMR and futility pruning (which are off). Fixed node budget per move
# (default 20000), OPENINGS (default 100) random 4-placement openings of
# seed 1, each played with both colours, 100 midgame turns then a draw.
# Deterministic: the same arguments give the same table. Run it niced.
set -euo pipefail
cd "$(dirname "$0")/.."
nodes="${1:-20000}"
openings="${2:-100}"
if ! [[ "$nodes" =~ ^[1-9][0-9]*$ && "$openings" =~ ^[1-9][0-9]*$ ]]; then
	echo "usage: scripts/morris_features.sh [NODES] [OPENINGS]" >&2
	exit 2
fi
bin="$(mktemp -d)"
trap 'rm -rf "$bin"' EXIT
go build -o "$bin/morris-strength" ./cmd/morris-strength
for f in tt hashmove mvvlva killers history pvs aspiration quiescence +lmr +futility; do
	if [[ "$f" == +* ]]; then
		a=(-a-opts "$f")
		b=()
	else
		a=()
		b=(-b-opts "-$f")
	fi
	echo "### feature $f"
	"$bin/morris-strength" -a "engine:nodes=$nodes" -b "engine:nodes=$nodes" "${a[@]}" "${b[@]}" \
		-random "$openings" -plies 4 -seed 1
done
