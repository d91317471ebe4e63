package search_test

import (
	"errors"
	"testing"

	"github.com/gamesearch/gamesearch/pkg/search"
	"gotest.tools/v3/assert"
)

// TestDeepen: each completed iteration equals a single search at its depth,
// the running total adds up, a node budget abandons the iteration that
// exhausts it, Stop ends the deepening (except a protected first
// iteration), an error from each is returned, and the Searcher's own
// options are restored.
func TestDeepen(t *testing.T) {
	start := tpos{xtm: true}
	s := search.New[tpos, int](ttt{}, search.Options{})
	var depths []int
	var sum uint64
	stopped, err := s.Deepen(start, search.DeepenLimits{Depth: 5, AlphaBeta: true}, func(d int, r search.Result[int], total uint64) error {
		one := search.New[tpos, int](ttt{}, search.Options{}).AlphaBeta(start, d)
		assert.DeepEqual(t, r, one)
		sum += r.Nodes
		assert.Equal(t, total, sum)
		depths = append(depths, d)
		return nil
	})
	assert.NilError(t, err)
	assert.Assert(t, !stopped)
	assert.DeepEqual(t, depths, []int{1, 2, 3, 4, 5})

	// Budget: depths 1 and 2 of minimax take 10 + 82 nodes; 100 cannot
	// finish depth 3 (586 nodes).
	depths = nil
	stopped, _ = s.Deepen(start, search.DeepenLimits{Depth: 9, Nodes: 100}, func(d int, _ search.Result[int], _ uint64) error {
		depths = append(depths, d)
		return nil
	})
	assert.Assert(t, stopped)
	assert.DeepEqual(t, depths, []int{1, 2})
	r := s.Minimax(start, 9)
	assert.Assert(t, !r.Aborted, "the budget outlived Deepen")

	// Stop at once: nothing, unless the first iteration is protected.
	always := func() bool { return true }
	depths = nil
	stopped, _ = s.Deepen(start, search.DeepenLimits{Depth: 9, Stop: always}, func(d int, _ search.Result[int], _ uint64) error {
		depths = append(depths, d)
		return nil
	})
	assert.Assert(t, stopped && depths == nil)
	stopped, _ = s.Deepen(start, search.DeepenLimits{Depth: 9, Stop: always, FirstComplete: true}, func(d int, _ search.Result[int], _ uint64) error {
		depths = append(depths, d)
		return nil
	})
	assert.Assert(t, stopped)
	assert.DeepEqual(t, depths, []int{1})

	// An error ends the deepening.
	boom := errors.New("boom")
	_, err = s.Deepen(start, search.DeepenLimits{Depth: 9}, func(d int, _ search.Result[int], _ uint64) error {
		if d == 2 {
			return boom
		}
		return nil
	})
	assert.Equal(t, err, boom)
}
