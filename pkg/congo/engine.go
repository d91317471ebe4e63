package congo

// This file adapts Congo to the tournament engine of package engine
// (engine.Game) and holds the agent's own evaluation. Nothing here
// changes the course programs: they keep using CourseGame.

import (
	"github.com/gamesearch/gamesearch/pkg/engine"
	"github.com/gamesearch/gamesearch/pkg/search"
)

// EngineGame adapts Congo to [engine.Engine] for the tournament agent
// (docs/congo.md, "The tournament agent"). Positions are [Position] values
// and moves [Move]s; Moves lists them in ascending (string) order, so the
// engine's fallback move is the first legal move in sorted order.
//
// Terminal positions: a lion is missing (a loss for the side to move when
// its own lion is gone, a win when only the enemy lion is gone), and, when
// TwoLionsDraw is set, a board holding only the two lions (a draw by the
// acceptance match rules). Evaluate is [Position.AgentEval].
type EngineGame struct {
	// Edition is the edition whose promotion rule Play applies.
	Edition Edition
	// TwoLionsDraw makes a board with only the two lions a drawn terminal
	// position, as the tournament rules end such a game.
	TwoLionsDraw bool
	// Checks makes InCheck report an attacked lion of the side to move, so
	// the engine's quiescence answers the threat with every move instead of
	// standing pat. Without it InCheck always reports false.
	Checks bool
	// Weights are the evaluation weights (the zero value means
	// [DefaultAgentWeights]).
	Weights *AgentWeights
}

// NewEngineGame returns the agent's game under rules r: two lions alone are a
// draw, default weights, and no checks (Checks makes the engine's
// quiescence search every move of a side whose lion is attacked, without a
// depth limit, which can explode: see docs/engine/congo.md).
func NewEngineGame(r Edition) EngineGame {
	return EngineGame{Edition: r, TwoLionsDraw: true}
}

// Terminal reports whether a lion is missing or, with TwoLionsDraw, only the
// two lions are left.
func (g EngineGame) Terminal(p *Position) bool {
	if p.LionMissing() {
		return true
	}
	return g.TwoLionsDraw && p.Occupied() == p.byKind[Lion]
}

// Outcome returns the result of a terminal p for the side to move: the
// status of [Position.Status] (the black lion checked first), or a draw when
// both lions are present.
func (g EngineGame) Outcome(p *Position) engine.Outcome {
	switch p.Status() {
	case WhiteWins:
		if p.Side == White {
			return engine.OutcomeWin
		}
		return engine.OutcomeLoss
	case BlackWins:
		if p.Side == Black {
			return engine.OutcomeWin
		}
		return engine.OutcomeLoss
	}
	return engine.OutcomeDraw
}

// Moves appends the moves of the side to move in ascending order.
func (g EngineGame) Moves(p *Position, buf []Move) []Move { return p.GenerateMoves(buf) }

// Play sets *dst to p after m under g.Edition.
func (g EngineGame) Play(dst, p *Position, m Move) { p.Play(dst, m, g.Edition) }

// Evaluate returns [Position.AgentEval] of p for the side to move.
func (g EngineGame) Evaluate(p *Position) search.Value {
	w := g.Weights
	if w == nil {
		w = &defaultWeights
	}
	return search.Value(p.AgentEval(g.Edition, w))
}

// Hash returns the position's fixed-seed Zobrist key (board and side).
func (g EngineGame) Hash(p *Position) uint64 { return p.Hash() }

// lionVictim is the MVV value of a captured lion, above every other piece.
const lionVictim = 2000

// Noisy scores captures by MVV-LVA (16·victim + 1000 − attacker, the lion
// counting 2000 as a victim) and, under promotion rules, a pawn moving onto
// its last rank (16·250); other moves are quiet (0).
func (g EngineGame) Noisy(p *Position, m Move) int32 {
	from, to := m.From(), m.To()
	att := p.board[from]
	if v := p.board[to]; v != NoPiece {
		val := kindValues[v.Kind()]
		if v.Kind() == Lion {
			val = lionVictim
		}
		return int32(16*val + 1000 - kindValues[att.Kind()])
	}
	if att.Kind() == Pawn && g.Edition.Promotion() && lastRank[att.Color()].Has(to) {
		return int32(16 * (kindValues[Superpawn] - kindValues[Pawn]))
	}
	return 0
}

// NoisyMoves appends the moves Noisy scores above 0: captures and, under
// promotion rules, promotions, in ascending order per piece.
func (g EngineGame) NoisyMoves(p *Position, buf []Move) []Move {
	c := p.Side
	enemy := p.byColor[c^1]
	own := p.byColor[c]
	promo := Bitboard(0)
	if g.Edition.Promotion() {
		promo = lastRank[c]
	}
	for pcs := own; pcs != 0; {
		from := pcs.Pop()
		mask := enemy
		if p.board[from].Kind() == Pawn {
			mask |= promo
		}
		for t := p.Targets(from, c) & mask; t != 0; {
			buf = append(buf, NewMove(from, t.Pop()))
		}
	}
	return buf
}

// HistoryIndex returns from·49 + to.
func (g EngineGame) HistoryIndex(p *Position, m Move) int {
	return int(m.From())*NumSquares + int(m.To())
}

// HistorySize returns 49·49.
func (g EngineGame) HistorySize() int { return NumSquares * NumSquares }

// InCheck reports, when g.Checks is set, whether the lion of the side to
// move is attacked (the opponent could capture it if it were to move).
func (g EngineGame) InCheck(p *Position) bool {
	if !g.Checks {
		return false
	}
	lion := p.Pieces(p.Side, Lion)
	if lion == 0 {
		return false
	}
	return p.Attacked(lion.First(), p.Side.Other())
}

