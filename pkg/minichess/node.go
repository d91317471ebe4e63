package minichess

import "math/bits"

// Square indices: sq = row*Cols + col, 0..29, row 0 first, so ascending index
// order is the template's scan order (docs/minichess.md, "Move generation").

const boardMask uint32 = 1<<Squares - 1

// Ray directions, in the order the tables below use. Rook directions are
// 0..3 and bishop directions 4..7, each group in the template's order.
var dirs = [8][2]int{
	{0, 1}, {0, -1}, {1, 0}, {-1, 0}, // rook
	{1, 1}, {1, -1}, {-1, 1}, {-1, -1}, // bishop
}

// dirUp reports directions whose square index increases along the ray.
var dirUp = [8]bool{true, false, true, false, true, true, false, false}

var knightDirs = [8][2]int{{1, 2}, {1, -2}, {-1, 2}, {-1, -2}, {2, 1}, {2, -1}, {-2, 1}, {-2, -1}}
var kingDirs = [8][2]int{{1, 0}, {0, 1}, {-1, 0}, {0, -1}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}}

type squareList struct {
	n  uint8
	sq [8]uint8
}

var (
	rayBB       [Squares][8]uint32
	raySq       [Squares][8]squareList // ray squares, near to far
	knightList  [Squares]squareList    // targets in generation order
	kingList    [Squares]squareList
	knightBB    [Squares]uint32
	kingBB      [Squares]uint32
	pawnFrom    [2][Squares]uint32       // squares from which a pawn of colour c attacks sq
	rookLines   [Squares]uint32          // squares on the rook rays of sq
	bishopLines [Squares]uint32          // squares on the bishop rays of sq
	between     [Squares][Squares]uint32 // squares strictly between two squares of one ray
	moveOf      [Squares][Squares]Move
	sqRow       [Squares]int8
	sqCol       [Squares]int8
)

const (
	colA uint32 = 1 | 1<<5 | 1<<10 | 1<<15 | 1<<20 | 1<<25
	colE        = colA << 4
)

func onBoard(r, c int) bool { return r >= 0 && r < Rows && c >= 0 && c < Cols }

func init() {
	for sq := range Squares {
		r, c := sq/Cols, sq%Cols
		sqRow[sq], sqCol[sq] = int8(r), int8(c)
		for d, dd := range dirs {
			for rr, cc := r+dd[0], c+dd[1]; onBoard(rr, cc); rr, cc = rr+dd[0], cc+dd[1] {
				t := rr*Cols + cc
				between[sq][t] = rayBB[sq][d] // the ray so far, before t
				rayBB[sq][d] |= 1 << t
				if d < 4 {
					rookLines[sq] |= 1 << t
				} else {
					bishopLines[sq] |= 1 << t
				}
				l := &raySq[sq][d]
				l.sq[l.n] = uint8(t)
				l.n++
			}
		}
		for _, dd := range knightDirs {
			if rr, cc := r+dd[0], c+dd[1]; onBoard(rr, cc) {
				t := rr*Cols + cc
				knightBB[sq] |= 1 << t
				l := &knightList[sq]
				l.sq[l.n] = uint8(t)
				l.n++
			}
		}
		for _, dd := range kingDirs {
			if rr, cc := r+dd[0], c+dd[1]; onBoard(rr, cc) {
				t := rr*Cols + cc
				kingBB[sq] |= 1 << t
				l := &kingList[sq]
				l.sq[l.n] = uint8(t)
				l.n++
			}
		}
		// A white pawn on (r+1, c±1) attacks (r, c); a black one on (r-1, c±1).
		for _, dc := range [2]int{-1, 1} {
			if onBoard(r+1, c+dc) {
				pawnFrom[White][sq] |= 1 << ((r+1)*Cols + c + dc)
			}
			if onBoard(r-1, c+dc) {
				pawnFrom[Black][sq] |= 1 << ((r-1)*Cols + c + dc)
			}
		}
	}
	for f := range Squares {
		for t := range Squares {
			moveOf[f][t] = Move{sqRow[f], sqCol[f], sqRow[t], sqCol[t]}
		}
	}
}

