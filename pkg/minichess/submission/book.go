package submission

import "github.com/gamesearch/gamesearch/pkg/minichess"

// The opening table (book_table.go, written by "minichess-tune book",
// docs/engine/minichess.md "The opening table"): for each colour, its
// positions up to two plies from the start (White: the start and the seven
// replies to the table's first move; Black: the seven first moves of
// White), each with the move of a search of 60 million nodes by this engine
// and its weights (about 20 s here), where a move of the game gets one
// second or ten. Past the second ply the engine searches as before.

// BookMove returns the table's move for p, if p is a table position.
func BookMove(p *minichess.Position) (minichess.Move, bool) {
	m, ok := book[p.FEN()]
	return m, ok
}

// BookSize returns the number of table positions.
func BookSize() int { return len(book) }
