#!/usr/bin/env bash
# minichess-strength.sh plays player_submission against baseline1..baseline4
# with both colours under our runner at the course's settings (docs/minichess.md
# Required 3: 10 s per move, 50 plies) and prints a Markdown table of the 8
# games: result for player_submission, plies, how the game ended, the
# material at the end and the depths player_submission completed per move
# (the runner's "Depth: N" count). A progress line per game goes to stderr
# as each game ends ("game 3/8: player_submission (White) vs baseline2
# (Black) 1-0, king capture, 24 plies, 95.3 s").
#
# It is CPU heavy (about 8 x 25 searches of up to 9 s; about 10 minutes): it
# runs niced and is not part of CI.
#
# Usage: scripts/minichess-strength.sh [-timeout D] [-max-steps N] [-keep DIR]
#   -timeout D    runner time limit per move (default 10s)
#   -max-steps N  runner ply limit (default 50)
#   -keep DIR     keep every game's gamelog.txt in DIR/<white>-<black>/
set -euo pipefail
cd "$(dirname "$0")/.."
timeout=10s
steps=50
keep=""
while [ $# -gt 0 ]; do
	case "$1" in
	-timeout) timeout="$2"; shift 2 ;;
	-max-steps) steps="$2"; shift 2 ;;
	-keep) keep="$2"; shift 2 ;;
	*) echo "usage: $0 [-timeout D] [-max-steps N] [-keep DIR]" >&2; exit 2 ;;
	esac
done
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
bin="$tmp/bin"
mkdir -p "$bin"
export CGO_ENABLED=0
# One build of the three (throwaway programs: no symbol table or DWARF), then
# the course's names.
go build -trimpath -ldflags="-s -w" -o "$bin/" ./cmd/minichess-runner ./cmd/minichess-submission ./cmd/minichess-baseline
mv "$bin/minichess-runner" "$bin/main"
mv "$bin/minichess-submission" "$bin/player_submission"
mv "$bin/minichess-baseline" "$bin/baseline1"
for l in 2 3 4; do cp "$bin/baseline1" "$bin/baseline$l"; done

echo "player_submission against the TA baselines, our runner, -timeout $timeout, -max-steps $steps ($(date -u +%Y-%m-%d), $(nproc) cores, load $( { [ -r /proc/loadavg ] && cut -d' ' -f1-3 /proc/loadavg; } || echo '?'))"
echo
echo "| game | white | black | result for player_submission | plies | ended by | material W-B | player_submission depths (min/median/max) |"
echo "|---|---|---|---|---|---|---|---|"
wins=0
game=0
for level in 1 2 3 4; do
	for sub_white in 1 0; do
		game=$((game + 1))
		if [ $sub_white = 1 ]; then w=player_submission; b=baseline$level; else w=baseline$level; b=player_submission; fi
		dir="$tmp/g$game"
		mkdir -p "$dir"
		cp "$bin"/* "$dir"/
		start="$(date +%s%N)"
		(cd "$dir" && nice -n 10 ./main -no-clear -timeout "$timeout" -max-steps "$steps" "./$w" "./$b" >stdout.txt 2>stderr.txt) || true
		if [ -n "$keep" ]; then
			mkdir -p "$keep/$w-$b"
			cp "$dir/gamelog.txt" "$dir/stderr.txt" "$keep/$w-$b/"
		fi
		row="$(awk -v subw=$sub_white -v steps="$steps" '
			/ step$/ { step = $1 }
			/^Depth: / { n++; if ((n % 2 == 1) == (subw == 1)) { d[++k] = $2 } }
			/^Invalid Action$/ { invalid = 1 }
			/^(Player1 wins|Player2 wins|Draw)$/ { res = $0 }
			/^│/ { line[++nl] = $0 }
			END {
				if (res == "Draw") r = "draw";
				else if ((res == "Player1 wins") == (subw == 1)) r = "win"; else r = "loss";
				if (invalid) how = "invalid action";
				else if (n >= steps) how = "ply-" steps " adjudication";
				else how = "king capture";
				# material of the final board (the last 6 cell lines before the file line)
				split("0 2 6 7 8 20 100", val, " ");
				mw = 0; mb = 0;
				for (i = nl - 6; i < nl; i++) {
					m = split(line[i], cells, "│");
					for (j = 2; j <= 6; j++) {
						c = cells[j];
						if (c ~ /w/) { mw += pv(c) } else if (c ~ /b/) { mb += pv(c) }
					}
				}
				for (i = 2; i <= k; i++) { x = d[i]; for (j = i - 1; j >= 1 && d[j] > x; j--) d[j + 1] = d[j]; d[j + 1] = x }
				if (k > 0) ds = d[1] "/" d[int((k + 1) / 2)] "/" d[k]; else ds = "-";
				printf "%s|%d|%s|%d-%d|%s\n", r, n, how, mw, mb, ds;
			}
			function pv(c) {
				if (c ~ /P/) return 2; if (c ~ /R/) return 6; if (c ~ /n/) return 7;
				if (c ~ /B/) return 8; if (c ~ /Q/) return 20; if (c ~ /K/) return 100; return 0;
			}' "$dir/gamelog.txt")"
		IFS='|' read -r result plies how mat depths <<<"$row"
		if [ "$result" = win ]; then wins=$((wins + 1)); fi
		tenths=$((($(date +%s%N) - start) / 100000000))
		if [ "$result" = draw ]; then
			score="1/2-1/2"
		elif [ "$result" = win ] && [ $sub_white = 1 ]; then
			score="1-0"
		elif [ "$result" = loss ] && [ $sub_white = 0 ]; then
			score="1-0"
		else
			score="0-1"
		fi
		echo "game $game/8: $w (White) vs $b (Black) $score, $how, $plies plies, $((tenths / 10)).$((tenths % 10)) s" >&2
		echo "| $game | $w | $b | $result | $plies | $how | $mat | $depths |"
	done
done
echo
echo "player_submission won $wins of 8 games."
