package engine_test

import (
	"fmt"
	"math/rand"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/gamesearch/gamesearch/pkg/engine"
	"github.com/gamesearch/gamesearch/pkg/search"
	"gotest.tools/v3/assert"
)

// engExact returns the options under which a fixed-depth search must return
// the plain minimax value: every ordering technique, PVS, aspiration windows
// (with a narrow window, to force re-searches) and a table used only at the
// exact depth.
func engExact() engine.Options {
	o := engine.DefaultOptions()
	o.Quiescence = false
	o.TTExactDepth = true
	o.HashMiB = 1
	o.AspirationDelta = 3
	o.AspirationMinDepth = 2
	return o
}

// engFlagSets are the option sets compared with the oracle: each exact
// technique alone, then all of them.
func engFlagSets() map[string]engine.Options {
	all := engExact()
	sets := map[string]engine.Options{
		"plain":      {},
		"pvs":        {PVS: true},
		"aspiration": {Aspiration: true, AspirationDelta: 2, AspirationMinDepth: 2},
		"tt-exact":   {TT: true, HashMiB: 1, TTExactDepth: true, HashMove: true},
		"ordering":   {MVVLVA: true, Killers: true, History: true, HistoryMalus: true},
		"all":        all,
	}
	return sets
}

// engRandomPositions plays up to maxPlies random moves from start.
func engRandomPositions[P any, M comparable](g engine.Game[P, M], start P, n, maxPlies int, seed int64) []P {
	rng := rand.New(rand.NewSource(seed))
	var out []P
	for len(out) < n {
		p := start
		plies := rng.Intn(maxPlies + 1)
		for i := 0; i < plies && !g.Terminal(&p); i++ {
			ms := g.Moves(&p, nil)
			if len(ms) == 0 {
				break
			}
			var q P
			g.Play(&q, &p, ms[rng.Intn(len(ms))])
			p = q
		}
		if !g.Terminal(&p) && len(g.Moves(&p, nil)) > 0 {
			out = append(out, p)
		}
	}
	return out
}

// engCheckAgainstOracle compares the engine's fixed-depth values with plain
// minimax over the oracle tree, and checks that the chosen move has the root
// value.
func engCheckAgainstOracle[P any, M comparable, G engine.Game[P, M]](t *testing.T, g G, positions []P, maxDepth int, opt engine.Options, ref *engRef[P, M, G]) {
	t.Helper()
	e := engine.New[P, M](g, opt)
	mm := search.New[engRefPos[P], engRefMove[M]](ref, search.Options{})
	// The oracle's value of a node depends only on the game, the oracle's
	// rules and the node: the option sets of a test ask for the same ones.
	oracle := func(w engRefPos[P]) engine.Value {
		key := fmt.Sprintf("%T %+v %v %v %v %+v", g, g, ref.quiesce, ref.noMoves, ref.inCheck != nil, w)
		if v, ok := engOracle.Load(key); ok {
			return v.(engine.Value)
		}
		v := mm.Minimax(w, 200).Value
		engOracle.Store(key, v)
		return v
	}
	for i, p := range positions {
		for d := 1; d <= maxDepth; d++ {
			r := e.Search(p, engine.Limits[M]{Depth: d})
			want := oracle(ref.root(p, d))
			assert.Equal(t, r.Value, want, "position %d depth %d", i, d)
			assert.Assert(t, r.HasMove)
			assert.Assert(t, !r.Aborted)
			// The chosen move is worth the root value.
			var child P
			g.Play(&child, &p, r.Move)
			w := ref.root(child, d-1)
			w.ply = 1
			cv := -oracle(w)
			assert.Equal(t, cv, want, "position %d depth %d move %v", i, d, r.Move)
		}
	}
}

// engOracle holds the oracle values engCheckAgainstOracle has computed, by
// game, oracle rules and node.
var engOracle sync.Map

