package engine_test

import (
	"math/bits"
	"time"

	"github.com/gamesearch/gamesearch/pkg/engine"
	"github.com/gamesearch/gamesearch/pkg/search"
)

// Toy games for the engine's tests. Every identifier starts with "eng" so it
// cannot clash with search_test.go.

// engMix is the splitmix64 finaliser, used for fixed-seed keys and
// pseudo-random toy-game data.
func engMix(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ x>>30) * 0xbf58476d1ce4e5b9
	x = (x ^ x>>27) * 0x94d049bb133111eb
	return x ^ x>>31
}

// ---- Tic-tac-toe ----

// engTTTPos is a tic-tac-toe position: X's and O's cells (bit i = cell i).
type engTTTPos struct {
	x, o uint16
	xtm  bool
}

var engTTTLines = [8]uint16{7, 56, 448, 73, 146, 292, 273, 84}

func engTTTWon(b uint16) bool {
	for _, l := range engTTTLines {
		if b&l == l {
			return true
		}
	}
	return false
}

// engTTT is tic-tac-toe for the engine: a finished game is a loss for the
// side to move (the other side just completed a line) or a draw; the static
// value counts the lines still open to each side.
type engTTT struct{}

func (engTTT) mine(p *engTTTPos) (me, opp uint16) {
	if p.xtm {
		return p.x, p.o
	}
	return p.o, p.x
}

func (engTTT) Terminal(p *engTTTPos) bool {
	return engTTTWon(p.x) || engTTTWon(p.o) || p.x|p.o == 511
}

func (engTTT) Moves(p *engTTTPos, buf []int) []int {
	for i := 0; i < 9; i++ {
		if (p.x|p.o)&(1<<i) == 0 {
			buf = append(buf, i)
		}
	}
	return buf
}

func (engTTT) Play(dst, p *engTTTPos, m int) {
	*dst = *p
	if p.xtm {
		dst.x |= 1 << m
	} else {
		dst.o |= 1 << m
	}
	dst.xtm = !p.xtm
}

func (g engTTT) Evaluate(p *engTTTPos) search.Value {
	me, opp := g.mine(p)
	var v search.Value
	for _, l := range engTTTLines {
		if l&opp == 0 {
			v++
		}
		if l&me == 0 {
			v--
		}
	}
	return v
}

func (engTTT) Hash(p *engTTTPos) uint64 {
	k := uint64(p.x) | uint64(p.o)<<9
	if p.xtm {
		k |= 1 << 18
	}
	return engMix(k)
}

func (engTTT) Outcome(p *engTTTPos) engine.Outcome {
	if engTTTWon(p.x) || engTTTWon(p.o) {
		return engine.OutcomeLoss
	}
	return engine.OutcomeDraw
}

// Noisy: completing one's own line scores 10, blocking the opponent's 5.
func (g engTTT) Noisy(p *engTTTPos, m int) int32 {
	me, opp := g.mine(p)
	if engTTTWon(me | 1<<m) {
		return 10
	}
	if engTTTWon(opp | 1<<m) {
		return 5
	}
	return 0
}

func (engTTT) HistoryIndex(p *engTTTPos, m int) int { return m }
func (engTTT) HistorySize() int                     { return 9 }

// ---- Connect four on a 6x5 board ----

const (
	engC4W, engC4H = 6, 5
	engC4S         = engC4H + 1 // bits per column
)

var (
	engC4Bottom = func() (b uint64) {
		for c := 0; c < engC4W; c++ {
			b |= 1 << (c * engC4S)
		}
		return
	}()
	engC4Board = engC4Bottom * (1<<engC4H - 1)
	// engC4Weight[k] is the set of cells that lie on k+1 possible fours.
	engC4Weight = func() (w [16]uint64) {
		for c := 0; c < engC4W; c++ {
			for r := 0; r < engC4H; r++ {
				n := 0
				for _, d := range [4][2]int{{1, 0}, {0, 1}, {1, 1}, {1, -1}} {
					for s := -3; s <= 0; s++ {
						ok := true
						for k := 0; k < 4; k++ {
							cc, rr := c+(s+k)*d[0], r+(s+k)*d[1]
							if cc < 0 || cc >= engC4W || rr < 0 || rr >= engC4H {
								ok = false
							}
						}
						if ok {
							n++
						}
					}
				}
				w[n] |= 1 << (c*engC4S + r)
			}
		}
		return
	}()
)

