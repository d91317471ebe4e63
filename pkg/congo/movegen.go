package congo

// Move is a move from one square to another, encoded from<<6 | to, so that
// ascending Move order is the string order of the move names.
type Move uint16

// NewMove returns the move from -> to.
func NewMove(from, to Square) Move { return Move(from)<<6 | Move(to) }

// From returns the start square of m.
func (m Move) From() Square { return Square(m >> 6) }

// To returns the target square of m.
func (m Move) To() Square { return Square(m & 63) }

// String returns m as four characters, e.g. "e3e4".
func (m Move) String() string { return m.From().String() + m.To().String() }

// AppendMove appends the four characters of m to b.
func AppendMove(b []byte, m Move) []byte {
	f, t := m.From(), m.To()
	return append(b, byte('a'+f.File()), byte('1'+f.Rank()), byte('a'+t.File()), byte('1'+t.Rank()))
}

// ParseMove parses a four-character move "<file><rank><file><rank>" with
// files a-g and ranks 1-7. It does not check legality.
func ParseMove(s string) (Move, bool) {
	if len(s) != 4 {
		return 0, false
	}
	for i := 0; i < 4; i += 2 {
		if s[i] < 'a' || s[i] > 'g' || s[i+1] < '1' || s[i+1] > '7' {
			return 0, false
		}
	}
	from := SquareAt(int(s[0]-'a'), int(s[1]-'1'))
	to := SquareAt(int(s[2]-'a'), int(s[3]-'1'))
	return NewMove(from, to), true
}

// MaxMoves bounds the length of any move list of a position reachable in play
// from the start positions; lists of constructed positions may be longer, so
// generators append and never assume it.
const MaxMoves = 256

// Tables of target squares, indexed by square (and colour where the moves
// depend on it).
var (
	lionStep     [2][NumSquares]Bitboard // king steps inside the own castle
	zebraTargets [NumSquares]Bitboard    // knight jumps
	elephantTgts [NumSquares]Bitboard    // one or two squares orthogonally
	giraffeStep  [NumSquares]Bitboard    // one square, any direction
	giraffeJump  [NumSquares]Bitboard    // two squares in a line, any direction
	pawnForward  [2][NumSquares]Bitboard // the three forward squares
	superSide    [2][NumSquares]Bitboard // forward three and the two sideways
	// backRay[c][d][s] are the first and second squares of the backward
	// direction d (0 straight, 1 and 2 diagonal) from s, as single-square
	// sets (0 when off the board).
	backRay1, backRay2 [2][3][NumSquares]Bitboard
	// flightRay[c][d][s] is the forward ray d (0 straight, 1 towards file a,
	// 2 towards file g) from s, nearest square excluded none; flightUp says
	// whether the nearest square of that ray is its lowest.
	flightRay [2][3][NumSquares]Bitboard
	flightUp  [2][3]bool
)

// onBoard returns the square (f, r) and whether it is on the board.
func onBoard(f, r int) (Square, bool) {
	if f < 0 || f > 6 || r < 0 || r > 6 {
		return NoSquare, false
	}
	return SquareAt(f, r), true
}

func init() {
	set := func(b *Bitboard, f, r int) {
		if s, ok := onBoard(f, r); ok {
			*b |= Bit(s)
		}
	}
	for s := Square(0); s < NumSquares; s++ {
		f, r := s.File(), s.Rank()
		for df := -1; df <= 1; df++ {
			for dr := -1; dr <= 1; dr++ {
				if df == 0 && dr == 0 {
					continue
				}
				set(&giraffeStep[s], f+df, r+dr)
				set(&giraffeJump[s], f+2*df, r+2*dr)
			}
		}
		for c := White; c <= Black; c++ {
			lionStep[c][s] = giraffeStep[s] & castles[c]
		}
		for _, d := range [8][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}} {
			set(&zebraTargets[s], f+d[0], r+d[1])
		}
		for _, d := range [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
			set(&elephantTgts[s], f+d[0], r+d[1])
			set(&elephantTgts[s], f+2*d[0], r+2*d[1])
		}
		for c := White; c <= Black; c++ {
			fwd := 1
			if c == Black {
				fwd = -1
			}
			for df := -1; df <= 1; df++ {
				set(&pawnForward[c][s], f+df, r+fwd)
			}
			superSide[c][s] = pawnForward[c][s]
			set(&superSide[c][s], f-1, r)
			set(&superSide[c][s], f+1, r)
			for d, df := range [3]int{0, -1, 1} {
				set(&backRay1[c][d][s], f+df, r-fwd)
				set(&backRay2[c][d][s], f+2*df, r-2*fwd)
				for k := 1; k < 7; k++ {
					set(&flightRay[c][d][s], f+k*df, r+k*fwd)
				}
				// Square index = 7*file + rank: the ray's index step is
				// 7*df + fwd, and the nearest square is the lowest one when
				// that step is positive.
				flightUp[c][d] = 7*df+fwd > 0
			}
		}
	}
}