// Node is the bitboard form of a position, used by perft and the searches.
// It also records whether its side to move can capture an enemy king (its
// status is Win), computed when the node is made. The zero Node is an empty
// board with white to move; make Nodes with [Position.Node] or [Node.Play].
type Node struct {
	bb   [2][7]uint32 // bb[c][k]: squares of colour c holding piece k; bb[c][0] is c's occupancy
	kind [Squares]Piece
	mat  [2]int32 // material by the adjudication table, kept up to date by Play
	side Color
	win  bool
}

// Node returns the bitboard form of p. Where both layers hold a piece (not
// a valid position) the side to move's piece is kept.
func (p *Position) Node() Node {
	var n Node
	n.side = p.ToMove & 1
	for pass := range 2 {
		c := p.ToMove.Other()
		if pass == 1 {
			c = p.ToMove
		}
		c &= 1
		for sq := range Squares {
			k := p.Board[c][sq/Cols][sq%Cols]
			if k == Empty || k > King {
				continue
			}
			bit := uint32(1) << sq
			if o := n.kind[sq]; o != Empty {
				n.bb[c^1][o] &^= bit
				n.bb[c^1][0] &^= bit
			}
			n.kind[sq] = k
			n.bb[c][k] |= bit
			n.bb[c][0] |= bit
		}
	}
	for c := range 2 {
		b := &n.bb[c]
		n.mat[c] = int32(2*bits.OnesCount32(b[Pawn]) + 6*bits.OnesCount32(b[Rook]) +
			7*bits.OnesCount32(b[Knight]) + 8*bits.OnesCount32(b[Bishop]) +
			20*bits.OnesCount32(b[Queen]) + 100*bits.OnesCount32(b[King]))
	}
	n.win = n.attacksKing()
	return n
}

// Position returns the array form of n.
func (n *Node) Position() Position {
	var p Position
	p.ToMove = n.side
	for c := range 2 {
		for occ := n.bb[c][0]; occ != 0; occ &= occ - 1 {
			sq := bits.TrailingZeros32(occ)
			p.Board[c][sq/Cols][sq%Cols] = n.kind[sq]
		}
	}
	return p
}

// ToMove returns the side to move.
func (n *Node) ToMove() Color { return n.side }

// Status returns Win if the side to move can capture an enemy king, else
// None.
func (n *Node) Status() Status {
	if n.win {
		return Win
	}
	return None
}

// HasKing reports whether colour c has at least one king.
func (n *Node) HasKing(c Color) bool { return n.bb[c][King] != 0 }

// Material returns the material of colour c by the adjudication table.
func (n *Node) Material(c Color) int { return int(n.mat[c&1]) }

// rayAttack returns the squares a slider on sq reaches along direction d
// with occupancy occ, the first blocker included.
func rayAttack(sq, d int, occ uint32) uint32 {
	r := rayBB[sq][d]
	if b := r & occ; b != 0 {
		var f int
		if dirUp[d] {
			f = bits.TrailingZeros32(b)
		} else {
			f = 31 - bits.LeadingZeros32(b)
		}
		r ^= rayBB[f][d]
	}
	return r
}

func rookAttack(sq int, occ uint32) uint32 {
	return rayAttack(sq, 0, occ) | rayAttack(sq, 1, occ) | rayAttack(sq, 2, occ) | rayAttack(sq, 3, occ)
}

func bishopAttack(sq int, occ uint32) uint32 {
	return rayAttack(sq, 4, occ) | rayAttack(sq, 5, occ) | rayAttack(sq, 6, occ) | rayAttack(sq, 7, occ)
}

// attacksKing reports whether the side to move can capture an enemy king.
func (n *Node) attacksKing() bool {
	for ks := n.bb[n.side^1][King]; ks != 0; ks &= ks - 1 {
		if n.attacks(n.side, bits.TrailingZeros32(ks)) {
			return true
		}
	}
	return false
}

// attacks reports whether a piece of colour c attacks square k.
func (n *Node) attacks(c Color, k int) bool {
	me := &n.bb[c]
	if knightBB[k]&me[Knight] != 0 || kingBB[k]&me[King] != 0 || pawnFrom[c][k]&me[Pawn] != 0 {
		return true
	}
	occ := n.bb[0][0] | n.bb[1][0]
	sl := (me[Rook]|me[Queen])&rookLines[k] | (me[Bishop]|me[Queen])&bishopLines[k]
	for ; sl != 0; sl &= sl - 1 {
		if between[k][bits.TrailingZeros32(sl)]&occ == 0 {
			return true
		}
	}
	return false
}

