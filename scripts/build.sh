#!/usr/bin/env bash
# build.sh builds every program under cmd/ into bin/ with its exact name.
# MiniChess programs go to bin/minichess/ under the course template's names,
# the baseline four times (baseline1..baseline4, copies, not links).
# GOOS/GOARCH are honoured; Windows names get .exe. Usage: scripts/build.sh [OUTDIR]
set -euo pipefail
cd "$(dirname "$0")/.."
out="${1:-bin}"
mkdir -p "$out/minichess"
ext=""
if [ "$(go env GOOS)" = "windows" ]; then ext=".exe"; fi
export CGO_ENABLED=0

minichess_name() {
	case "$1" in
	minichess-runner) echo main ;;
	minichess-random) echo player_random ;;
	minichess-minimax) echo player_minimax ;;
	minichess-alphabeta) echo player_alphabeta ;;
	minichess-submission) echo player_submission ;;
	*) echo "" ;;
	esac
}

for dir in cmd/*/; do
	name="$(basename "$dir")"
	case "$name" in
	minichess-baseline)
		go build -trimpath -o "$out/minichess/baseline1$ext" "./$dir"
		for l in 2 3 4; do cp "$out/minichess/baseline1$ext" "$out/minichess/baseline$l$ext"; done
		;;
	minichess-*)
		target="$(minichess_name "$name")"
		if [ -z "$target" ]; then target="$name"; fi
		go build -trimpath -o "$out/minichess/$target$ext" "./$dir"
		;;
	*)
		go build -trimpath -o "$out/$name$ext" "./$dir"
		;;
	esac
done
echo "built into $out/: $(cd "$out" && find . -type f | sed 's|^\./||' | sort | tr '\n' ' ')"
