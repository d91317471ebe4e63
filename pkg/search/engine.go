package search

// This file holds the tournament engine: iterative-deepening negamax with
// principal-variation search, aspiration windows, a transposition table,
// move ordering (hash move, MVV-LVA, killers, history), quiescence search,
// optional null-move pruning, late-move reductions, futility pruning and
// check extension, a time manager with soft and hard limits and a node
// budget. Every technique is a flag of
// [EngineOptions]; docs/engine.md lists them.

import "time"

// Outcome is the result of a finished game, from the viewpoint of the side
// to move in the final position.
type Outcome uint8

const (
	// OutcomeStatic: the position is a leaf without a decided result (an
	// adjudication by evaluation, a move limit); it is scored by
	// [Game.Evaluate].
	OutcomeStatic Outcome = iota
	// OutcomeWin: the side to move has won (MiniChess: it can capture the
	// king).
	OutcomeWin
	// OutcomeLoss: the side to move has lost (Congo: its lion was captured).
	OutcomeLoss
	// OutcomeDraw: the game is drawn (Congo: only the two lions remain).
	OutcomeDraw
)

// EngineGame is what the [Engine] needs of a game: the [Game] methods, with
// Evaluate always from the viewpoint of the side to move (negamax form), plus
// hashing, results and move classification. Moves must be comparable so the
// engine can recognise hash and killer moves in a move list. No method may
// allocate.
type EngineGame[P any, M comparable] interface {
	Game[P, M]
	// Hash returns the fixed-seed Zobrist key of p. It must cover everything
	// that decides the moves, Terminal, Outcome and Evaluate of p (side to
	// move, phase, pieces in hand, and a move counter only if limits depend
	// on it).
	Hash(p *P) uint64
	// Outcome returns the result of a position for which Terminal is true.
	Outcome(p *P) Outcome
	// Noisy returns 0 for a quiet move and a positive ordering score for a
	// noisy one (a capture, a promotion, a mill): quiescence searches the
	// noisy moves, and with [EngineOptions.MVVLVA] they are tried before
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

// EngineNoisyMover is an optional interface of an [EngineGame]: NoisyMoves
// appends only the noisy moves of p (those with Noisy > 0) to buf, for a
// faster quiescence search. Without it the engine filters Moves.
type EngineNoisyMover[P any, M any] interface {
	NoisyMoves(p *P, buf []M) []M
}

// EngineChecker is an optional interface of an [EngineGame]: InCheck reports
// that the side to move in p is under a threat that a quiet move may be the
// only answer to (MiniChess: its king is attacked). Quiescence then searches
// every move instead of standing pat; null moves, reductions and futility
// pruning are not tried, and [EngineOptions.CheckExtension] extends.
type EngineChecker[P any] interface {
	InCheck(p *P) bool
}

// EngineNullMover is an optional interface of an [EngineGame]: PlayNull sets
// *dst to p with the turn passed to the opponent, and reports false when a
// null move makes no sense in p (it is then not tried). Null-move pruning
// needs it.
type EngineNullMover[P any] interface {
	PlayNull(dst, p *P) bool
}

// EngineNoMoves says what a non-terminal node whose side to move has no move
// is worth in the engine.
type EngineNoMoves uint8

const (
	// EngineNoMovesLoss: a loss for the side to move (MiniChess).
	EngineNoMovesLoss EngineNoMoves = iota
	// EngineNoMovesDraw: a draw.
	EngineNoMovesDraw
	// EngineNoMovesEvaluate: a leaf scored by Evaluate (Morris search rule).
	EngineNoMovesEvaluate
)

const (
	// EngineMaxPly is the deepest ply the engine searches (main search and
	// quiescence together); nodes there are evaluated statically.
	EngineMaxPly = 128
	// EngineMate is the score of a won terminal position at the node itself;
	// a win found n plies below the root scores EngineMate - n.
	EngineMate Value = 1_000_000_000
	// EngineMateBound: scores of magnitude at least EngineMateBound are wins
	// or losses. Static evaluations are clamped strictly inside it.
	EngineMateBound = EngineMate - 2*EngineMaxPly
	// engineInf is the infinity of the engine's windows.
	engineInf = EngineMate + 1
)

// EngineOptions are the engine's feature flags and sizes. The zero value is
// plain iterative-deepening fail-soft alpha-beta in the game's move order,
// without table; [DefaultEngineOptions] turns on the techniques that do not
// change the value of a fixed-depth search.
type EngineOptions struct {
	// TT enables the transposition table of HashMiB MiB (0: 16).
	TT      bool
	HashMiB int
	// TTExactDepth uses table values only when they were searched to exactly
	// the remaining depth (not deeper). This makes a fixed-depth search return
	// the plain minimax value; by default deeper entries are used too.
	TTExactDepth bool
	// HashMove tries the table's move first.
	HashMove bool
	// MVVLVA tries noisy moves before quiet ones, by [EngineGame.Noisy] score.
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
	// (except in check, see [EngineChecker]).
	Quiescence bool
	// NullMove enables null-move pruning with reduction NullMoveReduction
	// (0: 2) at non-PV nodes of depth >= 3 (needs [EngineNullMover]). It can
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
	// [EngineChecker]) one ply deeper. It can change the value.
	CheckExtension bool
	// NoMoves is the value of a node without moves.
	NoMoves EngineNoMoves
	// PollEvery is how often, in nodes, the clock and Stop are read; it is
	// rounded up to a power of two (0: 1024).
	PollEvery uint64
}

// DefaultEngineOptions returns the recommended options: table (16 MiB), hash
// move, MVV-LVA, killers, history, PVS, aspiration windows and quiescence.
// Null-move pruning, LMR, futility pruning and the check extension stay off
// until a self-play match shows they help.
func DefaultEngineOptions() EngineOptions {
	return EngineOptions{
		TT: true, HashMiB: 16, HashMove: true, MVVLVA: true, Killers: true, History: true,
		PVS: true, Aspiration: true, Quiescence: true,
	}
}

// EngineInfo describes one completed iteration.
type EngineInfo[M any] struct {
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

// EngineLimits bound one search. The zero value searches to EngineMaxPly-1
// with no time or node limit.
type EngineLimits[M any] struct {
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
	OnDepth func(EngineInfo[M])
}

// EngineResult is the outcome of [Engine.Search].
type EngineResult[M any] struct {
	// Move is the move to play; valid when HasMove. It is always a member of
	// the root's move list: the first one (in the game's order) until an
	// iteration or the first move of a partial iteration completes.
	Move    M
	HasMove bool
	// Value is the value of the last completed iteration (the root's own
	// value when it is terminal or has no move).
	Value Value
	// Depth is the last completed iteration (0: none). It is below
	// EngineLimits.Depth when a limit stopped the search, or when an
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
// Conventions: negamax, fail-soft. [Game.Terminal] is checked first at every
// node but the root's children are never pruned by the table. Terminal
// positions score by [EngineGame.Outcome]: a win n plies below the root is
// EngineMate - n, a loss -(EngineMate - n), a draw 0 ([OutcomeStatic]:
// Evaluate). The root keeps the first move whose value is strictly greater
// than every earlier one in its (reordered) list; within a node, moves of
// equal ordering score keep the game's order, so searches are deterministic.
type Engine[P any, M comparable, G EngineGame[P, M]] struct {
	game    G
	opt     EngineOptions
	tt      *TT[M]
	noisy   EngineNoisyMover[P, M]
	checker EngineChecker[P]
	nuller  EngineNullMover[P]

	pos     []P
	moves   [][]M
	scores  [][]int32
	killers [][2]M
	killOK  [][2]bool
	history [2][]int32
	pv      [][]M
	pvLen   []int
	root    []M

	nodes    uint64
	evals    uint64
	selDepth int
	abort    bool
	maxNodes uint64
	tm       *TimeManager
	stop     func() bool
	pollMask uint64

	iterMove M
	iterHas  bool
}

// NewEngine returns an engine for game g with options opt.
func NewEngine[P any, M comparable, G EngineGame[P, M]](g G, opt EngineOptions) *Engine[P, M, G] {
	e := &Engine[P, M, G]{game: g, opt: opt}
	if opt.TT {
		mib := opt.HashMiB
		if mib == 0 {
			mib = 16
		}
		e.tt = NewTT[M](mib)
	}
	if x, ok := any(g).(EngineNoisyMover[P, M]); ok {
		e.noisy = x
	}
	if x, ok := any(g).(EngineChecker[P]); ok {
		e.checker = x
	}
	if x, ok := any(g).(EngineNullMover[P]); ok {
		e.nuller = x
	}
	n := EngineMaxPly + 1
	e.pos = make([]P, n+1)
	e.moves = make([][]M, n)
	e.scores = make([][]int32, n)
	for i := range e.moves {
		e.moves[i] = make([]M, 0, 64)
		e.scores[i] = make([]int32, 0, 64)
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
	return e
}

// Options returns the engine's options.
func (e *Engine[P, M, G]) Options() EngineOptions { return e.opt }

// Game returns the engine's game.
func (e *Engine[P, M, G]) Game() G { return e.game }

// Table returns the transposition table, or nil without one.
func (e *Engine[P, M, G]) Table() *TT[M] { return e.tt }

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

// Search runs iterative deepening from root within lim. Killers and history
// start empty on every search; the table keeps its entries (call Clear for a
// new game), so equal inputs give equal results from an equal table.
func (e *Engine[P, M, G]) Search(root P, lim EngineLimits[M]) EngineResult[M] {
	e.nodes, e.evals, e.selDepth, e.abort = 0, 0, 0, false
	e.maxNodes, e.tm, e.stop = lim.Nodes, lim.Time, lim.Stop
	e.clearHeuristics()
	if e.tt != nil {
		e.tt.NewSearch()
	}
	e.pos[0] = root
	p := &e.pos[0]
	var res EngineResult[M]
	e.nodes++
	if e.game.Terminal(p) {
		res.Value = e.terminal(0)
		res.Nodes, res.Evals = e.nodes, e.evals
		return res
	}
	list := e.game.Moves(p, e.root[:0])
	e.root = list
	if len(list) == 0 {
		res.Value = e.noMoves(0)
		res.Nodes, res.Evals = e.nodes, e.evals
		return res
	}
	res.Move, res.HasMove = list[0], true
	// Initial root order: table move, noisy moves, then the game's order.
	var hashMove M
	hasHash := false
	if e.tt != nil && e.opt.HashMove {
		if ent, ok := e.tt.Probe(e.game.Hash(p)); ok && ent.HasMove {
			hashMove, hasHash = ent.Move, true
		}
	}
	scores := e.score(0, p, list, hashMove, hasHash, false)
	for i := range list {
		e.pick(list, scores, i)
	}
	maxDepth := lim.Depth
	if maxDepth <= 0 || maxDepth > EngineMaxPly-1 {
		maxDepth = EngineMaxPly - 1
	}
	delta0 := e.opt.AspirationDelta
	if delta0 <= 0 {
		delta0 = 50
	}
	minAsp := e.opt.AspirationMinDepth
	if minAsp <= 0 {
		minAsp = 4
	}
	var prev Value
	for depth := 1; depth <= maxDepth; depth++ {
		if e.tm != nil && (e.tm.HardExpired() || depth > 1 && e.tm.SoftExpired()) {
			break
		}
		e.iterHas = false
		var v Value
		if e.opt.Aspiration && depth >= minAsp && prev > -EngineMateBound && prev < EngineMateBound {
			delta := delta0
			alpha, beta := prev-delta, prev+delta
			for {
				v = e.rootSearch(depth, alpha, beta)
				if e.abort {
					break
				}
				if v <= alpha && alpha > -engineInf {
					alpha -= delta
				} else if v >= beta && beta < engineInf {
					beta += delta
				} else {
					break
				}
				delta *= 2
				if delta > EngineMateBound/4 {
					alpha, beta = -engineInf, engineInf
				}
				alpha = max(alpha, -engineInf)
				beta = min(beta, engineInf)
			}
		} else {
			v = e.rootSearch(depth, -engineInf, engineInf)
		}
		if e.abort {
			if e.iterHas && e.iterMove != res.Move {
				res.Move, res.Partial = e.iterMove, true
			}
			break
		}
		best := e.pv[0][0]
		res.Move, res.Value, res.Depth = best, v, depth
		res.PV = e.pv[0][:e.pvLen[0]]
		// Keep the best move first for the next iteration, the rest in order.
		for i := range list {
			if list[i] == best {
				copy(list[1:i+1], list[:i])
				list[0] = best
				break
			}
		}
		if e.tt != nil {
			e.tt.Store(e.game.Hash(p), depth, TTExact, int32(v), best, true)
		}
		if lim.OnDepth != nil {
			info := EngineInfo[M]{Depth: depth, Move: best, Value: v, Nodes: e.nodes, Evals: e.evals, SelDepth: e.selDepth, PV: res.PV}
			if e.tm != nil {
				info.Elapsed = e.tm.Elapsed()
			}
			lim.OnDepth(info)
		}
		prev = v
		// A win or loss proven within the horizon cannot change with depth.
		if v >= EngineMate-Value(depth) || v <= -(EngineMate-Value(depth)) {
			break
		}
	}
	res.Aborted = e.abort
	res.Nodes, res.Evals = e.nodes, e.evals
	res.SelDepth = e.selDepth
	return res
}

// rootSearch searches the root's moves in their current order with the
// window (alpha, beta) and returns the best value (fail-soft).
func (e *Engine[P, M, G]) rootSearch(depth int, alpha, beta Value) Value {
	e.pvLen[0] = 0
	p := &e.pos[0]
	next := &e.pos[1]
	alpha0 := alpha
	best := -engineInf
	for i, m := range e.root {
		e.game.Play(next, p, m)
		var v Value
		if i == 0 || !e.opt.PVS {
			v = -e.negamax(1, depth-1, -beta, -alpha)
		} else {
			v = -e.negamax(1, depth-1, -alpha-1, -alpha)
			if !e.abort && v > alpha && v < beta {
				v = -e.negamax(1, depth-1, -beta, -alpha)
			}
		}
		if e.abort {
			return best
		}
		if v > best {
			best = v
			if v > alpha0 {
				e.iterMove, e.iterHas = m, true
			}
			if v > alpha || i == 0 {
				e.setPV(0, m)
			}
			if v > alpha {
				alpha = v
				if alpha >= beta {
					break
				}
			}
		}
	}
	return best
}

// setPV makes m followed by the child's variation the variation of ply.
func (e *Engine[P, M, G]) setPV(ply int, m M) {
	row := e.pv[ply]
	row[0] = m
	n := 1
	if c := ply + 1; c < len(e.pvLen) && e.pvLen[c] > 0 {
		n += copy(row[1:], e.pv[c][:e.pvLen[c]])
	}
	e.pvLen[ply] = n
}

// enter counts a node and polls the limits; false means abort.
func (e *Engine[P, M, G]) enter(ply int) bool {
	e.nodes++
	if ply > e.selDepth {
		e.selDepth = ply
	}
	if e.maxNodes != 0 && e.nodes > e.maxNodes {
		e.abort = true
	}
	if e.nodes&e.pollMask == 0 {
		if e.tm != nil && e.tm.HardExpired() || e.stop != nil && e.stop() {
			e.abort = true
		}
	}
	return !e.abort
}

// eval is the clamped static value of the node at ply.
func (e *Engine[P, M, G]) eval(ply int) Value {
	e.evals++
	v := e.game.Evaluate(&e.pos[ply])
	if v >= EngineMateBound {
		v = EngineMateBound - 1
	} else if v <= -EngineMateBound {
		v = -EngineMateBound + 1
	}
	return v
}

// terminal is the value of the terminal node at ply.
func (e *Engine[P, M, G]) terminal(ply int) Value {
	switch e.game.Outcome(&e.pos[ply]) {
	case OutcomeWin:
		return EngineMate - Value(ply)
	case OutcomeLoss:
		return -(EngineMate - Value(ply))
	case OutcomeDraw:
		return 0
	}
	return e.eval(ply)
}

// noMoves is the value of the node at ply without moves.
func (e *Engine[P, M, G]) noMoves(ply int) Value {
	switch e.opt.NoMoves {
	case EngineNoMovesDraw:
		return 0
	case EngineNoMovesEvaluate:
		return e.eval(ply)
	}
	return -(EngineMate - Value(ply))
}

// toTT and fromTT convert between root-relative and node-relative win scores.
func toTT(v Value, ply int) int32 {
	if v >= EngineMateBound {
		v += Value(ply)
	} else if v <= -EngineMateBound {
		v -= Value(ply)
	}
	return int32(v)
}

func fromTT(v int32, ply int) Value {
	w := Value(v)
	if w >= EngineMateBound {
		w -= Value(ply)
	} else if w <= -EngineMateBound {
		w += Value(ply)
	}
	return w
}

// Move-ordering score bands. A move's key is 2*score + 1 for a noisy move and
// 2*score for a quiet one: the low bit tells whether the move is noisy, and
// ordering ignores it.
const (
	orderHash   = 1 << 29
	orderNoisy  = 1 << 28
	orderKiller = 1 << 27
	historyMax  = 1 << 25
	noisyMax    = 1 << 24
)

// score fills the ordering keys of list at ply. In quiescence (q) only the
// noisy scores count. The returned slice is parallel to list.
func (e *Engine[P, M, G]) score(ply int, p *P, list []M, hashMove M, hasHash, q bool) []int32 {
	s := e.scores[ply][:0]
	side := ply & 1
	for _, m := range list {
		var v int32
		n := e.game.Noisy(p, m)
		if n >= noisyMax {
			n = noisyMax - 1
		}
		switch {
		case hasHash && m == hashMove:
			v = orderHash
		case n > 0 && (e.opt.MVVLVA || q):
			v = orderNoisy + n
		case n > 0:
			v = 0
		case !q && e.opt.Killers && e.killOK[ply][0] && m == e.killers[ply][0]:
			v = orderKiller + 1
		case !q && e.opt.Killers && e.killOK[ply][1] && m == e.killers[ply][1]:
			v = orderKiller
		case !q && e.opt.History:
			v = e.history[side][e.game.HistoryIndex(p, m)]
		}
		v *= 2
		if n > 0 {
			v++
		}
		s = append(s, v)
	}
	e.scores[ply] = s[:0]
	return s
}

// pick moves the best-scored entry of list[i:] to i, shifting the others up
// so that equal scores keep their order (the noisy bit of the keys is
// ignored).
func (e *Engine[P, M, G]) pick(list []M, s []int32, i int) {
	b := i
	for j := i + 1; j < len(s); j++ {
		if s[j]>>1 > s[b]>>1 {
			b = j
		}
	}
	if b == i {
		return
	}
	m, v := list[b], s[b]
	copy(list[i+1:b+1], list[i:b])
	copy(s[i+1:b+1], s[i:b])
	list[i], s[i] = m, v
}

// isKiller reports whether m is a killer at ply.
func (e *Engine[P, M, G]) isKiller(ply int, m M) bool {
	k := &e.killers[ply]
	ok := &e.killOK[ply]
	return ok[0] && k[0] == m || ok[1] && k[1] == m
}

// cut records the quiet move m that caused a beta cut at ply.
func (e *Engine[P, M, G]) cut(ply, depth int, p *P, m M) {
	if e.opt.Killers {
		k := &e.killers[ply]
		ok := &e.killOK[ply]
		if !ok[0] || k[0] != m {
			k[1], ok[1] = k[0], ok[0]
			k[0], ok[0] = m, true
		}
	}
	if e.opt.History {
		h := e.history[ply&1]
		i := e.game.HistoryIndex(p, m)
		h[i] += int32(depth * depth)
		if h[i] >= historyMax {
			for j := range h {
				h[j] /= 2
			}
		}
	}
}

// negamax searches the node at ply (ply >= 1) to depth with the window
// (alpha, beta), fail-soft.
func (e *Engine[P, M, G]) negamax(ply, depth int, alpha, beta Value) Value {
	e.pvLen[ply] = 0
	if !e.enter(ply) {
		return 0
	}
	p := &e.pos[ply]
	if e.game.Terminal(p) {
		return e.terminal(ply)
	}
	if depth <= 0 {
		if e.opt.Quiescence {
			return e.qbody(ply, alpha, beta)
		}
		return e.eval(ply)
	}
	if ply >= EngineMaxPly-1 {
		return e.eval(ply)
	}
	pvNode := beta-alpha > 1
	alpha0 := alpha
	var key uint64
	var hashMove M
	hasHash := false
	if e.tt != nil {
		key = e.game.Hash(p)
		if ent, ok := e.tt.Probe(key); ok {
			if ent.HasMove && e.opt.HashMove {
				hashMove, hasHash = ent.Move, true
			}
			d := int(ent.Depth)
			if d == depth || d > depth && !e.opt.TTExactDepth {
				v := fromTT(ent.Value, ply)
				switch {
				case ent.Bound == TTExact,
					ent.Bound == TTLower && v >= beta,
					ent.Bound == TTUpper && v <= alpha:
					return v
				}
			}
		}
	}
	inCheck := e.checker != nil && e.checker.InCheck(p)
	next := &e.pos[ply+1]
	if e.opt.NullMove && e.nuller != nil && !pvNode && !inCheck && depth >= 3 &&
		beta < EngineMateBound && beta > -EngineMateBound && e.nuller.PlayNull(next, p) {
		r := e.opt.NullMoveReduction
		if r <= 0 {
			r = 2
		}
		v := -e.negamax(ply+1, depth-1-r, -beta, -beta+1)
		if e.abort {
			return 0
		}
		if v >= beta {
			if v >= EngineMateBound {
				v = beta
			}
			return v
		}
	}
	list := e.game.Moves(p, e.moves[ply][:0])
	e.moves[ply] = list[:0]
	if len(list) == 0 {
		return e.noMoves(ply)
	}
	// Without any ordering technique the game's order stands and no move
	// needs classifying.
	ordered := hasHash || e.opt.MVVLVA || e.opt.Killers || e.opt.History || e.opt.LMR || e.opt.Futility
	// Futility: at the frontier, quiet moves cannot lift a hopeless static
	// value to alpha.
	futile := false
	var futileValue Value
	if e.opt.Futility && depth == 1 && !pvNode && !inCheck && alpha > -EngineMateBound && alpha < EngineMateBound {
		margin := e.opt.FutilityMargin
		if margin <= 0 {
			margin = 200
		}
		futileValue = e.eval(ply) + margin
		futile = futileValue <= alpha
	}
	ext := 0
	if e.opt.CheckExtension && inCheck {
		ext = 1
	}
	var scores []int32
	if ordered {
		scores = e.score(ply, p, list, hashMove, hasHash, false)
	}
	best := -engineInf
	var bestMove M
	hasBest := false
	d := depth - 1 + ext
	for i := range list {
		quiet := true
		if ordered {
			e.pick(list, scores, i)
			quiet = scores[i]&1 == 0
		}
		m := list[i]
		if futile && quiet {
			if futileValue > best {
				best = futileValue
			}
			continue
		}
		e.game.Play(next, p, m)
		var v Value
		if i == 0 || !e.opt.PVS {
			v = -e.negamax(ply+1, d, -beta, -alpha)
		} else {
			reduced := false
			if e.opt.LMR && depth >= 3 && i >= 3 && quiet && !inCheck && !e.isKiller(ply, m) {
				v = -e.negamax(ply+1, d-1, -alpha-1, -alpha)
				reduced = true
			}
			if !reduced || !e.abort && v > alpha {
				v = -e.negamax(ply+1, d, -alpha-1, -alpha)
			}
			if !e.abort && v > alpha && v < beta {
				v = -e.negamax(ply+1, d, -beta, -alpha)
			}
		}
		if e.abort {
			return 0
		}
		if v > best || !hasBest && v == best {
			best, bestMove, hasBest = v, m, true
			if v > alpha {
				alpha = v
				e.setPV(ply, m)
				if alpha >= beta {
					if quiet {
						e.cut(ply, depth, p, m)
					}
					break
				}
			}
		}
	}
	if e.tt != nil {
		bound := TTExact
		if best <= alpha0 {
			bound = TTUpper
		} else if best >= beta {
			bound = TTLower
		}
		e.tt.Store(key, depth, bound, toTT(best, ply), bestMove, hasBest)
	}
	return best
}

// qnode enters a quiescence node at ply.
func (e *Engine[P, M, G]) qnode(ply int, alpha, beta Value) Value {
	e.pvLen[ply] = 0
	if !e.enter(ply) {
		return 0
	}
	if e.game.Terminal(&e.pos[ply]) {
		return e.terminal(ply)
	}
	return e.qbody(ply, alpha, beta)
}

// qbody is the quiescence search of the entered, non-terminal node at ply:
// stand pat on the static value, then the noisy moves, best first; in check,
// every move.
func (e *Engine[P, M, G]) qbody(ply int, alpha, beta Value) Value {
	if ply >= EngineMaxPly-1 {
		return e.eval(ply)
	}
	p := &e.pos[ply]
	inCheck := e.checker != nil && e.checker.InCheck(p)
	best := -engineInf
	var list []M
	if inCheck {
		list = e.game.Moves(p, e.moves[ply][:0])
		e.moves[ply] = list[:0]
		if len(list) == 0 {
			return e.noMoves(ply)
		}
	} else {
		best = e.eval(ply)
		if best >= beta {
			return best
		}
		if best > alpha {
			alpha = best
		}
		if e.noisy != nil {
			list = e.noisy.NoisyMoves(p, e.moves[ply][:0])
			e.moves[ply] = list[:0]
		} else {
			list = e.game.Moves(p, e.moves[ply][:0])
			e.moves[ply] = list[:0]
			n := 0
			for _, m := range list {
				if e.game.Noisy(p, m) > 0 {
					list[n] = m
					n++
				}
			}
			list = list[:n]
		}
	}
	var zero M
	scores := e.score(ply, p, list, zero, false, true)
	next := &e.pos[ply+1]
	for i := range list {
		e.pick(list, scores, i)
		m := list[i]
		e.game.Play(next, p, m)
		v := -e.qnode(ply+1, -beta, -alpha)
		if e.abort {
			return 0
		}
		if v > best {
			best = v
			if v > alpha {
				alpha = v
				e.setPV(ply, m)
				if alpha >= beta {
					break
				}
			}
		}
	}
	return best
}
