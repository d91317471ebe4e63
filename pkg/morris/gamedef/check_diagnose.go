package gamedef

// The diagnosis of a failed Morris case: run-level causes, the model
// Variants that reproduce the answer, and the program re-run at depth 1.

import (
	"math/bits"
	"sync"

	"github.com/gamesearch/gamesearch/pkg/check"
	"github.com/gamesearch/gamesearch/pkg/morris"
	"github.com/gamesearch/gamesearch/pkg/search"
)

// causes returns the mistakes that explain a failed exact run.
func (mc *morrisCase) causes(rr *check.RunResult, want, got []string, probe func(d int) *check.RunResult) check.CauseSet {
	s := check.RunCauses(rr, want, got, nil, morrisIn)
	switch {
	case s.Has(check.CauseTimeout):
		return check.SlowOrTimeout(false)
	case s != 0 && s != check.SetOf(check.CauseWording):
		return s
	}
	n := morris.BoardOf(mc.kind).N
	if check.FirstDiff(want, got, "", 1) == "" {
		return check.SetOf(check.CauseNoOutputFile)
	}
	// Answers in other words are diagnosed too: their numbers may also be
	// wrong.
	a, ok := parseMorris(got)
	if !ok {
		if a, ok = parseLoose(got); !ok {
			return check.SetOf(check.CauseFormat)
		}
		s |= check.SetOf(check.CauseWording)
	}
	wb := mc.want.Board.Format(n)
	for _, v := range check.Variants {
		if v.Keyed || v.AbOnly && !mc.prog.AlphaBeta || v.M.MinRoot && !mc.prog.Black {
			continue
		}
		if m, ok := mc.model(v.M); ok && m.morrisAnswer == a {
			s |= check.SetOf(v.C)
		}
	}
	if a.board != wb && a.estimate == mc.want.Estimate && a.count == mc.want.Evaluated {
		s |= check.SetOf(check.CauseTie)
	}
	if a.board == wb && a.count == mc.want.Evaluated && a.estimate == -mc.want.Estimate && mc.prog.Black {
		s |= check.SetOf(check.CauseBlackView)
	}
	if mc.ignoresDepth(a, probe) {
		s |= check.SetOf(check.CauseIgnoresDepth)
	}
	if mc.staticEval(a, probe) {
		s |= check.SetOf(check.CauseStaticEval)
	}
	if a.board != wb || a.estimate != mc.want.Estimate {
		return s
	}
	base, bok := mc.model(check.Mistake{})
	if !bok {
		return s
	}
	counts := check.CountCauses(base.r, a.count, false)
	// The root counted (or not) is off by one at every depth: at depth 1 too.
	if counts&check.SetOf(check.CauseCountRoot, check.CauseCountNoRoot) != 0 && mc.depth > 1 {
		if !mc.offAtDepth1(int64(a.count)-int64(mc.want.Evaluated), probe) {
			counts &^= check.SetOf(check.CauseCountRoot, check.CauseCountNoRoot)
		}
	}
	s |= counts
	if mc.depth > 1 && mc.offAtDepth1(0, probe) {
		s |= check.SetOf(check.CauseCountDeep)
	}
	if mc.prog.AlphaBeta {
		s |= check.SetOf(check.CauseCutoff)
	}
	return s
}

// answerAt returns the program's parsed answer at depth d.
func answerAt(probe func(d int) *check.RunResult, d int) (morrisAnswer, bool) {
	if probe == nil {
		return morrisAnswer{}, false
	}
	rr := probe(d)
	if rr == nil || rr.TimedOut || rr.Crashed() {
		return morrisAnswer{}, false
	}
	got, _ := check.Normalize(rr.Stdout, true)
	return parseMorris(got)
}

