package toolkit

// This file holds the match subcommand: N games between two players of one
// game (built-in engines, the course players, external programs), both
// colours from each of a fixed list of openings, with a progress line per
// game on stderr and the result (W/D/L, score, Elo with its 95% interval)
// on stdout. The games plug in through their gamekit.Game's Match (the
// registry, package games); this file names no game.

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/gamesearch/gamesearch/pkg/gamekit"
	"github.com/gamesearch/gamesearch/pkg/games"
	"github.com/gamesearch/gamesearch/pkg/match"
	"github.com/gamesearch/gamesearch/pkg/toolkit/kit"
)

const matchUsage = "match GAME PLAYER_A PLAYER_B [-games N] [-openings N] [-seed S] [-maxplies N] [-movetime DUR] [-plies K] [-start POSITION] [-variant V] [-quiet] [-v]"

const matchNotes = `Plays N games of GAME between PLAYER_A and PLAYER_B. Game i starts from opening
i/2 of a fixed list of varied openings (shuffled by -seed), A taking the first colour in even
games and the second in odd ones, so each opening is played with both colours. A progress
line per game goes to stderr; the result for A (wins/draws/losses, score, Elo difference with
its 95% interval, likelihood of superiority) goes to stdout. With deterministic players the
output depends only on the arguments.

PLAYER is one of
  engine[:KEY=VALUE,...]        the tournament engine of pkg/engine: depth=N, nodes=N,
                                time=DUR (per move), hash=MiB, and on/off switches tt,
                                hashmove, mvvlva, killers, history, pvs, aspiration,
                                quiescence (qs), nullmove (null), lmr, futility, checkext,
                                nulladapt, lmrlog, rfp, lmp, malus, qprune,
                                plyfree
                                (default: the game's engine options, nodes=20000 unless
                                depth, time or -movetime is set); depth, nodes and time
                                combine, the first reached ends the reply
  a course player of the game   (see below), e.g. alphabeta:depth=4
  exec[,KEY=VALUE...]:COMMAND   an external program speaking the game's protocol; COMMAND
                                is split at blanks (program, then arguments)

Course players, protocols and openings of each game:`

// matchHelp returns the notes of the help text, with every game's.
func matchHelp() string {
	var b strings.Builder
	b.WriteString(matchNotes)
	for _, g := range games.All {
		if g.Match.Play == nil {
			continue
		}
		fmt.Fprintf(&b, "\n  %-10s  %s", g.Name, strings.Join(wrap(g.Match.Notes, 74), "\n              "))
	}
	return b.String()
}

// wrap splits text into lines of at most width bytes at blanks (longer
// words stand alone).
func wrap(text string, width int) []string {
	var lines []string
	line := ""
	for _, w := range strings.Fields(text) {
		if line != "" && len(line)+1+len(w) > width {
			lines = append(lines, line)
			line = ""
		}
		if line != "" {
			line += " "
		}
		line += w
	}
	return append(lines, line)
}

// matchGame returns the game called name, if it plays matches.
func matchGame(name string) (*gamekit.Game, error) {
	if g := games.Find(name); g != nil {
		if g.Match.Play == nil {
			return nil, fmt.Errorf("%s has no matches", name)
		}
		return g, nil
	}
	return nil, fmt.Errorf("unknown game %q (match games: %s)", name, gameNames())
}

// variantHelp and pliesHelp are the help of -variant and -plies: the games
// that have variants, and those that enumerate their openings.
func variantHelp() string {
	var list []string
	for _, g := range games.All {
		if g.Match.Variants != "" {
			list = append(list, g.Match.Variants)
		}
	}
	return "the game's variant: " + strings.Join(list, ", ")
}

func pliesHelp() string {
	var list []string
	for _, g := range games.All {
		if g.Match.Plies {
			list = append(list, g.Name)
		}
	}
	return fmt.Sprintf("openings are every line of this many plies from the start (%s; default 2)", strings.Join(list, ", "))
}

