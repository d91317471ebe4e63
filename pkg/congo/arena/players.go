package arena

// This file holds the players that search in-process: the course searches
// and the tournament engine.

import (
	"errors"

	"github.com/gamesearch/gamesearch/pkg/congo"
	"github.com/gamesearch/gamesearch/pkg/congo/baseline"
	"github.com/gamesearch/gamesearch/pkg/engine"
	"github.com/gamesearch/gamesearch/pkg/match"
	"github.com/gamesearch/gamesearch/pkg/search"
)

// Player is a player of a Congo match.
type Player = match.Player[congo.Position, congo.Move]

// CoursePlayer plays the root move of a course search (package search) to a
// fixed depth: the first move, in the search's move order, whose value is
// strictly greater than every earlier one (alpha-beta: strictly greater than
// alpha at that time). It is deterministic and keeps no state between
// moves.
type CoursePlayer struct {
	label     string
	s         *congo.Searcher
	alphaBeta bool
	depth     int
	nodes     uint64
}

// NewMinimax returns Part 4's player (congo-minimax's search,
// [congo.NewMinimax]): negamax minimax to depth with the simple (material)
// evaluation.
func NewMinimax(label string, r congo.Edition, depth int) *CoursePlayer {
	return &CoursePlayer{label: label, s: congo.NewMinimax(r), depth: depth}
}

// NewAlphaBeta returns Part 5's player as the course baseline plays it
// ([baseline.NewSearcher]): fail-hard negamax alpha-beta to depth with the
// advanced evaluation, root moves in ascending order.
func NewAlphaBeta(label string, r congo.Edition, depth int) *CoursePlayer {
	return &CoursePlayer{label: label, s: baseline.NewSearcher(r), alphaBeta: true, depth: depth}
}

// NewBaseline returns the course baseline of the acceptance match, named
// "baseline": [NewAlphaBeta] to [baseline.Depth].
func NewBaseline(r congo.Edition) *CoursePlayer {
	return NewAlphaBeta("baseline", r, baseline.Depth)
}

// Name returns the player's label.
func (p *CoursePlayer) Name() string { return p.label }

// NewGame does nothing: the player keeps no state.
func (p *CoursePlayer) NewGame(uint64) {}

// Move searches the position to the player's depth.
func (p *CoursePlayer) Move(t *match.Turn[congo.Position, congo.Move]) (congo.Move, error) {
	var r search.Result[congo.Move]
	if p.alphaBeta {
		r = p.s.AlphaBeta(t.Pos, p.depth)
	} else {
		r = p.s.Minimax(t.Pos, p.depth)
	}
	p.nodes += r.Nodes
	if !r.HasMove {
		return 0, errors.New("no move found")
	}
	return r.Move, nil
}

// Nodes returns the number of nodes the player has searched.
func (p *CoursePlayer) Nodes() uint64 { return p.nodes }

// NewEnginePlayer returns a match player searching with an engine of
// options opt on game g with a fixed node budget (deterministic).
func NewEnginePlayer(label string, g congo.EngineGame, opt engine.Options, nodes uint64) *match.EnginePlayer[congo.Position, congo.Move] {
	p := match.NewEnginePlayer(label, engine.New[congo.Position, congo.Move](g, opt))
	p.Nodes = nodes
	return p
}
