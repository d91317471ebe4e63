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
// moves generated on p as if c were to move.
func (p *Position) Activity(c Color) (mobility, attack int) {
	enemy := p.byColor[c^1]
	lion := enemy & p.byKind[Lion]
	for pcs := p.byColor[c]; pcs != 0; {
		t := p.Targets(pcs.Pop(), c)
		mobility += t.Count()
		attack += (t & enemy).Count()
		if t&lion != 0 {
			attack += 10
		}
	}
	return mobility, attack
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
