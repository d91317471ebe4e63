package tree

import "github.com/gamesearch/gamesearch/pkg/search"

// Position is a node of a tree.
type Position struct{ Node int32 }

// Move is the index of a child in its parent's list.
type Move int32

// CourseGame is the tree for pkg/search: a leaf is terminal and scored by
// its value for MAX, the root's player (negated with ForMin, for a search
// from a MIN node, as play's); moves are the children in the order
// written.
type CourseGame struct {
	T      *Tree
	ForMin bool
}

// Terminal implements search.Game: the leaves.
func (g CourseGame) Terminal(p *Position) bool { return g.T.Leaf(p.Node) }

// Moves implements search.Game.
func (g CourseGame) Moves(p *Position, buf []Move) []Move {
	for i := range g.T.Kids[p.Node] {
		buf = append(buf, Move(i))
	}
	return buf
}

// Play implements search.Game.
func (g CourseGame) Play(dst, p *Position, m Move) { dst.Node = g.T.Kids[p.Node][m] }

// Evaluate implements search.Game: a leaf's value (0 for an inner node,
// which the full-depth search never evaluates).
func (g CourseGame) Evaluate(p *Position) Value {
	if g.ForMin {
		return -g.T.Value[p.Node]
	}
	return g.T.Value[p.Node]
}

// CountReplies implements search.Tree for the perft: the children of the
// child m, or 1 when it is a leaf, which counts as one leaf at any depth
// below it (as [NewPerft]'s rule counts a leaf above the horizon).
func (g CourseGame) CountReplies(p *Position, m Move) int {
	c := g.T.Kids[p.Node][m]
	if g.T.Leaf(c) {
		return 1
	}
	return len(g.T.Kids[c])
}

// CourseOptions are the textbook's conventions: max/min form (MAX the
// root's player), fail-soft.
func CourseOptions() search.Options { return search.Options{Perspective: search.RootPlayer} }

// Searcher is the pkg/search searcher of a tree.
type Searcher = search.Searcher[Position, Move, CourseGame]

// NewSearcher returns the searcher of t.
func NewSearcher(t *Tree) *Searcher {
	return search.New[Position, Move](CourseGame{T: t}, CourseOptions())
}

// NewPerft returns the perft of t: the nodes at each depth, leaves above
// it counted as leaves.
func NewPerft(t *Tree) *search.Perft[Position, Move, CourseGame] {
	return search.NewPerft[Position, Move](CourseGame{T: t}, search.PerftRule{TerminalLeaf: true})
}
