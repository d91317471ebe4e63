package minichess

// Perft counts the leaf positions at depth (docs/minichess.md, "Perft"). With
// template set it is T-perft: a Win position is never expanded, and counts
// only when reached at exactly depth. Otherwise it is P-perft: every
// pseudo-legal move is followed, and a position ends the game only when its
// side to move has no king.
func Perft(p Position, depth int, template bool) uint64 {
	n := p.Node()
	return perft(&n, depth, template)
}

// perft is [Perft] on a node; the last ply is bulk-counted. A non-Win node's
// template list is its pseudo-legal list, so both semantics expand
// PseudoMoves and differ only in when a position ends the game.
func perft(n *Node, depth int, template bool) uint64 {
	if depth == 0 {
		return 1
	}
	if template && n.win || !template && !n.HasKing(n.side) {
		return 0
	}
	if depth == 1 {
		return uint64(n.CountMoves())
	}
	var buf [MaxMoves]Move
	var sum uint64
	var child Node
	for _, m := range n.PseudoMoves(buf[:0]) {
		n.Play(&child, m)
		sum += perft(&child, depth-1, template)
	}
	return sum
}

// PerftWins returns template_terminal (docs/minichess.md, "Perft"): the
// number of Win positions reached at exactly depth along T-perft paths.
func PerftWins(p Position, depth int) uint64 {
	n := p.Node()
	return perftWins(&n, depth)
}

func perftWins(n *Node, depth int) uint64 {
	if n.win {
		if depth == 0 {
			return 1
		}
		return 0
	}
	if depth == 0 {
		return 0
	}
	var buf [MaxMoves]Move
	list := n.PseudoMoves(buf[:0])
	var sum uint64
	var child Node
	for _, m := range list {
		n.Play(&child, m)
		sum += perftWins(&child, depth-1)
	}
	return sum
}
