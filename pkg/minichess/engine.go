package minichess

// This file adapts MiniChess to the tournament engine of pkg/engine
// (docs/minichess.md, "The engine"): the engine's position type with an
// incremental Zobrist key and an optional ply counter, the engine.Game
// methods, and the engine's evaluation (material, piece-square tables,
// mobility, king safety, tempo). Nothing here allocates per call.

import (
	"math/bits"

	"github.com/gamesearch/gamesearch/pkg/engine"
	"github.com/gamesearch/gamesearch/pkg/search"
)

// ZobristSeed is the splitmix64 seed of the engine's Zobrist keys
// (docs/minichess.md, "The engine").
const ZobristSeed = 20230617

// MaxPlies is the runner's default ply limit (docs/minichess.md, "Game flow
// and results"): the game is adjudicated by material once this many plies
// have been played.
const MaxPlies = 50

// zobristPiece[c][k-1][sq] and zobristSide are the keys of docs/minichess.md
// ("The engine"), drawn in the order colour, piece 1-6, square 0-29, then the
// side key. zobristPly (drawn after them, not part of that key set) mixes the
// number of plies played into the key when it is known.
var (
	zobristPiece [2][6][Squares]uint64
	zobristSide  uint64
	zobristPly   [MaxPlies + 1]uint64
)

func init() {
	var keys [2*6*Squares + 1 + MaxPlies + 1]uint64
	engine.ZobristKeys(ZobristSeed, keys[:])
	i := 0
	for c := range 2 {
		for k := range 6 {
			for sq := range Squares {
				zobristPiece[c][k][sq] = keys[i]
				i++
			}
		}
	}
	zobristSide = keys[i]
	i++
	copy(zobristPly[:], keys[i:])
}

// ZobristKey returns the Zobrist key of n: the XOR of the keys
// of every (colour, piece, square) on the board and the side key when black
// is to move.
func (n *Node) ZobristKey() uint64 {
	var h uint64
	for c := range 2 {
		for occ := n.bb[c][0]; occ != 0; occ &= occ - 1 {
			sq := bits.TrailingZeros32(occ)
			h ^= zobristPiece[c][n.kind[sq]-1][sq]
		}
	}
	if n.side == Black {
		h ^= zobristSide
	}
	return h
}

// EngineNode is the engine's position: a [Node], its Zobrist key, kept up to
// date by [EngineGame.Play], and the number of plies played so far when it
// is known (only with player_submission's -ply flag), else -1.
type EngineNode struct {
	// N is the board.
	N Node
	// Key is N's Zobrist key.
	Key uint64
	// Played is the number of plies played before N (-1: unknown). When it
	// is known, a node with Played >= MaxPlies is adjudicated by material.
	Played int16
}

// NewEngineNode returns the engine node of n; played is the number of
// plies played so far, or -1 when unknown.
func NewEngineNode(n *Node, played int) EngineNode {
	if played < 0 {
		played = -1
	} else if played > 1000 {
		played = 1000
	}
	return EngineNode{N: *n, Key: n.ZobristKey(), Played: int16(played)}
}

