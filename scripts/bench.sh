#!/usr/bin/env bash
# bench.sh prints the speed table of every game: perft, search and the graded
# programs on their reference workloads. It builds cmd/gamesearch into a
# temporary directory and runs "gamesearch bench" from the repository root, so
# the Congo rows find testdata/conformance. Each workload runs five times and
# its fastest run is reported (-repeat N to change). Arguments go to
# gamesearch bench (-quick for small workloads run once, -game NAME for one
# game, -corpus DIR). Time: about 6 s with a warm build cache (-quick: under
# 1 s).
# Usage: scripts/bench.sh [-quick] [-repeat N] [-game NAME] [-corpus DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
CGO_ENABLED=0 go build -trimpath -o "$tmp/gamesearch" ./cmd/gamesearch
"$tmp/gamesearch" bench "$@"
