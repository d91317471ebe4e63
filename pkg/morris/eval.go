package morris

import (
	"math/bits"

	"github.com/gamesearch/gamesearch/pkg/search"
)

// Estimator selects a static estimator family.
type Estimator uint8

const (
	// Standard is the handout's pair of estimators (docs/morris.md §5).
	Standard Estimator = iota
	// Improved is this package's pair (docs/morris.md §7.2; see the package
	// doc).
	Improved
)

// Win is the value of a decided midgame position of the standard estimator.
const Win = 10000

// StandardOpening is the handout's opening estimator: numWhitePieces −
// numBlackPieces (docs/morris.md §5.1).
func StandardOpening(p Position) int64 {
	return int64(bits.OnesCount32(p.W)) - int64(bits.OnesCount32(p.B))
}

// StandardGame is the handout's midgame/endgame estimator
// (docs/morris.md §5.2), from White's point of view on board b.
func (b *Board) StandardGame(p Position) int64 {
	nb := bits.OnesCount32(p.B)
	if nb <= 2 {
		return Win
	}
	nw := bits.OnesCount32(p.W)
	if nw <= 2 {
		return -Win
	}
	moves := b.countMoves(p.B, p.W, Game)
	if moves == 0 {
		return Win
	}
	return 1000*int64(nw-nb) - int64(moves)
}

// Evaluate returns the static value of n, from White's point of view, with
// estimator e for phase ph. Improved estimators may use the side to move.
func (b *Board) Evaluate(n *Node, ph Phase, e Estimator) int64 {
	switch {
	case e == Standard && ph == Opening:
		return StandardOpening(n.Position)
	case e == Standard:
		return b.StandardGame(n.Position)
	case ph == Opening:
		return b.ImprovedOpening(n.Position, n.Black)
	default:
		return b.ImprovedGame(n.Position, n.Black)
	}
}

// Inf is the search's infinity: outside every estimator's range
// (docs/morris.md §6.8).
const Inf = 1 << 62

// CourseOptions returns the Morris conventions of [search.Options]: max/min form
// from White's (the root player's) view, fail-soft alpha-beta, a node without
// children is a counted leaf, infinity 2^62.
func CourseOptions() search.Options {
	return search.Options{
		Perspective: search.RootPlayer,
		Bound:       search.FailSoft,
		NoMoves:     search.NoMovesLeaf,
		Inf:         Inf,
	}
}

// CourseGame is a [search.Game] of Morris-Variant: one board, one phase (the
// generator used at every ply) and one estimator pair. White is the root
// player: searches must start from a node with White to move, as the
// programs do (Black programs search the colour swap).
type CourseGame struct {
	Board     *Board
	Phase     Phase
	Estimator Estimator
}

// Terminal is always false: there is no end-of-game test inside the search
// (docs/morris.md §4.6); the static estimator judges the leaves.
func (r CourseGame) Terminal(*Node) bool { return false }

// Moves appends the children of n to buf.
func (r CourseGame) Moves(n *Node, buf []Node) []Node { return r.Board.AppendChildren(buf, n, r.Phase) }

// CountReplies returns the number of children of the child m; never -1,
// since nothing ends the game inside the course search ([search.Tree]).
func (r CourseGame) CountReplies(_ *Node, m Node) int { return r.Board.CountMoves(&m, r.Phase) }

// Play sets *dst to the child m: moves are the child nodes themselves.
func (r CourseGame) Play(dst, _ *Node, m Node) { *dst = m }

// Evaluate is the static value of n from White's point of view.
func (r CourseGame) Evaluate(n *Node) search.Value {
	return r.Board.Evaluate(n, r.Phase, r.Estimator)
}

// NewSearcher returns a searcher of r with the Morris conventions.
func NewSearcher(r CourseGame) *search.Searcher[Node, Node, CourseGame] {
	s := search.New[Node, Node](r, CourseOptions())
	return s
}

// Perft is the Morris perft: [search.Perft] over [CourseGame].
type Perft = search.Perft[Node, Node, CourseGame]

// NewPerft returns the perft of board b in phase ph. Its leaves are the
// positions the MINIMAX programs evaluate: those at the depth, and those
// without children above it.
func NewPerft(b *Board, ph Phase) *Perft {
	return search.NewPerft[Node, Node](CourseGame{Board: b, Phase: ph}, search.PerftRule{NoMovesLeaf: true})
}