// EvalWeights are the weights of the engine's evaluation, in centipawns
// (a pawn is 100). [DefaultEvalWeights] are player_submission's; tests and
// matches change single weights to measure them.
type EvalWeights struct {
	// Material values of pawn, rook, knight, bishop and queen (index by
	// Piece); proportional to the adjudication table by default.
	Material [7]int32
	// PawnRank is the bonus of a pawn by its distance from its home row
	// (index 0: on its starting row 4 for white, ... 3: one row before
	// promotion).
	PawnRank [5]int32
	// PawnCenter is the bonus of a pawn on the three middle files.
	PawnCenter int32
	// Center is the centralisation bonus of knights and bishops on the
	// six central squares (rows 2-3 from white's side, files B-D), and Edge
	// the penalty for a knight or bishop on the outer files.
	Center, Edge int32
	// KingRank is the king's placement by its distance from its home row.
	KingRank [6]int32
	// Mobility is the weight of one pseudo-legal move by piece kind.
	Mobility [7]int32
	// KingZone is the penalty for one attack by an enemy piece of each kind
	// on the king's square or a square around it.
	KingZone [7]int32
	// OpenLine is the penalty per square a rook (or bishop) would reach from
	// the king's square, counted when the enemy has a rook or queen (a
	// bishop or queen) to use the line.
	OpenLine int32
	// Tempo is the bonus of the side to move.
	Tempo int32
	// Square is a value by piece kind and square from white's view (row 0
	// is black's home row; black's values are the point reflection, as for
	// the terms above), added to the terms above: the piece-square table
	// of a fit with "minichess-tune fit -squares" (zero in the default
	// weights).
	Square [7][Squares]int32
	// LimitPoint, when positive, scores a position at the ply limit (the
	// ply count known) by its material lead instead of as a won, lost or
	// drawn game: LimitPoint per point of the adjudication table, from the
	// side to move's view, so that among lost ends the search prefers the
	// smallest deficit and among won ends the largest lead. 0: the
	// result.
	LimitPoint int32
}

// DefaultEvalWeights returns the evaluation weights of player_submission:
// [FSFSquaresEvalWeights], which scored best against Fairy-Stockfish, from
// the start position and from the two-ply openings; [FSFEvalWeights]
// scored well from the openings only, [HandEvalWeights] from the start
// only, and the weights fitted to self-play results, [TunedEvalWeights],
// from neither (docs/engine/minichess.md).
func DefaultEvalWeights() EvalWeights { return FSFSquaresEvalWeights() }

// HandEvalWeights returns the hand-set weights. The piece-square weights
// are half of the first hand-set ones, which lost to them when doubled
// (-122 Elo) and gained when halved (+46 and +54 Elo in two 98-game
// matches); doubling mobility or king safety gave no reliable gain
// (docs/engine/minichess.md).
func HandEvalWeights() EvalWeights {
	return EvalWeights{
		Material:   [7]int32{0, 100, 300, 350, 400, 1000, 0},
		PawnRank:   [5]int32{0, 5, 15, 60, 0},
		PawnCenter: 2,
		Center:     8,
		Edge:       5,
		KingRank:   [6]int32{0, -5, -12, -20, -25, -25},
		Mobility:   [7]int32{0, 0, 3, 5, 4, 2, 0},
		KingZone:   [7]int32{0, 8, 10, 10, 10, 16, 4},
		OpenLine:   3,
		Tempo:      10,
	}
}

// TunedEvalWeights returns the weights fitted by the tuner
// (pkg/minichess/arena/tune, "minichess-tune fit") to its recorded self-play data set,
// starting from [HandEvalWeights]; a test checks that the tuner still
// produces exactly these.
func TunedEvalWeights() EvalWeights {
	return EvalWeights{
		Material:   [7]int32{0, 90, 331, 353, 394, 997, 0},
		PawnRank:   [5]int32{-2, 12, 2, 59, 0},
		PawnCenter: 30,
		Center:     -7,
		Edge:       -8,
		KingRank:   [6]int32{-21, -4, 4, -15, -25, -25},
		Mobility:   [7]int32{0, 22, 11, 7, 3, 8, 0},
		KingZone:   [7]int32{0, 1, 2, 16, 3, 12, 4},
		OpenLine:   1,
		Tempo:      0,
	}
}

// FSFEvalWeights returns the weights fitted by the tuner
// (pkg/minichess/arena/tune, "minichess-tune fit -data
// testdata/minichess-tune/fsf-depth12.txt.gz") to Fairy-Stockfish's scores
// of half the positions of its self-play data set (a search of 12 plies
// each), starting from [HandEvalWeights]; a test checks that the tuner
// still produces exactly these.
func FSFEvalWeights() EvalWeights {
	return EvalWeights{
		Material:   [7]int32{0, 112, 382, 362, 344, 991, 0},
		PawnRank:   [5]int32{-2, 12, 19, 64, 0},
		PawnCenter: 28,
		Center:     17,
		Edge:       -13,
		KingRank:   [6]int32{-17, -5, 0, -15, -25, -25},
		Mobility:   [7]int32{0, 25, 24, 12, 7, 6, 0},
		KingZone:   [7]int32{0, 14, -10, 0, 6, 16, 4},
		OpenLine:   1,
		Tempo:      36,
	}
}