// TestEngineMatchesMinimax: with the exact techniques (PVS, aspiration,
// exact-depth table, hash move, MVV-LVA, killers, history), each alone and
// all together, the engine's fixed-depth value equals plain minimax on the
// same tree, in three toy games.
func TestEngineMatchesMinimax(t *testing.T) {
	t.Parallel()
	for name, opt := range engFlagSets() {
		t.Run(name, func(t *testing.T) {
			ttt := engTTT{}
			engCheckAgainstOracle(t, ttt, engRandomPositions[engTTTPos, int](ttt, engTTTPos{xtm: true}, 25, 5, 1), 9, opt,
				&engRef[engTTTPos, int, engTTT]{g: ttt})
			c4 := engC4{}
			engCheckAgainstOracle(t, c4, engRandomPositions[engC4Pos, int](c4, engC4Pos{}, 12, 14, 2), 6, opt,
				&engRef[engC4Pos, int, engC4]{g: c4})
			rg := engRand{}
			rs := engRandomPositions[engRandPos, int](rg, engRandPos{left: 14}, 20, 4, 3)
			engCheckAgainstOracle(t, rg, rs, 7, opt, &engRef[engRandPos, int, engRand]{g: rg})
		})
	}
}

// TestPlyFreeTableMatchesMinimax: keyed without the ply count
// ([engine.Options.PlyFreeTable]), with every exact technique, the
// engine's fixed-depth value still equals plain minimax in a game whose
// positions recur after different numbers of plies and change value near
// the ply limit.
func TestPlyFreeTableMatchesMinimax(t *testing.T) {
	t.Parallel()
	opt := engFlagSets()["all"]
	opt.PlyFreeTable = true
	g := engLim{}
	for _, left := range []int8{2, 3, 4, 5, 6, 8} {
		ps := engRandomPositions[engLimPos, int](g, engLimPos{left: left + 4}, 16, 4, int64(left))
		engCheckAgainstOracle(t, g, ps, 7, opt, &engRef[engLimPos, int, engLim]{g: g})
	}
}

// TestPlainEngineCountsLikeAlphaBeta: with no technique on, each iteration
// of the engine is the course's fail-soft alpha-beta (search.Searcher) with
// the previous best root move moved to the front: same values, same moves,
// and node and evaluation counts that add up exactly.
func TestPlainEngineCountsLikeAlphaBeta(t *testing.T) {
	t.Parallel()
	g := engC4Static{}
	for i, p := range engRandomPositions[engC4Pos, int](g, engC4Pos{}, 8, 10, 21) {
		const depth = 7
		var infos []engine.Info[int]
		r := engine.New[engC4Pos, int](g, engine.Options{}).Search(p, engine.Limits[int]{
			Depth: depth, OnDepth: func(in engine.Info[int]) { infos = append(infos, in) }})
		assert.Equal(t, len(infos), depth)
		ref := &engRootOrder{root: p, order: g.Moves(&p, nil)}
		nodes, evals := uint64(1), uint64(0)
		for k := 1; k <= depth; k++ {
			ab := search.New[engC4Pos, int](ref, search.Options{}).AlphaBeta(p, k)
			nodes += ab.Nodes - 1 // the engine counts the root once
			evals += ab.Evals
			in := infos[k-1]
			assert.Equal(t, in.Value, ab.Value, "position %d depth %d", i, k)
			assert.Equal(t, in.Move, ab.Move, "position %d depth %d", i, k)
			assert.Equal(t, in.Nodes, nodes, "position %d depth %d", i, k)
			assert.Equal(t, in.Evals, evals, "position %d depth %d", i, k)
			// The next iteration starts with this one's best move.
			j := slices.Index(ref.order, in.Move)
			ref.order = append([]int{in.Move}, slices.Delete(slices.Clone(ref.order), j, j+1)...)
		}
		assert.Equal(t, r.Nodes, nodes)
		assert.Equal(t, r.Evals, evals)
	}
}

// TestEngineQuiescenceMatchesOracle: with quiescence the engine's value is the
// depth-d search extended by noisy moves with stand pat (all moves, without
// stand pat, in check), as the oracle defines it.
func TestEngineQuiescenceMatchesOracle(t *testing.T) {
	t.Parallel()
	for _, noMoves := range []engine.NoMoves{engine.NoMovesLoss, engine.NoMovesDraw, engine.NoMovesEvaluate} {
		t.Run(fmt.Sprint(noMoves), func(t *testing.T) {
			opt := engExact()
			opt.Quiescence = true
			opt.NoMoves = noMoves
			rg := engRand{}
			rs := engRandomPositions[engRandPos, int](rg, engRandPos{left: 11}, 20, 3, 4)
			engCheckAgainstOracle(t, rg, rs, 5, opt, &engRef[engRandPos, int, engRand]{g: rg, quiesce: true, noMoves: noMoves, inCheck: rg.InCheck})
			c4 := engC4{}
			opt.NoMoves = engine.NoMovesLoss
			engCheckAgainstOracle(t, c4, engRandomPositions[engC4Pos, int](c4, engC4Pos{}, 10, 14, 5), 5, opt,
				&engRef[engC4Pos, int, engC4]{g: c4, quiesce: true})
		})
	}
}