// attackedAfter reports whether a piece of colour c attacks square k once
// the squares captured are emptied of c's pieces and the occupancy is occ:
// [Node.attacks] in the position after a move, without making it.
func (n *Node) attackedAfter(c Color, k int, occ, captured uint32) bool {
	me := &n.bb[c]
	if (knightBB[k]&me[Knight]|kingBB[k]&me[King]|pawnFrom[c][k]&me[Pawn])&^captured != 0 {
		return true
	}
	sl := ((me[Rook]|me[Queen])&rookLines[k] | (me[Bishop]|me[Queen])&bishopLines[k]) &^ captured
	for ; sl != 0; sl &= sl - 1 {
		if between[k][bits.TrailingZeros32(sl)]&occ == 0 {
			return true
		}
	}
	return false
}

// attackers returns the number of pieces of colour c that attack square k:
// the pseudo-legal moves of c to k when c is to move.
func (n *Node) attackers(c Color, k int) int {
	me := &n.bb[c]
	cnt := bits.OnesCount32(knightBB[k]&me[Knight] | kingBB[k]&me[King] | pawnFrom[c][k]&me[Pawn])
	occ := n.bb[0][0] | n.bb[1][0]
	for sl := (me[Rook]|me[Queen])&rookLines[k] | (me[Bishop]|me[Queen])&bishopLines[k]; sl != 0; sl &= sl - 1 {
		if between[k][bits.TrailingZeros32(sl)]&occ == 0 {
			cnt++
		}
	}
	return cnt
}

// targets returns the squares the piece of the side to move on from reaches
// by a pseudo-legal move: those of its moves in [Node.PseudoMoves].
func (n *Node) targets(from int, own, enemy, occ uint32) uint32 {
	switch n.kind[from] {
	case Pawn:
		var to int
		if n.side == White {
			if sqRow[from] == 0 {
				return 0
			}
			to = from - Cols
		} else {
			if sqRow[from] == Rows-1 {
				return 0
			}
			to = from + Cols
		}
		t := uint32(1) << to &^ occ
		if sqCol[from] < Cols-1 {
			t |= enemy & (1 << (to + 1))
		}
		if sqCol[from] > 0 {
			t |= enemy & (1 << (to - 1))
		}
		return t
	case Knight:
		return knightBB[from] &^ own
	case King:
		return kingBB[from] &^ own
	case Rook:
		return rookAttack(from, occ) &^ own
	case Bishop:
		return bishopAttack(from, occ) &^ own
	case Queen:
		return (rookAttack(from, occ) | bishopAttack(from, occ)) &^ own
	}
	return 0
}

// winReplies returns how many pseudo-legal moves of n give a Win position:
// one whose side to move, n's opponent, can capture a king of n's side to
// move. It counts the Win statuses [Node.Play] would compute without
// listing or making the positions.
func (n *Node) winReplies() int {
	me, op := n.side, n.side^1
	own, enemy := n.bb[me][0], n.bb[op][0]
	occ := own | enemy
	kings := n.bb[me][King]
	if kings == 0 {
		return 0
	}
	// With one king on k, a move of another piece from f to t leaves k
	// attacked when an attacking knight, king or pawn is not captured, or
	// when a slider's line to k is clear afterwards: only sliders with at
	// most one piece between them and k can have, f being that piece.
	k := -1
	var steppers, sliders uint32
	pcs := own
	if bits.OnesCount32(kings) == 1 {
		k = bits.TrailingZeros32(kings)
		them := &n.bb[op]
		steppers = knightBB[k]&them[Knight] | kingBB[k]&them[King] | pawnFrom[op][k]&them[Pawn]
		for sl := (them[Rook]|them[Queen])&rookLines[k] | (them[Bishop]|them[Queen])&bishopLines[k]; sl != 0; sl &= sl - 1 {
			a := bits.TrailingZeros32(sl)
			if bits.OnesCount32(between[k][a]&occ) <= 1 {
				sliders |= 1 << a
			}
		}
		if steppers == 0 && sliders == 0 {
			pcs = kings // only a king move can walk into an attack
		}
	}
	var always uint32 // targets that leave k attacked by a knight, king or pawn
	switch bits.OnesCount32(steppers) {
	case 0:
	case 1:
		always = ^steppers
	default:
		always = ^uint32(0)
	}
	cnt := 0
	for ; pcs != 0; pcs &= pcs - 1 {
		from := bits.TrailingZeros32(pcs)
		fbit := uint32(1) << from
		ts := n.targets(from, own, enemy, occ)
		if k >= 0 && n.kind[from] != King {
			w := always
			for sl := sliders; sl != 0; sl &= sl - 1 {
				a := bits.TrailingZeros32(sl)
				if between[k][a]&occ&^fbit == 0 {
					w |= ^(between[k][a] | 1<<a)
				}
			}
			cnt += bits.OnesCount32(ts & w)
			continue
		}
		for ; ts != 0; ts &= ts - 1 {
			to := bits.TrailingZeros32(ts)
			tbit := uint32(1) << to
			after := occ&^fbit | tbit
			ks := kings
			if n.kind[from] == King {
				ks = ks&^fbit | tbit
			}
			for ; ks != 0; ks &= ks - 1 {
				if n.attackedAfter(op, bits.TrailingZeros32(ks), after, tbit) {
					cnt++
					break
				}
			}
		}
	}
	return cnt
}

