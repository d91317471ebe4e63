#!/usr/bin/env bash
# minichess-depth.sh shows where the engines' time goes: for each position
# of testdata/minichess-fsf/positions.txt (or -positions FILE) it searches
# with player_submission's engine (in-process, the ply count known, the
# program's 64 MiB table) and with Fairy-Stockfish (a fresh process, "go
# movetime"), for each time given, and prints a Markdown table per time of
# depth, selective depth, nodes and nodes per second (minichess-fsf
# -compare). It is a benchmark, not part of go test: run it on a quiet
# machine; the load is printed.
#
# Usage: scripts/minichess-depth.sh [-engine PATH] [-positions FILE] [TIME...]
#   -engine PATH  the Fairy-Stockfish binary (default $FSF_ENGINE, or
#                 /usr/games/fairy-stockfish)
#   TIME          a Go duration per search (default: 1s 10s)
set -euo pipefail
cd "$(dirname "$0")/.."
engine="${FSF_ENGINE:-/usr/games/fairy-stockfish}"
positions=testdata/minichess-fsf/positions.txt
while [ $# -gt 0 ]; do
	case "$1" in
	-engine) engine="$2"; shift 2 ;;
	-positions) positions="$2"; shift 2 ;;
	-*) echo "usage: $0 [-engine PATH] [-positions FILE] [TIME...]" >&2; exit 2 ;;
	*) break ;;
	esac
done
[ $# -gt 0 ] || set -- 1s 10s
if [ ! -x "$engine" ]; then
	echo "$0: $engine not found; install Debian's build with apt-get install -y fairy-stockfish, or give -engine PATH (or FSF_ENGINE)" >&2
	exit 2
fi
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
CGO_ENABLED=0 go build -trimpath -o "$tmp/minichess-fsf" ./cmd/minichess-fsf
version="$(printf 'uci\nquit\n' | "$engine" 2>&1 | awk '/^id name/ { sub(/^id name /, ""); print; exit }')"
echo "player_submission ($(git rev-parse --short HEAD 2>&1 | grep -xE '[0-9a-f]+' || echo '?')) vs ${version:-$engine}, $(date -u +%Y-%m-%d), $(nproc) cores, load at start $(cut -d' ' -f1-3 /proc/loadavg)"
for t in "$@"; do
	echo
	echo "$t per search:"
	echo
	"$tmp/minichess-fsf" -engine "$engine" -movetime "$t" -compare "$positions"
done
echo
echo "load at end $(cut -d' ' -f1-3 /proc/loadavg)"