// engC4Pos is a connect-four position: the stones of the side to move, all
// stones, and the number of stones.
type engC4Pos struct {
	cur, mask uint64
	n         int
}

// engC4 is connect four: four in a row wins (a loss for the side to move,
// which did not make it), a full board draws. The static value weights each
// stone by the number of fours through its cell. Moves that win or block an
// immediate win are noisy. With clock set, every Play advances it by one
// microsecond, to drive time tests.
type engC4 struct{ clock *engine.ManualClock }

func engC4Four(b uint64) bool {
	for _, d := range [4]uint{1, engC4S, engC4S - 1, engC4S + 1} {
		m := b & (b >> d)
		if m&(m>>(2*d)) != 0 {
			return true
		}
	}
	return false
}

// engC4WinSpots returns the empty cells that would complete a four for b.
func engC4WinSpots(b, mask uint64) uint64 {
	r := (b << 1) & (b << 2) & (b << 3)
	for _, d := range [3]uint{engC4S, engC4S - 1, engC4S + 1} {
		p := (b << d) & (b << (2 * d))
		r |= p & (b << (3 * d))
		r |= p & (b >> d)
		p = (b >> d) & (b >> (2 * d))
		r |= p & (b << d)
		r |= p & (b >> (3 * d))
	}
	return r & engC4Board &^ mask
}

func engC4Col(c int) uint64 { return (1<<engC4H - 1) << (c * engC4S) }

func (engC4) Terminal(p *engC4Pos) bool {
	return engC4Four(p.cur^p.mask) || p.n == engC4W*engC4H
}

func (engC4) Moves(p *engC4Pos, buf []int) []int {
	for c := 0; c < engC4W; c++ {
		if p.mask&(1<<(c*engC4S+engC4H-1)) == 0 {
			buf = append(buf, c)
		}
	}
	return buf
}

func (g engC4) Play(dst, p *engC4Pos, m int) {
	if g.clock != nil {
		g.clock.Advance(time.Microsecond)
	}
	dst.cur = p.cur ^ p.mask
	dst.mask = p.mask | (p.mask + 1<<(m*engC4S))
	dst.n = p.n + 1
}

func (engC4) Evaluate(p *engC4Pos) search.Value {
	opp := p.cur ^ p.mask
	var v int
	for k, w := range engC4Weight {
		if w != 0 {
			v += (k + 1) * (bits.OnesCount64(p.cur&w) - bits.OnesCount64(opp&w))
		}
	}
	return search.Value(v)
}

func (engC4) Hash(p *engC4Pos) uint64 { return engMix(p.cur + p.mask) }

func (engC4) Outcome(p *engC4Pos) engine.Outcome {
	if engC4Four(p.cur ^ p.mask) {
		return engine.OutcomeLoss
	}
	return engine.OutcomeDraw
}

func (engC4) Noisy(p *engC4Pos, m int) int32 {
	cell := (p.mask + 1<<(m*engC4S)) & engC4Col(m)
	if cell&engC4WinSpots(p.cur, p.mask) != 0 {
		return 100
	}
	if cell&engC4WinSpots(p.cur^p.mask, p.mask) != 0 {
		return 50
	}
	return 0
}

func (engC4) HistoryIndex(p *engC4Pos, m int) int { return m }
func (engC4) HistorySize() int                    { return engC4W }

// ---- A pseudo-random game with transpositions, captures and checks ----

// engRandPos is a position of engRand: the sum of the keys of the moves
// played (so move order does not matter: many transpositions), the plies
// left until the game ends, the side to move and the ply from the start.
type engRandPos struct {
	sum  uint64
	left int8
	side int8
	ply  int8
}

const engRandK = 6

var engRandKeys = func() (k [engRandK]uint64) {
	for i := range k {
		k[i] = engMix(uint64(1000 + i))
	}
	return
}()

