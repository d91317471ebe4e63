package check

// The diagnosis of a failed Morris case: run-level causes, the model
// variants that reproduce the answer, and the program re-run at depth 1.

import (
	"math/bits"

	"github.com/gamesearch/gamesearch/pkg/morris"
	"github.com/gamesearch/gamesearch/pkg/search"
)

// causes returns the mistakes that explain a failed exact run.
func (mc *morrisCase) causes(rr *runResult, want, got []string, probe func(d int) *runResult) causeSet {
	if s := runCauses(rr, want, got, nil, morrisIn); s != 0 {
		if s.has(causeTimeout) {
			return slowOrTimeout(false)
		}
		return s
	}
	n := morris.BoardOf(mc.kind).N
	if firstDiff(want, got, "", 1) == "" {
		return setOf(causeNoOutputFile)
	}
	a, ok := parseMorris(got)
	if !ok {
		return setOf(causeFormat)
	}
	wb := mc.want.Board.Format(n)
	var s causeSet
	for _, v := range variants {
		if v.keyed || v.abOnly && !mc.prog.AlphaBeta || v.m.minRoot && !mc.prog.Black {
			continue
		}
		if m, ok := mc.model(v.m); ok && m.morrisAnswer == a {
			s |= setOf(v.c)
		}
	}
	if a.board != wb && a.estimate == mc.want.Estimate && a.count == mc.want.Evaluated {
		s |= setOf(causeTie)
	}
	if a.board == wb && a.count == mc.want.Evaluated && a.estimate == -mc.want.Estimate && mc.prog.Black {
		s |= setOf(causeBlackView)
	}
	if mc.ignoresDepth(a, probe) {
		s |= setOf(causeIgnoresDepth)
	}
	if a.board != wb || a.estimate != mc.want.Estimate {
		return s
	}
	base, bok := mc.model(mistake{})
	if !bok {
		return s
	}
	counts := countCauses(base.r, a.count, false)
	// The root counted (or not) is off by one at every depth: at depth 1 too.
	if counts&setOf(causeCountRoot, causeCountNoRoot) != 0 && mc.depth > 1 {
		if !mc.offAtDepth1(int64(a.count)-int64(mc.want.Evaluated), probe) {
			counts &^= setOf(causeCountRoot, causeCountNoRoot)
		}
	}
	s |= counts
	if mc.depth > 1 && mc.offAtDepth1(0, probe) {
		s |= setOf(causeCountDeep)
	}
	if mc.prog.AlphaBeta {
		s |= setOf(causeCutoff)
	}
	return s
}

// answerAt returns the program's parsed answer at depth d.
func answerAt(probe func(d int) *runResult, d int) (morrisAnswer, bool) {
	if probe == nil {
		return morrisAnswer{}, false
	}
	rr := probe(d)
	if rr == nil || rr.timedOut || rr.crashed() {
		return morrisAnswer{}, false
	}
	got, _ := normalize(rr.stdout, true)
	return parseMorris(got)
}

// ignoresDepth reports whether the program gives answer a at another depth
// too (1, or 2 for a depth-1 case), wrong there as well, while the
// reference's answers at the two depths differ.
func (mc *morrisCase) ignoresDepth(a morrisAnswer, probe func(d int) *runResult) bool {
	other := 1
	if mc.depth == 1 {
		other = 2
	}
	a1, ok := answerAt(probe, other)
	if !ok || a1 != a {
		return false
	}
	w1, err := morrisSolve(mc.prog, mc.kind, mc.input, other)
	n := morris.BoardOf(mc.kind).N
	right1 := morrisAnswer{w1.Board.Format(n), w1.Evaluated, w1.Estimate}
	return err == nil && w1 != mc.want && a1 != right1
}

// offAtDepth1 reports whether the program's count at depth 1 is off by
// delta, with the right board and estimate (delta 0: depth 1 is right).
func (mc *morrisCase) offAtDepth1(delta int64, probe func(d int) *runResult) bool {
	a1, ok := answerAt(probe, 1)
	w1, err := morrisSolve(mc.prog, mc.kind, mc.input, 1)
	if !ok || err != nil {
		return false
	}
	n := morris.BoardOf(mc.kind).N
	return a1.board == w1.Board.Format(n) && a1.estimate == w1.Estimate && int64(a1.count)-int64(w1.Evaluated) == delta
}

// noRemovalChild is the Morris game of a program whose GenerateRemove adds
// nothing when every opposing piece stands in a mill: a move that closes a
// mill then has no child at all, instead of the unchanged board.
type noRemovalChild struct{ morris.CourseGame }

// Moves drops the children where a mill closed and nothing was removed.
func (g noRemovalChild) Moves(n *morris.Node, buf []morris.Node) []morris.Node {
	start := len(buf)
	buf = g.CourseGame.Moves(n, buf)
	op := n.B
	if n.Black {
		op = n.W
	}
	if op&^inMills(g.Board, op) != 0 {
		return buf
	}
	kept := buf[:start]
	for i := range buf[start:] {
		if closed, removed := millMove(g.Board, n, &buf[start+i]); !closed || removed {
			kept = append(kept, buf[start+i])
		}
	}
	return kept
}

