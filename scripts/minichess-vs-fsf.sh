#!/usr/bin/env bash
# minichess-vs-fsf.sh measures player_submission against Fairy-Stockfish
# (the engine at -engine PATH, or $FSF_ENGINE, default Debian's package
# /usr/games/fairy-stockfish; a build from current source is much stronger),
# made a player of the file protocol by minichess-fsf with the variant
# configuration of pkg/minichess/arena/fsf, at T per move:
#
#   start     N games under our runner (cmd/minichess-runner, the course's
#             rules: a fresh process per move, 50-ply material adjudication)
#             from the start position, colours alternating, player_submission
#             white in the odd games;
#   openings  N games through `gamesearch match minichess` from its list of
#             varied two-ply openings, each with both colours (the players are
#             exec: programs, a fresh process per move).
#
# It prints a progress line per game and, per part, W/D/L, score and Elo with
# its 95% interval for player_submission (pkg/match), and player_submission's
# slowest reply (process start to exit) and how many replies took longer
# than the runner's timeout. player_submission gets
# -time T (its budget from process start), Fairy-Stockfish "go movetime T"
# (it also spends about 0.3 s starting up and loading the variant, more on
# a loaded machine). Each keeps its own time; the runner's -timeout, 2T+8s
# unless -timeout says otherwise (the course's runner: 2s), is a safety net,
# so that a loaded machine does not forfeit games. It is a benchmark, not part of go test,
# and CPU heavy: a game at 1 s per move takes about a minute; the load is
# printed with the results.
#
# Usage: scripts/minichess-vs-fsf.sh [-engine PATH] [-n N] [-time T] [-timeout D]
#                                    [-mode start|openings|both]
#                                    [-sub "ARGS"] [-seed S] [-keep DIR]
#                                    [-jitter P]
#   -engine PATH  the Fairy-Stockfish binary (default $FSF_ENGINE, or
#             /usr/games/fairy-stockfish)
#   -timeout D  the runner's limit per reply (default 2T+8s)
#   -n N      games per part (default 20)
#   -time T   time per move, a Go duration (default 1s)
#   -mode M   which parts to play (default both)
#   -jitter P start part only: each pair of games (one per colour) is
#             played at a time per move of T·(1 + j/100) for both players,
#             j an integer from −P to P fixed by the pair's number and -seed; the
#             lines from the start position then vary as they do from one
#             machine to another (default 0: every game at T)
#   -sub ARGS extra arguments of player_submission (e.g. "-hash 16")
#   -seed S   opening shuffle seed of gamesearch match, and of -jitter (default 1)
#   -keep DIR keep the runner's game logs in DIR/gNNN/
set -euo pipefail
cd "$(dirname "$0")/.."
n=20
movetime=1s
mode=both
subargs=""
seed=1
keep=""
engine="${FSF_ENGINE:-/usr/games/fairy-stockfish}"
timeout=""
jitter=0
while [ $# -gt 0 ]; do
	case "$1" in
	-n) n="$2"; shift 2 ;;
	-time) movetime="$2"; shift 2 ;;
	-mode) mode="$2"; shift 2 ;;
	-sub) subargs="$2"; shift 2 ;;
	-seed) seed="$2"; shift 2 ;;
	-keep) keep="$2"; shift 2 ;;
	-engine) engine="$2"; shift 2 ;;
	-timeout) timeout="$2"; shift 2 ;;
	-jitter) jitter="$2"; shift 2 ;;
	*) echo "usage: $0 [-engine PATH] [-n N] [-time T] [-timeout D] [-mode start|openings|both] [-sub ARGS] [-seed S] [-keep DIR] [-jitter P]" >&2; exit 2 ;;
	esac
done
case "$mode" in start | openings | both) ;; *) echo "$0: -mode must be start, openings or both" >&2; exit 2 ;; esac
case "$seed" in "" | *[!0-9]*) echo "$0: -seed must be a whole number" >&2; exit 2 ;; esac
case "$jitter" in '' | *[!0-9]*) echo "$0: -jitter must be a whole percentage from 0 to 50" >&2; exit 2 ;; esac
if [ "$jitter" -gt 50 ]; then echo "$0: -jitter must be a whole percentage from 0 to 50" >&2; exit 2; fi
if [ ! -x "$engine" ]; then
	echo "$0: $engine not found; install Debian's build with apt-get install -y fairy-stockfish, or give -engine PATH (or FSF_ENGINE)" >&2
	exit 2
