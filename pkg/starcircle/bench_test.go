package starcircle_test

import (
	"testing"

	"github.com/gamesearch/gamesearch/pkg/starcircle"
	"gotest.tools/v3/assert"
)

// startSearch returns a searcher and the start position.
func startSearch(t testing.TB) (*starcircle.Searcher, starcircle.CourseGame, starcircle.Position) {
	p := mustParse(t, start)
	g := starcircle.NewCourseGame(starcircle.NewWeights(p.Values), p.Player)
	return starcircle.NewSearcher(g), g, p.Position()
}

// TestNoAllocation checks that the hot paths and a whole search allocate
// nothing.
func TestNoAllocation(t *testing.T) {
	s, g, root := startSearch(t)
	buf := make([]starcircle.Move, 0, 64)
	var next starcircle.Position
	ms := g.Moves(&root, buf)
	assert.Equal(t, testing.AllocsPerRun(100, func() { buf = g.Moves(&root, buf[:0]) }), 0.0)
	assert.Equal(t, testing.AllocsPerRun(100, func() { g.Play(&next, &root, ms[3]) }), 0.0)
	assert.Equal(t, testing.AllocsPerRun(100, func() { g.Play(&next, &root, starcircle.Pass) }), 0.0)
	assert.Equal(t, testing.AllocsPerRun(100, func() { _ = g.Evaluate(&next) + 1 }), 0.0)
	assert.Equal(t, testing.AllocsPerRun(3, func() { s.AlphaBeta(root, 7) }), 0.0)
	assert.Equal(t, testing.AllocsPerRun(3, func() { s.Minimax(root, 5) }), 0.0)
}

// benchSearch runs one of the speed workloads and reports nodes and ns/node.
func benchSearch(b *testing.B, ab bool, depth int, nodes uint64) {
	s, _, root := startSearch(b)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		var n uint64
		if ab {
			n = s.AlphaBeta(root, depth).Nodes
		} else {
			n = s.Minimax(root, depth).Nodes
		}
		if n != nodes {
			b.Fatalf("%d nodes, want %d", n, nodes)
		}
	}
	b.ReportMetric(float64(nodes), "nodes/op")
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(nodes), "ns/node")
}

// BenchmarkStartAlphaBeta10 is ALPHABETA at depth 10 from the start position
// (512,862 nodes).
func BenchmarkStartAlphaBeta10(b *testing.B) { benchSearch(b, true, 10, 512862) }

// BenchmarkStartMinimax8 is MINIMAX at depth 8 from the start position
// (14,820,445 nodes).
func BenchmarkStartMinimax8(b *testing.B) { benchSearch(b, false, 8, 14820445) }

// BenchmarkMoves generates the moves of the start position.
func BenchmarkMoves(b *testing.B) {
	_, g, root := startSearch(b)
	buf := make([]starcircle.Move, 0, 64)
	for b.Loop() {
		buf = g.Moves(&root, buf[:0])
	}
}

// BenchmarkPlay makes a move of the start position.
func BenchmarkPlay(b *testing.B) {
	_, g, root := startSearch(b)
	m := g.Moves(&root, nil)[3]
	var next starcircle.Position
	for b.Loop() {
		g.Play(&next, &root, m)
	}
}
