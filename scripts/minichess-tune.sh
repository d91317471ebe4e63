#!/usr/bin/env bash
# minichess-tune.sh reproduces the evaluation tuner's data and fits
# (docs/engine/minichess.md, "(c) Evaluation fitted to data" and "The
# evaluation fitted to Fairy-Stockfish's scores"): it replays the 1,500
# self-play games of `minichess-tune gen` with the recorded settings
# (pkg/minichess/arena/tune: DataGames, DataPlies, DataNodes, DataSeed,
# DataEngineOptions), checks that the data written is byte for byte
# testdata/minichess-tune/selfplay.txt.gz (SHA-256 tune.DataSHA256), then
# runs `minichess-tune fit` on it, which prints the error before and after
# and the fitted weights (minichess.TunedEvalWeights).
#
# With -engine PATH (a Fairy-Stockfish build; the recorded labels come from
# commit c19b5f6c, "Fairy-Stockfish 231126") it then relabels every second
# position with the engine's score after a 12-ply search (`minichess-tune
# label`, about 20 minutes of one core), checks that the labels are byte for
# byte testdata/minichess-tune/fsf-depth12.txt.gz (tune.LabelSHA256) and
# fits them (minichess.FSFEvalWeights, player_submission's weights), with a
# piece-square table too (fit -squares: minichess.FSFSquaresEvalWeights),
# and prints both fits' errors on held-out positions (fit -holdout 20:
# fitted on the first 80% of the labels, scored on the last 20%).
#
# Progress lines go to stderr. It is CPU heavy (one core for several
# minutes) and not part of go test; TestGenerateReproducesData replays the
# first games, TestRecordedFit and TestRecordedFSFFit the fits.
#
# Usage: scripts/minichess-tune.sh [-engine PATH]
set -euo pipefail
cd "$(dirname "$0")/.."
engine=""
case "$#:${1:-}" in
0:) ;;
2:-engine) engine="$2" ;;
*) echo "usage: $0 [-engine PATH]" >&2; exit 2 ;;
esac
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
# same FILE CHECKED says whether the file written is the repository's.
same() {
	if cmp -s "$1" "$2"; then
		echo "data: identical to $2 ($(sha256sum "$1" | cut -c1-16)...)"
	else
		echo "data: differs from $2" >&2
		exit 1
	fi
}
CGO_ENABLED=0 go build -trimpath -o "$tmp/minichess-tune" ./cmd/minichess-tune
"$tmp/minichess-tune" gen -o "$tmp/selfplay.txt.gz"
same "$tmp/selfplay.txt.gz" testdata/minichess-tune/selfplay.txt.gz
"$tmp/minichess-tune" fit -data "$tmp/selfplay.txt.gz"
if [ -n "$engine" ]; then
	"$tmp/minichess-tune" label -engine "$engine" -data "$tmp/selfplay.txt.gz" -o "$tmp/fsf-depth12.txt.gz"
	same "$tmp/fsf-depth12.txt.gz" testdata/minichess-tune/fsf-depth12.txt.gz
	"$tmp/minichess-tune" fit -data "$tmp/fsf-depth12.txt.gz"
	"$tmp/minichess-tune" fit -data "$tmp/fsf-depth12.txt.gz" -squares
	"$tmp/minichess-tune" fit -data "$tmp/fsf-depth12.txt.gz" -holdout 20 | sed -n 1,2p
	"$tmp/minichess-tune" fit -data "$tmp/fsf-depth12.txt.gz" -holdout 20 -squares | sed -n 1,2p
fi
