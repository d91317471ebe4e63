package morris

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/gamesearch/gamesearch/pkg/match"
)

// SelfPlayMain is the morris-selfplay command (docs/morris.md §7.3):
//
//	morris-selfplay [-board KIND] [-depth 2,3] [-mode both|game|opening] [-cap 100]
//	                [-min-score 0.60] [-min-colour 0.50] [-games] [-quiet]
//
// It prints a progress line per game on stderr (unless -quiet) and one
// summary line per depth and returns 0, 1 when a threshold is
// missed, or 2 on a usage error.
func SelfPlayMain(args []string, stdout, stderr io.Writer) int {
	const name = "morris-selfplay"
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	boardArg := fs.String("board", "S22", "board kind: S22, E21, F18, B21 or D23")
	depthArg := fs.String("depth", "2,3", "comma-separated search depths")
	modeArg := fs.String("mode", "both", "improved estimators used: both, game or opening")
	capArg := fs.Int("cap", 100, "midgame turns after which a game is a draw")
	minScore := fs.Float64("min-score", 0.60, "required share of the points over all games")
	minColour := fs.Float64("min-colour", 0.50, "required share of the points in each colour")
	games := fs.Bool("games", false, "print one line per game")
	quiet := fs.Bool("quiet", false, "no progress lines on stderr")
	usage := "usage: morris-selfplay [-board KIND] [-depth 2,3] [-mode both|game|opening] [-cap 100] [-min-score 0.60] [-min-colour 0.50] [-games] [-quiet]"
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprintln(stderr, usage)
			fmt.Fprintln(stderr, "Plays the improved estimators against the standard ones from every start position, both colours.")
			return 0
		}
		fmt.Fprintf(stderr, "%s: %s (%v)\n", name, usage, err)
		return 2
	}
	if fs.NArg() != 0 {
		fmt.Fprintf(stderr, "%s: %s (unexpected argument %q)\n", name, usage, fs.Arg(0))
		return 2
	}
	kind, ok := ParseKind(*boardArg)
	if !ok {
		fmt.Fprintf(stderr, "%s: -board %q: unknown board (want S22, E21, F18, B21 or D23)\n", name, *boardArg)
		return 2
	}
	mode, ok := ParseMode(*modeArg)
	if !ok {
		fmt.Fprintf(stderr, "%s: -mode %q: want both, game or opening\n", name, *modeArg)
		return 2
	}
	if *capArg < 1 {
		fmt.Fprintf(stderr, "%s: -cap %d: must be >= 1\n", name, *capArg)
		return 2
	}
	var depths []int
	for _, f := range strings.Split(*depthArg, ",") {
		d, ok := ParseDepth(strings.TrimSpace(f))
		if !ok {
			fmt.Fprintf(stderr, "%s: -depth %q: %q is not an integer >= 1\n", name, *depthArg, f)
			return 2
		}
		depths = append(depths, d)
	}
	status := 0
	b := BoardOf(kind)
	for _, d := range depths {
		m := NewMatch(b, d, mode, *capArg)
		total := 2 * len(StartPositions(b))
		var stats match.Stats
		last := time.Now()
		sum := m.Run(func(g GameRecord) {
			if *games {
				col := "black"
				if g.ImprovedWhite {
					col = "white"
				}
				fmt.Fprintf(stdout, "game depth=%d start=%d improved=%s result=%s midgame-turns=%d end=%q final=%s\n",
					d, g.Start, col, g.Outcome, g.MidgameTurns, g.Reason, g.Final.Format(b.N))
			}
			stats.Add(matchResult(g.Outcome))
			if !*quiet {
				fmt.Fprintln(stderr, selfPlayProgress(g, d, stats, total, time.Since(last)))
			}
			last = time.Now()
		})
		pass := sum.Score() >= *minScore && sum.ColourScore(0) >= *minColour && sum.ColourScore(1) >= *minColour
		verdict := "PASS"
		if !pass {
			verdict, status = "FAIL", 1
		}
		if _, err := fmt.Fprintf(stdout, "%s %s\n", sum, verdict); err != nil {
			fmt.Fprintf(stderr, "%s: cannot write standard output: %v\n", name, err)
			return 1
		}
	}
	return status
}

// selfPlayProgress is the progress line of self-play game g at depth d: the
// improved side is player A, whose results so far are stats.
func selfPlayProgress(g GameRecord, d int, stats match.Stats, total int, took time.Duration) match.Progress {
	p := match.Progress{Done: stats.Games(), Games: total, Stats: stats, Reason: g.Reason, Plies: g.Plies, Elapsed: took,
		Players: [2]string{fmt.Sprintf("improved:%d", d), fmt.Sprintf("standard:%d", d)}}
	improved := 0
	if !g.ImprovedWhite {
		improved = 1
		p.Players[0], p.Players[1] = p.Players[1], p.Players[0]
	}
	switch g.Outcome {
	case Won:
		p.Winner = improved
	case Loss:
		p.Winner = 1 - improved
	default:
		p.Winner = -1
	}
	return p
}

// matchResult is the outcome of a self-play game as a match result of the
// improved side.
func matchResult(o Outcome) match.Result {
	switch o {
	case Won:
		return match.Win
	case Draw:
		return match.Draw
	}
	return match.Loss
}