// engRand is a pseudo-random game: up to engRandK moves per position, about
// one position in 23 decided early (win, loss or draw), a third of the moves
// noisy, some positions "in check". All of it is a function of the position.
type engRand struct{}

func (engRand) h(p *engRandPos, salt uint64) uint64 {
	return engMix(p.sum ^ uint64(p.left)<<56 ^ uint64(p.side)<<63 ^ salt)
}

func (g engRand) Terminal(p *engRandPos) bool {
	return p.left == 0 || g.h(p, 1)%23 == 0
}

func (g engRand) Moves(p *engRandPos, buf []int) []int {
	x := g.h(p, 2)
	for m := 0; m < engRandK; m++ {
		if (x>>(4*m))&7 != 0 {
			buf = append(buf, m)
		}
	}
	return buf
}

func (engRand) Play(dst, p *engRandPos, m int) {
	dst.sum = p.sum + engRandKeys[m]
	dst.left = p.left - 1
	dst.side = p.side ^ 1
	dst.ply = p.ply + 1
}

func (g engRand) Evaluate(p *engRandPos) search.Value {
	return search.Value(g.h(p, 3)%201) - 100
}

func (g engRand) Hash(p *engRandPos) uint64 { return g.h(p, 4) }

func (g engRand) Outcome(p *engRandPos) engine.Outcome {
	if p.left == 0 {
		return engine.OutcomeStatic
	}
	return engine.Outcome(1 + g.h(p, 5)%3)
}

func (g engRand) Noisy(p *engRandPos, m int) int32 {
	x := engMix(g.h(p, 6) + uint64(m))
	if x%3 == 0 {
		return int32(1 + x>>40%50)
	}
	return 0
}

func (g engRand) InCheck(p *engRandPos) bool { return g.h(p, 7)%7 == 0 }

func (g engRand) PlayNull(dst, p *engRandPos) bool {
	*dst = *p
	dst.side ^= 1
	dst.ply++
	return true
}

func (engRand) HistoryIndex(p *engRandPos, m int) int { return m }
func (engRand) HistorySize() int                      { return engRandK }

// ---- The oracle: the engine's tree as a plain game for search.Minimax ----

// engRefPos is a node of the oracle tree: a game position with its distance
// from the root and remaining depth, or a pseudo leaf of fixed value.
type engRefPos[P any] struct {
	p    P
	ply  int
	d    int
	q    bool
	leaf bool
	val  search.Value
}

// engRefMove is a move of the oracle: a game move, or a pseudo move to a leaf
// worth val to the mover (stand pat, static horizon, no moves).
type engRefMove[M any] struct {
	m      M
	pseudo bool
	val    search.Value
}

// engRef turns the tree the engine searches to depth d (with or without
// quiescence) into an explicit game, whose plain minimax value
// (search.Searcher.Minimax at a depth that never limits) is the value the
// engine must find with its exact techniques. The engine's scoring rules are
// restated here: wins Mate-ply, losses -(Mate-ply), draws 0,
// no moves as noMoves, quiescence = stand pat or a noisy move (every move,
// without stand pat, in check).
type engRef[P any, M comparable, G engine.Game[P, M]] struct {
	g        G
	quiesce  bool
	noMoves  engine.NoMoves
	inCheck  func(*P) bool
	scratchM []M
}

func (r *engRef[P, M, G]) root(p P, d int) engRefPos[P] {
	return engRefPos[P]{p: p, d: d}
}

func (r *engRef[P, M, G]) Terminal(w *engRefPos[P]) bool {
	return w.leaf || r.g.Terminal(&w.p)
}

func (r *engRef[P, M, G]) Evaluate(w *engRefPos[P]) search.Value {
	if w.leaf {
		return w.val
	}
	ply := search.Value(w.ply)
	switch r.g.Outcome(&w.p) {
	case engine.OutcomeWin:
		return engine.Mate - ply
	case engine.OutcomeLoss:
		return -(engine.Mate - ply)
	case engine.OutcomeDraw:
		return 0
	}
	return r.g.Evaluate(&w.p)
}

