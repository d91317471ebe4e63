package minichess

// Perft counts the leaf positions at depth (spec 3.6). With template set it
// is T-perft: a Win position is never expanded, and counts only when reached
// at exactly depth. Otherwise it is P-perft: every pseudo-legal move is
// followed, and a position ends the game only when its side to move has no
// king.
func Perft(p Position, depth int, template bool) uint64 {
	n := p.Node()
	var bufs [maxPerftDepth][MaxMoves]Move
	if depth >= maxPerftDepth {
		return perftDeep(&n, depth, template)
	}
	if template {
		return perftT(&n, depth, &bufs)
	}
	return perftP(&n, depth, &bufs)
}

const maxPerftDepth = 16

func perftDeep(n *Node, depth int, template bool) uint64 {
	if depth == 0 {
		return 1
	}
	if template && n.win || !template && !n.HasKing(n.side) {
		return 0
	}
	var buf [MaxMoves]Move
	var list []Move
	if template {
		list, _ = n.LegalMoves(buf[:0])
	} else {
		list = n.PseudoMoves(buf[:0])
	}
	var sum uint64
	var child Node
	for _, m := range list {
		n.Play(&child, m)
		sum += perftDeep(&child, depth-1, template)
	}
	return sum
}

func perftT(n *Node, depth int, bufs *[maxPerftDepth][MaxMoves]Move) uint64 {
	if depth == 0 {
		return 1
	}
	if n.win {
		return 0
	}
	if depth == 1 {
		return uint64(n.CountMoves())
	}
	list := n.PseudoMoves(bufs[depth][:0])
	var sum uint64
	var child Node
	for _, m := range list {
		n.Play(&child, m)
		sum += perftT(&child, depth-1, bufs)
	}
	return sum
}

func perftP(n *Node, depth int, bufs *[maxPerftDepth][MaxMoves]Move) uint64 {
	if depth == 0 {
		return 1
	}
	if n.bb[n.side][King] == 0 {
		return 0
	}
	if depth == 1 {
		return uint64(n.CountMoves())
	}
	list := n.PseudoMoves(bufs[depth][:0])
	var sum uint64
	var child Node
	for _, m := range list {
		n.Play(&child, m)
		sum += perftP(&child, depth-1, bufs)
	}
	return sum
}

// PerftWins returns template_terminal (spec 3.6): the number of Win
// positions reached at exactly depth along T-perft paths.
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