// FSFSquaresEvalWeights returns the weights fitted like [FSFEvalWeights]
// with a piece-square table too ("minichess-tune fit -data
// testdata/minichess-tune/fsf-depth12.txt.gz -squares"), the default: they
// predict Fairy-Stockfish's scores of held-out positions better, and from
// the start position they play better (docs/engine/minichess.md, "The
// piece-square table from the start position"); a test checks that the
// tuner still produces exactly these.
func FSFSquaresEvalWeights() EvalWeights {
	return EvalWeights{
		Material:   [7]int32{0, 110, 362, 363, 368, 992, 0},
		PawnRank:   [5]int32{-6, 10, 22, 65, 0},
		PawnCenter: 25,
		Center:     12,
		Edge:       -5,
		KingRank:   [6]int32{-15, -6, -1, -15, -25, -25},
		Mobility:   [7]int32{0, 26, 25, 10, 2, 4, 0},
		KingZone:   [7]int32{0, 10, -5, 6, 5, 21, 4},
		OpenLine:   2,
		Tempo:      36,
		Square: [7][Squares]int32{
			{0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0},
			{0, 0, 0, 0, 0, -2, 1, 0, 4, 2, -17, 13, 11, 1, -2, -3, 24, -10, -5, -2, 3, -3, -7, -7, 7, 0, 0, 0, 0, 0},
			{1, 1, 2, 1, 1, 1, 0, 1, 0, 2, -11, 5, -8, -1, 0, 12, -7, 2, -1, 4, -7, -6, -2, 2, 1, 37, 15, 9, 4, 2},
			{0, 0, -1, 0, -1, -1, 0, 3, 0, 0, 4, -1, -3, 2, 1, 2, 2, -11, 0, 4, 11, 0, 10, -8, 0, -1, -2, 1, 3, -2},
			{0, 0, 0, 2, 0, 1, 0, 4, 0, -3, 0, 5, 0, 10, 0, 5, 0, 1, 0, 4, 0, -3, 0, -8, 0, -13, 0, -34, 0, -3},
			{1, 0, 2, 1, 0, 1, 1, 4, 1, 2, -3, 0, 1, 1, 1, 4, -2, 4, -16, 3, -1, 3, 4, -12, -3, 2, -6, 3, -3, -2},
			{0, 0, 0, 0, 0, 0, 0, 0, 0, -1, 0, 0, 0, 4, 1, 0, 1, 3, 4, 3, -1, -1, 3, 6, -8, -1, 1, 2, -11, -6},
		},
	}
}

// EngineGame is MiniChess for the engine of pkg/engine
// (engine.Game[EngineNode, Move]): the template's lists, Win positions
// terminal and won for the side to move, a node without moves lost, and the
// evaluation of docs/minichess.md ("The engine") from the side to move's
// view. Make it with [NewEngineGame]; it is a small handle, cheap to copy.
type EngineGame struct {
	t *evalTables
}

// evalTables holds the weights expanded into per-square tables.
type evalTables struct {
	w   EvalWeights
	psq [2][7][Squares]int32 // material + piece-square value by colour, kind, square
}

// NewEngineGame returns the engine game with evaluation weights w.
func NewEngineGame(w EvalWeights) EngineGame {
	t := &evalTables{w: w}
	for k := Pawn; k <= King; k++ {
		for sq := range Squares {
			r, c := sq/Cols, sq%Cols
			// White's view: home row 5, promotion on row 0.
			v := w.Material[k] + w.Square[k][sq]
			central := r >= 2 && r <= 3 && c >= 1 && c <= 3
			switch k {
			case Pawn:
				if adv := 4 - r; adv >= 0 && adv < len(w.PawnRank) {
					v += w.PawnRank[adv]
				}
				if c >= 1 && c <= 3 {
					v += w.PawnCenter
				}
			case Knight, Bishop:
				if central {
					v += w.Center
				}
				if c == 0 || c == Cols-1 {
					v -= w.Edge
				}
			case King:
				v += w.KingRank[5-r]
			}
			t.psq[White][k][sq] = v
			// The start position is point-symmetric: black's square sq is
			// white's square 29 - sq.
			t.psq[Black][k][Squares-1-sq] = v
		}
	}
	return EngineGame{t: t}
}

