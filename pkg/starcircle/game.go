package starcircle

import (
	"math/bits"

	"github.com/gamesearch/gamesearch/pkg/search"
)

// Value is a utility, in units of 10^-Scale of the row-values line.
type Value = search.Value

// Weights are the positional weights of one row-values line, per player and
// square, in units of 10^-Scale.
type Weights [2][64]Value

// NewWeights returns the weights of the row values v (rows A to H for Star,
// H to A for Circle).
func NewWeights(v [8]Value) *Weights {
	w := new(Weights)
	for s := Square(0); s < 64; s++ {
		w[Star][s] = v[s.Row()]
		w[Circle][s] = v[7-s.Row()]
	}
	return w
}

// CourseGame is Star/Circle as a search.Game for the search from the view of one
// root player. It is a small value; the weights are shared.
type CourseGame struct {
	w    *Weights
	sign Value
}

// NewCourseGame returns the game scored with weights w from root's point of view.
func NewCourseGame(w *Weights, root Player) CourseGame {
	g := CourseGame{w: w, sign: 1}
	if root == Circle {
		g.sign = -1
	}
	return g
}

// Terminal reports whether p ends the game: a player has no piece, or p was
// reached by two consecutive passes.
func (g CourseGame) Terminal(p *Position) bool {
	return p.Over || p.Pieces[Star] == 0 || p.Pieces[Circle] == 0
}

// File masks: columns 1, 8, 1-2 and 7-8.
const (
	col1  Bitboard = 0x0101010101010101
	col8  Bitboard = 0x8080808080808080
	col12 Bitboard = 0x0303030303030303
	col78 Bitboard = 0xC0C0C0C0C0C0C0C0
)

// Moves appends the moves of the side to move in p to buf, in expansion
// order, or Pass when it has none.
//
// The destinations of every kind (left/right step, left/right jump) are found
// for all pieces at once with shifts; the pieces are then visited in
// positional order and each piece's moves appended in the order of their
// destinations (Star: jumps, which land higher, before steps; Circle: steps
// before jumps; left before right).
func (g CourseGame) Moves(p *Position, buf []Move) []Move {
	n := len(buf)
	sl, sr, jl, jr := origins(p)
	if p.ToMove == Star {
		for all := jl | jr | sl | sr; all != 0; all &= all - 1 {
			f := Square(trailingZeros(all))
			b := Bitboard(1) << f
			if jl&b != 0 {
				buf = append(buf, NewMove(f, f-18))
			}
			if jr&b != 0 {
				buf = append(buf, NewMove(f, f-14))
			}
			if sl&b != 0 {
				buf = append(buf, NewMove(f, f-9))
			}
			if sr&b != 0 {
				buf = append(buf, NewMove(f, f-7))
			}
		}
	} else {
		for all := jl | jr | sl | sr; all != 0; all &= all - 1 {
			f := Square(trailingZeros(all))
			b := Bitboard(1) << f
			if sl&b != 0 {
				buf = append(buf, NewMove(f, f+7))
			}
			if sr&b != 0 {
				buf = append(buf, NewMove(f, f+9))
			}
			if jl&b != 0 {
				buf = append(buf, NewMove(f, f+14))
			}
			if jr&b != 0 {
				buf = append(buf, NewMove(f, f+18))
			}
		}
	}
	if len(buf) == n {
		buf = append(buf, Pass)
	}
	return buf
}

// origins returns the squares of the side to move's pieces that can step
// left or right and jump left or right in p. The destinations of every kind
// are found for all pieces at once with shifts.
func origins(p *Position) (sl, sr, jl, jr Bitboard) {
	if p.ToMove == Star {
		own, opp := p.Pieces[Star], p.Pieces[Circle]
		free := ^(own | opp) | own&RowH
		m := own &^ RowH
		// Star moves up: -8 per row, -1/+1 per column.
		jl = ((m &^ col12) >> 9 & opp) >> 9 & free << 18
		jr = ((m &^ col78) >> 7 & opp) >> 7 & free << 14
		sl = (m &^ col1) >> 9 & free << 9
		sr = (m &^ col8) >> 7 & free << 7
		return sl, sr, jl, jr
	}
	own, opp := p.Pieces[Circle], p.Pieces[Star]
	free := ^(own | opp) | own&RowA
	m := own &^ RowA
	// Circle moves down: +8 per row, -1/+1 per column.
	sl = (m &^ col1) << 7 & free >> 7
	sr = (m &^ col8) << 9 & free >> 9
	jl = ((m &^ col12) << 7 & opp) << 7 & free >> 14
	jr = ((m &^ col78) << 9 & opp) << 9 & free >> 18
	return sl, sr, jl, jr
}

// CountReplies returns -1 when the position reached from p by m ends the
// game, else the length of its move list, without building it: the steps
// and jumps, or 1 for the pass of a side without them ([search.Tree]).
func (g CourseGame) CountReplies(p *Position, m Move) int {
	var c Position
	g.Play(&c, p, m)
	if g.Terminal(&c) {
		return -1
	}
	sl, sr, jl, jr := origins(&c)
	n := bits.OnesCount64(uint64(sl)) + bits.OnesCount64(uint64(sr)) + bits.OnesCount64(uint64(jl)) + bits.OnesCount64(uint64(jr))
	return max(n, 1)
}

// Play sets *dst to the position reached from p by m.
func (g CourseGame) Play(dst, p *Position, m Move) {
	*dst = *p
	me := p.ToMove
	dst.ToMove = me ^ 1
	if m == Pass {
		dst.Over = p.Passed
		dst.Passed = true
		return
	}
	dst.Passed = false
	from, to := m.From(), m.To()
	dst.Pieces[me] = dst.Pieces[me]&^(1<<from) | 1<<to
	w := &g.w[me]
	d := w[to] - w[from]
	if m.IsJump() {
		// The jumped stack is never on its owner's last row, so it is one
		// piece.
		mid := m.Jumped()
		dst.Pieces[me^1] &^= 1 << mid
		d += g.w[me^1][mid]
	}
	if me == Star {
		dst.Score += d
	} else {
		dst.Score -= d
	}
}

// Evaluate returns the utility of p for the root player.
func (g CourseGame) Evaluate(p *Position) Value { return g.sign * p.Score }

// Perft is the Star/Circle perft: [search.Perft] over [CourseGame].
type Perft = search.Perft[Position, Move, CourseGame]

// NewPerft returns the perft of g: a terminal position is a leaf at any
// depth, as the searches treat it, so the tree's node count is the node
// count of the homework's MINIMAX to the same depth.
func NewPerft(g CourseGame) *Perft {
	return search.NewPerft[Position, Move](g, search.PerftRule{TerminalLeaf: true})
}
