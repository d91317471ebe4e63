#!/usr/bin/env bash
# congo-agent-latency.sh measures congo-agent's reply times on a loaded
# machine: it starts B busy processes (shell loops, killed at the end,
# also on Ctrl-C), then plays congo-strength's match against the baseline at
# each go time, with the agent as a program (-agent, as a tournament runner
# starts it) and in-process, and prints the slowest reply (wall time from
# sending go to reading the reply) and the replies over the limit
# max(1 ms, 0.9 T - 20 ms). It adds no test: reply times depend on the
# machine and its load.
#
# Usage: scripts/congo-agent-latency.sh [-n N] [-busy B] [-go "T1 T2 ..."]
#          [-agent PROG] [-strength PROG]
#   -n N          openings (2 games each) per go time (default 5)
#   -busy B       busy processes beside the match (default 2)
#   -go LIST      go times in seconds (default "0.1 1")
#   -agent PROG   the congo-agent program to measure (default: built from
#                 this tree); -strength PROG the congo-strength program
#                 that plays it (default: built from this tree; its
#                 in-process agent is its own)
# Time: about 10 s per 5 openings at go 0.1, 2 minutes per opening at go 1,
# for each of the two modes.
set -euo pipefail
cd "$(dirname "$0")/.."
n=5 busy=2 times="0.1 1" agent="" strength=""
while [ $# -gt 0 ]; do
	case "$1" in
	-n) n="$2"; shift 2 ;;
	-busy) busy="$2"; shift 2 ;;
	-go) times="$2"; shift 2 ;;
	-agent) agent="$2"; shift 2 ;;
	-strength) strength="$2"; shift 2 ;;
	-h | -help | --help) sed -n '2,22p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
	*) echo "congo-agent-latency.sh: unknown argument $1 (-h for usage)" >&2; exit 2 ;;
	esac
done
tmp=$(mktemp -d)
pids=()
cleanup() {
	for p in "${pids[@]}"; do kill "$p" || true; done
	rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 130' INT TERM
if [ -z "$agent" ]; then
	go build -o "$tmp/congo-agent" ./cmd/congo-agent
	agent="$tmp/congo-agent"
fi
if [ -z "$strength" ]; then
	go build -o "$tmp/congo-strength" ./cmd/congo-strength
	strength="$tmp/congo-strength"
fi
for ((i = 0; i < busy; i++)); do
	sh -c 'while :; do :; done' &
	pids+=($!)
done
echo "$busy busy processes; $(uptime | sed 's/.*load/load/')"
for t in $times; do
	for mode in program in-process; do
		args=(-q -rules 2022 -n "$n" -movetime "$t")
		if [ "$mode" = program ]; then args+=(-agent "$agent"); fi
		out=$("$strength" "${args[@]}")
		replies=$(echo "$out" | sed -n 's/^agent replies: \([0-9]*\);.*/\1/p')
		slowest=$(echo "$out" | sed -n 's/^  wall time, go sent to reply read: //p')
		echo "go $t, $mode: $replies replies, $slowest"
	done
done
echo "end; $(uptime | sed 's/.*load/load/')"
