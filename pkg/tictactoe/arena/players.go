package arena

// This file holds the players that search in-process: the course's minimax
// and the tournament engine.

import (
	"github.com/gamesearch/gamesearch/pkg/match"
	"github.com/gamesearch/gamesearch/pkg/tictactoe"
)

// Player is a player of a tic-tac-toe match.
type Player = match.Player[tictactoe.Position, tictactoe.Move]

// CoursePlayer is the course's search as a player: plain minimax
// (docs/tictactoe.md, "Search") to a fixed depth, the move
// tictactoe-minimax would print when the depth is the full one. It is
// deterministic.
type CoursePlayer struct {
	label    string
	depth    int
	searcher *tictactoe.Searcher
}

// NewCoursePlayer returns the player searching to depth plies (0 or
// more than tictactoe.FullDepth: to the end of the game, as
// tictactoe-minimax does).
func NewCoursePlayer(label string, depth int) *CoursePlayer {
	if depth <= 0 || depth > tictactoe.FullDepth {
		depth = tictactoe.FullDepth
	}
	return &CoursePlayer{label: label, depth: depth, searcher: tictactoe.NewSearcher()}
}

// Name returns the label.
func (p *CoursePlayer) Name() string { return p.label }

// NewGame does nothing: the search keeps nothing between moves.
func (p *CoursePlayer) NewGame(uint64) {}

// Move searches the position to the player's depth and returns the first
// best move in square order.
func (p *CoursePlayer) Move(t *match.Turn[tictactoe.Position, tictactoe.Move]) (tictactoe.Move, error) {
	r := p.searcher.Minimax(t.Pos, p.depth)
	if !r.HasMove {
		return 0, match.ErrNoMove
	}
	return r.Move, nil
}

// NewEnginePlayer returns the player of engine e ([match.NewEnginePlayer]),
// without limits: set Depth, Nodes or the time.
func NewEnginePlayer(label string, e *tictactoe.Engine) *match.EnginePlayer[tictactoe.Position, tictactoe.Move] {
	return match.NewEnginePlayer[tictactoe.Position, tictactoe.Move](label, e)
}
