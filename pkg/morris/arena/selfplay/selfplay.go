// Package selfplay is the morris-selfplay command: the self-play match of
// docs/morris.md §7.3 ([arena.SelfPlay]), the improved estimators against the
// standard ones on one board, with a pass mark. It is an arena command: no
// graded program imports it.
package selfplay

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/gamesearch/gamesearch/pkg/match"
	"github.com/gamesearch/gamesearch/pkg/morris"
	"github.com/gamesearch/gamesearch/pkg/morris/arena"
)

// Run is the morris-selfplay command (docs/morris.md §7.3):
//
//	morris-selfplay [-board KIND] [-depth 2,3] [-mode both|game|opening] [-cap 100]
//	                [-min-score 0.60] [-min-colour 0.50] [-games] [-quiet]
//
// It prints a progress line per game on stderr (unless -quiet) and one
// summary line per depth and returns 0, 1 when a threshold is
// missed, or 2 on a usage error.
func Run(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	const name = "morris-selfplay"
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	boardArg := fs.String("board", "S22", "board kind: "+morris.KindList())
	depthArg := fs.String("depth", "2,3", "comma-separated search depths")
	modeArg := fs.String("mode", "both", "improved estimators used: both, game or opening")
	capArg := fs.Int("cap", 100, "midgame turns after which a game is a draw")
	minScore := fs.Float64("min-score", 0.60, "required share of the points over all games")
	minColour := fs.Float64("min-colour", 0.50, "required share of the points in each colour")
	gameLines := fs.Bool("games", false, "print one line per game")
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
	kind, ok := morris.ParseKind(*boardArg)
	if !ok {
		fmt.Fprintf(stderr, "%s: -board %q: unknown board (want %s)\n", name, *boardArg, morris.KindList())
		return 2
	}
	mode, ok := arena.ParseMode(*modeArg)
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
		d, ok := morris.ParseDepth(strings.TrimSpace(f))
		if !ok {
			fmt.Fprintf(stderr, "%s: -depth %q: %q is not an integer >= 1\n", name, *depthArg, f)
			return 2
		}
		depths = append(depths, d)
	}
	status := 0
	b := morris.BoardOf(kind)
	for _, d := range depths {
		sp := arena.SelfPlay{Board: b, Depth: d, Mode: mode, Cap: *capArg}
		if !*quiet {
			sp.Progress = func(p match.Progress) { fmt.Fprintln(stderr, p) }
		}
		sum, games, err := sp.Run()
		if err != nil {
			fmt.Fprintf(stderr, "%s: %v\n", name, err)
			return 1
		}
		if *gameLines {
			for _, g := range games {
				col := "black"
				if g.ImprovedWhite {
					col = "white"
				}
				fmt.Fprintf(stdout, "game depth=%d start=%d improved=%s result=%s midgame-turns=%d end=%q final=%s\n",
					d, g.Start, col, g.Result, g.MidgameTurns, g.Reason, g.Final.Format(b.N))
			}
		}
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