func (r *engRef[P, M, G]) noMovesValue(w *engRefPos[P]) search.Value {
	switch r.noMoves {
	case engine.NoMovesDraw:
		return 0
	case engine.NoMovesEvaluate:
		return r.g.Evaluate(&w.p)
	}
	return -(engine.Mate - search.Value(w.ply))
}

func (r *engRef[P, M, G]) Moves(w *engRefPos[P], buf []engRefMove[M]) []engRefMove[M] {
	ms := r.g.Moves(&w.p, r.scratchM[:0])
	r.scratchM = ms // copied into buf below: the next call reuses it
	if !w.q && w.d > 0 {
		if len(ms) == 0 {
			return append(buf, engRefMove[M]{pseudo: true, val: r.noMovesValue(w)})
		}
		for _, m := range ms {
			buf = append(buf, engRefMove[M]{m: m})
		}
		return buf
	}
	if !r.quiesce {
		return append(buf, engRefMove[M]{pseudo: true, val: r.g.Evaluate(&w.p)})
	}
	if r.inCheck != nil && r.inCheck(&w.p) {
		if len(ms) == 0 {
			return append(buf, engRefMove[M]{pseudo: true, val: r.noMovesValue(w)})
		}
		for _, m := range ms {
			buf = append(buf, engRefMove[M]{m: m})
		}
		return buf
	}
	buf = append(buf, engRefMove[M]{pseudo: true, val: r.g.Evaluate(&w.p)})
	for _, m := range ms {
		if r.g.Noisy(&w.p, m) > 0 {
			buf = append(buf, engRefMove[M]{m: m})
		}
	}
	return buf
}

func (r *engRef[P, M, G]) Play(dst, w *engRefPos[P], m engRefMove[M]) {
	if m.pseudo {
		*dst = engRefPos[P]{leaf: true, val: -m.val}
		return
	}
	*dst = engRefPos[P]{ply: w.ply + 1, q: w.q || w.d == 0, d: max(w.d-1, 0)}
	r.g.Play(&dst.p, &w.p, m.m)
}

// ---- An explicit tree ----

// engTree is an explicit game tree for hand-made cases: node i has children
// kids[i]; it is terminal when term[i] (result out[i]), and is otherwise
// worth val[i] to its side to move when static.
type engTree struct {
	kids [][]int
	term []bool
	out  []engine.Outcome
	val  []search.Value
}

func (t *engTree) Terminal(p *int) bool           { return t.term[*p] }
func (t *engTree) Moves(p *int, buf []int) []int  { return append(buf, t.kids[*p]...) }
func (t *engTree) Play(dst, p *int, m int)        { *dst = m }
func (t *engTree) Evaluate(p *int) search.Value   { return t.val[*p] }
func (t *engTree) Hash(p *int) uint64             { return engMix(uint64(*p)) }
func (t *engTree) Outcome(p *int) engine.Outcome  { return t.out[*p] }
func (t *engTree) Noisy(p *int, m int) int32      { return 0 }
func (t *engTree) HistoryIndex(p *int, m int) int { return 0 }
func (t *engTree) HistorySize() int               { return 1 }

// ---- An endless line ----

// engLine is a game that never ends: one move per position, always noisy and
// always "in check" (no stand pat), so both the main search and quiescence
// run into MaxPly.
type engLine struct{}

func (engLine) Terminal(p *int) bool           { return false }
func (engLine) Moves(p *int, buf []int) []int  { return append(buf, 0) }
func (engLine) Play(dst, p *int, m int)        { *dst = *p + 1 }
func (engLine) Evaluate(p *int) search.Value   { return search.Value(*p%3 - 1) }
func (engLine) Hash(p *int) uint64             { return engMix(uint64(*p)) }
func (engLine) Outcome(p *int) engine.Outcome  { return engine.OutcomeStatic }
func (engLine) Noisy(p *int, m int) int32      { return 1 }
func (engLine) HistoryIndex(p *int, m int) int { return 0 }
func (engLine) HistorySize() int               { return 1 }
func (engLine) InCheck(p *int) bool            { return true }