// KingAttacked reports whether a king of colour c could be captured by the
// other side if it were to move.
func (n *Node) KingAttacked(c Color) bool {
	if c == n.side {
		t := *n
		t.side ^= 1
		return t.attacksKing()
	}
	return n.win
}

// LegalMoves appends the template's list of n to buf and returns it with the
// status (docs/minichess.md, "Move generation"): template order, truncated
// right after the first king capture (status Win), else complete (status
// None).
func (n *Node) LegalMoves(buf []Move) ([]Move, Status) {
	list, win := n.generate(buf, n.win)
	if win {
		return list, Win
	}
	return list, None
}

// PseudoMoves appends every pseudo-legal move of n to buf in template order,
// never truncated.
func (n *Node) PseudoMoves(buf []Move) []Move {
	list, _ := n.generate(buf, false)
	return list
}

// generate appends the moves in template order. With truncate set it stops
// right after the first king capture and reports it.
func (n *Node) generate(buf []Move, truncate bool) ([]Move, bool) {
	me, op := n.side, n.side^1
	own, enemy := n.bb[me][0], n.bb[op][0]
	occ := own | enemy
	eking := n.bb[op][King]
	if !truncate {
		eking = 0
	}
	var hit bool
	for pcs := own; pcs != 0; pcs &= pcs - 1 {
		from := bits.TrailingZeros32(pcs)
		mv := &moveOf[from]
		switch n.kind[from] {
		case Pawn:
			r, c := int(sqRow[from]), int(sqCol[from])
			var to int
			if me == White {
				if r == 0 {
					continue
				}
				to = from - Cols
			} else {
				if r == Rows-1 {
					continue
				}
				to = from + Cols
			}
			if occ&(1<<to) == 0 {
				buf = append(buf, mv[to])
			}
			if c < Cols-1 && enemy&(1<<(to+1)) != 0 {
				buf = append(buf, mv[to+1])
				if eking&(1<<(to+1)) != 0 {
					return buf, true
				}
			}
			if c > 0 && enemy&(1<<(to-1)) != 0 {
				buf = append(buf, mv[to-1])
				if eking&(1<<(to-1)) != 0 {
					return buf, true
				}
			}
		case Rook:
			if buf, hit = n.rays(buf, from, 0, 4, own, enemy, eking); hit {
				return buf, true
			}
		case Bishop:
			if buf, hit = n.rays(buf, from, 4, 8, own, enemy, eking); hit {
				return buf, true
			}
		case Queen:
			if buf, hit = n.rays(buf, from, 0, 8, own, enemy, eking); hit {
				return buf, true
			}
		case Knight:
			if buf, hit = steps(buf, &knightList[from], mv, own, eking); hit {
				return buf, true
			}
		case King:
			if buf, hit = steps(buf, &kingList[from], mv, own, eking); hit {
				return buf, true
			}
		}
	}
	return buf, false
}

