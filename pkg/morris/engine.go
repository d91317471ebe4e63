package morris

import (
	"math/bits"

	"github.com/gamesearch/gamesearch/pkg/engine"
	"github.com/gamesearch/gamesearch/pkg/search"
)

// This file adapts Morris-Variant to the tournament engine of pkg/engine
// (engine.Engine): a whole-game state with pieces in hand, its hashing and
// its game-end rules.

// State is a position of a whole game, as the tournament engine and the
// match rules see it: the board, the side to move and the number of pieces
// each side still has to place (Left[0] White, Left[1] Black).
//
// A side with pieces left places one (GenerateMovesOpening); a side with
// none moves (GenerateMovesMidgameEndgame). The game-end tests apply only
// when both sides have placed everything ([State.Midgame]): the side to move
// loses with 2 pieces or fewer, or without a legal move (docs/morris.md §7.3).
type State struct {
	Position
	// Black is true when Black is to move.
	Black bool
	// Left holds the pieces White ([0]) and Black ([1]) have still to place.
	Left [2]uint8
}

// Side returns 0 when White is to move and 1 when Black is.
func (s *State) Side() int {
	if s.Black {
		return 1
	}
	return 0
}

// Node returns the board and side to move of s.
func (s *State) Node() Node { return Node{Position: s.Position, Black: s.Black} }

// Midgame reports whether both sides have placed all their pieces.
func (s *State) Midgame() bool { return s.Left == [2]uint8{} }

// Phase returns the generator the side to move uses: [Opening] while it has
// pieces to place, else [Game].
func (s *State) Phase() Phase {
	if s.Left[s.Side()] > 0 {
		return Opening
	}
	return Game
}

// Play sets *dst to the state after the side to move in s chose the child
// board m (one of the children listed for s).
func (s *State) Play(dst *State, m Node) {
	left := s.Left
	if i := s.Side(); left[i] > 0 {
		left[i]--
	}
	*dst = State{Position: m.Position, Black: m.Black, Left: left}
}

// GameStart returns the state of a game starting from pos with White to
// move, each side having placed the pieces it has on pos: the start
// positions of the self-play test (docs/morris.md §7.3).
func GameStart(b *Board, pos Position) State {
	return State{Position: pos, Left: [2]uint8{
		uint8(max(0, b.Pieces-pos.NumWhite())), uint8(max(0, b.Pieces-pos.NumBlack()))}}
}

// InferState returns the state a tournament program assumes when it is given
// only a board and the side to move. left < 0 means unknown: in the opening
// phase every side is assumed to have lost no piece yet, so the number of
// placements made is the larger piece count (with White one placement ahead
// when Black is to move). left ≥ 0 is the number of pieces the side to move
// still has to place; the opponent then has left (White to move) or left−1
// (Black to move), as in docs/morris.md §7.4. With opening false the game is
// in the midgame: nobody has pieces to place.
func InferState(b *Board, pos Position, black, opening bool, left int) State {
	s := State{Position: pos, Black: black}
	if !opening {
		return s
	}
	if left < 0 {
		nw, nb := pos.NumWhite(), pos.NumBlack()
		placedW, placedB := max(nw, nb), max(nw, nb)
		if black {
			placedB = max(nb, nw-1)
			placedW = placedB + 1
		}
		s.Left = [2]uint8{uint8(max(0, b.Pieces-placedW)), uint8(max(0, b.Pieces-placedB))}
		return s
	}
	left = min(left, b.Pieces)
	if black {
		s.Left = [2]uint8{uint8(max(0, left-1)), uint8(left)}
	} else {
		s.Left = [2]uint8{uint8(left), uint8(left)}
	}
	return s
}

// engineSeed is the seed of the Morris Zobrist keys (engine.ZobristKeys).
const engineSeed = 20230501

// maxLeft bounds the pieces-in-hand counts that have their own hash key.
const maxLeft = 16

// zobrist holds the hash keys: the point keys of each colour folded into
// per-byte tables (three bytes cover the 23 points), the side-to-move key
// and one key per count of pieces left for each side.
type zobrist struct {
	bytes [2][3][256]uint64
	side  uint64
	left  [2][maxLeft]uint64
}

var keys = newZobrist()

