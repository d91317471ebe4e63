package morris

import (
	"fmt"
	"math"
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

// Outcome is the result of one game from the improved side's point of view.
type Outcome int8

const (
	// Loss: the improved side lost.
	Loss Outcome = iota
	// Draw: the midgame turn cap was reached.
	Draw
	// Won: the improved side won.
	Won
)

// Points returns the score of the outcome: 1, ½ or 0.
func (o Outcome) Points() float64 { return float64(o) / 2 }

// String returns "win", "draw" or "loss".
func (o Outcome) String() string {
	return [...]string{"loss", "draw", "win"}[o]
}

// player is one side of a self-play game: the searchers of its opening and
// midgame programs.
type player struct {
	opening, game *Searcher
}

func newPlayer(b *Board, openingEst, gameEst Estimator) player {
	op := Program{Name: "selfplay-opening", Phase: Opening, AlphaBeta: true, Estimator: openingEst}
	gp := Program{Name: "selfplay-game", Phase: Game, AlphaBeta: true, Estimator: gameEst}
	return player{NewProgramSearcher(op, b), NewProgramSearcher(gp, b)}
}

// GameRecord describes one finished self-play game.
type GameRecord struct {
	// Start is the index of the start position (0: empty board).
	Start int
	// ImprovedWhite is true when the improved side played White.
	ImprovedWhite bool
	// Outcome is the result for the improved side.
	Outcome Outcome
	// MidgameTurns is the number of midgame turns played, Plies the number
	// of moves of the whole game (placements included).
	MidgameTurns, Plies int
	// Final is the last position.
	Final Position
	// Reason says how the game ended.
	Reason string
}

// StartPositions returns the n+1 start positions of docs/morris.md §7.3 on
// board b: the empty board, then W on point i and B on point (i+⌊n/2⌋) mod n.
func StartPositions(b *Board) []Position {
	ps := []Position{{}}
	for i := 0; i < b.N; i++ {
		ps = append(ps, Position{W: 1 << i, B: 1 << ((i + b.N/2) % b.N)})
	}
	return ps
}

// Match plays self-play games between the improved and the standard
// estimators on one board.
type Match struct {
	Board *Board
	Depth int
	Mode  Mode
	// Cap is the number of midgame turns after which a game is drawn.
	Cap      int
	imp, std player
}

// NewMatch prepares a match on board b at depth, mode and midgame cap.
func NewMatch(b *Board, depth int, mode Mode, cap int) *Match {
	m := &Match{Board: b, Depth: depth, Mode: mode, Cap: cap}
	ie, ge := Improved, Improved
	switch mode {
	case ModeGame:
		ie = Standard
	case ModeOpening:
		ge = Standard
	}
	m.imp = newPlayer(b, ie, ge)
	m.std = newPlayer(b, Standard, Standard)
	return m
}

// Play plays one game from start (White to move, each side having placed
// the pieces it has on start) with the improved side playing White when
// improvedWhite is true.
func (m *Match) Play(startIndex int, start Position, improvedWhite bool) GameRecord {
	b := m.Board
	rec := GameRecord{Start: startIndex, ImprovedWhite: improvedWhite}
	pos := start
	placed := [2]int{pos.NumWhite(), pos.NumBlack()}
	side := 0 // 0 White, 1 Black
	players := [2]player{m.std, m.imp}
	if improvedWhite {
		players = [2]player{m.imp, m.std}
	}
	result := func(winner int, reason string) GameRecord {
		rec.Final, rec.Reason = pos, reason
		if (winner == 0) == improvedWhite {
			rec.Outcome = Won
		} else {
			rec.Outcome = Loss
		}
		return rec
	}
	for {
		pl := players[side]
		s := pl.game
		if placed[0] < b.Pieces || placed[1] < b.Pieces {
			if placed[side] < b.Pieces {
				s = pl.opening
				placed[side]++
			}
		} else {
			// Midgame: the end tests at the start of a turn.
			if rec.MidgameTurns >= m.Cap {
				rec.Final, rec.Outcome, rec.Reason = pos, Draw, "turn cap"
				return rec
			}
			me := pos.NumWhite()
			if side == 1 {
				me = pos.NumBlack()
			}
			if me <= 2 {
				return result(1-side, "two pieces")
			}
			n := Node{Position: pos, Black: side == 1}
			if b.CountMoves(&n, Game) == 0 {
				return result(1-side, "blocked")
			}
			rec.MidgameTurns++
		}
		root := pos
		if side == 1 {
			root = pos.Swap()
		}
		r := s.Search(root, m.Depth)
		rec.Plies++
		if r.HasMove {
			pos = r.Board
			if side == 1 {
				pos = pos.Swap()
			}
		}
		side = 1 - side
	}
}

// Summary is the tally of a match.
type Summary struct {
	Board Kind
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
	switch g.Outcome {
	case Won:
		s.W[c]++
	case Draw:
		s.D[c]++
	default:
		s.L[c]++
	}
	s.Scores = append(s.Scores, g.Outcome.Points())
}

// String is the summary line of the match.
func (s *Summary) String() string {
	return fmt.Sprintf("board=%s depth=%d mode=%s games=%d white W/D/L=%d/%d/%d black W/D/L=%d/%d/%d score=%.1f%% (95%% CI ±%.1f%%) white=%.1f%% black=%.1f%%",
		s.Board, s.Depth, s.Mode, s.Games, s.W[0], s.D[0], s.L[0], s.W[1], s.D[1], s.L[1],
		100*s.Score(), 100*s.Confidence(), 100*s.ColourScore(0), 100*s.ColourScore(1))
}

// Run plays the whole match: every start position twice, the improved side
// first as White, then as Black. each, when not nil, sees every game.
func (m *Match) Run(each func(GameRecord)) *Summary {
	sum := &Summary{Board: m.Board.Kind, Depth: m.Depth, Mode: m.Mode}
	for i, st := range StartPositions(m.Board) {
		for _, white := range []bool{true, false} {
			g := m.Play(i, st, white)
			sum.Add(g)
			if each != nil {
				each(g)
			}
		}
	}
	return sum
}