// Weights returns the game's evaluation weights.
func (g EngineGame) Weights() EvalWeights { return g.t.w }

// Terminal reports whether p ends the search: a Win position (the side to
// move captures a king), or the ply limit when the ply count is known.
func (g EngineGame) Terminal(p *EngineNode) bool { return p.N.win || p.Played >= MaxPlies }

// Outcome is the result for the side to move of a terminal p: past the ply
// limit the material result (overriding a Win), or with
// [EvalWeights.LimitPoint] the static value (the material lead), else a
// win.
func (g EngineGame) Outcome(p *EngineNode) engine.Outcome {
	if p.Played >= MaxPlies {
		if g.t.w.LimitPoint > 0 {
			return engine.OutcomeStatic
		}
		me, op := p.N.mat[p.N.side], p.N.mat[p.N.side^1]
		switch {
		case me > op:
			return engine.OutcomeWin
		case me < op:
			return engine.OutcomeLoss
		}
		return engine.OutcomeDraw
	}
	return engine.OutcomeWin
}

// Moves appends p's list in template order.
func (g EngineGame) Moves(p *EngineNode, buf []Move) []Move {
	list, _ := p.N.LegalMoves(buf)
	return list
}

// NoisyMoves appends the captures and promotions of p's list, in template
// order.
func (g EngineGame) NoisyMoves(p *EngineNode, buf []Move) []Move {
	n := &p.N
	start := len(buf)
	list, _ := n.LegalMoves(buf)
	enemy := n.bb[n.side^1][0]
	pawns := n.bb[n.side][Pawn]
	k := start
	for _, m := range list[start:] {
		to := int(m.ToRow)*Cols + int(m.ToCol)
		from := int(m.FromRow)*Cols + int(m.FromCol)
		if enemy&(1<<to) != 0 || pawns&(1<<from) != 0 && (m.ToRow == 0 || m.ToRow == Rows-1) {
			list[k] = m
			k++
		}
	}
	return list[:k]
}

// Play sets *dst to p after m, updating the key and the ply count.
func (g EngineGame) Play(dst, p *EngineNode, m Move) {
	n := &p.N
	from := int(m.FromRow)*Cols + int(m.FromCol)
	to := int(m.ToRow)*Cols + int(m.ToCol)
	me, op := n.side, n.side^1
	k := n.kind[from]
	key := p.Key ^ zobristSide ^ zobristPiece[me][k-1][from]
	if n.bb[op][0]&(1<<to) != 0 {
		key ^= zobristPiece[op][n.kind[to]-1][to]
	}
	if k == Pawn && (m.ToRow == 0 || m.ToRow == Rows-1) {
		k = Queen
	}
	key ^= zobristPiece[me][k-1][to]
	played := p.Played
	if played >= 0 {
		played++
	}
	n.Play(&dst.N, m)
	dst.Key, dst.Played = key, played
}

// PlayNull sets *dst to p with the turn passed; it refuses when the side to
// move's king is attacked.
func (g EngineGame) PlayNull(dst, p *EngineNode) bool {
	if p.N.KingAttacked(p.N.side) {
		return false
	}
	*dst = *p
	dst.N.side ^= 1
	dst.N.win = dst.N.attacksKing()
	dst.Key ^= zobristSide
	return true
}

// Hash returns p's Zobrist key, mixed with the ply count when it is known.
func (g EngineGame) Hash(p *EngineNode) uint64 {
	if p.Played >= 0 {
		return p.Key ^ zobristPly[min(int(p.Played), MaxPlies)]
	}
	return p.Key
}

