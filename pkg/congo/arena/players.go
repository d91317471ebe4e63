package arena

// This file holds the players that search in-process: the course searches
// and the tournament engine.

import (
	"github.com/gamesearch/gamesearch/pkg/congo"
	"github.com/gamesearch/gamesearch/pkg/congo/baseline"
	"github.com/gamesearch/gamesearch/pkg/engine"
	"github.com/gamesearch/gamesearch/pkg/match"
)

// Player is a player of a Congo match.
type Player = match.Player[congo.Position, congo.Move]

// CoursePlayer plays the root move of a course search (package search) to a
// fixed depth: the first move, in the search's move order, whose value is
// strictly greater than every earlier one (alpha-beta: strictly greater than
// alpha at that time). It is deterministic and keeps no state between
// moves but the nodes it searched (Nodes).
type CoursePlayer = match.CoursePlayer[congo.Position, congo.Move, congo.CourseGame]

// NewMinimax returns Part 4's player (congo-minimax's search,
// [congo.NewMinimax]): negamax minimax to depth with the simple (material)
// evaluation.
func NewMinimax(label string, r congo.Edition, depth int) *CoursePlayer {
	return &CoursePlayer{Label: label, Searcher: congo.NewMinimax(r), Depth: depth}
}

// NewAlphaBeta returns Part 5's player as the course baseline plays it
// ([baseline.NewSearcher]): fail-hard negamax alpha-beta to depth with the
// advanced evaluation, root moves in ascending order.
func NewAlphaBeta(label string, r congo.Edition, depth int) *CoursePlayer {
	return &CoursePlayer{Label: label, Searcher: baseline.NewSearcher(r), AlphaBeta: true, Depth: depth}
}

// NewBaseline returns the course baseline of the acceptance match, named
// "baseline": [NewAlphaBeta] to [baseline.Depth].
func NewBaseline(r congo.Edition) *CoursePlayer {
	return NewAlphaBeta("baseline", r, baseline.Depth)
}

// NewEnginePlayer returns a match player searching with an engine of
// options opt on game g with a fixed node budget (deterministic).
func NewEnginePlayer(label string, g congo.EngineGame, opt engine.Options, nodes uint64) *match.EnginePlayer[congo.Position, congo.Move] {
	p := match.NewEnginePlayer(label, engine.New[congo.Position, congo.Move](g, opt))
	p.Nodes = nodes
	return p
}
