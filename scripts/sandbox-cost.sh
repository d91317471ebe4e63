#!/usr/bin/env bash
# sandbox-cost.sh measures what the students' sandbox (internal/sandbox,
# docs/security.md) costs: the start and end of one sandboxed run against a
# plain fork and exec (median of 100 runs of /bin/true each, in ms), then
# gamesearch grade of a class of N copies of a correct C++ ABGame (default
# 100, -j 2) with the sandbox and with -no-sandbox (wall-clock and CPU
# time). Everything is written in a temporary folder, removed at the end.
# Usage: scripts/sandbox-cost.sh [N]
set -euo pipefail
cd "$(dirname "$0")/.."
n="${1:-100}"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
go test -c -o "$tmp/sandbox.test" ./internal/sandbox
median() { sort -n | awk '{a[NR] = $1} END {printf "%.2f", (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2}'; }
for b in Start Plain; do
	ms="$("$tmp/sandbox.test" -test.run '^$' -test.bench "^Benchmark$b\$" -test.benchtime 1x -test.count 100 |
		awk '/^Benchmark/ {print $3 / 1e6}' | median)"
	echo "one run of /bin/true, median of 100 ($b): $ms ms"
done
CGO_ENABLED=0 go build -trimpath -o "$tmp/gamesearch" ./cmd/gamesearch
for i in $(seq -w 1 "$n"); do
	mkdir -p "$tmp/class/student$i"
	cp pkg/check/testdata/class/ABGame.cpp "$tmp/class/student$i/"
done
for mode in sandbox no-sandbox; do
	flags=()
	[ "$mode" = no-sandbox ] && flags=(-no-sandbox)
	TIMEFORMAT="grade of $n C++ ABGame submissions, -j 2, $mode: %R s wall clock, %U s user + %S s system CPU"
	time "$tmp/gamesearch" grade ABGame -suite random -n 5 -j 2 "${flags[@]}" -o "$tmp/out-$mode" "$tmp/class" >/dev/null 2>&1 ||
		echo "grade $mode: exit $? (see $tmp/out-$mode)"
done