func newZobrist() *zobrist {
	var raw [2*MaxPoints + 1 + 2*maxLeft]uint64
	engine.ZobristKeys(engineSeed, raw[:])
	z := &zobrist{}
	for c := range 2 {
		pt := raw[c*MaxPoints : (c+1)*MaxPoints]
		for k := range 3 {
			for v := range 256 {
				var h uint64
				for bit := range 8 {
					if i := 8*k + bit; v&(1<<bit) != 0 && i < MaxPoints {
						h ^= pt[i]
					}
				}
				z.bytes[c][k][v] = h
			}
		}
	}
	z.side = raw[2*MaxPoints]
	for c := range 2 {
		copy(z.left[c][:], raw[2*MaxPoints+1+c*maxLeft:])
	}
	return z
}

// Hash returns the fixed-seed Zobrist key of s: both masks, the side to move
// and the pieces left of each side (which decide the phase).
func (s *State) Hash() uint64 {
	z := keys
	w, b := s.W, s.B
	h := z.bytes[0][0][w&0xff] ^ z.bytes[0][1][w>>8&0xff] ^ z.bytes[0][2][w>>16&0xff] ^
		z.bytes[1][0][b&0xff] ^ z.bytes[1][1][b>>8&0xff] ^ z.bytes[1][2][b>>16&0xff] ^
		z.left[0][s.Left[0]&(maxLeft-1)] ^ z.left[1][s.Left[1]&(maxLeft-1)]
	if s.Black {
		h ^= z.side
	}
	return h
}

// canMove reports whether the mover me has a midgame/endgame move against
// op: a hop with three pieces needs one empty point, a slide an empty
// neighbour.
func (b *Board) canMove(me, op uint32) bool {
	empty := b.All &^ (me | op)
	if bits.OnesCount32(me) == 3 {
		return empty != 0
	}
	var reach uint32
	for f := me; f != 0; f &= f - 1 {
		reach |= b.AdjMask[bits.TrailingZeros32(f)]
	}
	return reach&empty != 0
}

// Over reports whether the game has ended in s: in the midgame, the side to
// move has 2 pieces or fewer, or no legal move; it has then lost.
func (b *Board) Over(s *State) bool {
	if !s.Midgame() {
		return false
	}
	me, op := s.W, s.B
	if s.Black {
		me, op = op, me
	}
	return bits.OnesCount32(me) <= 2 || !b.canMove(me, op)
}

// EngineGame is the [engine.Game] of Morris-Variant over [State], with
// child boards ([Node]) as moves:
//
//   - Terminal is [Board.Over] (the side to move has lost); Outcome is then
//     a loss. A side to move without any placement (a full board in the
//     opening) is scored by Evaluate: use [EngineOptions].
//   - Evaluate is the Estimator's value from White's view (the opening
//     estimator while a side has pieces to place, the midgame one after),
//     negated when Black is to move.
//   - Noisy: a move that removes an opposing piece (it closed a mill) is
//     noisy, scored by [EngineGame.Noisy]; quiescence searches these moves.
//   - HistoryIndex: from·24+to, with from = 23 for a placement.
//
// No method allocates.
type EngineGame struct {
	Board     *Board
	Estimator Estimator
}

// Terminal reports whether the side to move has lost (see [Board.Over]).
func (g EngineGame) Terminal(s *State) bool { return g.Board.Over(s) }

// Outcome is a loss for the side to move: it is the only way a game ends.
func (g EngineGame) Outcome(*State) engine.Outcome { return engine.OutcomeLoss }

// Moves appends the children of s, in the generators' order
// (docs/morris.md §4).
func (g EngineGame) Moves(s *State, buf []Node) []Node {
	n := s.Node()
	return g.Board.AppendChildren(buf, &n, s.Phase())
}

// Play sets *dst to the state after m.
func (g EngineGame) Play(dst, s *State, m Node) { s.Play(dst, m) }

// Evaluate returns the static value of s for the side to move.
func (g EngineGame) Evaluate(s *State) search.Value {
	ph := Game
	if !s.Midgame() {
		ph = Opening
	}
	n := s.Node()
	v := g.Board.Evaluate(&n, ph, g.Estimator)
	if s.Black {
		return -v
	}
	return v
}

// Hash returns [State.Hash].
func (g EngineGame) Hash(s *State) uint64 { return s.Hash() }