// TestEngineFullTableSolvesTicTacToe: with the ordinary table (deeper entries
// used), the value of a search to the end of the game is still exact, since
// every stored value is then a game-theoretic value.
func TestEngineFullTableSolvesTicTacToe(t *testing.T) {
	t.Parallel()
	g := engTTT{}
	opt := engine.DefaultOptions()
	opt.HashMiB = 1
	e := engine.New[engTTTPos, int](g, opt)
	ref := &engRef[engTTTPos, int, engTTT]{g: g}
	mm := search.New[engRefPos[engTTTPos], engRefMove[int]](ref, search.Options{})
	for i, p := range engRandomPositions[engTTTPos, int](g, engTTTPos{xtm: true}, 40, 6, 6) {
		r := e.Search(p, engine.Limits[int]{Depth: 9})
		assert.Equal(t, r.Value, mm.Minimax(ref.root(p, 9), 200).Value, "position %d", i)
	}
	r := e.Search(engTTTPos{xtm: true}, engine.Limits[int]{Depth: 9})
	assert.Equal(t, r.Value, search.Value(0))
}

// TestEngineShortestWin: a win is scored by its distance, so the engine takes
// the immediate win and reports it as Mate-1, and stops deepening once
// the win is proven.
func TestEngineShortestWin(t *testing.T) {
	t.Parallel()
	// X: 0,1 ; O: 3,4 ; X to move. X wins at once with 2; O threatens 5.
	p := engTTTPos{x: 1<<0 | 1<<1, o: 1<<3 | 1<<4, xtm: true}
	e := engine.New[engTTTPos, int](engTTT{}, engine.DefaultOptions())
	var depths []int
	r := e.Search(p, engine.Limits[int]{OnDepth: func(i engine.Info[int]) { depths = append(depths, i.Depth) }})
	assert.Equal(t, r.Move, 2)
	assert.Equal(t, r.Value, engine.Mate-1)
	assert.DeepEqual(t, depths, []int{1})
	// O to move in the same cells after X played elsewhere: O must block.
	q := engTTTPos{x: 1<<0 | 1<<1 | 1<<8, o: 1 << 4, xtm: false}
	r = e.Search(q, engine.Limits[int]{})
	assert.Equal(t, r.Move, 2)
}

// TestEngineResultScores checks the scoring of results by distance on
// explicit trees.
func TestEngineResultScores(t *testing.T) {
	t.Parallel()
	W, L, D, S := engine.OutcomeWin, engine.OutcomeLoss, engine.OutcomeDraw, engine.OutcomeStatic
	cases := []struct {
		name string
		tree engTree
		want search.Value
		move int
	}{
		{"forced into a lost position", engTree{
			kids: [][]int{{1}, nil}, term: []bool{false, true}, out: []engine.Outcome{S, W}, val: []search.Value{0, 0},
		}, -(engine.Mate - 1), 1},
		{"win two plies down beats a static edge", engTree{
			kids: [][]int{{1, 2}, {3}, nil, nil}, term: []bool{false, false, true, true},
			out: []engine.Outcome{S, S, S, W}, val: []search.Value{0, 0, 5, 0},
		}, engine.Mate - 2, 1},
		{"no moves is a loss", engTree{
			kids: [][]int{{1, 2}, nil, {3}, nil}, term: []bool{false, false, false, true},
			out: []engine.Outcome{S, S, S, L}, val: []search.Value{0, 0, 0, 0},
		}, engine.Mate - 1, 1},
		{"draw beats a static loss", engTree{
			kids: [][]int{{1, 2}, nil, nil}, term: []bool{false, true, true},
			out: []engine.Outcome{S, D, S}, val: []search.Value{0, 0, 7},
		}, 0, 1},
		{"static leaf terminal", engTree{
			kids: [][]int{{1, 2}, nil, nil}, term: []bool{false, true, true},
			out: []engine.Outcome{S, S, S}, val: []search.Value{0, 3, -4},
		}, 4, 2},
	}
	for _, c := range cases {
		for _, opt := range []engine.Options{{}, engine.DefaultOptions()} {
			e := engine.New[int, int](&c.tree, opt)
			r := e.Search(0, engine.Limits[int]{Depth: 4})
			assert.Equal(t, r.Value, c.want, c.name)
			assert.Equal(t, r.Move, c.move, c.name)
		}
	}
}

