package congo

// Terminal scores of the evaluations (raw, White's view).
const (
	// WinScore is the raw score of a position without a black lion; its
	// negation is the score of a position without a white lion.
	WinScore = 10000
)

// Material returns White's material minus Black's in the union value table
// (lions, crocodiles and monkeys count 0).
func (p *Position) Material() int {
	w, b := p.byColor[White], p.byColor[Black]
	v := 0
	for _, k := range [...]Kind{Pawn, Superpawn, Giraffe, Elephant, Zebra} {
		bb := p.byKind[k]
		v += kindValues[k] * ((bb & w).Count() - (bb & b).Count())
	}
	return v
}

// terminalRaw returns the raw score fixed by the terminal rules (two lions
// alone, a missing lion) and whether one applied.
func (p *Position) terminalRaw() (int, bool) {
	lions := p.byKind[Lion]
	wl, bl := lions&p.byColor[White] != 0, lions&p.byColor[Black] != 0
	switch {
	case wl && bl && p.Occupied() == lions:
		return 0, true
	case !bl:
		return WinScore, true
	case !wl:
		return -WinScore, true
	}
	return 0, false
}

// relative turns a raw score into the side to move's view.
func (p *Position) relative(raw int) int {
	if p.Side == Black {
		return -raw
	}
	return raw
}

// Evaluate is the simple evaluation of Part 4.1 from the side to move's
// view: the terminal rules, else material.
func (p *Position) Evaluate() int {
	if raw, ok := p.terminalRaw(); ok {
		return p.relative(raw)
	}
	return p.relative(p.Material())
}

// Activity returns the mobility (number of moves) and the attack score (one
// per capturing move, ten more per move capturing the lion) of side c, its
// moves generated on p as if c were to move: the sums over c's pieces of
// their Targets, taken kind by kind.
func (p *Position) Activity(c Color) (mobility, attack int) {
	own, enemy := p.byColor[c], p.byColor[c^1]
	occ := own | enemy
	var a activity
	a.enemy, a.lion = enemy, enemy&p.byKind[Lion]
	for pcs := own & p.byKind[Pawn]; pcs != 0; {
		a.add(pawnTargets(pcs.Pop(), c, own, occ))
	}
	for pcs := own & p.byKind[Superpawn]; pcs != 0; {
		a.add(superpawnTargets(pcs.Pop(), c, own, occ))
	}
	for pcs := own & p.byKind[Giraffe]; pcs != 0; {
		a.add(giraffeTargets(pcs.Pop(), own, occ))
	}
	for pcs := own & p.byKind[Elephant]; pcs != 0; {
		a.add(elephantTgts[pcs.Pop()] &^ own)
	}
	for pcs := own & p.byKind[Zebra]; pcs != 0; {
		a.add(zebraTargets[pcs.Pop()] &^ own)
	}
	for pcs := own & p.byKind[Lion]; pcs != 0; {
		a.add(p.lionTargets(pcs.Pop(), c, own, occ))
	}
	return a.mobility, a.attack
}

// activity sums the targets of one side's pieces for Activity.
type activity struct {
	enemy, lion      Bitboard
	mobility, attack int
}

// add counts the targets t of one piece.
func (a *activity) add(t Bitboard) {
	a.mobility += t.Count()
	a.attack += (t & a.enemy).Count()
	if t&a.lion != 0 {
		a.attack += 10
	}
}

// EvaluateAdvanced is the advanced evaluation of Part 5.1 from the side to
// move's view: the terminal rules, else Δmaterial + Δmobility + Δattack.
func (p *Position) EvaluateAdvanced() int {
	if raw, ok := p.terminalRaw(); ok {
		return p.relative(raw)
	}
	wm, wa := p.Activity(White)
	bm, ba := p.Activity(Black)
	return p.relative(p.Material() + wm - bm + wa - ba)
}
