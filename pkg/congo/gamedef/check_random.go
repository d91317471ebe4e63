package gamedef

// Congo's random cases: positions reached from the edition's start by
// random games, and for congo-move the moves that show Part 3's edge cases.

import (
	"github.com/gamesearch/gamesearch/pkg/check"
	"github.com/gamesearch/gamesearch/pkg/congo"
	"github.com/gamesearch/gamesearch/pkg/match"
)

// congoRandom returns a batch of n random cases: positions reached from the
// edition's start position by random games.
func congoRandom(o *check.Options, n int, seed uint64) (*congoUnit, error) {
	u := &congoUnit{prog: o.Prog, rules: edition(o), piece: piece(o), label: "",
		cases: congoPositions(edition(o), n, seed, withMove(o.Prog))}
	want, err := u.reference(u.cases, u.rules)
	if err != nil {
		return nil, err
	}
	for k := range u.cases {
		u.cases[k].want = want[k]
	}
	return u, nil
}

// Kinds of congo-move cases, in turn: any move, then moves that show the
// edge cases of Part 3.
const (
	moveAny = iota
	movePromotion
	moveLionCapture
	moveDrowning
	moveCapture
	numMoveKinds
)

// congoPositions returns n positions (with a move when moves is set)
// reached from the start position of rules by random games that keep both
// lions. Half the plies capture when they can. One game in forty stops in
// the opening (after 0 to 11 plies); the others stop when 2 to 16 pieces
// besides the lions are left, or after 150 plies, which gives about the
// spread of material of the course's position files (mostly 4 to 16
// pieces). congo-move cases cycle through
// promotions, lion captures, drownings and captures.
func congoPositions(rules congo.Edition, n int, seed uint64, moves bool) []congoCase {
	r := match.NewRand(seed)
	start, _ := congo.ParseFEN(congo.StartFEN(rules))
	var buf, picks []congo.Move
	out := make([]congoCase, 0, n)
	for miss := 0; len(out) < n; miss++ {
		p := start
		plies, left := 150, 2+r.Intn(15)
		if r.Intn(40) == 0 {
			plies, left = r.Intn(12), 0
		}
		for i := 0; i < plies && p.Occupied().Count()-2 > left; i++ {
			buf = p.GenerateMoves(buf[:0])
			picks = picks[:0]
			if r.Intn(2) == 0 {
				for _, m := range buf {
					if t := p.At(m.To()); t != congo.NoPiece && t.Kind() != congo.Lion {
						picks = append(picks, m)
					}
				}
			}
			if len(picks) == 0 {
				for _, m := range buf {
					if t := p.At(m.To()); t == congo.NoPiece || t.Kind() != congo.Lion {
						picks = append(picks, m)
					}
				}
			}
			if len(picks) == 0 {
				break
			}
			p.MakeMove(picks[r.Intn(len(picks))], rules)
		}
		if p.LionMissing() {
			continue
		}
		c := congoCase{fen: p.String()}
		if moves {
			kind := len(out) % numMoveKinds
			if miss >= 50 {
				kind = moveAny // rare in these games: give up on the kind for this case
			}
			buf = p.GenerateMoves(buf[:0])
			picks = picks[:0]
			for _, m := range buf {
				if moveKind(&p, m, kind) {
					picks = append(picks, m)
				}
			}
			if len(picks) == 0 {
				continue
			}
			c.move = picks[r.Intn(len(picks))].String()
		}
		out = append(out, c)
		miss = -1
	}
	return out
}

// moveKind reports whether m is a move of the given kind in p.
func moveKind(p *congo.Position, m congo.Move, kind int) bool {
	from, to := m.From(), m.To()
	target := p.At(to)
	switch kind {
	case movePromotion:
		last := 6
		if p.Side == congo.Black {
			last = 0
		}
		return p.At(from).Kind() == congo.Pawn && to.Rank() == last
	case moveLionCapture:
		return target != congo.NoPiece && target.Kind() == congo.Lion
	case moveDrowning:
		river := p.ColorSet(p.Side) & congo.River &^ p.KindSet(congo.Crocodile)
		if river.Has(from) && !congo.River.Has(to) {
			river &^= congo.Bit(from)
		}
		return river != 0
	case moveCapture:
		return target != congo.NoPiece
	}
	return true
}