// TestEngineSpecialRoots: a terminal root and a root without moves give no
// move and the root's own value.
func TestEngineSpecialRoots(t *testing.T) {
	t.Parallel()
	e := engine.New[engTTTPos, int](engTTT{}, engine.DefaultOptions())
	won := engTTTPos{x: 7, o: 1<<3 | 1<<4, xtm: false}
	r := e.Search(won, engine.Limits[int]{})
	assert.Assert(t, !r.HasMove)
	assert.Equal(t, r.Value, -engine.Mate)
	g := engRand{}
	p := engRandPos{left: 3}
	// Find a non-terminal position without moves.
	for i := uint64(0); ; i++ {
		p.sum = i
		if !g.Terminal(&p) && len(g.Moves(&p, nil)) == 0 {
			break
		}
	}
	for _, c := range []struct {
		nm   engine.NoMoves
		want search.Value
	}{{engine.NoMovesLoss, -engine.Mate}, {engine.NoMovesDraw, 0}, {engine.NoMovesEvaluate, g.Evaluate(&p)}} {
		en := engine.New[engRandPos, int](g, engine.Options{NoMoves: c.nm})
		r := en.Search(p, engine.Limits[int]{})
		assert.Assert(t, !r.HasMove)
		assert.Equal(t, r.Value, c.want)
	}
}

// TestEngineMaxPly: an endless game is searched to MaxPly-1 and no
// further, in the main search and in quiescence, without a panic.
func TestEngineMaxPly(t *testing.T) {
	t.Parallel()
	for _, opt := range []engine.Options{{}, engine.DefaultOptions()} {
		e := engine.New[int, int](engLine{}, opt)
		r := e.Search(0, engine.Limits[int]{Depth: 1000})
		assert.Equal(t, r.Depth, engine.MaxPly-1)
		assert.Equal(t, r.SelDepth, engine.MaxPly-1)
		assert.Equal(t, len(r.PV), engine.MaxPly-1)
		r = e.Search(0, engine.Limits[int]{Depth: 1})
		if opt.Quiescence {
			assert.Equal(t, r.SelDepth, engine.MaxPly-1)
		} else {
			assert.Equal(t, r.SelDepth, 1)
		}
	}
}

// TestEngineOnDepth: the callback sees every completed iteration in order,
// with a principal variation of legal moves that starts with the reported
// move, and the result is the last iteration's.
func TestEngineOnDepth(t *testing.T) {
	t.Parallel()
	g := engC4{}
	e := engine.New[engC4Pos, int](g, engine.DefaultOptions())
	var infos []engine.Info[int]
	var pvs [][]int
	r := e.Search(engC4Pos{}, engine.Limits[int]{Depth: 8, OnDepth: func(i engine.Info[int]) {
		infos = append(infos, i)
		pvs = append(pvs, slices.Clone(i.PV))
	}})
	assert.Equal(t, len(infos), 8)
	for k, in := range infos {
		assert.Equal(t, in.Depth, k+1)
		assert.Assert(t, len(pvs[k]) >= 1)
		assert.Equal(t, pvs[k][0], in.Move)
		p := engC4Pos{}
		for _, m := range pvs[k] {
			assert.Assert(t, !g.Terminal(&p))
			assert.Assert(t, slices.Contains(g.Moves(&p, nil), m), "illegal PV move %d", m)
			var q engC4Pos
			g.Play(&q, &p, m)
			p = q
		}
		if k > 0 {
			assert.Assert(t, in.Nodes > infos[k-1].Nodes)
		}
	}
	assert.Equal(t, r.Depth, 8)
	assert.Equal(t, r.Move, infos[7].Move)
	assert.Equal(t, r.Value, infos[7].Value)
	assert.DeepEqual(t, r.PV, pvs[7])
}

