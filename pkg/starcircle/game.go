package starcircle

import "github.com/gamesearch/gamesearch/pkg/search"

// Value is a utility, in units of 10^-Scale of the row-values line.
type Value = search.Value

// target is one destination of a piece: the square reached and, for a jump,
// the square jumped over (-1 for a step; to = -1 when off the board).
type target struct{ to, mid int8 }

// targets[p][s] lists the destinations of a piece of p on s in expansion
// order: destinations on upper rows first, left before right.
var targets [2][64][4]target

func init() {
	for s := Square(0); s < 64; s++ {
		r, c := s.Row(), s.Col()
		at := func(dr, dc int) int8 {
			if r+dr < 0 || r+dr > 7 || c+dc < 0 || c+dc > 7 {
				return -1
			}
			return int8(NewSquare(r+dr, c+dc))
		}
		jump := func(dr, dc int) target {
			to := at(2*dr, 2*dc)
			if to < 0 {
				return target{-1, -1}
			}
			return target{to, at(dr, dc)}
		}
		step := func(dr, dc int) target { return target{at(dr, dc), -1} }
		// Star's jumps land on row r+2, above its steps; Circle's steps land
		// on row r-1, above its jumps.
		targets[Star][s] = [4]target{jump(1, -1), jump(1, 1), step(1, -1), step(1, 1)}
		targets[Circle][s] = [4]target{step(-1, -1), step(-1, 1), jump(-1, -1), jump(-1, 1)}
	}
}

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

// Game is Star/Circle as a search.Game for the search from the view of one
// root player. It is a small value; the weights are shared.
type Game struct {
	w    *Weights
	sign Value
}

// NewGame returns the game scored with weights w from root's point of view.
func NewGame(w *Weights, root Player) Game {
	g := Game{w: w, sign: 1}
	if root == Circle {
		g.sign = -1
	}
	return g
}

// Terminal reports whether p ends the game: a player has no piece, or p was
// reached by two consecutive passes.
func (g Game) Terminal(p *Position) bool {
	return p.Over || p.Pieces[Star] == 0 || p.Pieces[Circle] == 0
}

// Moves appends the moves of the side to move in p to buf, in expansion
// order, or Pass when it has none.
func (g Game) Moves(p *Position, buf []Move) []Move {
	me := p.ToMove
	own, opp := p.Pieces[me], p.Pieces[me^1]
	last := LastRow(me)
	free := ^(own | opp) | own&last
	n := len(buf)
	tab := &targets[me]
	for bb := own &^ last; bb != 0; bb &= bb - 1 {
		from := Square(trailingZeros(bb))
		for _, t := range &tab[from] {
			if t.to < 0 || free>>uint(t.to)&1 == 0 {
				continue
			}
			if t.mid >= 0 && opp>>uint(t.mid)&1 == 0 {
				continue
			}
			buf = append(buf, NewMove(from, Square(t.to)))
		}
	}
	if len(buf) == n {
		buf = append(buf, Pass)
	}
	return buf
}

// Play sets *dst to the position reached from p by m.
func (g Game) Play(dst, p *Position, m Move) {
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
func (g Game) Evaluate(p *Position) Value { return g.sign * p.Score }