// morrisOrderKey sorts a node's children into a student's order: with
// orderNeighboursDown the pieces stay in ascending order and each piece's
// destinations go in descending order (a child's removals keep theirs).
func morrisOrderKey(o moveOrder, parent *morris.Node, c morris.Node) int {
	me, cme := parent.W, c.W
	if parent.Black {
		me, cme = parent.B, c.B
	}
	from := bits.TrailingZeros32(me &^ cme)
	to := bits.TrailingZeros32(cme &^ me)
	switch {
	case o != orderNeighboursDown:
		return 0
	case me&^cme == 0, bits.OnesCount32(me) == 3:
		// A placement, or a hop to any point: no neighbour list.
		return from*64 + to
	}
	return from*64 + 63 - to
}

// Evaluate is the standard estimator with Black's moves counted by this
// game's generator, as the student's estimator counts them.
func (g noRemovalChild) Evaluate(n *morris.Node) search.Value {
	if g.Phase != morris.Game || g.Estimator != morris.Standard {
		return g.CourseGame.Evaluate(n)
	}
	nw, nb := bits.OnesCount32(n.W), bits.OnesCount32(n.B)
	switch {
	case nb <= 2:
		return morris.Win
	case nw <= 2:
		return -morris.Win
	}
	moves := len(g.Moves(&morris.Node{Position: n.Position, Black: true}, nil))
	if moves == 0 {
		return morris.Win
	}
	return 1000*search.Value(nw-nb) - search.Value(moves)
}

// millMove reports whether the move from n to its child c closes a mill
// of the mover (with the piece that arrived) and whether it removed an
// opposing piece.
func millMove(b *morris.Board, n, c *morris.Node) (closed, removed bool) {
	me, op, cme, cop := n.W, n.B, c.W, c.B
	if n.Black {
		me, op, cme, cop = n.B, n.W, c.B, c.W
	}
	arrived := cme &^ me
	for _, m := range b.Mills {
		closed = closed || m&arrived != 0 && m&cme == m
	}
	return closed, cop != op
}

// inMills returns the pieces of own that stand in a mill of own pieces.
func inMills(b *morris.Board, own uint32) uint32 {
	var in uint32
	for _, m := range b.Mills {
		if own&m == m {
			in |= m
		}
	}
	return in
}

// morrisModel is a model search's answer.
type morrisModel struct {
	morrisAnswer
	r modelResult
}

// model runs the mistake model of the case's program.
func (mc *morrisCase) model(m mistake) (morrisModel, bool) {
	b := morris.BoardOf(mc.kind)
	pos, _, err := morris.ParseBoard([]byte(mc.input), mc.kind, true)
	if err != nil {
		return morrisModel{}, false
	}
	rules := morris.CourseGame{Board: b, Phase: mc.prog.Phase, Estimator: mc.prog.Estimator}
	root, depth := mc.prog.Root(b, pos, mc.depth)
	var r modelResult
	switch {
	case m.minRoot:
		// The board as given, Black to move and minimising: the model
		// maximises the negated estimate.
		root = morris.Node{Position: pos, Black: true}
		r = runModel(negated{rules}, root, depth, mc.prog.AlphaBeta, m, nil, nil)
		r.value = -r.value
	case m.noRemovalChild:
		r = runModel(noRemovalChild{rules}, root, depth, mc.prog.AlphaBeta, m, nil, morrisOrderKey)
	default:
		r = runModel(rules, root, depth, mc.prog.AlphaBeta, m, nil, morrisOrderKey)
	}
	if r.aborted {
		return morrisModel{}, false
	}
	board := pos
	if r.idx >= 0 {
		board = rules.Moves(&root, nil)[r.idx].Position
		if mc.prog.Black && !m.minRoot {
			board = board.Swap()
		}
	}
	return morrisModel{morrisAnswer{board.Format(b.N), r.evals, r.value}, r}, true
}

// negated is a Morris course game whose estimate is from Black's point of
// view.
type negated struct{ morris.CourseGame }

// Evaluate is the course's estimate, negated.
func (g negated) Evaluate(n *morris.Node) search.Value { return -g.CourseGame.Evaluate(n) }

// featureGame is a Morris course game that records what the search meets:
// a move that closes a mill, a node without moves.
type featureGame struct {
	morris.CourseGame
	seen *causeSet
}

// Moves records a side without a move and the children where a mill
// closed (a piece was taken, or the board came back unchanged).
func (g featureGame) Moves(n *morris.Node, buf []morris.Node) []morris.Node {
	start := len(buf)
	buf = g.CourseGame.Moves(n, buf)
	if len(buf) == start {
		*g.seen |= setOf(causeBlocked)
	}
	for i := range buf[start:] {
		if closed, removed := millMove(g.Board, n, &buf[start+i]); closed || removed {
			*g.seen |= setOf(causeMill)
		}
	}
	return buf
}

// features reports whether the case's search closes a mill and whether it
// meets a side without a move.
func (mc *morrisCase) features() causeSet {
	b := morris.BoardOf(mc.kind)
	pos, _, err := morris.ParseBoard([]byte(mc.input), mc.kind, true)
	if err != nil {
		return 0
	}
	var seen causeSet
	g := featureGame{morris.CourseGame{Board: b, Phase: mc.prog.Phase, Estimator: mc.prog.Estimator}, &seen}
	root, depth := mc.prog.Root(b, pos, mc.depth)
	if r := runModel(g, root, depth, mc.prog.AlphaBeta, mistake{}, nil, nil); r.aborted {
		return setOf(causeMill, causeBlocked) // too large to tell: assume both
	}
	return seen
}
