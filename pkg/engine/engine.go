// Package engine implements the tournament searcher of gamesearch, [Engine],
// for every game that implements [Game] (the course searches' [search.Game]
// plus hashing, results and move classification): iterative-deepening
// negamax with principal-variation search, aspiration windows, a
// transposition table ([TT]) with fixed-seed Zobrist keys ([ZobristKeys]),
// hash-move/MVV-LVA/killer/history ordering, quiescence, optional null move
// (plain or adaptive), late-move reductions (one ply or logarithmic),
// futility, reverse futility and late-move pruning, quiescence pruning of
// losing captures, a history malus and check extension, a
// [TimeManager] with soft and hard limits and a deterministic node budget.
// Every technique is a flag of [Options]; docs/engine.md lists them with
// their measured effect.
//
// Conventions: negamax (Evaluate scores for the side to move), fail-soft,
// scores of won and lost positions relative to the root ([Mate] - plies).
// The files follow the concerns: engine.go the API, deepen.go iterative
// deepening and the root, negamax.go the main search, order.go move
// ordering, quiesce.go quiescence, table.go the transposition table,
// time.go clocks and the time manager. Package enginetest checks a game's
// adapter.
package engine

import (
	"math"
	"time"

	"github.com/gamesearch/gamesearch/pkg/search"
)

// Value is a search score, the course searches' [search.Value].
type Value = search.Value

// Outcome is the result of a finished game, from the viewpoint of the side
// to move in the final position.
type Outcome uint8

const (
	// OutcomeStatic: the position is a leaf without a decided result (an
	// adjudication by evaluation, a move limit); it is scored by
	// [search.Game.Evaluate].
	OutcomeStatic Outcome = iota
	// OutcomeWin: the side to move has won (MiniChess: it can capture the
	// king).
	OutcomeWin
	// OutcomeLoss: the side to move has lost (Congo: its lion was captured).
	OutcomeLoss
	// OutcomeDraw: the game is drawn (Congo: only the two lions remain).
	OutcomeDraw
)

// Game is what the [Engine] needs of a game: the [search.Game] methods, with
// Evaluate always from the viewpoint of the side to move (negamax form), plus
// hashing, results and move classification. Moves must be comparable so the
// engine can recognise hash and killer moves in a move list. No method may
// allocate.
type Game[P any, M comparable] interface {
	search.Game[P, M]
	// Hash returns the fixed-seed Zobrist key of p. It must cover everything
	// that decides the moves, Terminal, Outcome and Evaluate of p (side to
	// move, phase, pieces in hand, and a move counter only if limits depend
	// on it).
	Hash(p *P) uint64
	// Outcome returns the result of a position for which Terminal is true.
	Outcome(p *P) Outcome
	// Noisy returns 0 for a quiet move and a positive ordering score for a
	// noisy one (a capture, a promotion, a mill): quiescence searches the
	// noisy moves, and with [Options.MVVLVA] they are tried before
	// quiet moves, highest score first. Scores above 1<<24 - 1 are cut to
	// it; the usual
	// choice is MVV-LVA: 16*value(victim) - value(attacker) + a constant.
	Noisy(p *P, m M) int32
	// HistoryIndex returns the history-table slot of m in p, in
	// [0, HistorySize()): for example from*squares+to. The engine keeps one
	// table per side (by ply parity).
	HistoryIndex(p *P, m M) int
	// HistorySize returns the number of history slots per side.
	HistorySize() int
}

// NoisyMover is an optional interface of an [Game]: NoisyMoves
// appends only the noisy moves of p (those with Noisy > 0) to buf, for a
// faster quiescence search. Without it the engine filters Moves.
type NoisyMover[P any, M any] interface {
	NoisyMoves(p *P, buf []M) []M
}

// Checker is an optional interface of an [Game]: InCheck reports
// that the side to move in p is under a threat that a quiet move may be the
// only answer to (MiniChess: its king is attacked). Quiescence then searches
// every move instead of standing pat; null moves, reductions and the
// prunings are not tried, and [Options.CheckExtension] extends.
type Checker[P any] interface {
	InCheck(p *P) bool
}

// NullMover is an optional interface of an [Game]: PlayNull sets
// *dst to p with the turn passed to the opponent, and reports false when a
// null move makes no sense in p (it is then not tried). Null-move pruning
// needs it.
type NullMover[P any] interface {
	PlayNull(dst, p *P) bool
}

