package tictactoe_test

import (
	"testing"

	"github.com/gamesearch/gamesearch/pkg/engine"
	"github.com/gamesearch/gamesearch/pkg/engine/enginetest"
	"github.com/gamesearch/gamesearch/pkg/tictactoe"
	"gotest.tools/v3/assert"
)

// TestEngineGameChecks runs enginetest.CheckGame over the whole game tree
// from the empty board: appending moves, pure Play, hashes that tell every
// reachable position apart, outcomes, ranges.
func TestEngineGameChecks(t *testing.T) {
	g := tictactoe.EngineGame{}
	assert.NilError(t, enginetest.CheckGame[tictactoe.Position, tictactoe.Move](g, []tictactoe.Position{tictactoe.Start()}, 9))
	// Every reachable position has its own key.
	seen := map[uint64]tictactoe.Position{}
	for p := range reachable() {
		h := tictactoe.Hash(&p)
		q, dup := seen[h]
		assert.Assert(t, !dup, "%v and %v share a hash", p, q)
		seen[h] = p
	}
}

// TestEngineGameScores checks the static evaluation, the outcomes and the
// noisy moves on hand-made positions.
func TestEngineGameScores(t *testing.T) {
	g := tictactoe.EngineGame{}
	pos := func(s string) tictactoe.Position {
		p, err := tictactoe.ParsePosition(s)
		assert.NilError(t, err, s)
		return p
	}
	// X in the centre, O to move: X owns 4 lines with one mark.
	p := pos("....X....")
	assert.Equal(t, g.Evaluate(&p), tictactoe.Value(-4))
	// X on 1 and 2, O on 5, O to move: X's 1-2-3 (-10) and 1-4-7 (-1),
	// O's 4-5-6 and 3-5-7 (+1 each).
	p = pos("XX..O....")
	assert.Equal(t, g.Evaluate(&p), tictactoe.Value(-10-1+1+1))
	assert.Equal(t, g.Noisy(&p, 2), int32(0), "square 3 completes no line of O")
	// X on 1 and 2, O on 5 and 6, X to move: 1-2-3 +10, 1-4-7 +1, 4-5-6
	// -10, 3-6-9 -1, 3-5-7 -1.
	p = pos("XX..OO...")
	assert.Equal(t, g.Evaluate(&p), tictactoe.Value(10+1-10-1-1))
	assert.Equal(t, g.Noisy(&p, 2), int32(1), "square 3 completes 1-2-3")
	assert.Equal(t, g.Noisy(&p, 3), int32(0))
	assert.Equal(t, g.HistoryIndex(&p, 8), 8)
	won := pos("XXXOO....")
	assert.Assert(t, g.Terminal(&won))
	assert.Equal(t, g.Outcome(&won), engine.OutcomeLoss)
	draw := pos("XOXXOOOXX")
	assert.Equal(t, g.Outcome(&draw), engine.OutcomeDraw)
}

// TestEnginePlaysPerfectly: from every unfinished reachable position, the
// engine's move at full depth keeps the minimax value of the position.
func TestEnginePlaysPerfectly(t *testing.T) {
	e := tictactoe.NewEngine(tictactoe.EngineOptions())
	s := tictactoe.NewSearcher()
	g := tictactoe.CourseGame{}
	n := 0
	for p := range reachable() {
		if p.Over() {
			continue
		}
		n++
		want := tictactoe.Solve(s, p).Value
		r := e.Search(p, engine.Limits[tictactoe.Move]{Depth: 9})
		assert.Assert(t, r.HasMove, p.String())
		var q tictactoe.Position
		g.Play(&q, &p, r.Move)
		got := -tictactoe.Solve(s, q).Value // a finished q: its own value
		assert.Equal(t, got, want, "%v: engine plays %v", p, r.Move)
	}
	assert.Equal(t, n, 4520)
}
