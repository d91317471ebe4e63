package congo

// MakeMove plays m for the side to move in place, following docs/congo.md
// ("Making a move"): the piece moves (capturing what stands on the target),
// a pawn reaching its last rank becomes a superpawn when r allows promotion,
// every non-crocodile piece of the mover that stands in the river both before
// and after the move drowns, the side flips, and the move number increases
// after a Black move. m must be legal; MakeMove does not check it.
func (p *Position) MakeMove(m Move, r Edition) {
	s := p.Side
	from, to := m.From(), m.To()
	drown := p.byColor[s] & River &^ p.byKind[Crocodile]
	pc := p.board[from]
	if p.board[to] != NoPiece {
		p.remove(to)
	}
	p.remove(from)
	if pc.Kind() == Pawn && r.Promotion() && lastRank[s].Has(to) {
		pc = MakePiece(s, Superpawn)
	}
	p.Put(to, pc)
	if drown.Has(from) {
		drown &^= Bit(from)
		if River.Has(to) {
			drown |= Bit(to)
		}
	}
	for drown != 0 {
		p.remove(drown.Pop())
	}
	p.Side ^= 1
	p.hash ^= zobristSide
	if s == Black {
		p.MoveNumber++
	}
}

// Play sets *dst to p after m (see [Position.MakeMove]).
func (p *Position) Play(dst *Position, m Move, r Edition) {
	*dst = *p
	dst.MakeMove(m, r)
}