// TestEngineNodeBudgetDeterministic: a node budget gives the same move, value
// and count on every run and in a fresh engine, and never exceeds the budget
// by more than the root.
func TestEngineNodeBudgetDeterministic(t *testing.T) {
	t.Parallel()
	g := engC4{}
	opt := engine.DefaultOptions()
	opt.HashMiB = 1 // 65,536 entries: more than the largest budget's nodes
	roots := engRandomPositions[engC4Pos, int](g, engC4Pos{}, 5, 8, 9)
	for _, budget := range []uint64{1, 10, 100, 1000, 5000, 20000} {
		for i, p := range roots {
			e1 := engine.New[engC4Pos, int](g, opt)
			e2 := engine.New[engC4Pos, int](g, opt)
			a := e1.Search(p, engine.Limits[int]{Nodes: budget})
			b := e2.Search(p, engine.Limits[int]{Nodes: budget})
			assert.DeepEqual(t, a, b)
			assert.Assert(t, a.Nodes <= budget+1, "budget %d position %d: %d nodes", budget, i, a.Nodes)
			assert.Assert(t, a.HasMove)
			assert.Assert(t, slices.Contains(g.Moves(&p, nil), a.Move))
		}
	}
}

// TestEnginePartialIteration: when a budget stops an iteration, the move is
// the last completed iteration's unless a move of the partial iteration was
// fully searched and beat it; in every case it is a root move.
func TestEnginePartialIteration(t *testing.T) {
	t.Parallel()
	g := engRand{}
	opt := engine.DefaultOptions()
	opt.HashMiB = 1 // more entries than the largest budget's nodes
	partials := 0
	for _, p := range engRandomPositions[engRandPos, int](g, engRandPos{left: 40}, 6, 4, 11) {
		for budget := uint64(20); budget < 8000; budget = budget*11/10 + 1 {
			e := engine.New[engRandPos, int](g, opt)
			var last engine.Info[int]
			r := e.Search(p, engine.Limits[int]{Nodes: budget, OnDepth: func(i engine.Info[int]) { last = i }})
			assert.Assert(t, slices.Contains(g.Moves(&p, nil), r.Move))
			if !r.Aborted {
				continue
			}
			assert.Equal(t, r.Depth, last.Depth)
			if r.Partial {
				partials++
				assert.Assert(t, r.Move != last.Move)
			} else if last.Depth > 0 {
				assert.Equal(t, r.Move, last.Move)
			}
		}
	}
	assert.Assert(t, partials > 0, "no budget ended inside an iteration with a new best move")
	t.Logf("%d budgets ended with a move from a partial iteration", partials)
}

// TestEngineTimeNeverOverruns drives the engine with a manual clock that
// advances one microsecond per move played: the search must stop within one
// poll interval of the hard limit, must not start an iteration after the soft
// limit, and must always return a root move. With the soft limit at 45% of
// the hard one the iterations end by themselves; with soft = hard the hard
// limit aborts them.
func TestEngineTimeNeverOverruns(t *testing.T) {
	t.Parallel()
	clock := &engine.ManualClock{}
	g := engC4{clock: clock}
	opt := engine.DefaultOptions()
	opt.PollEvery = 256
	e := engine.New[engC4Pos, int](g, opt)
	roots := engRandomPositions[engC4Pos, int](engC4{}, engC4Pos{}, 6, 6, 12)
	step := time.Microsecond
	aborted := 0
	var worst time.Duration
	for _, softPct := range []time.Duration{45, 100} {
		for _, hard := range []time.Duration{0, time.Microsecond, 100 * time.Microsecond, time.Millisecond, 7 * time.Millisecond, 50 * time.Millisecond} {
			for i, p := range roots {
				soft := hard * softPct / 100
				tm := engine.NewTimeManager(clock, soft, hard)
				if hard == 0 {
					tm = engine.NewTimeManager(clock, 0, time.Nanosecond)
					clock.Advance(time.Microsecond) // already expired
				}
				var infos []engine.Info[int]
				r := e.Search(p, engine.Limits[int]{Time: tm, OnDepth: func(in engine.Info[int]) { infos = append(infos, in) }})
				el := tm.Elapsed()
				if r.Aborted {
					aborted++
				}
				worst = max(worst, el-tm.Hard())
				assert.Assert(t, el <= tm.Hard()+time.Duration(opt.PollEvery)*step, "hard %v position %d: elapsed %v", hard, i, el)
				assert.Assert(t, r.HasMove)
				assert.Assert(t, slices.Contains(g.Moves(&p, nil), r.Move))
				for k := 0; k+1 < len(infos); k++ {
					assert.Assert(t, infos[k].Elapsed < tm.Soft(), "iteration %d started after the soft limit", k+2)
				}
				if hard == 0 {
					assert.Equal(t, r.Depth, 0)
					assert.Equal(t, r.Move, g.Moves(&p, nil)[0])
				}
			}
		}
	}
	assert.Assert(t, aborted >= 3*len(roots), "only %d searches were stopped by the hard limit", aborted)
	t.Logf("%d searches aborted by the hard limit; worst overrun %v (bound %v)", aborted, worst, time.Duration(opt.PollEvery)*step)
}

