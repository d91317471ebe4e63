package arena

import (
	"github.com/gamesearch/gamesearch/pkg/match"
	"github.com/gamesearch/gamesearch/pkg/tictactoe"
)

// MatchRules are the [match.Rules] of a complete tic-tac-toe game: colour 0
// is X, who moves first, colour 1 is O; the game ends when a player has
// three in a row, who wins, or when the board is full, a draw. A move is
// legal when its square is empty. The zero value is ready to use.
type MatchRules struct{}

// game returns the engine adapter, which lists and plays the moves.
func (MatchRules) game() tictactoe.EngineGame { return tictactoe.EngineGame{} }

// ToMove returns 0 when X is to move, 1 for O.
func (MatchRules) ToMove(p *tictactoe.Position) int { return int(p.ToMove) }

// Result reports whether p ends the game, the winning colour (-1 for a
// draw) and the reason: "X has three in a row (squares 1-5-9)" or "board
// full".
func (MatchRules) Result(p *tictactoe.Position) (bool, int, string) {
	if who, ok := p.Winner(); ok {
		return true, int(who), who.String() + " has three in a row (squares " + tictactoe.LineName(p.Marks[who]) + ")"
	}
	if p.Empty() == 0 {
		return true, -1, "board full"
	}
	return false, 0, ""
}

// Legal reports whether m is an empty square of p.
func (MatchRules) Legal(p *tictactoe.Position, m tictactoe.Move) bool {
	return m < 9 && p.Empty().Has(m)
}

// Play returns p after the legal move m.
func (r MatchRules) Play(p *tictactoe.Position, m tictactoe.Move) tictactoe.Position {
	var q tictactoe.Position
	r.game().Play(&q, p, m)
	return q
}

// Over and Moves make MatchRules a [match.Mover] for the opening helpers.

// Over reports whether the game has ended in p.
func (MatchRules) Over(p *tictactoe.Position) bool { return p.Over() }

// Moves appends the empty squares of p to buf in square order.
func (r MatchRules) Moves(p *tictactoe.Position, buf []tictactoe.Move) []tictactoe.Move {
	return r.game().Moves(p, buf)
}

// Openings returns every position reached from start by exactly plies
// moves, in square order, without the lines that end the game earlier
// ([match.Enumerate]). From the empty board, 1 ply gives 9 openings and 2
// plies 72.
func (r MatchRules) Openings(start tictactoe.Position, plies int) []tictactoe.Position {
	return match.Enumerate[tictactoe.Position, tictactoe.Move](r, start, plies)
}
