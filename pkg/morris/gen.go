package morris

import "math/bits"

// Node is a search node: a position and the side to move in it.
type Node struct {
	Position
	// Black is true when Black is to move.
	Black bool
}

// Phase selects the move generator: placements (opening) or moves
// (midgame/endgame, sliding or hopping).
type Phase uint8

const (
	// Opening generates placements (GenerateMovesOpening,
	// docs/morris.md §4.6).
	Opening Phase = iota
	// Game generates sliding moves, or hops with exactly three pieces
	// (GenerateMovesMidgameEndgame).
	Game
)

// child builds the node reached when the mover, whose pieces become me,
// leaves the opponent with op.
func child(me, op uint32, moverBlack bool) Node {
	if moverBlack {
		return Node{Position{W: op, B: me}, false}
	}
	return Node{Position{W: me, B: op}, true}
}

// AppendChildren appends to buf the children of n for the side to move in n,
// in the order of docs/morris.md §4 (Black's through the colour swap of §4.7),
// and returns the extended slice. It does not allocate when buf has room.
func (b *Board) AppendChildren(buf []Node, n *Node, ph Phase) []Node {
	me, op := n.W, n.B
	if n.Black {
		me, op = n.B, n.W
	}
	return b.appendMoves(buf, me, op, n.Black, ph)
}

// appendMoves is the White generator of docs/morris.md §4.2-§4.6 applied to
// the mover me against op.
func (b *Board) appendMoves(buf []Node, me, op uint32, black bool, ph Phase) []Node {
	empty := b.All &^ (me | op)
	removable := uint32(0)
	haveRemovable := false
	// add appends the children of the mover reaching nm with the piece that
	// arrived on j.
	switch {
	case ph == Opening:
		for e := empty; e != 0; e &= e - 1 {
			j := bits.TrailingZeros32(e)
			nm := me | 1<<j
			if b.closeMill(j, nm) {
				if !haveRemovable {
					removable, haveRemovable = op&^b.inMills(op), true
				}
				buf = appendRemovals(buf, nm, op, removable, black)
			} else {
				buf = append(buf, child(nm, op, black))
			}
		}
	case bits.OnesCount32(me) == 3:
		x := bits.TrailingZeros32(me)
		r := me & (me - 1)
		y := bits.TrailingZeros32(r)
		z := bits.TrailingZeros32(r & (r - 1))
		thirds := [3]int8{b.Third[y][z], b.Third[x][z], b.Third[x][y]}
		k := 0
		for f := me; f != 0; f, k = f&(f-1), k+1 {
			from := f & -f
			base := me &^ from
			// The two pieces left form a mill only with their third point.
			t := int(thirds[k])
			for e := empty; e != 0; e &= e - 1 {
				j := bits.TrailingZeros32(e)
				nm := base | 1<<j
				if j == t {
					if !haveRemovable {
						removable, haveRemovable = op&^b.inMills(op), true
					}
					buf = appendRemovals(buf, nm, op, removable, black)
				} else {
					buf = append(buf, child(nm, op, black))
				}
			}
		}
	default:
		for f := me; f != 0; f &= f - 1 {
			i := bits.TrailingZeros32(f)
			base := me &^ (1 << i)
			for e := b.AdjMask[i] & empty; e != 0; e &= e - 1 {
				j := bits.TrailingZeros32(e)
				nm := base | 1<<j
				if b.closeMill(j, nm) {
					if !haveRemovable {
						removable, haveRemovable = op&^b.inMills(op), true
					}
					buf = appendRemovals(buf, nm, op, removable, black)
				} else {
					buf = append(buf, child(nm, op, black))
				}
			}
		}
	}
	return buf
}

// appendRemovals is GenerateRemove (docs/morris.md §4.2): one child per
// removable opposing piece, in ascending order, or the unchanged board when
// none is removable.
func appendRemovals(buf []Node, me, op, removable uint32, black bool) []Node {
	if removable == 0 {
		return append(buf, child(me, op, black))
	}
	for r := removable; r != 0; r &= r - 1 {
		buf = append(buf, child(me, op&^(r&-r), black))
	}
	return buf
}

// countMoves returns the number of children the mover me has against op in
// phase ph, without building them (docs/morris.md §5.2).
func (b *Board) countMoves(me, op uint32, ph Phase) int {
	plain, closing := b.moveCounts(me, op, ph)
	if closing == 0 {
		return plain
	}
	r := bits.OnesCount32(op &^ b.inMills(op))
	if r < 1 {
		r = 1
	}
	return plain + closing*r
}

// moveCounts returns the number of moves of me against op in phase ph that
// close no mill (plain) and that close one (closing), removals not expanded.
func (b *Board) moveCounts(me, op uint32, ph Phase) (plain, closing int) {
	empty := b.All &^ (me | op)
	if ph == Opening {
		for e := empty; e != 0; e &= e - 1 {
			j := bits.TrailingZeros32(e)
			if b.closeMill(j, me|1<<j) {
				closing++
			} else {
				plain++
			}
		}
		return plain, closing
	}
	if bits.OnesCount32(me) == 3 {
		// Hopping: the piece left behind by each origin is a pair, and a hop
		// closes a mill only onto the pair's third point.
		x := bits.TrailingZeros32(me)
		r := me & (me - 1)
		y := bits.TrailingZeros32(r)
		z := bits.TrailingZeros32(r & (r - 1))
		e := bits.OnesCount32(empty)
		for _, t := range [3]int8{b.Third[y][z], b.Third[x][z], b.Third[x][y]} {
			if t >= 0 && empty&(1<<t) != 0 {
				closing++
			}
		}
		return 3*e - closing, closing
	}
	for f := me; f != 0; f &= f - 1 {
		i := bits.TrailingZeros32(f)
		base := me &^ (1 << i)
		for e := b.AdjMask[i] & empty; e != 0; e &= e - 1 {
			j := bits.TrailingZeros32(e)
			if b.closeMill(j, base|1<<j) {
				closing++
			} else {
				plain++
			}
		}
	}
	return plain, closing
}

// CountMoves returns the number of children of the side to move in n in
// phase ph, equal to the length of the list [Board.AppendChildren] builds.
func (b *Board) CountMoves(n *Node, ph Phase) int {
	if n.Black {
		return b.countMoves(n.B, n.W, ph)
	}
	return b.countMoves(n.W, n.B, ph)
}

// CountPlainMoves returns the number of moves of the side to move in n in
// phase ph that close no mill (each a single child of [Board.AppendChildren]).
func (b *Board) CountPlainMoves(n *Node, ph Phase) int {
	me, op := n.W, n.B
	if n.Black {
		me, op = n.B, n.W
	}
	plain, _ := b.moveCounts(me, op, ph)
	return plain
}
