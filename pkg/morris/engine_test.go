package morris_test

import (
	"testing"
	"time"

	"github.com/gamesearch/gamesearch/pkg/engine"
	"github.com/gamesearch/gamesearch/pkg/engine/enginetest"
	"github.com/gamesearch/gamesearch/pkg/morris"
	"github.com/gamesearch/gamesearch/pkg/search"
	"gotest.tools/v3/assert"
)

// engineRoots are states of every kind: the empty board, an opening with
// captures possible, a sliding midgame, a hopping endgame, and the end of
// the placements crossing into the midgame.
func engineRoots(t testing.TB, b *morris.Board) []morris.State {
	t.Helper()
	mid := mustParse(t, "xxxxxxxxWWxWWxBBBxxxxx", b.Kind)
	hop := mustParse(t, "WxxxxxWxxxxxxxxWBBBxBx", b.Kind)
	open := mustParse(t, "WWxxxxxxxxxxxxBBxxxxxx", b.Kind)
	last := mustParse(t, "WBWBWBWBxBWxWWxxxBWBBx", b.Kind)
	return []morris.State{
		morris.GameStart(b, morris.Position{}),
		{Position: open, Left: [2]uint8{7, 7}},
		{Position: open, Black: true, Left: [2]uint8{6, 7}},
		{Position: mid},
		{Position: mid, Black: true},
		{Position: hop},
		{Position: hop.Swap(), Black: true},
		{Position: last, Left: [2]uint8{1, 1}},
	}
}

// TestCheckEngineGame runs the engine adapter through enginetest.CheckGame:
// appending move lists without duplicates, pure Play, a hash without
// collisions over every position within three plies (side to move and
// pieces left included), valid outcomes, Noisy and HistoryIndex in range.
func TestCheckEngineGame(t *testing.T) {
	for _, k := range []morris.Kind{morris.S22, morris.F18} {
		b := morris.BoardOf(k)
		var roots []morris.State
		for _, r := range engineRoots(t, morris.BoardOf(morris.S22)) {
			if k == morris.S22 {
				roots = append(roots, r)
			}
		}
		if k != morris.S22 {
			roots = []morris.State{morris.GameStart(b, morris.Position{})}
		}
		for _, e := range []morris.Estimator{morris.Improved, morris.Standard} {
			g := morris.EngineGame{Board: b, Estimator: e}
			assert.NilError(t, enginetest.CheckGame[morris.State, morris.Node](g, roots, 3), "board %s", k)
		}
	}
}

// TestStateRules checks the pieces left, the phase, the end of the game and
// the hash keys of the side to move and the pieces left.
func TestStateRules(t *testing.T) {
	b := morris.BoardOf(morris.S22)
	s := morris.GameStart(b, morris.Position{W: 1, B: 2})
	assert.Equal(t, s.Left, [2]uint8{8, 8})
	assert.Equal(t, s.Phase(), morris.Opening)
	var c morris.State
	g := morris.EngineGame{Board: b, Estimator: morris.Improved}
	moves := g.Moves(&s, nil)
	assert.Equal(t, len(moves), 20)
	s.Play(&c, moves[0])
	assert.Equal(t, c.Left, [2]uint8{7, 8})
	assert.Assert(t, c.Black)
	// Same board, different pieces left or side: different keys.
	x := morris.State{Position: s.Position, Left: [2]uint8{8, 7}}
	y := morris.State{Position: s.Position, Left: [2]uint8{8, 8}, Black: true}
	assert.Assert(t, s.Hash() != x.Hash() && s.Hash() != y.Hash() && x.Hash() != y.Hash())

	// Midgame end: two pieces, blocked; not in the opening.
	two := morris.State{Position: mustParse(t, "WWxxxxxxxxxxxxBBBxxxxx", morris.S22)}
	assert.Assert(t, b.Over(&two))
	assert.Equal(t, g.Outcome(&two), engine.OutcomeLoss)
	two.Left = [2]uint8{1, 0}
	assert.Assert(t, !b.Over(&two))
	blocked := morris.State{Position: mustParse(t, "WWWBBBWBxBxxBxxxxxxBxx", morris.S22)}
	assert.Equal(t, b.CountMoves(&morris.Node{Position: blocked.Position}, morris.Game), 0)
	assert.Assert(t, b.Over(&blocked))
	blocked.Black = true
	assert.Assert(t, !b.Over(&blocked))
}

// TestInferState checks the pieces left assumed by a -movetime program.
func TestInferState(t *testing.T) {
	b := morris.BoardOf(morris.S22)
	p := mustParse(t, "WWxxxxxxxxxxxxBxxxxxxx", morris.S22) // 2 W, 1 B
	cases := []struct {
		black, opening bool
		left           int
		want           [2]uint8
	}{
		{false, true, -1, [2]uint8{7, 7}}, // two placements each, one black piece lost
		{true, true, -1, [2]uint8{7, 8}},
		{false, true, 3, [2]uint8{3, 3}},
		{true, true, 3, [2]uint8{2, 3}},
		{true, true, 0, [2]uint8{0, 0}},
		{false, true, 99, [2]uint8{9, 9}},
		{false, false, 5, [2]uint8{0, 0}},
	}
	for _, c := range cases {
		s := morris.InferState(b, p, c.black, c.opening, c.left)
		assert.Equal(t, s.Left, c.want, "%+v", c)
		assert.Equal(t, s.Black, c.black)
		assert.Equal(t, s.Position, p)
	}
}

