package starcircle_test

import (
	"fmt"
	"sort"

	"github.com/gamesearch/gamesearch/pkg/starcircle"
)

// ref is a deliberately plain second implementation of the rules of
// docs/starcircle.md: an 8×8 array of signed stack heights (Star > 0, Circle
// < 0), moves found square by square and sorted by the positional order
// afterwards, utilities recomputed from scratch.
type ref struct {
	board        [8][8]int // [row A=0..H=7][column 0..7]
	star         bool      // Star to move
	root         bool      // root player is Star
	passed, over bool
	values       [8]starcircle.Value
}

func newRef(p *starcircle.Problem) *ref {
	r := &ref{star: p.Player == starcircle.Star, root: p.Player == starcircle.Star, values: p.Values}
	for row := 0; row < 8; row++ {
		for col := 0; col < 8; col++ {
			r.board[row][col] = p.Board[starcircle.NewSquare(row, col)]
		}
	}
	return r
}

type refMove struct {
	fr, fc, tr, tc int
	jump           bool
}

func (m refMove) String() string {
	return fmt.Sprintf("%c%d-%c%d", 'A'+m.fr, m.fc+1, 'A'+m.tr, m.tc+1)
}

// key is the positional order: upper rows first, then left first.
func key(row, col int) int { return (7-row)*8 + col }

func (r *ref) gen() []refMove {
	dir, last, mine := 1, 7, 1
	if !r.star {
		dir, last, mine = -1, 0, -1
	}
	in := func(row, col int) bool { return row >= 0 && row < 8 && col >= 0 && col < 8 }
	canLand := func(row, col int) bool {
		h := r.board[row][col]
		return h == 0 || (row == last && h*mine > 0)
	}
	var ms []refMove
	for row := 0; row < 8; row++ {
		for col := 0; col < 8; col++ {
			if r.board[row][col]*mine <= 0 || row == last {
				continue
			}
			for _, dc := range []int{-1, 1} {
				sr, sc := row+dir, col+dc
				if !in(sr, sc) {
					continue
				}
				if canLand(sr, sc) {
					ms = append(ms, refMove{row, col, sr, sc, false})
				}
				jr, jc := sr+dir, sc+dc
				if r.board[sr][sc]*mine < 0 && in(jr, jc) && canLand(jr, jc) {
					ms = append(ms, refMove{row, col, jr, jc, true})
				}
			}
		}
	}
	sort.Slice(ms, func(i, j int) bool {
		a, b := ms[i], ms[j]
		if ka, kb := key(a.fr, a.fc), key(b.fr, b.fc); ka != kb {
			return ka < kb
		}
		return key(a.tr, a.tc) < key(b.tr, b.tc)
	})
	return ms
}

func (r *ref) moves() []string {
	var out []string
	for _, m := range r.gen() {
		out = append(out, m.String())
	}
	if len(out) == 0 {
		out = []string{"pass"}
	}
	return out
}

func (r *ref) play(name string) {
	if name == "pass" {
		r.over = r.passed
		r.passed = true
		r.star = !r.star
		return
	}
	for _, m := range r.gen() {
		if m.String() != name {
			continue
		}
		mine := 1
		if !r.star {
			mine = -1
		}
		r.board[m.fr][m.fc] -= mine
		r.board[m.tr][m.tc] += mine
		if m.jump {
			r.board[(m.fr+m.tr)/2][(m.fc+m.tc)/2] = 0
		}
		r.passed = false
		r.star = !r.star
		return
	}
	panic("ref: illegal move " + name)
}

func (r *ref) terminal() bool {
	if r.over {
		return true
	}
	s, c := false, false
	for row := range r.board {
		for _, h := range r.board[row] {
			s = s || h > 0
			c = c || h < 0
		}
	}
	return !s || !c
}

// utility is E(s) for the root player.
func (r *ref) utility() starcircle.Value {
	var star starcircle.Value
	for row := range r.board {
		for _, h := range r.board[row] {
			if h > 0 {
				star += starcircle.Value(h) * r.values[row]
			} else if h < 0 {
				star -= starcircle.Value(-h) * r.values[7-row]
			}
		}
	}
	if r.root {
		return star
	}
	return -star
}

// refPerft counts the leaves of the move tree of depth d.
func refPerft(r *ref, d int) uint64 {
	if d == 0 || r.terminal() {
		return 1
	}
	var n uint64
	for _, m := range r.moves() {
		c := *r
		c.play(m)
		n += refPerft(&c, d-1)
	}
	return n
}