// PliesLeft returns the plies p has left before the ply limit, or -1 when
// the ply count is unknown (engine.PlyLimited).
func (g EngineGame) PliesLeft(p *EngineNode) int {
	if p.Played < 0 {
		return -1
	}
	return max(MaxPlies-int(p.Played), 0)
}

// PositionHash returns p's Zobrist key without the ply count.
func (g EngineGame) PositionHash(p *EngineNode) uint64 { return p.Key }

// Noisy scores captures by MVV-LVA (16·victim - attacker, adjudication
// values) and promotions as winning a queen; quiet moves score 0.
func (g EngineGame) Noisy(p *EngineNode, m Move) int32 {
	n := &p.N
	from := int(m.FromRow)*Cols + int(m.FromCol)
	to := int(m.ToRow)*Cols + int(m.ToCol)
	k := n.kind[from]
	var s int32
	if n.bb[n.side^1][0]&(1<<to) != 0 {
		s = 16*int32(Values[n.kind[to]]) - int32(Values[k]) + 128
	}
	if k == Pawn && (m.ToRow == 0 || m.ToRow == Rows-1) {
		s += 16*int32(Values[Queen]-Values[Pawn]) + 128
	}
	return s
}

// LosingCapture reports that m captures a piece worth less than the
// capturing one (adjudication values) on a square the opponent defends;
// promotions never lose.
func (g EngineGame) LosingCapture(p *EngineNode, m Move) bool {
	n := &p.N
	from := int(m.FromRow)*Cols + int(m.FromCol)
	to := int(m.ToRow)*Cols + int(m.ToCol)
	k := n.kind[from]
	if n.bb[n.side^1][0]&(1<<to) == 0 || k == Pawn && (m.ToRow == 0 || m.ToRow == Rows-1) {
		return false
	}
	return Values[k] > Values[n.kind[to]] && n.attacks(n.side^1, to)
}

// HistoryIndex is from·30 + to.
func (g EngineGame) HistoryIndex(p *EngineNode, m Move) int {
	return (int(m.FromRow)*Cols+int(m.FromCol))*Squares + int(m.ToRow)*Cols + int(m.ToCol)
}

// HistorySize is 30·30.
func (g EngineGame) HistorySize() int { return Squares * Squares }

// InCheck reports whether the side to move's king is attacked.
func (g EngineGame) InCheck(p *EngineNode) bool { return p.N.KingAttacked(p.N.side) }

// Evaluate is the engine's static value of p for the side to move
// (docs/minichess.md, "The engine"): material and piece-square values,
// mobility, king safety and tempo; at the ply limit, with
// [EvalWeights.LimitPoint], the material lead.
func (g EngineGame) Evaluate(p *EngineNode) search.Value {
	if p.Played >= MaxPlies && g.t.w.LimitPoint > 0 {
		return search.Value(g.t.w.LimitPoint * (p.N.mat[p.N.side] - p.N.mat[p.N.side^1]))
	}
	return search.Value(g.t.evaluate(&p.N))
}

// EvalBreakdown is the evaluation split into its terms, each white minus
// black (tempo: for the side to move), for tests and the report.
type EvalBreakdown struct {
	Material, PieceSquare, Mobility, KingZone, OpenLines, Tempo int32
}

// Breakdown returns the evaluation terms of n.
func (g EngineGame) Breakdown(n *Node) EvalBreakdown {
	var b EvalBreakdown
	t := g.t
	for c := range 2 {
		sign := int32(1 - 2*c)
		for occ := n.bb[c][0]; occ != 0; occ &= occ - 1 {
			sq := bits.TrailingZeros32(occ)
			k := n.kind[sq]
			b.Material += sign * t.w.Material[k]
			b.PieceSquare += sign * (t.psq[c][k][sq] - t.w.Material[k])
		}
		var s sideScore
		t.side(n, Color(c), &s)
		b.Mobility += sign * s.mobility
		b.KingZone += sign * s.kingZone
		b.OpenLines += sign * s.openLines
	}
	b.Tempo = t.w.Tempo
	return b
}