// ignoresDepth reports whether the program gives answer a at another depth
// too (1, or 2 for a depth-1 case), wrong there as well, while the
// reference's answers at the two depths differ.
func (mc *morrisCase) ignoresDepth(a morrisAnswer, probe func(d int) *check.RunResult) bool {
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

// staticEval reports whether the program, at depth 1, evaluates as many
// positions as the course's search and prints another estimate (a is its
// answer at the case's depth): the search is right, the static estimation
// is not.
func (mc *morrisCase) staticEval(a morrisAnswer, probe func(d int) *check.RunResult) bool {
	a1, w1 := a, mc.want
	if mc.depth != 1 {
		var ok bool
		var err error
		if a1, ok = answerAt(probe, 1); !ok {
			return false
		}
		if w1, err = morrisSolve(mc.prog, mc.kind, mc.input, 1); err != nil {
			return false
		}
	}
	return a1.count == w1.Evaluated && a1.estimate != w1.Estimate
}

// offAtDepth1 reports whether the program's count at depth 1 is off by
// delta, with the right board and estimate (delta 0: depth 1 is right).
func (mc *morrisCase) offAtDepth1(delta int64, probe func(d int) *check.RunResult) bool {
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
// OrderNeighboursDown the pieces stay in ascending order and each piece's
// destinations go in descending order (a child's removals keep theirs).
func morrisOrderKey(o check.MoveOrder, parent *morris.Node, c morris.Node) int {
	me, cme := parent.W, c.W
	if parent.Black {
		me, cme = parent.B, c.B
	}
	from := bits.TrailingZeros32(me &^ cme)
	to := bits.TrailingZeros32(cme &^ me)
	switch {
	case o != check.OrderNeighboursDown:
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
	// g.Moves drops the closing moves only when every White piece stands in
	// a mill (each is then one child, the unchanged board): they are
	// counted without building them.
	black := &morris.Node{Position: n.Position, Black: true}
	moves := g.Board.CountMoves(black, g.Phase)
	if n.W&^inMills(g.Board, n.W) == 0 {
		moves = g.Board.CountPlainMoves(black, g.Phase)
	}
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
	for a := cme &^ me; a != 0; a &= a - 1 {
		for _, m := range b.MillsAt[bits.TrailingZeros32(a)] {
			closed = closed || m&cme == m
		}
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
	r check.ModelResult
}

// modelAnswer is a model search's answer and whether it has one.
type modelAnswer struct {
	m  morrisModel
	ok bool
}

// modelCache keeps a case's model answers. A case's copies share it, and
// gamesearch grade judges the same case for several submissions at once,
// so it is locked.
type modelCache struct {
	mu sync.Mutex
	m  map[check.Mistake]modelAnswer
}

// newModelCache returns an empty modelCache.
func newModelCache() *modelCache {
	return &modelCache{m: map[check.Mistake]modelAnswer{}}
}

// model returns the answer of the mistake model of the case's program,
// running it once per case and mistake when the case has a cache.
func (mc *morrisCase) model(m check.Mistake) (morrisModel, bool) {
	c := mc.models
	if c == nil {
		return mc.runModel(m)
	}
	c.mu.Lock()
	a, done := c.m[m]
	c.mu.Unlock()
	if !done {
		// Two goroutines may both run a missing model: the answers are
		// the same.
		a.m, a.ok = mc.runModel(m)
		c.mu.Lock()
		c.m[m] = a
		c.mu.Unlock()
	}
	return a.m, a.ok
}

// runModel runs the mistake model of the case's program; ok is false when
// the mistake does not apply to the case (a depth too small for it, no
// mobility term in its estimator) or the search is too large.
func (mc *morrisCase) runModel(m check.Mistake) (morrisModel, bool) {
	if !m.Fits(mc.depth) || m.NoMobility && (mc.prog.Phase != morris.Game || mc.prog.Estimator != morris.Standard) {
		return morrisModel{}, false
	}
	b := morris.BoardOf(mc.kind)
	pos, _, err := morris.ParseBoard([]byte(mc.input), mc.kind, true)
	if err != nil {
		return morrisModel{}, false
	}
	rules := morris.CourseGame{Board: b, Phase: mc.prog.Phase, Estimator: mc.prog.Estimator}
	root, depth := mc.prog.Root(b, pos, mc.depth)
	var r check.ModelResult
	switch {
	case m.MinRoot:
		// The board as given, Black to move and minimising: the model
		// maximises the negated estimate.
		root = morris.Node{Position: pos, Black: true}
		r = check.RunModel(negated{rules}, root, depth, mc.prog.AlphaBeta, m, nil, nil)
		r.Value = -r.Value
	case m.NoRemovalChild:
		r = check.RunModel(noRemovalChild{rules}, root, depth, mc.prog.AlphaBeta, m, nil, morrisOrderKey)
	case m.NoMobility:
		r = check.RunModel(noMobility{rules}, root, depth, mc.prog.AlphaBeta, m, nil, morrisOrderKey)
	default:
		r = check.RunModel(rules, root, depth, mc.prog.AlphaBeta, m, nil, morrisOrderKey)
	}
	if r.Aborted {
		return morrisModel{}, false
	}
	board := pos
	if r.Idx >= 0 {
		board = rules.Moves(&root, nil)[r.Idx].Position
		if mc.prog.Black && !m.MinRoot {
			board = board.Swap()
		}
	}
	return morrisModel{morrisAnswer{board.Format(b.N), r.Evals, r.Value}, r}, true
}

// noMobility is the Morris game of a program whose midgame estimator
// leaves out the mobility term: 1000 × (white pieces − black pieces), the
// handout's wins (two pieces left, Black without a move) kept.
type noMobility struct{ morris.CourseGame }

// Evaluate is the standard midgame estimate without Black's moves: a win
// stays a win (1000 × a piece difference of at most 6 is never one).
func (g noMobility) Evaluate(n *morris.Node) search.Value {
	v := g.CourseGame.Evaluate(n)
	if v == morris.Win || v == -morris.Win {
		return v
	}
	return 1000 * search.Value(bits.OnesCount32(n.W)-bits.OnesCount32(n.B))
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
	seen *check.CauseSet
	// values says whether the search needs the static values: alpha-beta's
	// cut-offs depend on them, the nodes MINIMAX visits do not.
	values bool
}

// Evaluate is the course's estimate when the search needs values, else 0.
func (g featureGame) Evaluate(n *morris.Node) search.Value {
	if !g.values {
		return 0
	}
	return g.CourseGame.Evaluate(n)
}

// Moves records a side without a move and the children where a mill
// closed (a piece was taken, or the board came back unchanged).
func (g featureGame) Moves(n *morris.Node, buf []morris.Node) []morris.Node {
	start := len(buf)
	buf = g.CourseGame.Moves(n, buf)
	if len(buf) == start {
		*g.seen |= check.SetOf(check.CauseBlocked)
	}
	for i := range buf[start:] {
		if closed, removed := millMove(g.Board, n, &buf[start+i]); closed || removed {
			*g.seen |= check.SetOf(check.CauseMill)
		}
	}
	return buf
}

// meetsBlocked reports what features().Has(check.CauseBlocked) reports. A
// MINIMAX search enters every node of the tree, so for those programs it
// walks the tree without the model's values and mill checks, counts the
// children of the last ply without making them, and stops at the first side
// without a move or once more than [check.ModelLimit] nodes are entered
// (where the model search aborts and features assumes both causes).
func (mc *morrisCase) meetsBlocked() bool {
	if mc.prog.AlphaBeta {
		return mc.features().Has(check.CauseBlocked)
	}
	b := morris.BoardOf(mc.kind)
	pos, _, err := morris.ParseBoard([]byte(mc.input), mc.kind, true)
	if err != nil {
		return false
	}
	root, depth := mc.prog.Root(b, pos, mc.depth)
	w := blockedWalk{board: b, phase: mc.prog.Phase}
	return w.node(&root, depth, 0)
}

// blockedWalk is the tree walk of meetsBlocked; kids holds the children of
// each ply.
type blockedWalk struct {
	board *morris.Board
	phase morris.Phase
	nodes int
	kids  [][]morris.Node
}

// node enters n with depth plies to go at ply; it returns true at the first
// side without a move, or once the walk has entered more than
// check.ModelLimit nodes.
func (w *blockedWalk) node(n *morris.Node, depth, ply int) bool {
	if w.nodes++; w.nodes > check.ModelLimit {
		return true
	}
	switch {
	case depth <= 0:
		return false
	case depth == 1:
		c := w.board.CountMoves(n, w.phase)
		w.nodes += c
		return c == 0 || w.nodes > check.ModelLimit
	}
	if len(w.kids) == ply {
		w.kids = append(w.kids, nil)
	}
	kids := w.board.AppendChildren(w.kids[ply][:0], n, w.phase)
	w.kids[ply] = kids
	if len(kids) == 0 {
		return true
	}
	for i := range kids {
		if w.node(&kids[i], depth-1, ply+1) {
			return true
		}
	}
	return false
}

// features reports whether the case's search closes a mill and whether it
// meets a side without a move.
func (mc *morrisCase) features() check.CauseSet {
	b := morris.BoardOf(mc.kind)
	pos, _, err := morris.ParseBoard([]byte(mc.input), mc.kind, true)
	if err != nil {
		return 0
	}
	var seen check.CauseSet
	g := featureGame{morris.CourseGame{Board: b, Phase: mc.prog.Phase, Estimator: mc.prog.Estimator}, &seen, mc.prog.AlphaBeta}
	root, depth := mc.prog.Root(b, pos, mc.depth)
	if r := check.RunModel(g, root, depth, mc.prog.AlphaBeta, check.Mistake{}, nil, nil); r.Aborted {
		return check.SetOf(check.CauseMill, check.CauseBlocked) // too large to tell: assume both
	}
	return seen
}