// TestEngineNoAllocation checks that the adapter's hot paths and a whole
// engine search (after the first) do not allocate.
func TestEngineNoAllocation(t *testing.T) {
	b := morris.BoardOf(morris.S22)
	g := morris.EngineGame{Board: b, Estimator: morris.Improved}
	roots := engineRoots(t, b)
	buf := make([]morris.Node, 0, 4096)
	allocs := testing.AllocsPerRun(50, func() {
		for i := range roots {
			s := &roots[i]
			list := g.Moves(s, buf[:0])
			var c morris.State
			for _, m := range list {
				g.Play(&c, s, m)
				_ = g.Evaluate(&c) + search.Value(g.Noisy(s, m)) + search.Value(g.HistoryIndex(s, m))
				_ = g.Hash(&c)
				_ = g.Terminal(&c)
			}
		}
	})
	assert.Equal(t, allocs, 0.0)
	e := morris.NewEngine(b, morris.Improved, morris.EngineOptions())
	lim := engine.Limits[morris.Node]{Nodes: 20000}
	e.Search(roots[3], lim)
	allocs = testing.AllocsPerRun(5, func() { e.Search(roots[3], lim) })
	assert.Equal(t, allocs, 0.0)
}

// TestThinkDeterministic checks that a search limited by depth or nodes
// gives the same move, count and estimate every time, that the chosen board
// is a child, and that the estimate of a Black search is from Black's view.
func TestThinkDeterministic(t *testing.T) {
	b := morris.BoardOf(morris.S22)
	for i, s := range engineRoots(t, b) {
		var first morris.TimedResult
		for run := range 2 {
			e := morris.NewEngine(b, morris.Improved, morris.EngineOptions())
			r := morris.Think(e, s, engine.Limits[morris.Node]{Nodes: 30000})
			assert.Assert(t, r.HasMove, "root %d", i)
			if run == 0 {
				first = r
				continue
			}
			assert.Equal(t, r, first, "root %d", i)
		}
		g := morris.EngineGame{Board: b, Estimator: morris.Improved}
		found := false
		for _, m := range g.Moves(&s, nil) {
			found = found || m.Position == first.Board
		}
		assert.Assert(t, found, "root %d: %s is not a child", i, first.Board.Format(b.N))
	}
	// A won position: White closes a mill and leaves Black with two pieces.
	s := morris.State{Position: mustParse(t, "WWxWxxxxxxxxxxBBBxxxxx", morris.S22)}
	e := morris.NewEngine(b, morris.Improved, morris.EngineOptions())
	r := morris.Think(e, s, engine.Limits[morris.Node]{Depth: 6})
	assert.Equal(t, r.Estimate, int64(engine.Mate-1))
	sw := morris.State{Position: s.Swap(), Black: true}
	rb := morris.Think(e, sw, engine.Limits[morris.Node]{Depth: 6})
	assert.Equal(t, rb.Estimate, r.Estimate)
	assert.Equal(t, rb.Board, r.Board.Swap())
}

// TestThinkGameOver covers a root where the game is already over: a side
// with two pieces still moves (best child at one ply), a blocked side keeps
// the board.
func TestThinkGameOver(t *testing.T) {
	b := morris.BoardOf(morris.S22)
	e := morris.NewEngine(b, morris.Improved, morris.EngineOptions())
	two := morris.State{Position: mustParse(t, "WWxxxxxxxxxxxxBBBxxxxx", morris.S22)}
	r := morris.Think(e, two, engine.Limits[morris.Node]{Depth: 3})
	assert.Assert(t, r.HasMove)
	assert.Assert(t, r.Board != two.Position)
	blocked := morris.State{Position: mustParse(t, "WWWBBBWBxBxxBxxxxxxBxx", morris.S22)}
	r = morris.Think(e, blocked, engine.Limits[morris.Node]{Depth: 3})
	assert.Assert(t, !r.HasMove)
	assert.Equal(t, r.Board, blocked.Position)
	assert.Equal(t, r.Evaluated, uint64(1))
}

// TestTimeLimits checks the hard and soft limits of -movetime and that a
// timed search driven by a manual clock stops at the hard limit: the clock
// advances 100 µs per reading (one reading per 1024 nodes), so the search
// would run far longer.
func TestTimeLimits(t *testing.T) {
	soft, hard := morris.TimeLimits(time.Second)
	assert.Equal(t, hard, 840*time.Millisecond)
	assert.Equal(t, soft, 420*time.Millisecond)
	_, hard = morris.TimeLimits(20 * time.Second)
	assert.Equal(t, hard, 16990*time.Millisecond)
	_, hard = morris.TimeLimits(5 * time.Millisecond)
	assert.Equal(t, hard, time.Millisecond)

	b := morris.BoardOf(morris.S22)
	e := morris.NewEngine(b, morris.Improved, morris.EngineOptions())
	clock := &engine.ManualClock{Step: 100 * time.Microsecond}
	for _, mt := range []time.Duration{20 * time.Millisecond, 100 * time.Millisecond} {
		soft, hard := morris.TimeLimits(mt)
		clock.T = 0
		tm := engine.NewTimeManager(clock, soft, hard)
		r := e.Search(morris.GameStart(b, morris.Position{}), engine.Limits[morris.Node]{Time: tm})
		assert.Assert(t, r.HasMove)
		assert.Assert(t, tm.Elapsed() < mt, "movetime %v: elapsed %v", mt, tm.Elapsed())
		t.Logf("movetime %v: depth %d, %d nodes, manual clock %v (hard %v)", mt, r.Depth, r.Nodes, tm.Elapsed(), hard)
	}
}
