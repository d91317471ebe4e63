#!/usr/bin/env bash
# minichess-tune.sh reproduces the evaluation tuner's data and fit
# (docs/engine/minichess.md, "(c) Evaluation fitted to data"): it replays the
# 1,500 self-play games of `minichess-tune gen` with the recorded settings
# (pkg/minichess/arena/tune: DataGames, DataPlies, DataNodes, DataSeed,
# DataEngineOptions), checks that the data written is byte for byte
# testdata/minichess-tune/selfplay.txt.gz (SHA-256 tune.DataSHA256), then
# runs `minichess-tune fit` on it, which prints the error before and after
# and the fitted weights (minichess.TunedEvalWeights). A progress line per
# 50 games goes to stderr. It is CPU heavy (one core for several minutes)
# and not part of go test; TestGenerateReproducesData replays the first
# games and TestRecordedFit the fit.
#
# Usage: scripts/minichess-tune.sh
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -eq 0 ] || { echo "usage: $0" >&2; exit 2; }
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
CGO_ENABLED=0 go build -trimpath -o "$tmp/minichess-tune" ./cmd/minichess-tune
"$tmp/minichess-tune" gen -o "$tmp/selfplay.txt.gz"
if cmp -s "$tmp/selfplay.txt.gz" testdata/minichess-tune/selfplay.txt.gz; then
	echo "data: identical to testdata/minichess-tune/selfplay.txt.gz ($(sha256sum "$tmp/selfplay.txt.gz" | cut -c1-16)...)"
else
	echo "data: differs from testdata/minichess-tune/selfplay.txt.gz" >&2
	exit 1
fi
"$tmp/minichess-tune" fit -data "$tmp/selfplay.txt.gz"
