package submission_test

import (
	"math/rand"
	"slices"
	"testing"

	"github.com/gamesearch/gamesearch/pkg/minichess"
	"github.com/gamesearch/gamesearch/pkg/minichess/submission"
	"gotest.tools/v3/assert"
)

// TestThinkWritesRootMoves: on positions of random games, every line Think
// writes is a move of the root's list, with budgets so small that no
// iteration completes (the fallback line), that stop an iteration part way
// (the partial line) and that complete several; the last line is the
// result's move.
func TestThinkWritesRootMoves(t *testing.T) {
	e := submission.NewEngine(submission.EngineOptions(1), minichess.DefaultEvalWeights())
	r := rand.New(rand.NewSource(7))
	positions := 0
	for range 20 {
		start := minichess.StartPosition()
		n := start.Node()
		for ply := 0; ply < 40; ply++ {
			var buf [minichess.MaxMoves]minichess.Move
			list, st := n.LegalMoves(buf[:0])
			if len(list) == 0 || st == minichess.Win {
				break
			}
			for _, nodes := range []uint64{1, 40, 700, 5000} {
				var written []minichess.Move
				res, err := e.ThinkNode(&n, submission.Limits{Nodes: nodes}, func(m minichess.Move) error {
					written = append(written, m)
					return nil
				})
				assert.NilError(t, err)
				assert.Assert(t, len(written) > 0, "%s, %d nodes: no line", fen(&n), nodes)
				for _, m := range written {
					assert.Assert(t, slices.Contains(list, m), "%s, %d nodes: %v is not a root move", fen(&n), nodes, m)
				}
				assert.Equal(t, res.Move, written[len(written)-1])
				assert.Equal(t, res.Lines, len(written))
			}
			positions++
			var next minichess.Node
			n.Play(&next, list[r.Intn(len(list))])
			n = next
		}
	}
	assert.Assert(t, positions > 200, "%d positions", positions)
}

func fen(n *minichess.Node) string {
	p := n.Position()
	return p.FEN()
}
