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

// mistake selects deliberate departures from the course algorithm.
type mistake struct {
	// tieLast keeps the last of equally good root moves.
	tieLast bool
	// strict cuts only when v > beta (v < alpha) instead of v >= beta.
	strict bool
	// rootAlphaFixed never raises alpha at the root.
	rootAlphaFixed bool
	// reverse searches every node's moves in the reverse of the course's
	// order; order, when not orderCourse, searches them stably sorted by
	// the game's key for that order (runModel's key).
	reverse bool
	order   moveOrder
	// depth is added to the search depth (a depth off by one).
	depth int
	// noRemovalChild (Morris) gives a move that closes a mill no child
	// when every opposing piece stands in a mill; minRoot (Morris Black
	// programs) searches the board as given with Black minimising at the
	// root, instead of the colour swap.
	noRemovalChild, minRoot bool
}

// moveOrder names a student's move order that differs from the course's
// for one piece's moves; a game's key function sorts the moves into it.
type moveOrder uint8

const (
	orderCourse moveOrder = iota
	// orderJumpsFirst: a piece's jumps before its steps (Star/Circle).
	orderJumpsFirst
	// orderRightFirst: a piece's moves to the right before those to the
	// left (Star/Circle).
	orderRightFirst
	// orderNeighboursDown: a piece's neighbours in descending order
	// (Morris).
	orderNeighboursDown
)

// modelResult is the outcome of one model search.
type modelResult struct {
	// idx is the index of the chosen root move, -1 when the root is a leaf.
	idx int
	// value is the root's value for the root player.
	value search.Value
	// nodes counts the nodes entered (root included), evals the static
	// evaluations, rootMoves the moves of the root.
	nodes, evals uint64
	rootMoves    int
	// aborted reports that the node limit stopped the search.
	aborted bool
}

// modelLimit bounds the nodes of one model search; diagnosis gives up on
// larger trees.
const modelLimit = 4_000_000

// modeler runs one model search. moves and kids are per-ply buffers, so
// that the search allocates only when it reaches a new ply.
type modeler[P, M any, G search.Game[P, M]] struct {
	g     G
	m     mistake
	ab    bool
	res   modelResult
	visit func(parent *P, mv M)
	key   func(o moveOrder, parent *P, mv M) int
	moves [][]M
	order [][]int
	kids  []*P
}

// runModel searches root to depth with minimax (ab false) or fail-soft
// alpha-beta from the root player's view (the static value is negated at odd
// plies). A node without moves is a counted leaf. visit, when not nil, sees
// every move played; key orders the moves for mistake.order (nil for a game
// without such orders). The chosen root move is reported by its index in
// the course's order.
func runModel[P, M any, G search.Game[P, M]](g G, root P, depth int, ab bool, m mistake, visit func(parent *P, mv M), key func(o moveOrder, parent *P, mv M) int) modelResult {
	md := &modeler[P, M, G]{g: g, m: m, ab: ab, visit: visit, key: key}
	md.res.idx = -1
	md.res.value = md.node(&root, 0, depth+m.depth, -search.DefaultInf, search.DefaultInf)
	return md.res
}

// searchOrder returns the indices of moves in the order the model searches
// them.
func (md *modeler[P, M, G]) searchOrder(ply int, parent *P, moves []M) []int {
	idx := md.order[ply][:0]
	for i := range moves {
		idx = append(idx, i)
	}
	if md.m.order != orderCourse && md.key != nil {
		o := md.m.order
		slices.SortStableFunc(idx, func(a, b int) int {
			return cmp.Compare(md.key(o, parent, moves[a]), md.key(o, parent, moves[b]))
		})
	}
	if md.m.reverse {
		slices.Reverse(idx)
	}
	md.order[ply] = idx
	return idx
}

func (md *modeler[P, M, G]) eval(p *P, ply int) search.Value {
	md.res.evals++
	v := md.g.Evaluate(p)
	if ply&1 == 1 {
		v = -v
	}
	return v
}

func (md *modeler[P, M, G]) node(p *P, ply, depth int, alpha, beta search.Value) search.Value {
	md.res.nodes++
	if md.res.nodes > modelLimit {
		md.res.aborted = true
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
		md.res.rootMoves = len(moves)
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
		if md.res.aborted {
			return 0
		}
		if ply == 0 && (v > best || md.m.tieLast && v == best) {
			md.res.idx = i
		}
		best = max(best, v)
		if !md.ab {
			continue
		}
		if best >= beta && (!md.m.strict || best > beta) {
			return best
		}
		if best > alpha && !(ply == 0 && md.m.rootAlphaFixed) {
			alpha = best
		}
	}
	return best
}

// countCauses returns the counting mistakes that turn the reference run r
// into the count got, where the reference counts the nodes entered
// (byNodes, Star/Circle) or the static evaluations (Morris).
func countCauses(r modelResult, got uint64, byNodes bool) causeSet {
	want := r.evals
	if byNodes {
		want = r.nodes
	}
	var s causeSet
	switch {
	case got == want:
		return 0
	case got == want+1:
		s |= setOf(causeCountRoot)
	case got+1 == want:
		s |= setOf(causeCountNoRoot)
	}
	if byNodes {
		switch got {
		case r.evals:
			s |= setOf(causeCountLeaves)
		case r.nodes - r.evals:
			s |= setOf(causeCountInternal)
		}
	} else {
		switch got {
		case r.nodes, r.nodes - 1:
			s |= setOf(causeCountNodes)
		case r.evals + uint64(r.rootMoves):
			s |= setOf(causeCountRootChildren)
		}
	}
	return s
}

// variant is a known mistake that a model search reproduces exactly.
type variant struct {
	m mistake
	c cause
	// abOnly: the mistake exists in alpha-beta only; keyed: a Star/Circle
	// move order; morrisOnly: a Morris rule or move order.
	abOnly, keyed, morrisOnly bool
}

// variants are the model mistakes the diagnosis tries on every failing
// answer of a search program: a variant whose answer equals the program's
// to the last byte is evidence of that mistake.
var variants = []variant{
	{mistake{strict: true}, causeStrictCut, true, false, false},
	{mistake{rootAlphaFixed: true}, causeRootAlpha, true, false, false},
	{mistake{tieLast: true}, causeTieModel, false, false, false},
	{mistake{reverse: true}, causeOrderReverse, false, false, false},
	{mistake{order: orderJumpsFirst}, causeOrderJumps, false, true, false},
	{mistake{order: orderRightFirst}, causeOrderRight, false, true, false},
	{mistake{order: orderNeighboursDown}, causeOrderNeighbours, false, false, true},
	{mistake{depth: -1}, causeDepthOff, false, false, false},
	{mistake{depth: 1}, causeDepthOff, false, false, false},
	{mistake{noRemovalChild: true}, causeNoRemovalChild, false, false, true},
	{mistake{minRoot: true}, causeMinRoot, false, false, true},
}

// memoDepth caches f by depth.
func memoDepth[T any](f func(d int) T) func(d int) T {
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

// failKind is the kind of a failed run, which shrinking keeps: "timeout",
// "crash" or "wrong".
func failKind(rr *runResult) string {
	switch {
	case rr.timedOut:
		return "timeout"
	case rr.crashed():
		return "crash"
	}
	return "wrong"
}
