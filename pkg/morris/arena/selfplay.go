package arena

import (
	"fmt"
	"math"

	"github.com/gamesearch/gamesearch/pkg/match"
	"github.com/gamesearch/gamesearch/pkg/morris"
)

// Mode selects which estimators the improved side uses in a self-play match
// (docs/morris.md §7.3).
type Mode uint8

const (
	// ModeBoth: improved opening and midgame estimators.
	ModeBoth Mode = iota
	// ModeGame: standard opening, improved midgame estimator ("midgame only").
	ModeGame
	// ModeOpening: improved opening, standard midgame estimator.
	ModeOpening
)

var modeNames = [...]string{"both", "game", "opening"}

// String returns the mode's command-line name.
func (m Mode) String() string {
	if int(m) < len(modeNames) {
		return modeNames[m]
	}
	return fmt.Sprintf("Mode(%d)", uint8(m))
}

// ParseMode returns the mode named s: both, game or opening.
func ParseMode(s string) (Mode, bool) {
	for i, n := range modeNames {
		if n == s {
			return Mode(i), true
		}
	}
	return 0, false
}

// GameRecord describes one finished self-play game.
type GameRecord struct {
	// Start is the index of the start position (0: empty board).
	Start int
	// ImprovedWhite is true when the improved side played White.
	ImprovedWhite bool
	// Result is the result for the improved side.
	Result match.Result
	// MidgameTurns is the number of midgame turns played, Plies the number
	// of moves of the whole game (placements included).
	MidgameTurns, Plies int
	// Final is the last position.
	Final morris.Position
	// Reason says how the game ended.
	Reason string
}

// StartPositions returns the n+1 start positions of docs/morris.md §7.3 on
// board b: the empty board, then W on point i and B on point (i+⌊n/2⌋) mod n.
func StartPositions(b *morris.Board) []morris.Position {
	ps := []morris.Position{{}}
	for i := 0; i < b.N; i++ {
		ps = append(ps, morris.Position{W: 1 << i, B: 1 << ((i + b.N/2) % b.N)})
	}
	return ps
}

// SelfPlay is the self-play match of docs/morris.md §7.3 on one board: the
// improved estimators (as chosen by Mode) against the standard ones, both
// sides searching like the course's alpha-beta programs at Depth, from
// every start position with both colours, the improved side White first.
// The games are played by the match harness ([match.Play]) under
// [MatchRules] with Cap midgame turns.
type SelfPlay struct {
	Board *morris.Board
	Depth int
	Mode  Mode
	Cap   int
	// Progress, if not nil, is called after each game (the improved side is
	// player A).
	Progress func(match.Progress)
}

// Run plays the match and returns its summary and its games, in order.
func (sp SelfPlay) Run() (*Summary, []GameRecord, error) {
	ie, ge := morris.Improved, morris.Improved
	switch sp.Mode {
	case ModeGame:
		ie = morris.Standard
	case ModeOpening:
		ge = morris.Standard
	}
	rules := MatchRules{Board: sp.Board, Cap: sp.Cap}
	var openings []GameState
	for _, p := range StartPositions(sp.Board) {
		openings = append(openings, rules.Start(p))
	}
	imp := NewCoursePlayer(fmt.Sprintf("improved:%d", sp.Depth), sp.Board, sp.Depth, ie, ge)
	std := NewCoursePlayer(fmt.Sprintf("standard:%d", sp.Depth), sp.Board, sp.Depth, morris.Standard, morris.Standard)
	rep, err := match.Play(match.Match[GameState, morris.Node]{
		Rules:     rules,
		Players:   [2]match.Player[GameState, morris.Node]{imp, std},
		Openings:  openings,
		Games:     2 * len(openings),
		Progress:  sp.Progress,
		KeepMoves: true,
	})
	if err != nil {
		return nil, nil, err
	}
	sum := &Summary{Board: sp.Board.Kind, Depth: sp.Depth, Mode: sp.Mode}
	games := make([]GameRecord, 0, len(rep.Games))
	for _, g := range rep.Games {
		final := openings[g.Opening]
		for _, m := range g.Moves {
			final = rules.Play(&final, m)
		}
		rec := GameRecord{Start: g.Opening, ImprovedWhite: g.AColor == 0, Result: g.Result,
			MidgameTurns: final.Turns, Plies: g.Plies, Final: final.Position, Reason: g.Reason}
		sum.Add(rec)
		games = append(games, rec)
	}
	return sum, games, nil
}

// Summary is the tally of a match.
type Summary struct {
	Board morris.Kind
	Depth int
	Mode  Mode
	// Games is the number of games; W, D, L count wins, draws and losses of
	// the improved side as White ([0]) and as Black ([1]).
	Games   int
	W, D, L [2]int
	// Scores holds each game's points for the improved side.
	Scores []float64
}

// Score returns the improved side's share of the points (0..1) over all
// games.
func (s *Summary) Score() float64 { return ratio(s.W[0]+s.W[1], s.D[0]+s.D[1], s.Games) }

// ColourScore returns the share of the points as White (c = 0) or Black (1).
func (s *Summary) ColourScore(c int) float64 {
	return ratio(s.W[c], s.D[c], s.W[c]+s.D[c]+s.L[c])
}

func ratio(w, d, n int) float64 {
	if n == 0 {
		return 0
	}
	return (float64(w) + float64(d)/2) / float64(n)
}

// Confidence returns the half-width of the 95 % confidence interval of the
// score (normal approximation, per-game standard deviation).
func (s *Summary) Confidence() float64 {
	n := float64(len(s.Scores))
	if n < 2 {
		return 1
	}
	mean := 0.0
	for _, x := range s.Scores {
		mean += x
	}
	mean /= n
	v := 0.0
	for _, x := range s.Scores {
		v += (x - mean) * (x - mean)
	}
	v /= n - 1
	return 1.96 * math.Sqrt(v/n)
}

// Add records one game.
func (s *Summary) Add(g GameRecord) {
	c := 0
	if !g.ImprovedWhite {
		c = 1
	}
	s.Games++
	switch g.Result {
	case match.Win:
		s.W[c]++
	case match.Draw:
		s.D[c]++
	default:
		s.L[c]++
	}
	s.Scores = append(s.Scores, float64(g.Result)/2)
}

// String is the summary line of the match.
func (s *Summary) String() string {
	return fmt.Sprintf("board=%s depth=%d mode=%s games=%d white W/D/L=%d/%d/%d black W/D/L=%d/%d/%d score=%.1f%% (95%% CI ±%.1f%%) white=%.1f%% black=%.1f%%",
		s.Board, s.Depth, s.Mode, s.Games, s.W[0], s.D[0], s.L[0], s.W[1], s.D[1], s.L[1],
		100*s.Score(), 100*s.Confidence(), 100*s.ColourScore(0), 100*s.ColourScore(1))
}
