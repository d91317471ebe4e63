package tictactoe_test

import (
	"testing"

	"github.com/gamesearch/gamesearch/pkg/engine"
	"github.com/gamesearch/gamesearch/pkg/tictactoe"
	"gotest.tools/v3/assert"
)

// TestNoAllocation checks that the hot paths, a whole minimax, a perft and
// an engine search allocate nothing once their buffers exist.
func TestNoAllocation(t *testing.T) {
	g := tictactoe.CourseGame{}
	e := tictactoe.EngineGame{}
	root, err := tictactoe.ParsePosition("X...O....")
	assert.NilError(t, err)
	buf := make([]tictactoe.Move, 0, 9)
	var next tictactoe.Position
	assert.Equal(t, testing.AllocsPerRun(100, func() { buf = g.Moves(&root, buf[:0]) }), 0.0)
	assert.Equal(t, testing.AllocsPerRun(100, func() { g.Play(&next, &root, 8) }), 0.0)
	assert.Equal(t, testing.AllocsPerRun(100, func() { _ = g.Evaluate(&next) + e.Evaluate(&next) }), 0.0)
	assert.Equal(t, testing.AllocsPerRun(100, func() { _ = g.Terminal(&next) || g.CountReplies(&root, 3) > 0 }), 0.0)
	assert.Equal(t, testing.AllocsPerRun(100, func() { _ = tictactoe.Hash(&next) + uint64(e.Noisy(&root, 2)) }), 0.0)
	s := tictactoe.NewSearcher()
	assert.Equal(t, testing.AllocsPerRun(3, func() { tictactoe.Solve(s, root) }), 0.0)
	pf := tictactoe.NewPerft()
	pf.Count(root, 7)
	assert.Equal(t, testing.AllocsPerRun(3, func() { pf.Count(root, 7) }), 0.0)
	en := tictactoe.NewEngine(tictactoe.EngineOptions())
	en.Search(root, engine.Limits[tictactoe.Move]{Depth: 7})
	assert.Equal(t, testing.AllocsPerRun(3, func() { en.Search(root, engine.Limits[tictactoe.Move]{Depth: 7}) }), 0.0)
}
