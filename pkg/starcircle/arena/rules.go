package arena

// This file holds the rules of a complete game and the openings.

import (
	"fmt"

	"github.com/gamesearch/gamesearch/pkg/match"
	"github.com/gamesearch/gamesearch/pkg/starcircle"
)

// GamePos is a position of a match: the search position, the stack heights
// (which external programs are given) and the number of plies played since
// the opening.
type GamePos struct {
	// Pos is the position as the searches see it.
	Pos starcircle.Position
	// Board holds each square's stack height: positive for Star, negative
	// for Circle, 0 for an empty square (as [starcircle.Problem.Board]).
	Board [64]int
	// Plies is the number of plies played since the opening.
	Plies int
}

// Start returns the match position of prob's board with prob's player to
// move.
func Start(prob *starcircle.Problem) GamePos {
	return GamePos{Pos: prob.Position(), Board: prob.Board}
}

// DefaultMaxPlies caps a game; no game from the start position lasts that
// long (each piece moves at most seven times).
const DefaultMaxPlies = 400

// MatchRules are the [match.Rules] of a complete Star/Circle game
// (docs/starcircle.md, "End of the game"): colour 0 is Star, 1 Circle; a
// game ends when a side has no piece, after two passes in a row, or when
// MaxPlies plies have been played since the opening; then the sign of the
// utility (Star's positional weights minus Circle's) decides it, 0 being a
// draw. A move is legal when it is in the position's list, a pass only when
// it is the only move.
type MatchRules struct {
	// Weights score the positions (the row values of the game).
	Weights *starcircle.Weights
	// MaxPlies is the ply cap (0: [DefaultMaxPlies]).
	MaxPlies int
}

// game returns the engine adapter of the rules' weights, which plays and
// lists the moves.
func (r MatchRules) game() starcircle.EngineGame { return starcircle.NewEngineGame(r.Weights) }

// ToMove returns 0 when Star is to move, 1 for Circle.
func (r MatchRules) ToMove(p *GamePos) int { return int(p.Pos.ToMove) }

// Result reports whether p ends the game, the winning colour (-1 for a
// draw) and the reason: why the game ended and who is ahead.
func (r MatchRules) Result(p *GamePos) (bool, int, string) {
	limit := r.MaxPlies
	if limit <= 0 {
		limit = DefaultMaxPlies
	}
	var why string
	switch {
	case p.Pos.Pieces[starcircle.Star] == 0:
		why = "Star has no piece"
	case p.Pos.Pieces[starcircle.Circle] == 0:
		why = "Circle has no piece"
	case p.Pos.Over:
		why = "two passes"
	case p.Plies >= limit:
		why = fmt.Sprintf("ply cap %d", limit)
	default:
		return false, 0, ""
	}
	switch {
	case p.Pos.Score > 0:
		return true, 0, why + ", Star ahead"
	case p.Pos.Score < 0:
		return true, 1, why + ", Circle ahead"
	}
	return true, -1, why + ", utility 0"
}

// Legal reports whether m is one of the moves of p.
func (r MatchRules) Legal(p *GamePos, m starcircle.Move) bool {
	var buf [64]starcircle.Move
	for _, x := range r.game().Moves(&p.Pos, buf[:0]) {
		if x == m {
			return true
		}
	}
	return false
}

// Play returns p after the legal move m, its stack heights updated.
func (r MatchRules) Play(p *GamePos, m starcircle.Move) GamePos {
	q := *p
	r.game().Play(&q.Pos, &p.Pos, m)
	q.Plies++
	if m != starcircle.Pass {
		sign := 1
		if p.Pos.ToMove == starcircle.Circle {
			sign = -1
		}
		q.Board[m.From()] -= sign
		q.Board[m.To()] += sign
		if m.IsJump() {
			q.Board[m.Jumped()] = 0
		}
	}
	return q
}

// Over and Moves make MatchRules a [match.Mover] for the opening helpers.

// Over reports whether the game has ended in p.
func (r MatchRules) Over(p *GamePos) bool {
	over, _, _ := r.Result(p)
	return over
}

// Moves appends the moves of p to buf in the homework's expansion order.
func (r MatchRules) Moves(p *GamePos, buf []starcircle.Move) []starcircle.Move {
	return r.game().Moves(&p.Pos, buf)
}

// Openings returns every position reached from start by exactly plies
// moves, in the expansion order, without the lines that end the game
// earlier ([match.Enumerate]); their ply counts start again from 0. From
// the start position, 2 plies give 49 openings.
func (r MatchRules) Openings(start GamePos, plies int) []GamePos {
	list := match.Enumerate[GamePos, starcircle.Move](r, start, plies)
	for i := range list {
		list[i].Plies = 0
	}
	return list
}