// TestEngineStop: Stop is polled and aborts the search.
func TestEngineStop(t *testing.T) {
	t.Parallel()
	e := engine.New[engC4Pos, int](engC4{}, engine.DefaultOptions())
	calls := 0
	r := e.Search(engC4Pos{}, engine.Limits[int]{Stop: func() bool { calls++; return calls > 5 }})
	assert.Assert(t, r.Aborted)
	assert.Equal(t, calls, 6)
	assert.Assert(t, r.HasMove)
}

// TestEngineHeuristicsRun exercises the value-changing techniques (null move,
// LMR, futility pruning, check extension) on the random game: they must still
// return root moves and deterministic results.
func TestEngineHeuristicsRun(t *testing.T) {
	t.Parallel()
	g := engRand{}
	opt := engine.DefaultOptions()
	opt.NullMove = true
	opt.LMR = true
	opt.Futility = true
	opt.CheckExtension = true
	opt.NullMoveAdaptive, opt.LMRLog, opt.ReverseFutility, opt.LateMovePruning, opt.HistoryMalus = true, true, true, true, true
	opt.HashMiB = 1
	roots := engRandomPositions[engRandPos, int](g, engRandPos{left: 30}, 20, 6, 13)
	for i, p := range roots {
		a := engine.New[engRandPos, int](g, opt).Search(p, engine.Limits[int]{Depth: 8})
		b := engine.New[engRandPos, int](g, opt).Search(p, engine.Limits[int]{Depth: 8})
		assert.DeepEqual(t, a, b)
		assert.Assert(t, a.HasMove, "position %d", i)
		assert.Assert(t, slices.Contains(g.Moves(&p, nil), a.Move))
	}
}

// TestEngineClear: after Clear the engine repeats its first search exactly.
func TestEngineClear(t *testing.T) {
	t.Parallel()
	e := engine.New[engC4Pos, int](engC4{}, engine.DefaultOptions())
	a := e.Search(engC4Pos{}, engine.Limits[int]{Nodes: 3000})
	a.PV = slices.Clone(a.PV)
	e.Search(engC4Pos{}, engine.Limits[int]{Depth: 7})
	e.Clear()
	b := e.Search(engC4Pos{}, engine.Limits[int]{Nodes: 3000})
	assert.DeepEqual(t, a, b)
}

// TestEngineNoAllocation: a search allocates nothing once the per-ply buffers
// have grown, with every technique on. Each measure is of one search after
// AllocsPerRun's warm-up: any allocation shows (the average over several runs
// rounds down). Not parallel: AllocsPerRun counts the allocations of the
// whole process.
func TestEngineNoAllocation(t *testing.T) {
	opt := engine.DefaultOptions()
	opt.NullMove, opt.LMR, opt.Futility, opt.CheckExtension = true, true, true, true
	opt.NullMoveAdaptive, opt.LMRLog, opt.ReverseFutility, opt.LateMovePruning, opt.HistoryMalus = true, true, true, true, true
	opt.HashMiB = 1
	c4 := engine.New[engC4Pos, int](engC4{}, opt)
	lim := engine.Limits[int]{Depth: 7}
	c4.Search(engC4Pos{}, lim)
	assert.Equal(t, testing.AllocsPerRun(1, func() { c4.Search(engC4Pos{}, lim) }), float64(0))
	rg := engine.New[engRandPos, int](engRand{}, opt)
	root := engRandPos{left: 20}
	rg.Search(root, engine.Limits[int]{Depth: 8})
	assert.Equal(t, testing.AllocsPerRun(1, func() { rg.Search(root, engine.Limits[int]{Depth: 8}) }), float64(0))
	clock := &engine.ManualClock{Step: time.Microsecond}
	assert.Equal(t, testing.AllocsPerRun(1, func() {
		tm := engine.NewTimeManager(clock, 500*time.Microsecond, time.Millisecond)
		c4.Search(engC4Pos{}, engine.Limits[int]{Time: tm})
	}), float64(1)) // the TimeManager itself
}