// Targets returns the target squares of the piece on from, which must belong
// to the side c, in position p. Targets holding an own piece are excluded.
func (p *Position) Targets(from Square, c Color) Bitboard {
	own := p.byColor[c]
	occ := own | p.byColor[c^1]
	switch p.board[from].Kind() {
	case Pawn:
		return pawnTargets(from, c, own, occ)
	case Superpawn:
		return superpawnTargets(from, c, own, occ)
	case Giraffe:
		return giraffeTargets(from, own, occ)
	case Elephant:
		return elephantTgts[from] &^ own
	case Zebra:
		return zebraTargets[from] &^ own
	case Lion:
		return p.lionTargets(from, c, own, occ)
	}
	return 0 // crocodile and monkey are inert
}

// pawnTargets are the targets of c's pawn on from (own: c's pieces, occ:
// all pieces): forward, and one or two squares straight back past the river.
func pawnTargets(from Square, c Color, own, occ Bitboard) Bitboard {
	t := pawnForward[c][from] &^ own
	if pastRiver[c].Has(from) {
		if b1 := backRay1[c][0][from]; b1&occ == 0 {
			t |= b1
			if b2 := backRay2[c][0][from]; b2&occ == 0 {
				t |= b2
			}
		}
	}
	return t
}

// superpawnTargets are the targets of c's superpawn on from: forward and
// sideways, and one or two squares back in the three backward directions.
func superpawnTargets(from Square, c Color, own, occ Bitboard) Bitboard {
	t := superSide[c][from] &^ own
	for d := 0; d < 3; d++ {
		if b1 := backRay1[c][d][from]; b1&occ == 0 {
			t |= b1
			if b2 := backRay2[c][d][from]; b2&occ == 0 {
				t |= b2
			}
		}
	}
	return t
}

// giraffeTargets are the targets of a giraffe on from: a step onto an empty
// square, or a jump of two or three squares.
func giraffeTargets(from Square, own, occ Bitboard) Bitboard {
	return giraffeStep[from]&^occ | giraffeJump[from]&^own
}

// lionTargets are the targets of c's lion on from: its steps inside the
// castle and the flight onto the enemy lion.
func (p *Position) lionTargets(from Square, c Color, own, occ Bitboard) Bitboard {
	return lionStep[c][from]&^own | p.lionFlight(from, c, occ)
}

// lionFlight returns the square of the enemy lion if c's lion on from can fly
// onto it (straight forward or diagonally forward, nothing in between).
func (p *Position) lionFlight(from Square, c Color, occ Bitboard) Bitboard {
	enemyLion := p.byKind[Lion] & p.byColor[c^1]
	for d := 0; d < 3; d++ {
		if flightRay[c][d][from]&enemyLion == 0 {
			continue
		}
		block := flightRay[c][d][from] & occ
		var first Square
		if flightUp[c][d] {
			first = block.First()
		} else {
			first = block.Last()
		}
		return Bit(first) & enemyLion
	}
	return 0
}

// GenerateMoves appends the moves of the side to move to buf, in ascending
// (string) order, and returns the extended slice.
func (p *Position) GenerateMoves(buf []Move) []Move {
	return p.GenerateMovesFor(p.Side, buf)
}

// GenerateMovesFor appends the moves of side c to buf, in ascending order.
func (p *Position) GenerateMovesFor(c Color, buf []Move) []Move {
	for pcs := p.byColor[c]; pcs != 0; {
		from := pcs.Pop()
		for t := p.Targets(from, c); t != 0; {
			buf = append(buf, NewMove(from, t.Pop()))
		}
	}
	return buf
}

// GenerateKind appends the moves of the side to move's pieces of kind k to
// buf, in ascending order.
func (p *Position) GenerateKind(k Kind, buf []Move) []Move {
	c := p.Side
	for pcs := p.Pieces(c, k); pcs != 0; {
		from := pcs.Pop()
		for t := p.Targets(from, c); t != 0; {
			buf = append(buf, NewMove(from, t.Pop()))
		}
	}
	return buf
}

// GenerateOrdered appends the moves of the side to move to buf with captures
// of the lion first, then other captures, then the rest, each group in
// ascending order. It is the same set as [Position.GenerateMoves].
func (p *Position) GenerateOrdered(buf []Move) []Move {
	c := p.Side
	var from [NumSquares]Square
	var tgt [NumSquares]Bitboard
	n := 0
	for pcs := p.byColor[c]; pcs != 0; n++ {
		from[n] = pcs.Pop()
		tgt[n] = p.Targets(from[n], c)
	}
	enemy := p.byColor[c^1]
	lion := enemy & p.byKind[Lion]
	for _, mask := range [3]Bitboard{lion, enemy &^ lion, ^enemy} {
		for i := 0; i < n; i++ {
			for t := tgt[i] & mask; t != 0; {
				buf = append(buf, NewMove(from[i], t.Pop()))
			}
		}
	}
	return buf
}

// CountMoves returns the number of moves of the side to move.
func (p *Position) CountMoves() int {
	c := p.Side
	n := 0
	for pcs := p.byColor[c]; pcs != 0; {
		n += p.Targets(pcs.Pop(), c).Count()
	}
	return n
}

// IsLegal reports whether m is in the move list of the side to move.
func (p *Position) IsLegal(m Move) bool {
	from := m.From()
	if from < 0 || from >= NumSquares || m.To() >= NumSquares || !p.byColor[p.Side].Has(from) {
		return false
	}
	return p.Targets(from, p.Side).Has(m.To())
}
