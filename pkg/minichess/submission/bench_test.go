package submission_test

import (
	"testing"

	"github.com/gamesearch/gamesearch/pkg/engine"
	"github.com/gamesearch/gamesearch/pkg/minichess"
	"github.com/gamesearch/gamesearch/pkg/minichess/submission"
	"gotest.tools/v3/assert"
)

func middlegame(t testing.TB) minichess.Position {
	p, err := minichess.ParseFEN("kq1nr/pp1pp/2p2/1b3/PPP1P/RNBQK w")
	assert.NilError(t, err)
	return p
}

// TestSearchNoAllocation: a search of the engine allocates nothing, however
// many nodes it visits (the table and the per-ply buffers exist already).
func TestSearchNoAllocation(t *testing.T) {
	e := submission.NewEngine(submission.EngineOptions(1), minichess.DefaultEvalWeights())
	p := middlegame(t)
	n := p.Node()
	root := minichess.NewEngineNode(&n, -1)
	s := e.Search()
	s.Search(root, engine.Limits[minichess.Move]{Depth: 8})
	var nodes uint64
	allocs := testing.AllocsPerRun(3, func() {
		s.Clear()
		nodes = s.Search(root, engine.Limits[minichess.Move]{Depth: 8}).Nodes
	})
	assert.Equal(t, allocs, 0.0)
	assert.Assert(t, nodes > 10000, "%d nodes", nodes)
}

// BenchmarkStartToDepth9 measures the time player_submission's engine
// needs to complete depth 9 from the start position (target: within 1 s),
// with a fresh 64 MiB table as in the program.
func BenchmarkStartToDepth9(b *testing.B) {
	e := submission.NewEngine(submission.EngineOptions(submission.DefaultHashMiB), minichess.DefaultEvalWeights())
	p := minichess.StartPosition()
	emit := func(minichess.Move) error { return nil }
	var res submission.Result
	for b.Loop() {
		var err error
		res, err = e.Think(&p, submission.Limits{Depth: 9}, emit)
		if err != nil || res.Depth != 9 {
			b.Fatalf("depth %d, %v", res.Depth, err)
		}
	}
	b.ReportMetric(float64(res.Nodes), "nodes")
	b.ReportMetric(float64(res.Nodes)*float64(b.N)/b.Elapsed().Seconds(), "nodes/s")
}

// BenchmarkNodesPerSecond measures the engine's speed on a middlegame
// position at a fixed budget of 500,000 nodes.
func BenchmarkNodesPerSecond(b *testing.B) {
	e := submission.NewEngine(submission.EngineOptions(16), minichess.DefaultEvalWeights())
	p := middlegame(b)
	emit := func(minichess.Move) error { return nil }
	var total uint64
	for b.Loop() {
		res, err := e.Think(&p, submission.Limits{Nodes: 500000}, emit)
		if err != nil {
			b.Fatal(err)
		}
		total += res.Nodes
	}
	b.ReportMetric(float64(total)/b.Elapsed().Seconds(), "nodes/s")
}