// BenchmarkEngineConnectFour measures nodes per second of the default engine
// from the empty 6x5 board to depth 10 (1 MiB table, cleared each time).
func BenchmarkEngineConnectFour(b *testing.B) {
	opt := engine.DefaultOptions()
	opt.HashMiB = 1
	e := engine.New[engC4Pos, int](engC4{}, opt)
	var nodes uint64
	for b.Loop() {
		e.Clear()
		nodes += e.Search(engC4Pos{}, engine.Limits[int]{Depth: 10}).Nodes
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
	b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
}

// BenchmarkEngineTicTacToe measures solving tic-tac-toe from the start.
func BenchmarkEngineTicTacToe(b *testing.B) {
	opt := engine.DefaultOptions()
	opt.HashMiB = 1
	e := engine.New[engTTTPos, int](engTTT{}, opt)
	var nodes uint64
	for b.Loop() {
		e.Clear()
		nodes += e.Search(engTTTPos{xtm: true}, engine.Limits[int]{Depth: 9}).Nodes
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
	b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
}

// BenchmarkEngineFeatures compares the node counts of the techniques on
// connect four at depth 9 (fewer nodes to the same depth is the first sign a
// technique helps; only self-play shows strength).
func BenchmarkEngineFeatures(b *testing.B) {
	base := engine.Options{}
	full := engine.DefaultOptions()
	sets := []struct {
		name string
		opt  engine.Options
	}{
		{"plain", base},
		{"tt", engine.Options{TT: true, HashMove: true}},
		{"tt+mvvlva+killers+history", engine.Options{TT: true, HashMove: true, MVVLVA: true, Killers: true, History: true}},
		{"default", full},
	}
	for _, s := range sets {
		b.Run(s.name, func(b *testing.B) {
			s.opt.HashMiB = 1
			e := engine.New[engC4Pos, int](engC4{}, s.opt)
			var nodes uint64
			for b.Loop() {
				e.Clear()
				nodes += e.Search(engC4Pos{}, engine.Limits[int]{Depth: 9}).Nodes
			}
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
			b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
		})
	}
}

// BenchmarkEngineOverhead compares the plain engine (zero options, iterative
// deepening to depth 8) with the course alpha-beta of search.Searcher at
// depth 8 on connect four, in nodes per second: the cost of the engine's
// bookkeeping.
func BenchmarkEngineOverhead(b *testing.B) {
	b.Run("engine-plain", func(b *testing.B) {
		e := engine.New[engC4Pos, int](engC4{}, engine.Options{})
		var nodes uint64
		for b.Loop() {
			nodes += e.Search(engC4Pos{}, engine.Limits[int]{Depth: 8}).Nodes
		}
		b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
	})
	b.Run("searcher-alphabeta", func(b *testing.B) {
		s := search.New[engC4Pos, int](engC4{}, search.Options{})
		var nodes uint64
		for b.Loop() {
			nodes += s.AlphaBeta(engC4Pos{}, 8).Nodes
		}
		b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
	})
}

// TestEngineRandomOptions searches random positions of the three toy games
// with random option sets and limits: every search returns a root move, and
// repeating it in a fresh engine gives the same result.
func TestEngineRandomOptions(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewSource(99))
	for it := 0; it < 300; it++ {
		o := engine.Options{
			TT: rng.Intn(2) == 0, HashMiB: 1, TTExactDepth: rng.Intn(3) == 0, HashMove: rng.Intn(2) == 0,
			MVVLVA: rng.Intn(2) == 0, Killers: rng.Intn(2) == 0, History: rng.Intn(2) == 0, PVS: rng.Intn(2) == 0,
			Aspiration: rng.Intn(2) == 0, AspirationDelta: search.Value(rng.Intn(20)), AspirationMinDepth: rng.Intn(5),
			Quiescence: rng.Intn(2) == 0, NullMove: rng.Intn(2) == 0, NullMoveReduction: rng.Intn(4), LMR: rng.Intn(2) == 0,
			NoMoves: engine.NoMoves(rng.Intn(3)), PollEvery: uint64(rng.Intn(3000)),
			Futility: rng.Intn(2) == 0, FutilityMargin: search.Value(rng.Intn(100)), CheckExtension: rng.Intn(2) == 0,
			NullMoveAdaptive: rng.Intn(2) == 0, LMRLog: rng.Intn(2) == 0, ReverseFutility: rng.Intn(2) == 0,
			ReverseFutilityMargin: search.Value(rng.Intn(150)), LateMovePruning: rng.Intn(2) == 0, HistoryMalus: rng.Intn(2) == 0,
		}
		lim := engine.Limits[int]{Depth: rng.Intn(12), Nodes: uint64(rng.Intn(50000))}
		switch it % 3 {
		case 0:
			engCheckRandomSearch(t, engRand{}, engRandPos{left: int8(5 + rng.Intn(40))}, 6, int64(it), o, lim)
		case 1:
			engCheckRandomSearch(t, engC4{}, engC4Pos{}, 20, int64(it), o, lim)
		case 2:
			engCheckRandomSearch(t, engTTT{}, engTTTPos{xtm: true}, 7, int64(it), o, lim)
		}
	}
}

func engCheckRandomSearch[P any, M comparable, G engine.Game[P, M]](t *testing.T, g G, start P, plies int, seed int64, o engine.Options, lim engine.Limits[M]) {
	t.Helper()
	p := engRandomPositions[P, M](g, start, 1, plies, seed)[0]
	a := engine.New[P, M](g, o).Search(p, lim)
	assert.Assert(t, a.HasMove, "options %+v limits %+v", o, lim)
	assert.Assert(t, slices.Contains(g.Moves(&p, nil), a.Move), "options %+v", o)
	a.PV = slices.Clone(a.PV)
	b := engine.New[P, M](g, o).Search(p, lim)
	assert.DeepEqual(t, a, b)
}

// TestEngineFlagsAct: each value-changing technique changes the work done
// (the check extension adds nodes), so its flag is wired to something.
// Whether a pruning saves nodes depends on the game: on this random game the
// null move costs more than it cuts.
func TestEngineFlagsAct(t *testing.T) {
	t.Parallel()
	g := engRand{}
	root := engRandPos{left: 30}
	base := engine.DefaultOptions()
	base.HashMiB = 1
	nodes := func(o engine.Options) uint64 {
		return engine.New[engRandPos, int](g, o).Search(root, engine.Limits[int]{Depth: 8}).Nodes
	}
	n0 := nodes(base)
	for _, c := range []struct {
		name string
		set  func(*engine.Options)
	}{
		{"NullMove", func(o *engine.Options) { o.NullMove = true }},
		{"LMR", func(o *engine.Options) { o.LMR = true }},
		{"Futility", func(o *engine.Options) { o.Futility, o.FutilityMargin = true, 1 }},
		{"CheckExtension", func(o *engine.Options) { o.CheckExtension = true }},
		{"NullMoveAdaptive", func(o *engine.Options) { o.NullMove, o.NullMoveAdaptive = true, true }},
		{"LMRLog", func(o *engine.Options) { o.LMR, o.LMRLog = true, true }},
		{"ReverseFutility", func(o *engine.Options) { o.ReverseFutility, o.ReverseFutilityMargin = true, 1 }},
		{"LateMovePruning", func(o *engine.Options) { o.LateMovePruning = true }},
		{"HistoryMalus", func(o *engine.Options) { o.HistoryMalus = true }},
	} {
		o := base
		c.set(&o)
		n := nodes(o)
		t.Logf("%s: %d nodes (default %d)", c.name, n, n0)
		assert.Assert(t, n != n0, "%s: %d nodes, as many as the default", c.name, n)
		if c.name == "CheckExtension" {
			assert.Assert(t, n > n0, "%s: %d nodes, default %d", c.name, n, n0)
		}
	}
}
