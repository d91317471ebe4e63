package starcircle_test

import (
	"os"
	"path/filepath"
	"sort"
	"testing"

	"github.com/gamesearch/gamesearch/internal/testutil"
	"github.com/gamesearch/gamesearch/pkg/engine"
	"github.com/gamesearch/gamesearch/pkg/engine/enginetest"
	"github.com/gamesearch/gamesearch/pkg/search"
	"github.com/gamesearch/gamesearch/pkg/starcircle"
	"gotest.tools/v3/assert"
)

// engineRoots returns the start position and, when the conformance corpus
// is present, the first corpus cases' positions (stacks, passes, jumps).
func engineRoots(t *testing.T, n int) ([]starcircle.Position, []*starcircle.Problem) {
	start := mustParse(t, starcircle.StartInput("ALPHABETA", 1))
	probs := []*starcircle.Problem{start}
	dir := testutil.Conformance(t, "starcircle", "cases")
	if ents, err := os.ReadDir(dir); err == nil {
		names := make([]string, 0, len(ents))
		for _, e := range ents {
			names = append(names, e.Name())
		}
		sort.Strings(names)
		for _, name := range names[:min(n, len(names))] {
			data, err := os.ReadFile(filepath.Join(dir, name, "input.txt"))
			assert.NilError(t, err)
			p, err := starcircle.Parse(data)
			assert.NilError(t, err, name)
			probs = append(probs, p)
		}
	}
	roots := make([]starcircle.Position, len(probs))
	for i, p := range probs {
		roots[i] = p.Position()
	}
	return roots, probs
}

// TestEngineGameChecks runs enginetest.CheckGame (appending moves, pure
// Play, hashing without collisions, ranges, NoisyMoves = the jumps) from the
// start position and the corpus positions. The corpus positions use
// different row values; each is checked with its own weights.
func TestEngineGameChecks(t *testing.T) {
	roots, probs := engineRoots(t, 60)
	for i, r := range roots {
		g := starcircle.NewEngineGame(starcircle.NewWeights(probs[i].Values))
		plies := 3
		if i == 0 {
			plies = 6
		}
		assert.NilError(t, enginetest.CheckGame[starcircle.Position, starcircle.Move](g, []starcircle.Position{r}, plies), "root %d", i)
	}
}

// TestEngineGameHashDistinguishes: positions that differ only by the side to
// move, a pass flag or a stack height hash differently.
func TestEngineGameHashDistinguishes(t *testing.T) {
	p := mustParse(t, starcircle.StartInput("ALPHABETA", 1)).Position()
	seen := map[uint64]string{}
	add := func(name string, q starcircle.Position) {
		h := starcircle.Hash(&q)
		if other, ok := seen[h]; ok {
			t.Fatalf("%s and %s have the same hash", name, other)
		}
		seen[h] = name
	}
	add("start", p)
	q := p
	q.ToMove = starcircle.Circle
	add("circle to move", q)
	q = p
	q.Passed = true
	add("passed", q)
	q.Over = true
	add("over", q)
	q = p
	q.Score += 70 // one more piece on a stack
	add("higher stack", q)
}

// TestEngineOutcomeAndEvaluate: the value is the utility for the side to
// move, and a finished game is won by the side with the positive utility.
func TestEngineOutcomeAndEvaluate(t *testing.T) {
	g := starcircle.NewEngineGame(starcircle.NewWeights([8]starcircle.Value{10, 20, 30, 40, 50, 60, 70, 80}))
	p := starcircle.Position{Score: 30, Over: true}
	p.Pieces[starcircle.Star] = 1
	p.Pieces[starcircle.Circle] = 1 << 40
	assert.Equal(t, g.Evaluate(&p), starcircle.Value(30))
	assert.Assert(t, g.Terminal(&p))
	assert.Equal(t, g.Outcome(&p), engine.OutcomeWin)
	p.ToMove = starcircle.Circle
	assert.Equal(t, g.Evaluate(&p), starcircle.Value(-30))
	assert.Equal(t, g.Outcome(&p), engine.OutcomeLoss)
	p.Score = 0
	assert.Equal(t, g.Outcome(&p), engine.OutcomeDraw)
	p.Score = 1 << 50
	assert.Equal(t, g.Evaluate(&p), -(engine.MateBound - 1))
}

