package morris

import "math/bits"

// Decided is the magnitude of a decided position of the improved midgame
// estimator: far above every undecided value.
const Decided = 1_000_000

// Weights of the improved estimators (see the package documentation).
const (
	wPiece     = 1000 // per piece of difference
	wThreat    = 600  // the side to move can close a mill at once
	wOpenTwo   = 60   // two own pieces and an empty third point on a mill
	wMill      = 40   // a closed mill of own pieces
	wMobility  = 12   // per legal move (sliding phase only)
	wBlocked   = 25   // per own piece without an empty neighbour
	wJunction  = 6    // opening: own piece on a point with 4 neighbours
	wLiberties = 4    // opening: empty neighbours of own pieces
)

// lines summarises the mill lines for one colour: closed mills, open twos
// (two own pieces and an empty third point) and the set of empty points that
// would complete an open two.
func (b *Board) lines(own, opp uint32) (mills, twos int, holes uint32) {
	for _, m := range b.Mills {
		o := own & m
		if o == m {
			mills++
			continue
		}
		if opp&m == 0 && bits.OnesCount32(o) == 2 {
			twos++
			holes |= m &^ o
		}
	}
	return
}

// closers reports whether own can move a piece onto one of the holes (a
// point completing an open two) in the midgame: by hopping with three
// pieces, or by sliding a piece that is not part of that mill line.
func (b *Board) closers(own, opp uint32) bool {
	empty := b.All &^ (own | opp)
	hop := bits.OnesCount32(own) == 3
	for f := own; f != 0; f &= f - 1 {
		i := bits.TrailingZeros32(f)
		base := own &^ (1 << i)
		targets := empty
		if !hop {
			targets &= b.AdjMask[i]
		}
		for e := targets; e != 0; e &= e - 1 {
			j := bits.TrailingZeros32(e)
			if b.closeMill(j, base|1<<j) {
				return true
			}
		}
	}
	return false
}

// ImprovedOpening is the improved opening estimator, from White's point of
// view; blackToMove is the side to move at the evaluated node.
func (b *Board) ImprovedOpening(p Position, blackToMove bool) int64 {
	nw, nb := bits.OnesCount32(p.W), bits.OnesCount32(p.B)
	v := int64(wPiece * (nw - nb))
	wm, wt, wh := b.lines(p.W, p.B)
	bm, bt, bh := b.lines(p.B, p.W)
	v += int64(wMill*(wm-bm) + wOpenTwo*(wt-bt))
	// The side to move places on a hole and captures.
	if !blackToMove && wh != 0 && nb > 0 {
		v += wThreat
	} else if blackToMove && bh != 0 && nw > 0 {
		v -= wThreat
	}
	empty := b.All &^ (p.W | p.B)
	for f := p.W; f != 0; f &= f - 1 {
		i := bits.TrailingZeros32(f)
		v += int64(wLiberties * bits.OnesCount32(b.AdjMask[i]&empty))
		if len(b.Adj[i]) == 4 {
			v += wJunction
		}
	}
	for f := p.B; f != 0; f &= f - 1 {
		i := bits.TrailingZeros32(f)
		v -= int64(wLiberties * bits.OnesCount32(b.AdjMask[i]&empty))
		if len(b.Adj[i]) == 4 {
			v -= wJunction
		}
	}
	return v
}

// blocked returns the number of pieces of own without an empty neighbour.
func (b *Board) blocked(own, empty uint32) int {
	n := 0
	for f := own; f != 0; f &= f - 1 {
		if b.AdjMask[bits.TrailingZeros32(f)]&empty == 0 {
			n++
		}
	}
	return n
}

// ImprovedGame is the improved midgame/endgame estimator, from White's point
// of view; blackToMove is the side to move at the evaluated node.
func (b *Board) ImprovedGame(p Position, blackToMove bool) int64 {
	nw, nb := bits.OnesCount32(p.W), bits.OnesCount32(p.B)
	if nb <= 2 {
		return Decided + int64(nw)
	}
	if nw <= 2 {
		return -Decided - int64(nb)
	}
	bMoves := b.countMoves(p.B, p.W)
	if bMoves == 0 {
		return Decided + int64(nw)
	}
	wMoves := b.countMoves(p.W, p.B)
	if wMoves == 0 && !blackToMove {
		return -Decided + int64(nb)
	}
	v := int64(wPiece * (nw - nb))
	wm, wt, _ := b.lines(p.W, p.B)
	bm, bt, _ := b.lines(p.B, p.W)
	v += int64(wMill*(wm-bm) + wOpenTwo*(wt-bt))
	empty := b.All &^ (p.W | p.B)
	if nw > 3 {
		v += int64(wMobility*min(wMoves, 40) - wBlocked*b.blocked(p.W, empty))
	}
	if nb > 3 {
		v -= int64(wMobility*min(bMoves, 40) - wBlocked*b.blocked(p.B, empty))
	}
	if !blackToMove && b.closers(p.W, p.B) {
		v += wThreat
	} else if blackToMove && b.closers(p.B, p.W) {
		v -= wThreat
	}
	return v
}
