#!/usr/bin/env bash
# minichess_report.sh regenerates the MiniChess report docs/minichess/report.md
# from real runs (about 30 s of CPU): cmd/minichess-report fills the
# template docs/minichess/report.md.tmpl with the node counts, iterations,
# perft and in-process matches it measures on every run, the 8 games at the
# course's real settings read from docs/minichess/strength.md and the
# self-play tables of docs/engine/minichess.md. scripts/package.sh minichess
# writes the same report into its archives.
#
# Usage: scripts/minichess_report.sh [-strength] [-features]
#   -strength   first rerun scripts/minichess-strength.sh (about 10 minutes) into
#               docs/minichess/strength.md
#   -features   first replay round 1 of the self-play matches of
#               docs/engine/minichess.md (one line per technique, 98 games each
#               at 20,000 nodes per move, at the initial defaults) and print
#               their table rows on stdout
# Everything CPU heavy runs with nice -n 10.
set -euo pipefail
cd "$(dirname "$0")/.."
strength=0
features=0
for a in "$@"; do
	case "$a" in
	-strength) strength=1 ;;
	-features) features=1 ;;
	*) echo "usage: $0 [-strength] [-features]" >&2; exit 2 ;;
	esac
done
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
mkdir -p docs/minichess
if [ $strength = 1 ]; then
	scripts/minichess-strength.sh -keep "$tmp/logs" >"$tmp/strength.md"
	mv "$tmp/strength.md" docs/minichess/strength.md
fi
if [ $features = 1 ]; then
	go build -o "$tmp/minichess-match" ./cmd/minichess-match
	n=20000
	echo "| match (A vs B) | games | W-D-L for A | score | Elo [95%] | forfeits A/B |"
	echo "|---|---|---|---|---|---|"
	# The initial defaults of round 1 (docs/engine/minichess.md): the hand
	# weights, LMR off, the first piece-square weights.
	init="hand,-lmr,w.pawn.1=10,w.pawn.2=30,w.pawn.3=120,w.pawncenter=5,w.center=15,w.edge=10,w.king.1=-10,w.king.2=-25,w.king.3=-40,w.king.4=-50,w.king.5=-50"
	for f in tt hashmove mvvlva killers history pvs aspiration quiescence; do
		nice -n 10 "$tmp/minichess-match" -a "engine,$init" -b "engine,$init,-$f" -nodes $n -openings twoply -label "default vs default without \`$f\`" | tail -1
	done
	for f in nullmove lmr futility checkext; do
		nice -n 10 "$tmp/minichess-match" -a "engine,$init,+$f" -b "engine,$init" -nodes $n -openings twoply -label "default with \`$f\` vs default" | tail -1
	done
fi
go build -o "$tmp/minichess-report" ./cmd/minichess-report
nice -n 10 "$tmp/minichess-report" -o docs/minichess/report.md -template docs/minichess/report.md.tmpl -strength docs/minichess/strength.md -features docs/engine/minichess.md