// PlayNull passes the turn in connect four (for null-move pruning). On the
// empty board passing would give the same position, so it is refused.
func (engC4) PlayNull(dst, p *engC4Pos) bool {
	if p.mask == 0 {
		return false
	}
	dst.cur = p.cur ^ p.mask
	dst.mask = p.mask
	dst.n = p.n
	return true
}

// NoisyMoves generates only engRand's noisy moves (the engine's
// NoisyMover path; connect four exercises the filtering path).
func (g engRand) NoisyMoves(p *engRandPos, buf []int) []int {
	x := g.h(p, 2)
	for m := 0; m < engRandK; m++ {
		if (x>>(4*m))&7 != 0 && g.Noisy(p, m) > 0 {
			buf = append(buf, m)
		}
	}
	return buf
}

// ---- Connect four scored only by its evaluation ----

// engC4Static is connect four whose finished games are scored by Evaluate
// (-1000 for the side that was beaten, 0 for a full board), as in the course
// searches, so the plain engine can be compared node for node with
// search.Searcher.
type engC4Static struct{ engC4 }

func (engC4Static) Outcome(p *engC4Pos) engine.Outcome { return engine.OutcomeStatic }
func (g engC4Static) Evaluate(p *engC4Pos) search.Value {
	switch {
	case engC4Four(p.cur ^ p.mask):
		return -1000
	case p.n == engC4W*engC4H:
		return 0
	}
	return g.engC4.Evaluate(p)
}

// engRootOrder is a game for search.Searcher that searches the root's moves
// in a given order and every other node in the game's order.
type engRootOrder struct {
	engC4Static
	root  engC4Pos
	order []int
}

func (g *engRootOrder) Moves(p *engC4Pos, buf []int) []int {
	if *p == g.root {
		return append(buf, g.order...)
	}
	return g.engC4Static.Moves(p, buf)
}

// ---- A game whose positions recur after different numbers of plies ----

// engLimPos is a position of engLim: the sum of the keys of the moves
// played, where move 0 adds nothing (waiting), so that the same position
// recurs after different numbers of plies; the plies left until the ply
// limit; and the side to move.
type engLimPos struct {
	sum  uint64
	left int8
	side int8
}

// engLim is a pseudo-random game with a ply limit (engine.PlyLimited):
// moves, evaluation and the early results depend on the position only; at
// the limit the result is a win, loss or draw of its own, so the same
// position has other values near the limit than far from it.
type engLim struct{}

func (engLim) h(p *engLimPos, salt uint64) uint64 {
	return engMix(p.sum ^ uint64(p.side)<<63 ^ salt)
}

func (g engLim) Terminal(p *engLimPos) bool { return p.left == 0 || g.h(p, 1)%31 == 0 }

func (g engLim) Moves(p *engLimPos, buf []int) []int {
	x := g.h(p, 2)
	buf = append(buf, 0)
	for m := 1; m < engRandK; m++ {
		if (x>>(4*m))&3 != 0 {
			buf = append(buf, m)
		}
	}
	return buf
}

func (engLim) Play(dst, p *engLimPos, m int) {
	dst.sum = p.sum
	if m > 0 {
		dst.sum += engRandKeys[m]
	}
	dst.left = p.left - 1
	dst.side = p.side ^ 1
}

func (g engLim) Evaluate(p *engLimPos) search.Value { return search.Value(g.h(p, 3)%201) - 100 }

func (g engLim) Hash(p *engLimPos) uint64 { return engMix(g.h(p, 4) ^ uint64(p.left)) }

func (g engLim) PositionHash(p *engLimPos) uint64 { return g.h(p, 4) }

func (engLim) PliesLeft(p *engLimPos) int { return int(p.left) }

func (g engLim) Outcome(p *engLimPos) engine.Outcome {
	if p.left == 0 {
		return engine.Outcome(1 + g.h(p, 5)%3)
	}
	return engine.Outcome(1 + g.h(p, 6)%3)
}

func (g engLim) Noisy(p *engLimPos, m int) int32 {
	if m > 0 && engMix(g.h(p, 7)+uint64(m))%3 == 0 {
		return int32(1 + m)
	}
	return 0
}

func (engLim) HistoryIndex(p *engLimPos, m int) int { return m }
func (engLim) HistorySize() int                     { return engRandK }
