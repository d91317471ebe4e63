package minichess

import (
	"math/bits"

	"github.com/gamesearch/gamesearch/pkg/search"
)

// PerftTree is the move tree of a MiniChess perft (docs/minichess.md,
// "Perft"), a [search.Tree]. With Template set it is the T-perft tree: a Win
// position is never expanded. Otherwise it is the P-perft tree: every
// pseudo-legal move is followed, and a position ends the game only when its
// side to move has no king. A non-Win node's template list is its
// pseudo-legal list, so both expand [Node.PseudoMoves] and differ only in
// when a position ends the game.
type PerftTree struct {
	Template bool
}

// Terminal reports whether n ends the game in this tree.
func (t PerftTree) Terminal(n *Node) bool {
	if t.Template {
		return n.win
	}
	return !n.HasKing(n.side)
}

// Moves appends n's pseudo-legal moves in template order.
func (PerftTree) Moves(n *Node, buf []Move) []Move { return n.PseudoMoves(buf) }

// Play sets *dst to the position after m.
func (PerftTree) Play(dst, n *Node, m Move) { n.Play(dst, m) }

// CountReplies returns -1 when the position reached from n by m ends the
// game in this tree, else its number of pseudo-legal moves ([search.Tree]).
func (t PerftTree) CountReplies(n *Node, m Move) int {
	var c Node
	n.Play(&c, m)
	if t.Terminal(&c) {
		return -1
	}
	return c.CountMoves()
}

// CountTerminal returns the number of pseudo-legal moves of n, a position
// that does not end the game in this tree, and how many of them reach one
// that does, without listing or making them ([search.TerminalCounter]).
func (t PerftTree) CountTerminal(n *Node) (moves, terminal int) {
	if t.Template {
		return n.CountMoves(), n.winReplies()
	}
	moves = n.CountMoves()
	switch kings := n.bb[n.side^1][King]; bits.OnesCount32(kings) {
	case 0:
		return moves, moves // every child lacks the enemy king already
	case 1:
		return moves, n.attackers(n.side, bits.TrailingZeros32(kings)) // the moves capturing it
	}
	return moves, 0
}

// Perft is a MiniChess perft: [search.Perft] over [PerftTree].
type Perft = search.Perft[Node, Move, PerftTree]

// NewPerft returns the T-perft (template) or P-perft counter. A position that
// ends the game above the horizon counts nothing; the last ply is counted in
// bulk.
func NewPerft(template bool) *Perft {
	return search.NewPerft[Node, Move](PerftTree{Template: template}, search.PerftRule{})
}

// NewPerftWins returns the T-perft counter that also counts
// template_terminal (docs/minichess.md, "Perft"), the Win positions reached at exactly the
// depth, in [search.PerftCount.Terminal]; the last ply is counted with
// [PerftTree.CountTerminal], without listing or making its positions.
func NewPerftWins() *Perft {
	return search.NewPerft[Node, Move](PerftTree{Template: true}, search.PerftRule{CountTerminal: true})
}

// CountPerft returns the T-perft (template) or P-perft leaf count of p at
// depth.
func CountPerft(p Position, depth int, template bool) uint64 {
	return NewPerft(template).Count(p.Node(), depth).Leaves
}

// CountPerftWins returns template_terminal of p at depth.
func CountPerftWins(p Position, depth int) uint64 {
	return NewPerftWins().Count(p.Node(), depth).Terminal
}
