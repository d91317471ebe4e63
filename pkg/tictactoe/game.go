package tictactoe

import (
	"math/bits"
	"strconv"

	"github.com/gamesearch/gamesearch/pkg/search"
)

// Value is a utility: +1 a win, 0 a draw, -1 a loss.
type Value = search.Value

// CourseGame is tic-tac-toe as a search.Game for the course search
// (negamax form: Evaluate scores a position for the side to move). It has
// no state.
type CourseGame struct{}

// Terminal reports whether p ends the game: a player has three in a row or
// the board is full.
func (CourseGame) Terminal(p *Position) bool { return p.Over() }

// Moves appends the empty squares of p to buf in square order, 1 to 9. It
// does not look at Terminal: a finished position's empty squares are
// listed too.
func (CourseGame) Moves(p *Position, buf []Move) []Move {
	for e := p.Empty(); e != 0; e &= e - 1 {
		buf = append(buf, Move(bits.TrailingZeros16(uint16(e))))
	}
	return buf
}

// Play sets *dst to p with the side to move's mark on m.
func (CourseGame) Play(dst, p *Position, m Move) {
	*dst = *p
	dst.Marks[p.ToMove] |= 1 << m
	dst.ToMove = p.ToMove ^ 1
}

// Evaluate returns the utility of p for the side to move: +1 when it has
// three in a row, -1 when its opponent has, 0 otherwise (a draw, or a
// position where the game goes on).
func (CourseGame) Evaluate(p *Position) Value {
	switch {
	case p.Marks[p.ToMove].HasLine():
		return 1
	case p.Marks[p.ToMove^1].HasLine():
		return -1
	}
	return 0
}

// CountReplies returns -1 when the position reached from p by m ends the
// game, else the number of its moves (its empty squares), without building
// the list ([search.Tree]).
func (g CourseGame) CountReplies(p *Position, m Move) int {
	var c Position
	g.Play(&c, p, m)
	if c.Over() {
		return -1
	}
	return c.Empty().Count()
}

// CourseOptions returns the conventions of the program tictactoe-minimax:
// negamax form (Evaluate for the side to move), the other options at their
// zero values. Plain minimax uses none of the alpha-beta options; a node
// without moves cannot occur (such a position is a full board, terminal).
func CourseOptions() search.Options { return search.Options{Perspective: search.SideToMove} }

// Searcher is the pkg/search searcher of tic-tac-toe.
type Searcher = search.Searcher[Position, Move, CourseGame]

// NewSearcher returns a searcher with [CourseOptions].
func NewSearcher() *Searcher { return search.New[Position, Move](CourseGame{}, CourseOptions()) }

// Perft is the tic-tac-toe perft: [search.Perft] over [CourseGame].
type Perft = search.Perft[Position, Move, CourseGame]

// NewPerft returns the perft of tic-tac-toe: finished games stop and count
// nothing above the horizon (the zero search.PerftRule), so the counts from
// the empty board are the numbers of move sequences of each length,
// 9, 72, 504, 3024, 15120, 54720, 148176, 200448, 127872, and the tree's
// node count to depth 9 is the node count of the full minimax, 549946.
func NewPerft() *Perft {
	return search.NewPerft[Position, Move](CourseGame{}, search.PerftRule{})
}

// FullDepth is the depth of the program's search: nine plies reach the end
// of every game.
const FullDepth = 9

// Answer is the program's result for one board.
type Answer struct {
	// Move is the chosen move: the first, in square order, of the best.
	Move Move
	// Value is the minimax value of the board for the side to move: +1, 0
	// or -1.
	Value Value
	// Nodes is the number of nodes the minimax entered, the root included.
	Nodes uint64
}

// Solve runs the program's search, plain minimax to the end of the game,
// with searcher s (nil: a new one). p must not be finished.
func Solve(s *Searcher, p Position) Answer {
	if s == nil {
		s = NewSearcher()
	}
	r := s.Minimax(p, FullDepth)
	return Answer{Move: r.Move, Value: r.Value, Nodes: r.Nodes}
}

// Format returns the program's output for the answer: the move's square
// number on the first line and the node count on the second, each line
// ending with a newline ("1\n549946\n").
func (a Answer) Format() string {
	return a.Move.String() + "\n" + strconv.FormatUint(a.Nodes, 10) + "\n"
}
