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

// lines summarises the mill lines in one pass for both colours: closed
// mills and open twos (two own pieces and an empty third point) of White and
// of Black, and the empty points that complete an open two of each.
func (b *Board) lines(p Position) (wm, wt, bm, bt int, wh, bh uint32) {
	for _, m := range b.Mills {
		w, k := p.W&m, p.B&m
		switch {
		case k == 0 && w == m:
			wm++
		case w == 0 && k == m:
			bm++
		case k == 0 && w != 0 && w&(w-1) != 0:
			wt++
			wh |= m &^ w
		case w == 0 && k != 0 && k&(k-1) != 0:
			bt++
			bh |= m &^ k
		}
	}
	return
}

// ImprovedOpening is the improved opening estimator, from White's point of
// view; blackToMove is the side to move at the evaluated node.
func (b *Board) ImprovedOpening(p Position, blackToMove bool) int64 {
	nw, nb := bits.OnesCount32(p.W), bits.OnesCount32(p.B)
	v := int64(wPiece * (nw - nb))
	wm, wt, bm, bt, wh, bh := b.lines(p)
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
	bPlain, bClose := b.moveCounts(p.B, p.W, Game)
	bMoves := bPlain + bClose
	if bMoves == 0 {
		return Decided + int64(nw)
	}
	wPlain, wClose := b.moveCounts(p.W, p.B, Game)
	wMoves := wPlain + wClose
	if wMoves == 0 && !blackToMove {
		return -Decided + int64(nb)
	}
	v := int64(wPiece * (nw - nb))
	wm, wt, bm, bt, _, _ := b.lines(p)
	v += int64(wMill*(wm-bm) + wOpenTwo*(wt-bt))
	empty := b.All &^ (p.W | p.B)
	if nw > 3 {
		v += int64(wMobility*min(wMoves, 40) - wBlocked*b.blocked(p.W, empty))
	}
	if nb > 3 {
		v -= int64(wMobility*min(bMoves, 40) - wBlocked*b.blocked(p.B, empty))
	}
	if !blackToMove && wClose > 0 {
		v += wThreat
	} else if blackToMove && bClose > 0 {
		v -= wThreat
	}
	return v
}
