package congo

import "github.com/gamesearch/gamesearch/pkg/search"

// Inf is the infinity of the course searches: the initial best value of
// minimax and the root window of alpha-beta.
const Inf = 10000000

// Evaluator selects the static evaluation a [CourseGame] uses.
type Evaluator uint8

const (
	// SimpleEval is the material evaluation of Part 4.1.
	SimpleEval Evaluator = iota
	// AdvancedEval is material + mobility + attack (Part 5.1).
	AdvancedEval
)

// CourseGame adapts Congo to package search ([search.Game]): positions are
// [Position] values, moves are [Move]s, and values are from the side to
// move's view (negamax form). Terminal means a lion is missing.
type CourseGame struct {
	// Edition is the edition whose promotion rule Play applies.
	Edition Edition
	// Eval is the static evaluation.
	Eval Evaluator
	// CapturesFirst orders lion captures, then other captures, then the rest.
	// With a full root window this speeds up alpha-beta without changing its
	// value.
	CapturesFirst bool
}

// Terminal reports whether a lion is missing.
func (g CourseGame) Terminal(p *Position) bool { return p.LionMissing() }

// Moves appends the moves of the side to move (ascending, or captures first
// when g.CapturesFirst).
func (g CourseGame) Moves(p *Position, buf []Move) []Move {
	if g.CapturesFirst {
		return p.GenerateOrdered(buf)
	}
	return p.GenerateMoves(buf)
}

// CountReplies returns -1 when m leaves a lion missing, else the number of
// moves of the position it reaches ([search.Tree]).
func (g CourseGame) CountReplies(p *Position, m Move) int {
	var c Position
	p.Play(&c, m, g.Edition)
	if c.LionMissing() {
		return -1
	}
	return c.CountMoves()
}

// Play sets *dst to p after m under g.Edition.
func (g CourseGame) Play(dst, p *Position, m Move) { p.Play(dst, m, g.Edition) }

// Evaluate returns g.Eval of p for the side to move.
func (g CourseGame) Evaluate(p *Position) search.Value {
	if g.Eval == AdvancedEval {
		return search.Value(p.EvaluateAdvanced())
	}
	return search.Value(p.Evaluate())
}

// Searcher is a search of Congo positions.
type Searcher = search.Searcher[Position, Move, CourseGame]

// NewMinimax returns the searcher of Part 4.2: negamax with the simple
// evaluation, -Inf for a node without moves.
func NewMinimax(r Edition) *Searcher {
	return search.New[Position, Move](NewCourseGame(r, false), CourseOptions(false))
}

// NewAlphaBeta returns the searcher of Part 5.2: fail-hard negamax alpha-beta
// with the advanced evaluation and captures tried first (which cannot change
// the value with the full window (-Inf, Inf)).
func NewAlphaBeta(r Edition) *Searcher {
	return search.New[Position, Move](NewCourseGame(r, true), CourseOptions(true))
}

// NewCourseGame returns the game searched by congo-minimax (alphaBeta false: simple
// evaluation, moves in list order) or congo-alphabeta (alphaBeta true:
// advanced evaluation, captures first) under rules r.
func NewCourseGame(r Edition, alphaBeta bool) CourseGame {
	if alphaBeta {
		return CourseGame{Edition: r, Eval: AdvancedEval, CapturesFirst: true}
	}
	return CourseGame{Edition: r, Eval: SimpleEval}
}

// CourseOptions are the search conventions of congo-minimax (alphaBeta false)
// and congo-alphabeta (true): negamax from the side to move, infinity [Inf],
// -Inf for a node without moves, and fail-hard alpha-beta.
func CourseOptions(alphaBeta bool) search.Options {
	opt := search.Options{Perspective: search.SideToMove, NoMoves: search.NoMovesEmptyLoop, Inf: Inf}
	if alphaBeta {
		opt.Bound = search.FailHard
	}
	return opt
}

// MinimaxValue returns the Part 4.2 value of p: minimax to depth 2.
func MinimaxValue(s *Searcher, p *Position) int {
	return int(s.Minimax(*p, 2).Value)
}

// AlphaBetaValue returns the Part 5.2 value of p: alpha-beta to depth 4 with
// the window (-Inf, Inf).
func AlphaBetaValue(s *Searcher, p *Position) int {
	return int(s.AlphaBeta(*p, 4).Value)
}

// Perft is the perft of Congo positions: [search.Perft] over [CourseGame].
type Perft = search.Perft[Position, Move, CourseGame]

// NewPerft returns the perft of rules r: a position with a missing lion ends
// the game and counts nothing (no moves are made below it), and the last ply
// is counted in bulk by [Position.CountMoves].
func NewPerft(r Edition) *Perft {
	return search.NewPerft[Position, Move](CourseGame{Edition: r}, search.PerftRule{})
}

// NewPerftMake is [NewPerft] without bulk counting: every leaf is reached by
// making its move. It checks make-move against move counting.
func NewPerftMake(r Edition) *Perft {
	return search.NewPerft[Position, Move](CourseGame{Edition: r}, search.PerftRule{MakeLeaves: true})
}
