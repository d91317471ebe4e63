package submission_test

import (
	"testing"
	"time"

	"github.com/gamesearch/gamesearch/pkg/minichess"
	"github.com/gamesearch/gamesearch/pkg/minichess/submission"
	"gotest.tools/v3/assert"
)

// TestUsesBudget: the program searches until its time budget is spent (it
// no longer stops early when the next iteration looks too long). The budget
// is a second: with 300 ms, a cold go test ./... on two busy cores left it
// one completed depth.
func TestUsesBudget(t *testing.T) {
	begin := time.Now()
	code, _, errs, act := run(t, stateOf(t, "kqbnr/ppppp/5/5/PPPPP/RNBQK w"), "-time", "1s")
	el := time.Since(begin)
	assert.Equal(t, code, 0)
	assert.Equal(t, errs, "")
	assert.Assert(t, len(lines(act)) >= 5, "%q", act)
	assert.Assert(t, el >= 990*time.Millisecond, "returned after %v of a 1s budget", el)
}

// TestPartialIterationEmitted: when a budget stops an iteration after it
// found a better move than the last completed one, that move is the last
// line; the result says so.
func TestPartialIterationEmitted(t *testing.T) {
	p, err := minichess.ParseFEN("k1bnr/p1P1p/1p3/5/1P1PP/RNBQK b")
	assert.NilError(t, err)
	e := submission.NewEngine(submission.EngineOptions(1), minichess.DefaultEvalWeights())
	partials := 0
	// With the default weights the budgets of 74,000 to 78,000 nodes stop
	// depth 9 in this position after it has found a better move than depth
	// 8's (from the start position no budget up to 400,000 nodes does).
	for nodes := uint64(70000); nodes <= 80000; nodes += 2000 {
		var got []minichess.Move
		res, err := e.Think(&p, submission.Limits{Nodes: nodes}, func(m minichess.Move) error { got = append(got, m); return nil })
		assert.NilError(t, err)
		assert.Equal(t, len(got), res.Lines)
		assert.Equal(t, got[len(got)-1], res.Move)
		if res.Partial {
			partials++
			assert.Equal(t, len(got), res.Depth+1, "one line per completed iteration, then the partial one")
			assert.Assert(t, got[len(got)-2] != res.Move)
		}
	}
	assert.Assert(t, partials > 0, "no budget stopped an iteration after a better move")
}
