package minichess

import "github.com/gamesearch/gamesearch/pkg/search"

// WinScore is the course evaluation's value of a Win position, and its
// negation the value of a position without moves (docs/minichess.md, "The
// baselines").
const WinScore search.Value = 100000

// Evaluate returns the course's evaluation of n from the side to move's view
// (docs/minichess.md, "The baselines"): WinScore for a Win position,
// otherwise the side to move's material minus the opponent's by the
// adjudication table.
func (n *Node) Evaluate() search.Value {
	if n.win {
		return WinScore
	}
	return search.Value(n.Material(n.side) - n.Material(n.side^1))
}

// CourseGame is the course's game for [search]: the template's lists in
// template order, Win positions terminal, the material evaluation. Use it
// with [CourseOptions] to compute the baselines' R(s, d) (docs/minichess.md,
// "The baselines").
type CourseGame struct{}

// Terminal reports whether n is a Win position.
func (CourseGame) Terminal(n *Node) bool { return n.win }

// Moves appends n's list in template order (n is not a Win position when
// the search asks, so the list is complete).
func (CourseGame) Moves(n *Node, buf []Move) []Move {
	list, _ := n.LegalMoves(buf)
	return list
}

// Play sets *dst to the position after m.
func (CourseGame) Play(dst, n *Node, m Move) { n.Play(dst, m) }

// Evaluate is [Node.Evaluate].
func (CourseGame) Evaluate(n *Node) search.Value { return n.Evaluate() }

// CourseOptions returns the search conventions of the course's minimax and
// alpha-beta: negamax from the side to move, fail-soft, a node without moves
// worth -WinScore.
func CourseOptions() search.Options {
	return search.Options{
		Perspective:  search.SideToMove,
		Bound:        search.FailSoft,
		NoMoves:      search.NoMovesScore,
		NoMovesScore: -WinScore,
	}
}

// RootCase is how a player's root is decided before any search
// (docs/minichess.md, "Common rules for players").
type RootCase uint8

const (
	// Search: the root must be searched.
	Search RootCase = iota
	// WinCapture: the root is a Win position; the player plays its king
	// capture, the last move of the template list.
	WinCapture
	// OnlyMove: the root has exactly one move (played at once by players
	// that do not search it).
	OnlyMove
	// EmptyRoot: the root has no move; nothing is played.
	EmptyRoot
)

// ClassifyRoot returns the case of a root whose template list and status
// are list and st, and the move of a WinCapture or OnlyMove root.
func ClassifyRoot(list []Move, st Status) (RootCase, Move) {
	switch {
	case len(list) == 0:
		return EmptyRoot, Move{}
	case st == Win:
		return WinCapture, list[len(list)-1]
	case len(list) == 1:
		return OnlyMove, list[0]
	}
	return Search, Move{}
}
