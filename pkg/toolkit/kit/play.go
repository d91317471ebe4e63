package kit

import (
	"io"
	"time"

	"github.com/gamesearch/gamesearch/pkg/search"
)

// PlayOptions are the engine's limits in play.
type PlayOptions struct {
	// Depth is the deepest iteration of the engine's iterative deepening.
	Depth int
	// Budget is the engine's thinking time per move; it always applies: the
	// iteration in progress is abandoned when it runs out (the depth-1
	// iteration always completes).
	Budget time.Duration
}

// Iteration is one completed iteration of the engine's search in play.
type Iteration struct {
	// Depth is the iteration's depth and Move its best move (an index into
	// moves()).
	Depth, Move int
	// Value is the move's value for the engine.
	Value search.Value
	// Nodes counts the nodes of all iterations so far.
	Nodes uint64
}

// Answer is the engine's reply in play.
type Answer struct {
	// Move is an index into Moves(); Depth is the last completed iteration.
	Move, Depth int
	// TimeUp reports that the time ran out before the depth cap.
	TimeUp bool
}

// Session is a game in progress between a person and the engine.
type Session interface {
	// Players names the first and the second player.
	Players() [2]string
	// EngineName describes the engine ("alpha-beta, advanced evaluation").
	EngineName() string
	// DefaultDepth is the engine's depth cap when -depth and -time are not
	// given.
	DefaultDepth() int
	// Draw writes the board.
	Draw(w io.Writer)
	// Moves returns the labels of the legal moves of the side to move, in
	// generation order.
	Moves() []string
	// Play plays the i-th move of moves().
	Play(i int)
	// Undo takes back the last ply; it returns false at the start.
	Undo() bool
	// Turn is 0 when the first player is to move, 1 for the second.
	Turn() int
	// Over reports whether the game has ended, with the result.
	Over() (string, bool)
	// Think searches for the engine's move within o, calling progress (when
	// not nil) after every completed iteration.
	Think(o PlayOptions, progress func(Iteration)) Answer
}

// Aliaser is implemented by sessions whose moves have a second spelling.
type Aliaser interface {
	Alias(i int) string
}

// Think is the engine of play: iterative deepening with the game's course
// alpha-beta from depth 1 to o.Depth that abandons the iteration in progress
// when o.Budget is spent (the depth-1 iteration always completes). After
// each completed iteration it calls progress (when not nil) with the move's
// index, which index gives. It answers with the last completed iteration.
func Think[P, M any, G search.Game[P, M]](g G, opt search.Options, root P, o PlayOptions,
	index func(M) int, progress func(Iteration)) Answer {
	deadline := time.Now().Add(o.Budget)
	s := search.New[P, M](g, opt)
	var a Answer
	lim := search.DeepenLimits{Depth: o.Depth, AlphaBeta: true, FirstComplete: true,
		Stop: func() bool { return !time.Now().Before(deadline) }}
	a.TimeUp, _ = s.Deepen(root, lim, func(d int, r search.Result[M], total uint64) error {
		a.Move, a.Depth = index(r.Move), d
		if progress != nil {
			progress(Iteration{Depth: d, Move: a.Move, Value: r.Value, Nodes: total})
		}
		return nil
	})
	return a
}

// History is the positions of a game in play, the start first: the part
// of a Session that every game shares (the current position, a move made,
// a move taken back). A session embeds it and so has Undo.
type History[S any] struct {
	list []S
}

// NewHistory returns a history that holds the start position.
func NewHistory[S any](start S) History[S] { return History[S]{list: []S{start}} }

// Cur returns the current position.
func (h *History[S]) Cur() *S { return &h.list[len(h.list)-1] }

// Push makes s the current position.
func (h *History[S]) Push(s S) { h.list = append(h.list, s) }

// Plies returns the number of moves made since the start.
func (h *History[S]) Plies() int { return len(h.list) - 1 }

// Undo takes back the last move; it reports false at the start.
func (h *History[S]) Undo() bool {
	if len(h.list) == 1 {
		return false
	}
	h.list = h.list[:len(h.list)-1]
	return true
}