type sideScore struct{ mobility, kingZone, openLines int32 }

// side computes the mobility of colour c, the attacks of c on the enemy
// king zone (a bonus for c) and the exposure of c's own king (a penalty,
// stored negated).
func (t *evalTables) side(n *Node, c Color, s *sideScore) {
	w := &t.w
	me := &n.bb[c]
	op := &n.bb[c^1]
	own := me[0]
	occ := own | op[0]
	free := ^own & boardMask
	var zone uint32
	for ks := op[King]; ks != 0; ks &= ks - 1 {
		k := bits.TrailingZeros32(ks)
		zone |= kingBB[k] | 1<<k
	}
	// Pawns: captures toward the enemy, one push.
	if pw := me[Pawn]; pw != 0 {
		var att, push uint32
		if c == White {
			att = (pw&^colE)>>(Cols-1) | (pw&^colA)>>(Cols+1)
			push = pw >> Cols &^ occ
		} else {
			att = ((pw&^colE)<<(Cols+1) | (pw&^colA)<<(Cols-1)) & boardMask
			push = pw << Cols & boardMask &^ occ
		}
		s.kingZone += w.KingZone[Pawn] * int32(bits.OnesCount32(att&zone))
		s.mobility += w.Mobility[Pawn] * int32(bits.OnesCount32(push|att&op[0]))
	}
	for x := me[Knight]; x != 0; x &= x - 1 {
		a := knightBB[bits.TrailingZeros32(x)]
		s.mobility += w.Mobility[Knight] * int32(bits.OnesCount32(a&free))
		s.kingZone += w.KingZone[Knight] * int32(bits.OnesCount32(a&zone))
	}
	for x := me[Bishop]; x != 0; x &= x - 1 {
		a := bishopAttack(bits.TrailingZeros32(x), occ)
		s.mobility += w.Mobility[Bishop] * int32(bits.OnesCount32(a&free))
		s.kingZone += w.KingZone[Bishop] * int32(bits.OnesCount32(a&zone))
	}
	for x := me[Rook]; x != 0; x &= x - 1 {
		a := rookAttack(bits.TrailingZeros32(x), occ)
		s.mobility += w.Mobility[Rook] * int32(bits.OnesCount32(a&free))
		s.kingZone += w.KingZone[Rook] * int32(bits.OnesCount32(a&zone))
	}
	for x := me[Queen]; x != 0; x &= x - 1 {
		sq := bits.TrailingZeros32(x)
		a := rookAttack(sq, occ) | bishopAttack(sq, occ)
		s.mobility += w.Mobility[Queen] * int32(bits.OnesCount32(a&free))
		s.kingZone += w.KingZone[Queen] * int32(bits.OnesCount32(a&zone))
	}
	for x := me[King]; x != 0; x &= x - 1 {
		k := bits.TrailingZeros32(x)
		a := kingBB[k]
		s.kingZone += w.KingZone[King] * int32(bits.OnesCount32(a&zone))
		// Exposure of this king on open lines the enemy can use.
		if op[Rook]|op[Queen] != 0 {
			s.openLines -= w.OpenLine * int32(bits.OnesCount32(rookAttack(k, occ)&^own))
		}
		if op[Bishop]|op[Queen] != 0 {
			s.openLines -= w.OpenLine * int32(bits.OnesCount32(bishopAttack(k, occ)&^own))
		}
	}
}

// evaluate returns the value of n for its side to move.
func (t *evalTables) evaluate(n *Node) int32 {
	var v int32
	for c := range 2 {
		var sum int32
		psq := &t.psq[c]
		for occ := n.bb[c][0]; occ != 0; occ &= occ - 1 {
			sq := bits.TrailingZeros32(occ)
			sum += psq[n.kind[sq]][sq]
		}
		var s sideScore
		t.side(n, Color(c), &s)
		sum += s.mobility + s.kingZone + s.openLines
		if c == int(n.side) {
			v += sum
		} else {
			v -= sum
		}
	}
	return v + t.w.Tempo
}
