package check

// This file holds the mistake models: a plain recursive minimax/alpha-beta
// over any search.Game in max/min form (Morris, Star/Circle) that can make
// the classic mistakes on purpose. With no mistake it visits exactly the
// nodes the reference (pkg/search with the course conventions) visits, and
// it also reports what the other counting conventions would give. The
// diagnosis compares a student's answer with these variants; the expected
// outputs themselves always come from the graded programs' own code.

import (
	"cmp"
	"slices"
	"sync"

	"github.com/gamesearch/gamesearch/pkg/search"
)

// Mistake selects deliberate departures from the course algorithm.
type Mistake struct {
	// TieLast keeps the last of equally good root moves.
	TieLast bool
	// Strict cuts only when v > beta (v < alpha) instead of v >= beta.
	Strict bool
	// RootAlphaFixed never raises alpha at the root.
	RootAlphaFixed bool
	// Reverse searches every node's moves in the Reverse of the course's
	// order; order, when not orderCourse, searches them stably sorted by
	// the game's key for that order (runModel's key).
	Reverse bool
	Order   MoveOrder
	// Depth is added to the search Depth (a Depth off by one).
	Depth int
	// NoRemovalChild (Morris) gives a move that closes a mill no child
	// when every opposing piece stands in a mill; MinRoot (Morris Black
	// programs) searches the board as given with Black minimising at the
	// root, instead of the colour swap; NoMobility (Morris game programs)
	// leaves the mobility term (Black's moves) out of the midgame
	// estimator.
	NoRemovalChild, MinRoot, NoMobility bool
}

// Fits reports whether the mistake applies to a search of depth plies: a
// depth too small must leave at least one ply.
func (m Mistake) Fits(depth int) bool { return depth+m.Depth >= 1 }

// MoveOrder names a student's move order that differs from the course's
// for one piece's moves; a game's key function sorts the moves into it.
type MoveOrder uint8

const (
	OrderCourse MoveOrder = iota
	// OrderJumpsFirst: a piece's jumps before its steps (Star/Circle).
	OrderJumpsFirst
	// OrderRightFirst: a piece's moves to the right before those to the
	// left (Star/Circle).
	OrderRightFirst
	// OrderNeighboursDown: a piece's neighbours in descending order
	// (Morris).
	OrderNeighboursDown
)

// ModelResult is the outcome of one model search.
type ModelResult struct {
	// Idx is the index of the chosen root move, -1 when the root is a leaf.
	Idx int
	// Value is the root's Value for the root player.
	Value search.Value
	// Nodes counts the Nodes entered (root included), Evals the static
	// evaluations, rootMoves the moves of the root.
	Nodes, Evals uint64
	RootMoves    int
	// Aborted reports that the node limit stopped the search.
	Aborted bool
}

// ModelLimit bounds the nodes of one model search: RunModel aborts a search
// that enters more, and diagnosis gives up on such trees.
const ModelLimit = 4_000_000

// modeler runs one model search. moves and kids are per-ply buffers, so
// that the search allocates only when it reaches a new ply.
type modeler[P, M any, G search.Game[P, M]] struct {
	g     G
	m     Mistake
	ab    bool
	res   ModelResult
	visit func(parent *P, mv M)
	key   func(o MoveOrder, parent *P, mv M) int
	moves [][]M
	order [][]int
	kids  []*P
}

// RunModel searches root to depth with minimax (ab false) or fail-soft
// alpha-beta from the root player's view (the static value is negated at odd
// plies). A node without moves is a counted leaf. visit, when not nil, sees
// every move played; key orders the moves for mistake.order (nil for a game
// without such orders). The chosen root move is reported by its index in
// the course's order.
func RunModel[P, M any, G search.Game[P, M]](g G, root P, depth int, ab bool, m Mistake, visit func(parent *P, mv M), key func(o MoveOrder, parent *P, mv M) int) ModelResult {
	md := &modeler[P, M, G]{g: g, m: m, ab: ab, visit: visit, key: key}
	md.res.Idx = -1
	md.res.Value = md.node(&root, 0, depth+m.Depth, -search.DefaultInf, search.DefaultInf)
	return md.res
}

// searchOrder returns the indices of moves in the order the model searches
// them.
func (md *modeler[P, M, G]) searchOrder(ply int, parent *P, moves []M) []int {
	idx := md.order[ply][:0]
	for i := range moves {
		idx = append(idx, i)
	}
	if md.m.Order != OrderCourse && md.key != nil {
		o := md.m.Order
		slices.SortStableFunc(idx, func(a, b int) int {
			return cmp.Compare(md.key(o, parent, moves[a]), md.key(o, parent, moves[b]))
		})
	}
	if md.m.Reverse {
		slices.Reverse(idx)
	}
	md.order[ply] = idx
	return idx
}

func (md *modeler[P, M, G]) eval(p *P, ply int) search.Value {
	md.res.Evals++
	v := md.g.Evaluate(p)
	if ply&1 == 1 {
		v = -v
	}
	return v
}