// rays appends the moves of a slider on from along directions d0..d1-1, in
// order, and reports a king capture (after which it stops).
func (n *Node) rays(buf []Move, from, d0, d1 int, own, enemy, eking uint32) ([]Move, bool) {
	for d := d0; d < d1; d++ {
		var hit bool
		if buf, hit = n.ray(buf, from, d, own, enemy, eking); hit {
			return buf, true
		}
	}
	return buf, false
}

// steps appends the moves of a knight or king to the targets l (in
// generation order) not holding an own piece, and reports a king capture
// (after which it stops). mv holds the moves from the piece's square.
func steps(buf []Move, l *squareList, mv *[Squares]Move, own, eking uint32) ([]Move, bool) {
	for _, to := range l.sq[:l.n] {
		bit := uint32(1) << to
		if own&bit != 0 {
			continue
		}
		buf = append(buf, mv[to])
		if eking&bit != 0 {
			return buf, true
		}
	}
	return buf, false
}

// ray appends the moves of a slider on from along direction d, near to far.
func (n *Node) ray(buf []Move, from, d int, own, enemy, eking uint32) ([]Move, bool) {
	l := &raySq[from][d]
	mv := &moveOf[from]
	for _, to := range l.sq[:l.n] {
		bit := uint32(1) << to
		if own&bit != 0 {
			break
		}
		buf = append(buf, mv[to])
		if enemy&bit != 0 {
			return buf, eking&bit != 0
		}
	}
	return buf, false
}

// CountMoves returns the number of pseudo-legal moves of the side to move:
// the length of the list when n is not a Win position.
func (n *Node) CountMoves() int {
	me, op := n.side, n.side^1
	b := &n.bb[me]
	own, enemy := b[0], n.bb[op][0]
	occ := own | enemy
	free := ^own
	cnt := 0
	if p := b[Pawn]; p != 0 {
		if me == White {
			cnt += bits.OnesCount32(p >> Cols &^ occ)
			cnt += bits.OnesCount32((p &^ colE) >> (Cols - 1) & enemy)
			cnt += bits.OnesCount32((p &^ colA) >> (Cols + 1) & enemy)
		} else {
			cnt += bits.OnesCount32(p << Cols & boardMask &^ occ)
			cnt += bits.OnesCount32((p &^ colE) << (Cols + 1) & enemy)
			cnt += bits.OnesCount32((p &^ colA) << (Cols - 1) & enemy)
		}
	}
	for x := b[Knight]; x != 0; x &= x - 1 {
		cnt += bits.OnesCount32(knightBB[bits.TrailingZeros32(x)] & free)
	}
	for x := b[King]; x != 0; x &= x - 1 {
		cnt += bits.OnesCount32(kingBB[bits.TrailingZeros32(x)] & free)
	}
	for x := b[Rook] | b[Queen]; x != 0; x &= x - 1 {
		cnt += bits.OnesCount32(rookAttack(bits.TrailingZeros32(x), occ) & free)
	}
	for x := b[Bishop] | b[Queen]; x != 0; x &= x - 1 {
		cnt += bits.OnesCount32(bishopAttack(bits.TrailingZeros32(x), occ) & free)
	}
	return cnt
}

// Play sets *dst to the position after m (docs/minichess.md, "Move
// generation", with the child's status computed). m must be a move of n's
// list; dst and n may alias.
func (n *Node) Play(dst *Node, m Move) {
	if dst != n {
		*dst = *n
	}
	from := int(m.FromRow)*Cols + int(m.FromCol)
	to := int(m.ToRow)*Cols + int(m.ToCol)
	me, op := n.side, n.side^1
	fbit, tbit := uint32(1)<<from, uint32(1)<<to
	k := dst.kind[from]
	if dst.bb[op][0]&tbit != 0 {
		ck := dst.kind[to]
		dst.bb[op][ck] &^= tbit
		dst.bb[op][0] &^= tbit
		dst.mat[op] -= int32(Values[ck])
	}
	dst.bb[me][k] &^= fbit
	dst.bb[me][0] &^= fbit
	dst.kind[from] = Empty
	if k == Pawn && (m.ToRow == 0 || m.ToRow == Rows-1) {
		k = Queen
		dst.mat[me] += int32(Values[Queen] - Values[Pawn])
	}
	dst.bb[me][k] |= tbit
	dst.bb[me][0] |= tbit
	dst.kind[to] = k
	dst.side = op
	dst.win = dst.attacksKing()
}