// Exchanger is an optional interface of a [Game]: LosingCapture reports
// that the noisy move m of p is a capture that gives up material at once
// (the capturing piece is worth more than its victim and the square is
// defended). [Options.QuiescencePrune] needs it.
type Exchanger[P any, M any] interface {
	LosingCapture(p *P, m M) bool
}

// PlyLimited is an optional interface of a [Game] whose positions may end
// by a ply limit (MiniChess: the runner adjudicates after ply 50). With
// [Options.PlyFreeTable] the engine keys the table by PositionHash, so the
// same position reached after different numbers of plies shares one entry,
// and uses an entry only where the ply limit cannot tell the two apart.
type PlyLimited[P any] interface {
	// PliesLeft returns the plies p has left before the limit ends the
	// game (0: p is at the limit), or -1 when p has no known limit.
	PliesLeft(p *P) int
	// PositionHash returns p's key without the ply count: Hash when the
	// limit is unknown.
	PositionHash(p *P) uint64
}

// NoMoves says what a non-terminal node whose side to move has no move
// is worth in the engine.
type NoMoves uint8

const (
	// NoMovesLoss: a loss for the side to move (MiniChess).
	NoMovesLoss NoMoves = iota
	// NoMovesDraw: a draw.
	NoMovesDraw
	// NoMovesEvaluate: a leaf scored by Evaluate (Morris search rule).
	NoMovesEvaluate
)

const (
	// MaxPly is the deepest ply the engine searches (main search and
	// quiescence together); nodes there are evaluated statically.
	MaxPly = 128
	// Mate is the score of a won terminal position at the node itself;
	// a win found n plies below the root scores Mate - n.
	Mate Value = 1_000_000_000
	// MateBound: scores of magnitude at least MateBound are wins
	// or losses. Static evaluations are clamped strictly inside it.
	MateBound = Mate - 2*MaxPly
	// inf is the infinity of the engine's windows.
	inf = Mate + 1
)

// Options are the engine's feature flags and sizes. The zero value is
// plain iterative-deepening fail-soft alpha-beta in the game's move order,
// without table; [DefaultOptions] turns on the techniques that do not
// change the value of a fixed-depth search.
type Options struct {
	// TT enables the transposition table of HashMiB MiB (0: 16).
	TT      bool
	HashMiB int
	// TTExactDepth uses table values only when they were searched to exactly
	// the remaining depth (not deeper). This makes a fixed-depth search return
	// the plain minimax value; by default deeper entries are used too.
	TTExactDepth bool
	// HashMove tries the table's move first.
	HashMove bool
	// MVVLVA tries noisy moves before quiet ones, by [Game.Noisy] score.
	MVVLVA bool
	// Killers tries two killer moves per ply (quiet moves that caused a cut
	// at the same ply) after the noisy moves.
	Killers bool
	// History orders the remaining quiet moves by the history heuristic
	// (depth squared added for each cut).
	History bool
	// PVS searches all but the first move with a null window and re-searches
	// on a fail-high (principal-variation search).
	PVS bool
	// Aspiration starts each iteration from depth AspirationMinDepth (0: 4)
	// with the window previous value ± AspirationDelta (0: 50), widening it
	// (doubling the margin) on a fail.
	Aspiration         bool
	AspirationDelta    Value
	AspirationMinDepth int
	// Quiescence searches noisy moves below the horizon, with stand-pat
	// (except in check, see [Checker]).
	Quiescence bool
	// NullMove enables null-move pruning with reduction NullMoveReduction
	// (0: 2) at non-PV nodes of depth >= 3 (needs [NullMover]). It can
	// change the value.
	NullMove          bool
	NullMoveReduction int
	// LMR reduces late quiet moves (the fourth and later, not killers, at
	// depth >= 3) by one ply, re-searching at full depth when they beat alpha.
	// It needs PVS and can change the value.
	LMR bool
	// Futility skips quiet moves at depth-1 non-PV nodes, not in check, whose
	// static value plus FutilityMargin (0: 200) cannot reach alpha. It can
	// change the value.
	Futility       bool
	FutilityMargin Value
	// CheckExtension searches the moves of a node in check (see
	// [Checker]) one ply deeper. It can change the value.
	CheckExtension bool
	// NullMoveAdaptive (with NullMove) tries the null move only when the
	// static value reaches beta, at depth >= 2, and adds depth/4 to its
	// reduction. It can change the value.
	NullMoveAdaptive bool
	// LMRLog (with LMR) reduces late quiet moves by
	// 0.5 + ln(depth)·ln(move number)/2 plies (one less at PV nodes, at
	// least one), from the third move on, instead of one ply from the
	// fourth. It can change the value.
	LMRLog bool
	// ReverseFutility returns the static value at non-PV nodes of depth
	// <= 6, not in check, when it exceeds beta by ReverseFutilityMargin
	// (0: 120) per ply of depth. It can change the value.
	ReverseFutility       bool
	ReverseFutilityMargin Value
	// LateMovePruning skips the quiet moves of non-PV nodes of depth <= 4,
	// not in check, after the first 3 + depth² moves. It can change the
	// value.
	LateMovePruning bool
	// QuiescencePrune skips, in quiescence outside check, the captures
	// that [Exchanger] calls losing. It can change the value.
	QuiescencePrune bool
	// HistoryMalus lowers the history of the quiet moves searched before
	// the quiet move that caused a cut (by depth squared) as the cut raises
	// its own.
	HistoryMalus bool
	// PlyFreeTable (with TT, for a [PlyLimited] game) keys the table by
	// the position without its ply count. An entry records the plies its
	// node had left and how deep below it the search went; it stands for
	// another node of the same position only when that search did not
	// reach the ply limit and would not reach it from the other node
	// either, or when both nodes have the same plies left. Its move is
	// always tried first.
	PlyFreeTable bool
	// NoMoves is the value of a node without moves.
	NoMoves NoMoves
	// PollEvery is how often, in nodes, the clock and Stop are read; it is
	// rounded up to a power of two (0: 1024).
	PollEvery uint64
}