fi
engine="$(cd "$(dirname "$engine")" && pwd)/$(basename "$engine")"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
bin="$tmp/bin"
mkdir -p "$bin"
export CGO_ENABLED=0
go build -trimpath -o "$bin/main" ./cmd/minichess-runner
go build -trimpath -o "$bin/player_submission" ./cmd/minichess-submission
go build -trimpath -o "$bin/minichess-fsf" ./cmd/minichess-fsf
go build -trimpath -o "$bin/gamesearch" ./cmd/gamesearch
# millis prints the duration D ("1s", "500ms" or seconds) in milliseconds.
millis() {
	awk -v t="$1" 'BEGIN {
		if (t ~ /ms$/) m = substr(t, 1, length(t) - 2); else if (t ~ /s$/) m = substr(t, 1, length(t) - 1) * 1000; else m = t * 1000;
		printf "%.3f", m }'
}
# The runner's timeout: 2T + 8 s unless -timeout, a safety net (see above).
[ -n "$timeout" ] || timeout="$(awk -v m="$(millis "$movetime")" 'BEGIN { printf "%gs", 2 * m / 1000 + 8 }')"
# player_submission runs through a wrapper that appends each reply's wall
# time in milliseconds (process start to exit, as the runner sees it) to
# $tmp/replies.
cat >"$bin/timed_submission" <<EOS
#!/usr/bin/env bash
t0=\$(date +%s%N)
"$bin/player_submission" "\$@"
rc=\$?
echo \$(( (\$(date +%s%N) - t0) / 1000000 )) >>"$tmp/replies"
exit \$rc
EOS
chmod +x "$bin/timed_submission"
: >"$tmp/replies"
# replies prints the number of player_submission's replies, the slowest
# and how many took longer than the runner's timeout, and starts afresh.
replies() {
	awk -v limit="$timeout" -v l="$(millis "$timeout")" '
		{ n++; if ($1 > max) max = $1; if ($1 > l) late++ }
		END { printf "player_submission replies: %d, slowest %d ms, over the %s timeout: %d\n", n, max, limit, late }' "$tmp/replies"
	: >"$tmp/replies"
}
sub="$bin/timed_submission -time $movetime $subargs"
opp="$bin/minichess-fsf -engine $engine -movetime $movetime"
version="$(printf 'uci\nquit\n' | "$engine" 2>&1 | awk '/^id name/ { sub(/^id name /, ""); print; exit }')"
began=$(date +%s)
echo "player_submission ($(git rev-parse --short HEAD 2>&1 | grep -xE '[0-9a-f]+' || echo '?')${subargs:+, $subargs}) vs ${version:-$engine} ($engine), $movetime per move, $n games per part, $(date -u +%Y-%m-%d), $(nproc) cores, load at start $(cut -d' ' -f1-3 /proc/loadavg)"

if [ "$mode" != openings ]; then
	echo
	echo "start position, our runner (-timeout $timeout, -max-steps 50$([ "$jitter" = 0 ] || echo ", time per move jittered by up to ${jitter}% per pair of games, seed $seed")):"
	w=0; d=0; l=0
	for g in $(seq 1 "$n"); do
		dir="$tmp/g$g"
		mkdir -p "$dir"
		gsub="$sub" gopp="$opp" at=""
		if [ "$jitter" -gt 0 ]; then
			# The pair's time: j from a multiplicative hash of its number
			# and the seed.
			j=$(( (((g + 1) / 2 + 1000 * seed) * 2654435761 % 4294967296) % (2 * jitter + 1) - jitter ))
			ms=$(awk -v m="$(millis "$movetime")" -v j="$j" 'BEGIN { printf "%d", m * (100 + j) / 100 }')
			gsub="$bin/timed_submission -time ${ms}ms $subargs"
			gopp="$bin/minichess-fsf -engine $engine -movetime ${ms}ms"
			at=", ${ms} ms per move"
		fi
		if [ $((g % 2)) = 1 ]; then white="$gsub"; black="$gopp"; col=white; else white="$gopp"; black="$gsub"; col=black; fi
		t0=$(date +%s)
		(cd "$dir" && nice -n 5 "$bin/main" -no-clear -timeout "$timeout" -max-steps 50 "$white" "$black" >stdout.txt 2>stderr.txt) || true
		res="$(awk -v subw=$([ $col = white ] && echo 1 || echo 0) '
			/^Depth: / { n++ }
			/^Invalid Action$/ { invalid = 1 }
			/^(Player1 wins|Player2 wins|Draw)$/ { r = $0 }
			END {
				if (r == "Draw") s = "draw"; else if (r == "") s = "none"; else if ((r == "Player1 wins") == (subw == 1)) s = "win"; else s = "loss";
				printf "%s %d %s\n", s, n, invalid ? "invalid-action" : (n >= 50 ? "adjudicated" : "king-capture")
			}' "$dir/gamelog.txt")"
		read -r r plies how <<<"$res"
		case "$r" in win) w=$((w + 1)) ;; draw) d=$((d + 1)) ;; *) l=$((l + 1)) ;; esac
		if [ -n "$keep" ]; then mkdir -p "$keep/g$(printf %03d "$g")" && cp "$dir/gamelog.txt" "$keep/g$(printf %03d "$g")/"; fi
		echo "game $g/$n: player_submission $col$at: $r ($plies plies, $how, $(($(date +%s) - t0)) s)  running W/D/L $w/$d/$l  load $(cut -d' ' -f1 /proc/loadavg)"
		rm -rf "$dir"
	done
	echo "start position: $("$bin/minichess-fsf" -score "$w/$d/$l")"
	replies
fi

if [ "$mode" != start ]; then
	echo
	echo "openings, gamesearch match (seed $seed, exec timeout $timeout):"
	nice -n 5 "$bin/gamesearch" match minichess "exec,timeout=$timeout:$sub" "exec,timeout=$timeout:$opp" -games "$n" -seed "$seed" 2>&1
	replies
fi
echo
echo "took $(( ($(date +%s) - began) / 60 )) min $(( ($(date +%s) - began) % 60 )) s; load at end $(cut -d' ' -f1-3 /proc/loadavg)"