// Attacked reports whether a piece of side by could capture on s (the square
// holding a piece of the other side, or about to): the reverse lookups of the
// capturing moves (docs/congo.md, "Pieces and their moves").
func (p *Position) Attacked(s Square, by Color) bool {
	e := p.byColor[by]
	if zebraTargets[s]&e&p.byKind[Zebra] != 0 ||
		elephantTgts[s]&e&p.byKind[Elephant] != 0 ||
		giraffeJump[s]&e&p.byKind[Giraffe] != 0 ||
		pawnForward[by^1][s]&e&p.byKind[Pawn] != 0 ||
		superSide[by^1][s]&e&p.byKind[Superpawn] != 0 {
		return true
	}
	// Superpawn sideways steps are symmetric, so superSide of the other
	// colour covers them; the lion steps inside its castle or flies.
	if l := e & p.byKind[Lion]; l != 0 {
		from := l.First()
		occ := p.Occupied()
		if lionStep[by][from].Has(s) {
			return true
		}
		if p.board[s] != NoPiece && p.board[s].Kind() == Lion && p.lionFlight(from, by, occ).Has(s) {
			return true
		}
	}
	return false
}

// AgentWeights are the terms of [Position.AgentEval], in centipawn-like
// units.
type AgentWeights struct {
	// Mobility is added per move of a side (both sides counted as if to
	// move), Attack per capturing move, LionZone per move onto the enemy
	// lion's square or a square next to it.
	Mobility, Attack, LionZone int
	// PawnRank[r] is the bonus of a pawn r ranks ahead of its own first
	// rank (r = 0..6), PromoRank[r] replaces it under promotion rules.
	PawnRank, PromoRank [7]int
	// River is the fraction, in 1/16, of the value lost by a piece of the
	// side to move standing in the river (all but the most valuable one
	// drown unless moved); RiverOther the fraction for the other side's
	// pieces there (threatened on its next turn).
	River, RiverOther int
	// LionGuard is the bonus per own piece next to the own lion.
	LionGuard int
	// Proximity is the bonus per piece other than pawns and the lion for
	// each step (king distance) it is closer to the enemy lion than 6.
	Proximity int
}

// DefaultAgentWeights returns the weights the agent plays with.
func DefaultAgentWeights() AgentWeights { return defaultWeights }

// defaultWeights were chosen by matches against the course baseline at
// 25,000-40,000 nodes per move (docs/engine/congo.md): stronger pawn
// advancement, mobility and lion-zone pressure break the locked pawn walls
// that otherwise end games drawn at the move limit; the proximity of the
// pieces to the enemy lion and no bonus for a (2021) pawn stuck on the last
// rank convert more won endgames.
var defaultWeights = AgentWeights{
	Mobility: 4, Attack: 2, LionZone: 15,
	PawnRank:   [7]int{0, 0, 0, 15, 40, 60, 0},
	PromoRank:  [7]int{0, 0, 0, 20, 50, 90, 0},
	River:      12,
	RiverOther: 3,
	LionGuard:  4,
	Proximity:  6,
}

// AgentEval is the agent's static evaluation from the side to move's view,
// for a position with both lions: material (the union table), mobility and
// captures of both sides, pressure on the squares around the enemy lion,
// the pieces' proximity to the enemy lion, pawn advancement (towards
// promotion under r), pieces in the river (which drown unless moved) and
// guards next to the own lion. It allocates nothing.
func (p *Position) AgentEval(r Edition, w *AgentWeights) int {
	var score [2]int
	pawnTab := &w.PawnRank
	if r.Promotion() {
		pawnTab = &w.PromoRank
	}
	var lionSq [2]Square
	var zone [2]Bitboard
	for c := White; c <= Black; c++ {
		if l := p.Pieces(c, Lion); l != 0 {
			lionSq[c] = l.First()
			zone[c] = giraffeStep[lionSq[c]] | l
		} else {
			lionSq[c] = NoSquare
		}
	}
	for c := White; c <= Black; c++ {
		own, enemy := p.byColor[c], p.byColor[c^1]
		s := 0
		mob, att, press := 0, 0, 0
		for pcs := own; pcs != 0; {
			from := pcs.Pop()
			k := p.board[from].Kind()
			s += kindValues[k]
			t := p.Targets(from, c)
			mob += t.Count()
			att += (t & enemy).Count()
			press += (t & zone[c^1]).Count()
			if k != Pawn && k != Lion && lionSq[c^1] != NoSquare {
				s += w.Proximity * (6 - distance(from, lionSq[c^1]))
			}
			if k == Pawn {
				rk := from.Rank()
				if c == Black {
					rk = 6 - rk
				}
				s += pawnTab[rk]
			}
		}
		s += w.Mobility*mob + w.Attack*att + w.LionZone*press
		if lionSq[c] != NoSquare {
			s += w.LionGuard * (giraffeStep[lionSq[c]] & own).Count()
		}
		// River: the pieces of c standing in the river.
		if rv := own & River &^ p.byKind[Crocodile]; rv != 0 {
			sum, top := 0, 0
			for ; rv != 0; rv &= rv - 1 {
				v := kindValues[p.board[rv.First()].Kind()]
				sum += v
				top = max(top, v)
			}
			if c == p.Side {
				s -= (sum - top) * w.River / 16
			} else {
				s -= sum * w.RiverOther / 16
			}
		}
		score[c] = s
	}
	return score[p.Side] - score[p.Side^1]
}

// distance returns the king distance between a and b.
func distance(a, b Square) int {
	return max(abs(a.File()-b.File()), abs(a.Rank()-b.Rank()))
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