// Noisy returns 0 for a move that removes no opposing piece, and otherwise
// 1 plus 2 for each own piece of the opponent that was next to the removed
// one plus 8 when the removed piece completed an opposing open two (so
// captures that break the opponent's threats and mobility come first).
func (g EngineGame) Noisy(s *State, m Node) int32 {
	op, nop := s.B, m.B
	if s.Black {
		op, nop = s.W, m.W
	}
	gone := op &^ nop
	if gone == 0 {
		return 0
	}
	b := g.Board
	i := bits.TrailingZeros32(gone)
	v := int32(1 + 2*bits.OnesCount32(b.AdjMask[i]&nop))
	for _, pair := range b.MillsAt[i] {
		if x := nop & pair; x != 0 && x&(x-1) == 0 && (m.W|m.B)&pair == x {
			// One other piece of the opponent on the line, the third point
			// empty: the removal broke an open two.
			v += 8
		}
	}
	return v
}

// HistoryIndex returns from·24+to of the move (from = 23 for a placement).
func (g EngineGame) HistoryIndex(s *State, m Node) int {
	me, nme := s.W, m.W
	if s.Black {
		me, nme = s.B, m.B
	}
	to := bits.TrailingZeros32(nme &^ me)
	from := MaxPoints
	if f := me &^ nme; f != 0 {
		from = bits.TrailingZeros32(f)
	}
	if to >= MaxPoints {
		to = 0
	}
	return from*(MaxPoints+1) + to
}

// HistorySize returns the number of history slots, 24·24.
func (g EngineGame) HistorySize() int { return (MaxPoints + 1) * (MaxPoints + 1) }

// EngineOptions returns the engine options of the Morris players: the
// defaults of pkg/search ([engine.DefaultOptions]) with the Morris
// leaf rule for a side without a placement, and the techniques that lost in
// the self-play matches of docs/engine/morris.md turned off.
func EngineOptions() engine.Options {
	o := engine.DefaultOptions()
	o.NoMoves = engine.NoMovesEvaluate
	return o
}

// NewEngine returns a tournament engine for board b with estimator e and
// options opt.
func NewEngine(b *Board, e Estimator, opt engine.Options) *engine.Engine[State, Node, EngineGame] {
	return engine.New[State, Node](EngineGame{Board: b, Estimator: e}, opt)
}

// TimedResult is the outcome of [Think]: the program's [Result] (Estimate
// from the moving side's view, Evaluated the static evaluations of all
// iterations) and the search figures.
type TimedResult struct {
	Result
	// Depth is the deepest completed iteration; Nodes counts every node of
	// all iterations.
	Depth int
	Nodes uint64
}

// Think chooses the move of the side to move in s with engine e within lim:
// iterative deepening, the move and value of the deepest completed
// iteration (or the better move of an aborted one). The estimate is the
// engine's value for the side to move: the estimator's value (negated for
// Black), or ±(1,000,000,000 − n) for a win or loss found n plies ahead.
// When the game is over in s but the side to move still has a child (it has
// 2 pieces), the best child by a one-ply search is played; without any
// child the board is kept, HasMove is false and the estimate is the static
// value of s.
func Think(e *engine.Engine[State, Node, EngineGame], s State, lim engine.Limits[Node]) TimedResult {
	g := e.Game()
	if g.Terminal(&s) {
		var buf [3 * MaxPoints * MaxPoints]Node
		list := g.Moves(&s, buf[:0])
		r := TimedResult{Result: Result{Board: s.Position, Evaluated: 1, Estimate: g.Evaluate(&s)}}
		if len(list) == 0 {
			return r
		}
		r.Evaluated = 0
		best := search.Value(0)
		for i, m := range list {
			var c State
			s.Play(&c, m)
			v := -g.Evaluate(&c)
			r.Evaluated++
			if i == 0 || v > best {
				best, r.Board, r.Estimate = v, m.Position, v
			}
		}
		r.HasMove, r.Depth, r.Nodes = true, 1, uint64(len(list))+1
		return r
	}
	res := e.Search(s, lim)
	r := TimedResult{Result: Result{Board: s.Position, Evaluated: res.Evals, Estimate: res.Value, HasMove: res.HasMove},
		Depth: res.Depth, Nodes: res.Nodes}
	if res.HasMove {
		r.Board = res.Move.Position
	}
	return r
}
