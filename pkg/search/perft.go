package search

// Tree is what a perft walks: a [Game]'s Terminal, Moves and Play (the
// end-of-game test, the move list, making a move), plus CountReplies, which
// returns the number of moves of the position reached from p by m (the
// replies to m), or -1 when that position is terminal, without building
// their list. A perft counts the last ply in bulk with one CountReplies call
// per position above it: one call of the game, not two, for each position
// next to the horizon.
type Tree[P, M any] interface {
	Terminal(p *P) bool
	Moves(p *P, buf []M) []M
	Play(dst, p *P, m M)
	CountReplies(p *P, m M) int
}

// TerminalCounter is a [Tree] that can also count the moves of a
// non-terminal position p and, among them, those that reach a terminal
// position, without listing or making them. With [PerftRule.CountTerminal],
// a perft of such a tree counts the last ply with one CountTerminal call
// per position next to the horizon.
type TerminalCounter[P, M any] interface {
	Tree[P, M]
	CountTerminal(p *P) (moves, terminal int)
}

// PerftRule says what a perft counts at a node above the horizon that it
// does not expand.
type PerftRule struct {
	// TerminalLeaf counts a terminal position above the horizon as one leaf
	// (Star/Circle, whose searches evaluate it); otherwise it counts nothing
	// (Congo, MiniChess: the course perfts stop there).
	TerminalLeaf bool
	// NoMovesLeaf counts a non-terminal position without moves as one leaf
	// (Morris, whose MINIMAX programs evaluate it); otherwise nothing.
	NoMovesLeaf bool
	// CountTerminal counts the terminal positions at the horizon in
	// [PerftCount.Terminal] (MiniChess: template_terminal). It counts the
	// last ply with [TerminalCounter.CountTerminal] when the tree has it,
	// else it reaches every leaf, like MakeLeaves.
	CountTerminal bool
	// MakeLeaves reaches every leaf by making its move instead of counting
	// the last ply with CountReplies: a check of make-move against move
	// counting.
	MakeLeaves bool
}

// PerftCount is the size of a move tree.
type PerftCount struct {
	// Leaves counts the positions at the horizon and those above it that the
	// [PerftRule] counts.
	Leaves uint64
	// Nodes counts every position of the tree, the root included: the node
	// count of a full-width minimax to the same depth.
	Nodes uint64
	// Terminal counts the terminal positions at the horizon, with
	// [PerftRule.CountTerminal] only.
	Terminal uint64
}

// Add returns the sum of two counts.
func (c PerftCount) Add(d PerftCount) PerftCount {
	return PerftCount{Leaves: c.Leaves + d.Leaves, Nodes: c.Nodes + d.Nodes, Terminal: c.Terminal + d.Terminal}
}

// Perft counts move trees of one game, reusing per-ply buffers: it does not
// allocate once they have grown to the depth asked. It is the one perft of
// the repository; each game chooses its [PerftRule].
type Perft[P, M any, T Tree[P, M]] struct {
	tree  T
	rule  PerftRule
	bulk  bool
	ends  TerminalCounter[P, M] // the tree, when it counts the terminal leaves in bulk
	pos   []P
	moves [][]M

	nodes, terminal uint64
}

// NewPerft returns a Perft of t under rule.
func NewPerft[P, M any, T Tree[P, M]](t T, rule PerftRule) *Perft[P, M, T] {
	pf := &Perft[P, M, T]{tree: t, rule: rule, bulk: !rule.CountTerminal && !rule.MakeLeaves}
	if c, ok := any(t).(TerminalCounter[P, M]); ok && rule.CountTerminal && !rule.MakeLeaves {
		pf.ends = c
	}
	return pf
}

// grow makes room for plies 0..depth.
func (pf *Perft[P, M, T]) grow(depth int) {
	for len(pf.pos) <= depth {
		pf.pos = append(pf.pos, *new(P))
		pf.moves = append(pf.moves, make([]M, 0, 64))
	}
}

// Count returns the size of the tree of root to depth.
func (pf *Perft[P, M, T]) Count(root P, depth int) PerftCount {
	pf.grow(depth)
	pf.pos[depth] = root
	pf.nodes, pf.terminal = 0, 0
	leaves := pf.count(depth)
	return PerftCount{Leaves: leaves, Nodes: pf.nodes, Terminal: pf.terminal}
}

// Divide calls each with every root move, in the game's order, and the size
// of its subtree to depth-1, and returns the size of the whole tree (root
// included). A root that is terminal, has no move or depth 0 calls each
// never.
func (pf *Perft[P, M, T]) Divide(root P, depth int, each func(m M, c PerftCount)) PerftCount {
	if depth == 0 || pf.tree.Terminal(&root) {
		return pf.Count(root, depth)
	}
	list := pf.tree.Moves(&root, nil)
	if len(list) == 0 {
		return pf.Count(root, depth)
	}
	total := PerftCount{Nodes: 1}
	var child P
	for _, m := range list {
		pf.tree.Play(&child, &root, m)
		c := pf.Count(child, depth-1)
		each(m, c)
		total = total.Add(c)
	}
	return total
}

// count returns the leaves of the tree of pf.pos[d] to d more plies and adds
// its nodes and terminal horizon positions to pf.nodes and pf.terminal.
// Positions at depth d live in pf.pos[d], so a child is made in place for
// the level below.
func (pf *Perft[P, M, T]) count(d int) uint64 {
	pf.nodes++
	p := &pf.pos[d]
	if d == 0 {
		if pf.rule.CountTerminal && pf.tree.Terminal(p) {
			pf.terminal++
		}
		return 1
	}
	if pf.tree.Terminal(p) {
		if pf.rule.TerminalLeaf {
			return 1
		}
		return 0
	}
	if d == 1 && pf.ends != nil {
		// Every move reaches a leaf; CountTerminal says how many there are
		// and how many of them are terminal, without making them.
		n, ends := pf.ends.CountTerminal(p)
		if n == 0 {
			if pf.rule.NoMovesLeaf {
				return 1
			}
			return 0
		}
		pf.nodes += uint64(n)
		pf.terminal += uint64(ends)
		return uint64(n)
	}
	list := pf.tree.Moves(p, pf.moves[d][:0])
	pf.moves[d] = list[:0]
	if len(list) == 0 {
		if pf.rule.NoMovesLeaf {
			return 1
		}
		return 0
	}
	if d == 2 && pf.bulk {
		// The level above the leaves is counted here, one CountReplies call
		// per node, without making its positions: replies are nodes and
		// leaves, a terminal or stuck node a leaf when the rule says so.
		tree, rule := pf.tree, pf.rule
		var replies, ends uint64
		for _, m := range list {
			n := tree.CountReplies(p, m)
			switch {
			case n > 0:
				replies += uint64(n)
			case n < 0 && rule.TerminalLeaf, n == 0 && rule.NoMovesLeaf:
				ends++
			}
		}
		pf.nodes += uint64(len(list)) + replies
		return replies + ends
	}
	var leaves uint64
	for _, m := range list {
		pf.tree.Play(&pf.pos[d-1], p, m)
		leaves += pf.count(d - 1)
	}
	return leaves
}