// DefaultOptions returns the recommended options: table (16 MiB), hash
// move, MVV-LVA, killers, history, PVS, aspiration windows and quiescence.
// Null-move pruning, LMR, futility pruning and the check extension stay off
// until a self-play match shows they help.
func DefaultOptions() Options {
	return Options{
		TT: true, HashMiB: 16, HashMove: true, MVVLVA: true, Killers: true, History: true,
		PVS: true, Aspiration: true, Quiescence: true,
	}
}

// Info describes one completed iteration.
type Info[M any] struct {
	// Depth is the iteration's depth.
	Depth int
	// Move is its best root move and Value its value for the side to move at
	// the root.
	Move  M
	Value Value
	// Nodes counts every node entered so far in this search (all
	// iterations, quiescence included; the root once), Evals the calls of
	// the static evaluator; SelDepth is the deepest ply reached.
	Nodes    uint64
	Evals    uint64
	SelDepth int
	// Elapsed is the time since the time manager started (0 without one).
	Elapsed time.Duration
	// PV is the principal variation, Move first. It is valid only until the
	// engine searches again.
	PV []M
}

// Limits bound one search. The zero value searches to MaxPly-1
// with no time or node limit.
type Limits[M any] struct {
	// Depth is the deepest iteration (0: no limit).
	Depth int
	// Nodes is the node budget, every node counted (0: none). The iteration in
	// progress is abandoned when it is exhausted, so a budget gives the same
	// move on every run.
	Nodes uint64
	// Time holds the soft and hard time limits (nil: none).
	Time *TimeManager
	// Stop, if not nil, is polled with the clock; true aborts the search.
	Stop func() bool
	// OnDepth, if not nil, is called after every completed iteration.
	OnDepth func(Info[M])
}

// Result is the outcome of [Engine.Search].
type Result[M any] struct {
	// Move is the move to play; valid when HasMove. It is always a member of
	// the root's move list: the first one (in the game's order) until an
	// iteration or the first move of a partial iteration completes.
	Move    M
	HasMove bool
	// Value is the value of the last completed iteration (the root's own
	// value when it is terminal or has no move).
	Value Value
	// Depth is the last completed iteration (0: none). It is below
	// Limits.Depth when a limit stopped the search, or when an
	// iteration proved a win or loss (deeper iterations cannot change it).
	Depth int
	// Partial reports that Move comes from the aborted iteration Depth+1,
	// whose search of Move completed and beat the previous best.
	Partial bool
	// Aborted reports that a time, node or Stop limit ended the search.
	Aborted bool
	// Nodes counts every node entered, quiescence included (the root once
	// for the whole search); Evals counts the calls of the static evaluator
	// (leaves, stand pats, static terminal positions, futility tests), over
	// all iterations, as Morris' "positions evaluated" does; SelDepth is the
	// deepest ply reached.
	Nodes    uint64
	Evals    uint64
	SelDepth int
	// PV is the principal variation of the last completed iteration, valid
	// until the engine searches again.
	PV []M
}

