package arena

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/gamesearch/gamesearch/pkg/engine"
	"github.com/gamesearch/gamesearch/pkg/match"
	"github.com/gamesearch/gamesearch/pkg/morris"
)

// Openings returns the start positions of a match on board b: with random 0,
// the n+1 start positions of the self-play test (docs/morris.md §7.3);
// otherwise random distinct positions reached from the empty board by plies
// random placements (seeded: the list depends only on the arguments).
func Openings(b *morris.Board, random, plies int, seed uint64) []GameState {
	r := MatchRules{Board: b}
	if random <= 0 {
		var out []GameState
		for _, p := range StartPositions(b) {
			out = append(out, r.Start(p))
		}
		return out
	}
	return match.Random(r.Mover(), r.Start(morris.Position{}), plies, random, seed)
}

// Run is the morris-strength command: a match between two players
// (see [PlayerSpecHelp]) under [MatchRules], every opening played with both
// colours.
//
//	morris-strength [-board KIND] [-a SPEC] [-b SPEC] [-a-opts LIST] [-b-opts LIST]
//	                [-random N] [-plies K] [-seed S] [-games N] [-cap 100]
//	                [-limit DURATION] [-min-score X] [-quiet]
//
// It prints a progress line per game on stderr (unless -quiet), then the
// report (overall and per-colour W/D/L, score, Elo with its
// 95% interval, forfeits) and returns 0, 1 when the score of A is below
// -min-score, or 2 on a usage error.
func Run(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	const name = "morris-strength"
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	boardArg := fs.String("board", "S22", "board kind: "+morris.KindList())
	aSpec := fs.String("a", "engine:1s", "player A")
	bSpec := fs.String("b", "standard:4", "player B")
	aOpts := fs.String("a-opts", "", "engine features of A turned on (+name) or off (-name)")
	bOpts := fs.String("b-opts", "", "engine features of B turned on (+name) or off (-name)")
	random := fs.Int("random", 0, "number of random openings (0: the n+1 self-play start positions)")
	plies := fs.Int("plies", 4, "placements of a random opening")
	seed := fs.Uint64("seed", 1, "seed of the random openings")
	games := fs.Int("games", 0, "number of games (0: two per opening)")
	capArg := fs.Int("cap", DefaultCap, "midgame turns after which a game is drawn")
	limit := fs.Duration("limit", 0, "a reply slower than this loses the game (0: no limit)")
	minScore := fs.Float64("min-score", 0, "exit 1 when A scores less than this share")
	quiet := fs.Bool("quiet", false, "no progress lines on stderr")
	usage := "usage: morris-strength [-board KIND] [-a SPEC] [-b SPEC] [-a-opts LIST] [-b-opts LIST] [-random N] [-plies K] [-seed S] [-games N] [-cap 100] [-limit DURATION] [-min-score X] [-quiet]"
	fail := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "%s: %s\n", name, strings.ReplaceAll(fmt.Sprintf(format, a...), "\n", " "))
		return 2
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprintln(stderr, usage)
			fmt.Fprint(stderr, PlayerSpecHelp)
			return 0
		}
		return fail("%s (%v)", usage, err)
	}
	if fs.NArg() != 0 {
		return fail("%s (unexpected argument %q)", usage, fs.Arg(0))
	}
	kind, ok := morris.ParseKind(*boardArg)
	if !ok {
		return fail("-board %q: unknown board (want %s)", *boardArg, morris.KindList())
	}
	b := morris.BoardOf(kind)
	switch {
	case *capArg < 1:
		return fail("-cap %d: must be >= 1", *capArg)
	case *random < 0:
		return fail("-random %d: must be >= 0", *random)
	case *plies < 0 || *plies > 2*b.Pieces:
		return fail("-plies %d: must be between 0 and %d", *plies, 2*b.Pieces)
	case *games < 0:
		return fail("-games %d: must be >= 0", *games)
	case *limit < 0:
		return fail("-limit %v: must be >= 0", *limit)
	}
	var players [2]match.Player[GameState, morris.Node]
	for i, sp := range [2][2]string{{*aSpec, *aOpts}, {*bSpec, *bOpts}} {
		opt, err := engine.ParseFeatures(sp[1])
		if err != nil {
			return fail("-%c-opts %q: %v", 'a'+i, sp[1], err)
		}
		p, err := ParsePlayer(sp[0], b, opt)
		if err != nil {
			return fail("-%c: %v", 'a'+i, err)
		}
		players[i] = p
	}
	if players[0].Name() == players[1].Name() {
		for i, o := range [2]string{*aOpts, *bOpts} {
			label := players[i].Name() + " " + o
			if *aOpts == *bOpts {
				label = players[i].Name() + " " + string(rune('A'+i))
			}
			players[i] = renamed{players[i], strings.TrimSpace(label)}
		}
	}
	openings := Openings(b, *random, *plies, *seed)
	if len(openings) == 0 {
		return fail("no openings")
	}
	n := *games
	if n == 0 {
		n = 2 * len(openings)
	}
	m := match.Match[GameState, morris.Node]{
		Rules:    MatchRules{Board: b, Cap: *capArg},
		Players:  players,
		Openings: openings,
		Games:    n,
		Seed:     *seed,
		MoveTime: *limit,
	}
	if !*quiet {
		m.Progress = func(p match.Progress) { fmt.Fprintln(stderr, p) }
	}
	start := time.Now()
	rep, err := match.Play(m)
	if err != nil {
		return fail("%v", err)
	}
	fmt.Fprintf(stdout, "board %s, %d openings, %d games, cap %d midgame turns\n", kind, len(openings), n, *capArg)
	fmt.Fprintf(stdout, "%s\n", rep)
	fmt.Fprintf(stdout, "A as White: %s\n", rep.ByColor[0])
	fmt.Fprintf(stdout, "A as Black: %s\n", rep.ByColor[1])
	reasons := map[string]int{}
	var order []string
	for _, g := range rep.Games {
		if reasons[g.Reason] == 0 {
			order = append(order, g.Reason)
		}
		reasons[g.Reason]++
	}
	var parts []string
	for _, r := range order {
		parts = append(parts, fmt.Sprintf("%s %d", r, reasons[r]))
	}
	fmt.Fprintf(stdout, "endings: %s; forfeits A %d, B %d; LOS %.3f; %.0fs\n", strings.Join(parts, ", "),
		rep.Forfeits[0], rep.Forfeits[1], rep.Stats.LOS(), time.Since(start).Seconds())
	for i, p := range players {
		if r, ok := p.(renamed); ok {
			p = r.Player
		}
		if rs, ok := p.(interface {
			ReplyStats() (int, time.Duration, int)
		}); ok {
			if n, slowest, late := rs.ReplyStats(); n > 0 {
				fmt.Fprintf(stdout, "%c: %d timed replies, slowest %v, %d over the move time\n", 'A'+i, n, slowest.Round(time.Millisecond), late)
			}
		}
	}
	if rep.Stats.Score() < *minScore {
		return 1
	}
	return 0
}

// renamed gives a player another name in reports.
type renamed struct {
	match.Player[GameState, morris.Node]
	label string
}

func (r renamed) Name() string { return r.label }