func (md *modeler[P, M, G]) node(p *P, ply, depth int, alpha, beta search.Value) search.Value {
	md.res.Nodes++
	if md.res.Nodes > ModelLimit {
		md.res.Aborted = true
		return 0
	}
	if md.g.Terminal(p) || depth <= 0 {
		return md.eval(p, ply)
	}
	if len(md.moves) == ply {
		md.moves = append(md.moves, nil)
		md.order = append(md.order, nil)
		md.kids = append(md.kids, new(P))
	}
	moves := md.g.Moves(p, md.moves[ply][:0])
	md.moves[ply] = moves
	if ply == 0 {
		md.res.RootMoves = len(moves)
	}
	if len(moves) == 0 {
		return md.eval(p, ply)
	}
	best := -search.DefaultInf
	child := md.kids[ply]
	for _, i := range md.searchOrder(ply, p, moves) {
		mv := moves[i]
		md.g.Play(child, p, mv)
		if md.visit != nil {
			md.visit(p, mv)
		}
		v := -md.node(child, ply+1, depth-1, -beta, -alpha)
		if md.res.Aborted {
			return 0
		}
		if ply == 0 && (v > best || md.m.TieLast && v == best) {
			md.res.Idx = i
		}
		best = max(best, v)
		if !md.ab {
			continue
		}
		if best >= beta && (!md.m.Strict || best > beta) {
			return best
		}
		if best > alpha && !(ply == 0 && md.m.RootAlphaFixed) {
			alpha = best
		}
	}
	return best
}

// CountCauses returns the counting mistakes that turn the reference run r
// into the count got, where the reference counts the nodes entered
// (byNodes, Star/Circle) or the static evaluations (Morris).
func CountCauses(r ModelResult, got uint64, byNodes bool) CauseSet {
	want := r.Evals
	if byNodes {
		want = r.Nodes
	}
	var s CauseSet
	switch {
	case got == want:
		return 0
	case got == want+1:
		s |= SetOf(CauseCountRoot)
	case got+1 == want:
		s |= SetOf(CauseCountNoRoot)
	}
	if byNodes {
		switch got {
		case r.Evals:
			s |= SetOf(CauseCountLeaves)
		case r.Nodes - r.Evals:
			s |= SetOf(CauseCountInternal)
		}
	} else {
		switch got {
		case r.Nodes, r.Nodes - 1:
			s |= SetOf(CauseCountNodes)
		case r.Evals + uint64(r.RootMoves):
			s |= SetOf(CauseCountRootChildren)
		}
	}
	return s
}

// Variant is a known mistake that a model search reproduces exactly.
type Variant struct {
	M Mistake
	C Cause
	// AbOnly: the mistake exists in alpha-beta only; Keyed: a Star/Circle
	// move order; MorrisOnly: a Morris rule or move order.
	AbOnly, Keyed, MorrisOnly bool
}

// Variants are the model mistakes the diagnosis tries on every failing
// answer of a search program: a variant whose answer equals the program's
// to the last byte is evidence of that mistake.
var Variants = []Variant{
	{Mistake{Strict: true}, CauseStrictCut, true, false, false},
	{Mistake{RootAlphaFixed: true}, CauseRootAlpha, true, false, false},
	{Mistake{TieLast: true}, CauseTieModel, false, false, false},
	{Mistake{Reverse: true}, CauseOrderReverse, false, false, false},
	{Mistake{Order: OrderJumpsFirst}, CauseOrderJumps, false, true, false},
	{Mistake{Order: OrderRightFirst}, CauseOrderRight, false, true, false},
	{Mistake{Order: OrderNeighboursDown}, CauseOrderNeighbours, false, false, true},
	{Mistake{Depth: -1}, CauseDepthOff, false, false, false},
	{Mistake{Depth: 1}, CauseDepthOff, false, false, false},
	{Mistake{Depth: -2}, CauseDepthOff2, false, false, false},
	{Mistake{Depth: -3}, CauseDepthOff3, false, false, false},
	{Mistake{Depth: -4}, CauseDepthOff3, false, false, false},
	{Mistake{Depth: -5}, CauseDepthOff3, false, false, false},
	{Mistake{Depth: -6}, CauseDepthOff3, false, false, false},
	{Mistake{Depth: -7}, CauseDepthOff3, false, false, false},
	{Mistake{Depth: -8}, CauseDepthOff3, false, false, false},
	{Mistake{Depth: -9}, CauseDepthOff3, false, false, false},
	{Mistake{NoRemovalChild: true}, CauseNoRemovalChild, false, false, true},
	{Mistake{NoMobility: true}, CauseNoMobility, false, false, true},
	{Mistake{MinRoot: true}, CauseMinRoot, false, false, true},
}

// MemoDepth caches f by depth.
func MemoDepth[T any](f func(d int) T) func(d int) T {
	var mu sync.Mutex
	seen := map[int]T{}
	return func(d int) T {
		mu.Lock()
		defer mu.Unlock()
		if v, ok := seen[d]; ok {
			return v
		}
		v := f(d)
		seen[d] = v
		return v
	}
}

// FailKind is the kind of a failed run, which shrinking keeps: "timeout",
// "crash" or "wrong".
func FailKind(rr *RunResult) string {
	switch {
	case rr.TimedOut:
		return "timeout"
	case rr.Crashed():
		return "crash"
	}
	return "wrong"
}
