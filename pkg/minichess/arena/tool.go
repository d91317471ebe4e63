package arena

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/gamesearch/gamesearch/pkg/engine"
	"github.com/gamesearch/gamesearch/pkg/match"
	"github.com/gamesearch/gamesearch/pkg/minichess"
)

// MatchConfig describes an in-process match of the strength harness.
type MatchConfig struct {
	// A and B are the players; A's results are reported.
	A, B Player
	// Openings: "start" (the initial position), "twoply" (the 49 two-ply
	// openings) or "random:K:N" (N distinct positions after K random plies).
	Openings string
	// Games is the number of games (0: two per opening).
	Games int
	// Seed seeds the random openings.
	Seed uint64
	// MaxPlies is the ply limit (0: 50).
	MaxPlies int
	// Progress, when not nil, is called after every game.
	Progress func(match.Progress)
}

// OpeningList returns the openings a MatchConfig names.
func OpeningList(name string, seed uint64) ([]GamePos, error) {
	switch {
	case name == "" || name == "start":
		return []GamePos{StartGame()}, nil
	case name == "twoply":
		return TwoPlyOpenings(), nil
	case strings.HasPrefix(name, "random:"):
		f := strings.Split(name, ":")
		if len(f) == 3 {
			k, err1 := strconv.Atoi(f[1])
			n, err2 := strconv.Atoi(f[2])
			if err1 == nil && err2 == nil && k >= 0 && n > 0 {
				return RandomOpenings(k, n, seed), nil
			}
		}
	}
	return nil, fmt.Errorf("openings %q: want start, twoply or random:K:N", name)
}

// PlayMatch plays the match c. When it ends, the players with a Close()
// error method (a [ProgramPlayer]) are closed, so that no game folder
// outlives the match.
func PlayMatch(c MatchConfig) (*match.Report[minichess.Move], error) {
	defer closePlayer(c.A)
	defer closePlayer(c.B)
	ops, err := OpeningList(c.Openings, c.Seed)
	if err != nil {
		return nil, err
	}
	games := c.Games
	if games == 0 {
		games = 2 * len(ops)
	}
	return match.Play(match.Match[GamePos, minichess.Move]{
		Rules:    MatchRules{MaxPlies: c.MaxPlies},
		Players:  [2]Player{c.A, c.B},
		Openings: ops,
		Games:    games,
		Seed:     c.Seed,
		Progress: c.Progress,
	})
}

// closePlayer closes p when it holds resources.
func closePlayer(p Player) {
	if c, ok := p.(interface{ Close() error }); ok {
		c.Close()
	}
}

// TableRow formats a report as a Markdown table row: games, W-D-L, score,
// Elo with its 95% interval, and forfeits.
func TableRow(label string, r *match.Report[minichess.Move]) string {
	s := r.Stats
	e, lo, hi := s.Elo()
	return fmt.Sprintf("| %s | %d | %d-%d-%d | %.1f%% | %s [%s, %s] | %d/%d |", label, s.Games(),
		s.Wins, s.Draws, s.Losses, 100*s.Score(), elo(e), elo(lo), elo(hi), r.Forfeits[0], r.Forfeits[1])
}

func elo(v float64) string {
	switch {
	case v != v:
		return "n/a"
	case v > 1e9:
		return "+Inf"
	case v < -1e9:
		return "-Inf"
	}
	return fmt.Sprintf("%+.0f", v)
}

var toolUsage = `usage: minichess-match [flags]
Plays an in-process MiniChess match under the runner's rules (docs/minichess.md, "The runner")
and prints the result. Flags:
  -a SPEC        player A (default engine)
  -b SPEC        player B (default baseline4)
  -nodes N       node budget of engine/alphabeta specs without one (default 20000)
  -openings O    start, twoply or random:K:N (default start)
  -games N       number of games (default: 2 per opening)
  -seed S        seed of random openings (default 1)
  -max-plies N   ply limit (default 50)
  -label L       label of the table row (default: A's spec)
  -games-table   print every game
  -q             no progress line per game on stderr
Player specs: baseline1..baseline4; alphabeta[,nodes=N|,depth=N];
engine[,nodes=N|,depth=N|,time=D][,hash=MiB][,ply][,hand|,tuned|,fit|,squares][,+FEATURE|,-FEATURE][,w.NAME=V];
fsf=PATH[,time=D|,nodes=N] (Fairy-Stockfish, a fresh process per move); exe=PATH[,timeout=D]. Features: ` + strings.Join(engine.FeatureNames(), " ") + "\n"

// Run is the match command (cmd/minichess-match): it parses args, plays the
// match and prints a summary and a Markdown table row on stdout. Exit status
// 2 on bad usage.
func Run(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("minichess-match", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	a := fs.String("a", "engine", "")
	b := fs.String("b", "baseline4", "")
	nodes := fs.Uint64("nodes", 20000, "")
	openings := fs.String("openings", "start", "")
	games := fs.Int("games", 0, "")
	seed := fs.Uint64("seed", 1, "")
	maxPlies := fs.Int("max-plies", 50, "")
	label := fs.String("label", "", "")
	table := fs.Bool("games-table", false, "")
	quiet := fs.Bool("q", false, "")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			io.WriteString(stderr, toolUsage)
			return 0
		}
		fmt.Fprintf(stderr, "minichess-match: %v\n", err)
		return 2
	}
	if fs.NArg() != 0 || *games < 0 || *maxPlies < 1 {
		fmt.Fprintf(stderr, "minichess-match: bad arguments (see -h)\n")
		return 2
	}
	pa, err := ParsePlayer(*a, *nodes)
	if err == nil {
		var pb Player
		pb, err = ParsePlayer(*b, *nodes)
		if err == nil {
			c := MatchConfig{A: pa, B: pb, Openings: *openings, Games: *games, Seed: *seed, MaxPlies: *maxPlies}
			if !*quiet {
				c.Progress = func(p match.Progress) { fmt.Fprintln(stderr, p) }
			}
			var r *match.Report[minichess.Move]
			if r, err = PlayMatch(c); err == nil {
				l := *label
				if l == "" {
					l = *a
				}
				fmt.Fprintf(stdout, "%s\n", r)
				fmt.Fprintf(stdout, "as white: %s\nas black: %s\n", r.ByColor[0], r.ByColor[1])
				if *table {
					for _, g := range r.Games {
						fmt.Fprintf(stdout, "game %d opening %d A %s: %s, %s, %d plies\n",
							g.Index+1, g.Opening, colorName(g.AColor), g.Result, g.Reason, g.Plies)
					}
				}
				fmt.Fprintln(stdout, TableRow(l, r))
				return 0
			}
		}
	}
	fmt.Fprintf(stderr, "minichess-match: %v\n", err)
	return 2
}

func colorName(c int) string {
	if c == 0 {
		return "white"
	}
	return "black"
}