// Engine is the tournament searcher of one game. It owns a transposition
// table and per-ply buffers allocated once, so searching does not allocate
// per node. It is not safe for concurrent use.
//
// Conventions: negamax, fail-soft. [search.Game.Terminal] is checked first at every
// node but the root's children are never pruned by the table. Terminal
// positions score by [Game.Outcome]: a win n plies below the root is
// Mate - n, a loss -(Mate - n), a draw 0 ([OutcomeStatic]:
// Evaluate). The root keeps the first move whose value is strictly greater
// than every earlier one in its (reordered) list; within a node, moves of
// equal ordering score keep the game's order, so searches are deterministic.
type Engine[P any, M comparable, G Game[P, M]] struct {
	game    G
	opt     Options
	tt      *TT[M]
	noisy   NoisyMover[P, M]
	checker Checker[P]
	nuller  NullMover[P]
	exch    Exchanger[P, M]
	limited PlyLimited[P]

	pos     []P
	moves   [][]M
	scores  [][]int32
	quiets  [][]M
	killers [][2]M
	killOK  [][2]bool
	history [2][]int32
	pv      [][]M
	pvLen   []int
	root    []M

	nodes    uint64
	evals    uint64
	selDepth int
	// reach is the deepest ply entered (enter raises it at every node);
	// with [Options.PlyFreeTable] negamax restarts it at each node, so
	// that it is the deepest ply below the current node.
	reach    int
	abort    bool
	maxNodes uint64
	tm       *TimeManager
	stop     func() bool
	pollMask uint64

	iterMove M
	iterHas  bool

	lmrTable [lmrDepths][lmrMoves]int8
}

// lmrDepths and lmrMoves bound the reduction table of [Options.LMRLog].
const (
	lmrDepths = 64
	lmrMoves  = 64
)

// New returns an engine for game g with options opt.
func New[P any, M comparable, G Game[P, M]](g G, opt Options) *Engine[P, M, G] {
	e := &Engine[P, M, G]{game: g, opt: opt}
	if opt.TT {
		mib := opt.HashMiB
		if mib == 0 {
			mib = 16
		}
		e.tt = NewTT[M](mib)
	}
	if x, ok := any(g).(NoisyMover[P, M]); ok {
		e.noisy = x
	}
	if x, ok := any(g).(Checker[P]); ok {
		e.checker = x
	}
	if x, ok := any(g).(NullMover[P]); ok {
		e.nuller = x
	}
	if x, ok := any(g).(Exchanger[P, M]); ok {
		e.exch = x
	}
	if x, ok := any(g).(PlyLimited[P]); ok && opt.PlyFreeTable {
		e.limited = x
	}
	n := MaxPly + 1
	e.pos = make([]P, n+1)
	e.moves = make([][]M, n)
	e.scores = make([][]int32, n)
	e.quiets = make([][]M, n)
	for i := range e.moves {
		e.moves[i] = make([]M, 0, 64)
		e.scores[i] = make([]int32, 0, 64)
		e.quiets[i] = make([]M, 0, 64)
	}
	e.killers = make([][2]M, n)
	e.killOK = make([][2]bool, n)
	hs := g.HistorySize()
	if hs < 1 {
		hs = 1
	}
	e.history[0] = make([]int32, hs)
	e.history[1] = make([]int32, hs)
	e.pv = make([][]M, n)
	for i := range e.pv {
		e.pv[i] = make([]M, n)
	}
	e.pvLen = make([]int, n+1)
	e.root = make([]M, 0, 64)
	poll := opt.PollEvery
	if poll == 0 {
		poll = 1024
	}
	p := uint64(1)
	for p < poll {
		p <<= 1
	}
	e.pollMask = p - 1
	for d := 1; d < lmrDepths; d++ {
		for i := 1; i < lmrMoves; i++ {
			e.lmrTable[d][i] = int8(0.5 + math.Log(float64(d))*math.Log(float64(i))/2)
		}
	}
	return e
}

// Options returns the engine's options.
func (e *Engine[P, M, G]) Options() Options { return e.opt }

// Game returns the engine's game.
func (e *Engine[P, M, G]) Game() G { return e.game }

// Clear forgets everything learnt: the table, killers and history (a new
// game).
func (e *Engine[P, M, G]) Clear() {
	if e.tt != nil {
		e.tt.Clear()
	}
	e.clearHeuristics()
}

func (e *Engine[P, M, G]) clearHeuristics() {
	var zero M
	for i := range e.killers {
		e.killers[i] = [2]M{zero, zero}
		e.killOK[i] = [2]bool{}
	}
	clear(e.history[0])
	clear(e.history[1])
}