// TestEngineMatchesNegamax: with the table used only at the exact depth and
// no quiescence, the engine's fixed-depth value is the plain negamax value
// of the adapter (pkg/search's Minimax, side-to-move perspective) where no
// game can end within the depth.
func TestEngineMatchesNegamax(t *testing.T) {
	roots, probs := engineRoots(t, 0)
	w := starcircle.NewWeights(probs[0].Values)
	g := starcircle.NewEngineGame(w)
	plain := search.New[starcircle.Position, starcircle.Move](g, search.Options{Perspective: search.SideToMove})
	opt := starcircle.EngineOptions()
	opt.Quiescence = false
	opt.LMR = false // reductions change fixed-depth values
	opt.TTExactDepth = true
	opt.HashMiB = 1
	opt.AspirationDelta = 3 // force re-searches
	opt.AspirationMinDepth = 2
	e := starcircle.NewEngine(w, opt)
	for d := 1; d <= 6; d++ {
		want := plain.Minimax(roots[0], d)
		e.Clear()
		got := e.Search(roots[0], engine.Limits[starcircle.Move]{Depth: d})
		assert.Equal(t, got.Value, want.Value, "depth %d", d)
		assert.Assert(t, got.HasMove)
	}
}

// TestEngineOptions: the Star/Circle defaults are pkg/search's with LMR on
// (docs/engine/match.md).
func TestEngineOptions(t *testing.T) {
	want := engine.DefaultOptions()
	want.LMR = true
	assert.Equal(t, starcircle.EngineOptions(), want)
}

// TestEngineDeterministic: a node budget gives the same move, value and node
// count in a fresh engine, and the engine finds a winning jump.
func TestEngineDeterministic(t *testing.T) {
	roots, probs := engineRoots(t, 0)
	w := starcircle.NewWeights(probs[0].Values)
	run := func() engine.Result[starcircle.Move] {
		e := starcircle.NewEngine(w, starcircle.EngineOptions())
		return e.Search(roots[0], engine.Limits[starcircle.Move]{Nodes: 20000})
	}
	a, b := run(), run()
	assert.Equal(t, a.Move, b.Move)
	assert.Equal(t, a.Value, b.Value)
	assert.Equal(t, a.Nodes, b.Nodes)
	// Star's last piece can jump Circle's last piece: a win at once.
	p := mustParse(t, `Star
ALPHABETA
1
0,0,0,0,0,0,0,0
0,0,0,0,0,0,0,0
0,0,0,0,0,0,0,0
0,0,C1,0,0,0,0,0
0,S1,0,0,0,0,0,0
0,0,0,0,0,0,0,0
0,0,0,0,0,0,0,0
0,0,0,0,0,0,0,0
10,20,30,40,50,60,70,80
`).Position()
	e := starcircle.NewEngine(w, starcircle.EngineOptions())
	r := e.Search(p, engine.Limits[starcircle.Move]{Depth: 8})
	assert.Equal(t, r.Move.String(), "D2-F4")
	assert.Equal(t, r.Value, engine.Mate-1)
}

// TestEngineGameNoAllocation: the adapter's hot paths allocate nothing.
func TestEngineGameNoAllocation(t *testing.T) {
	roots, probs := engineRoots(t, 0)
	g := starcircle.NewEngineGame(starcircle.NewWeights(probs[0].Values))
	p := roots[0]
	buf := make([]starcircle.Move, 0, 64)
	var sink uint64
	allocs := testing.AllocsPerRun(100, func() {
		ms := g.Moves(&p, buf[:0])
		ns := g.NoisyMoves(&p, buf[:0])
		sink += g.Hash(&p) + uint64(g.Evaluate(&p)) + uint64(len(ms)+len(ns))
		for _, m := range ms {
			sink += uint64(g.Noisy(&p, m)) + uint64(g.HistoryIndex(&p, m))
		}
	})
	assert.Equal(t, allocs, 0.0)
	_ = sink
}

// BenchmarkEngineStart searches the start position with a 200,000-node
// budget (default options) and reports nodes per second.
func BenchmarkEngineStart(b *testing.B) {
	p := mustParse(b, starcircle.StartInput("ALPHABETA", 1))
	w := starcircle.NewWeights(p.Values)
	e := starcircle.NewEngine(w, starcircle.EngineOptions())
	root := p.Position()
	var nodes uint64
	for i := 0; i < b.N; i++ {
		e.Clear()
		nodes += e.Search(root, engine.Limits[starcircle.Move]{Nodes: 200000}).Nodes
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}