func runMatch(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		return fmt.Errorf("missing GAME (usage: gamesearch %s)", matchUsage)
	}
	if a := args[0]; a == "-h" || a == "-help" || a == "--help" {
		fmt.Fprintf(stdout, "usage: gamesearch %s\n\n%s\n", matchUsage, matchHelp())
		return errHelp
	}
	g, err := matchGame(args[0])
	if err != nil {
		return err
	}
	fs := flag.NewFlagSet("match", flag.ContinueOnError)
	nGames := fs.Int("games", 0, "number of games (default: two per opening)")
	openings := fs.Int("openings", 0, "number of openings taken from the game's list (default: all)")
	seed := fs.Uint64("seed", 1, "seed: order of the openings and the players' game seeds")
	maxPlies := fs.Int("maxplies", 0, "end a game after this many plies (0: the game's default)")
	moveTime := fs.Duration("movetime", 0, "time per move; a longer reply loses the game (0: no limit)")
	start := fs.String("start", "", "start position instead of the game's openings (the game's notation)")
	variant := fs.String("variant", "", variantHelp())
	plies := fs.Int("plies", 0, pliesHelp())
	quiet := fs.Bool("quiet", false, "no progress lines on stderr")
	verbose := fs.Bool("v", false, "list every game on stdout")
	pos, err := parseArgs(fs, args[1:], stdout, matchUsage, matchHelp())
	if err != nil {
		return err
	}
	switch {
	case len(pos) < 2:
		return fmt.Errorf("want two players, got %d (usage: gamesearch %s)", len(pos), matchUsage)
	case len(pos) > 2:
		return fmt.Errorf("unexpected argument %q (usage: gamesearch %s)", pos[2], matchUsage)
	case *nGames < 0 || *nGames > 1_000_000:
		return fmt.Errorf("-games %d: want 1 to 1000000 (0: two per opening)", *nGames)
	case *openings < 0:
		return fmt.Errorf("-openings %d: must not be negative", *openings)
	case *plies < 0 || *plies > 6:
		return fmt.Errorf("-plies %d: want 1 to 6", *plies)
	case *maxPlies < 0:
		return fmt.Errorf("-maxplies %d: must not be negative", *maxPlies)
	case *moveTime < 0:
		return fmt.Errorf("-movetime %v: must not be negative", *moveTime)
	}
	s := &kit.MatchSettings{Games: *nGames, Openings: *openings, Seed: *seed, MaxPlies: *maxPlies,
		MoveTime: *moveTime, Start: *start, Variant: *variant, Plies: *plies, Quiet: *quiet, Verbose: *verbose,
		Specs: [2]string{pos[0], pos[1]}, Stdin: stdin, Stderr: stderr}
	sum, err := g.Match.Play(s)
	if err != nil {
		return err
	}
	w := bufio.NewWriter(stdout)
	writeMatchSummary(w, g.Name, s, sum)
	if err := w.Flush(); err != nil {
		return &outputError{err}
	}
	return nil
}

// writeMatchSummary prints the result of a match.
func writeMatchSummary(w io.Writer, game string, s *kit.MatchSettings, sum *kit.MatchSummary) {
	r := sum.Report
	used := min(sum.Openings, (r.Stats.Games()+1)/2)
	fmt.Fprintf(w, "match %s: %d games from %d of %d openings, seed %d\n", game, r.Stats.Games(), used, sum.Openings, s.Seed)
	fmt.Fprintf(w, "A: %s\nB: %s\n", r.Names[0], r.Names[1])
	if s.Verbose {
		for _, g := range r.Games {
			fmt.Fprintf(w, "game %d: opening %d, A %s: %s, %s after %d plies\n",
				g.Index+1, g.Opening, sum.Colors[g.AColor], g.Result, g.Reason, g.Plies)
		}
	}
	fmt.Fprintf(w, "A as %s: %s\n", sum.Colors[0], statsLine(r.ByColor[0]))
	fmt.Fprintf(w, "A as %s: %s\n", sum.Colors[1], statsLine(r.ByColor[1]))
	fmt.Fprintf(w, "forfeits: A %d, B %d\n", r.Forfeits[0], r.Forfeits[1])
	fmt.Fprintf(w, "result for A: %s  LOS %.1f%%\n", r.Stats, 100*r.Stats.LOS())
}

// statsLine is the short form of per-colour results.
func statsLine(s match.Stats) string {
	return fmt.Sprintf("W %d D %d L %d  score %.1f%%", s.Wins, s.Draws, s.Losses, 100*s.Score())
}
