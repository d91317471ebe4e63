package arena

// This file holds the players that search in-process: the homework's
// searches and the tournament engine.

import (
	"github.com/gamesearch/gamesearch/pkg/match"
	"github.com/gamesearch/gamesearch/pkg/starcircle"
)

// Player is a player of a Star/Circle match.
type Player = match.Player[GamePos, starcircle.Move]

// CoursePlayer is the homework's program as a player: MINIMAX or ALPHABETA
// (docs/starcircle.md, "Search") to a fixed depth with the utility from the
// mover's view, playing the move the program would write. It is
// deterministic.
type CoursePlayer struct {
	label     string
	w         *starcircle.Weights
	alg       starcircle.Algorithm
	depth     int
	searchers [2]*starcircle.Searcher // by the player to move
}

// NewCoursePlayer returns the player searching positions scored with w by
// algorithm alg to depth.
func NewCoursePlayer(label string, w *starcircle.Weights, alg starcircle.Algorithm, depth int) *CoursePlayer {
	return &CoursePlayer{label: label, w: w, alg: alg, depth: depth}
}

// Name returns the label.
func (p *CoursePlayer) Name() string { return p.label }

// NewGame does nothing: the searches keep nothing between moves.
func (p *CoursePlayer) NewGame(uint64) {}

// Move searches the position to the player's depth from the view of the
// player to move.
func (p *CoursePlayer) Move(t *match.Turn[GamePos, starcircle.Move]) (starcircle.Move, error) {
	me := t.Pos.Pos.ToMove
	if p.searchers[me] == nil {
		p.searchers[me] = starcircle.NewSearcher(starcircle.NewCourseGame(p.w, me))
	}
	s := p.searchers[me]
	if p.alg == starcircle.AlphaBeta {
		return s.AlphaBeta(t.Pos.Pos, p.depth).Move, nil
	}
	return s.Minimax(t.Pos.Pos, p.depth).Move, nil
}

// NewEnginePlayer returns the player of engine e, the bare engine
// ([match.EngineThinker]) searching the match position's [GamePos.Pos],
// without limits: set Depth, Nodes or the time.
func NewEnginePlayer(label string, e *starcircle.Engine) *match.EnginePlayer[GamePos, starcircle.Move] {
	t := match.EngineThinker[GamePos, starcircle.Position, starcircle.Move, starcircle.EngineGame]{
		Engine: e,
		View:   func(p *GamePos) starcircle.Position { return p.Pos },
	}
	return &match.EnginePlayer[GamePos, starcircle.Move]{Label: label, Thinker: t}
}
