package morris_test

import (
	"testing"

	"github.com/gamesearch/gamesearch/pkg/engine"
	"github.com/gamesearch/gamesearch/pkg/morris"
)

// benchStates are the positions of the engine benchmarks: the empty board
// (9 placements each), a sliding midgame and a hopping endgame.
func benchStates(b *testing.B) map[string]morris.State {
	bd := morris.BoardOf(morris.S22)
	return map[string]morris.State{
		"opening": morris.GameStart(bd, morris.Position{}),
		"midgame": {Position: mustParse(b, "WBWBWBWBxBWxWWxxxBWBBx", morris.S22)},
		"endgame": {Position: mustParse(b, "WxxxxxWxxxxxxxxWBBBxBx", morris.S22)},
	}
}

// BenchmarkEngineNodes measures the engine's speed with the Morris defaults:
// a 200,000-node search per iteration, fresh table. It reports nodes/s and
// checks there is no allocation.
func BenchmarkEngineNodes(b *testing.B) {
	for _, name := range []string{"opening", "midgame", "endgame"} {
		b.Run(name, func(b *testing.B) {
			s := benchStates(b)[name]
			e := morris.NewEngine(morris.BoardOf(morris.S22), morris.Improved, morris.EngineOptions())
			lim := engine.Limits[morris.Node]{Nodes: 200000}
			b.ReportAllocs()
			var nodes uint64
			for b.Loop() {
				e.Clear()
				nodes += e.Search(s, lim).Nodes
			}
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
		})
	}
}

// BenchmarkEngineDepth measures the time to complete iteration 8 (opening)
// or 10 (midgame, endgame) from a fresh table.
func BenchmarkEngineDepth(b *testing.B) {
	for _, c := range []struct {
		name  string
		depth int
	}{{"opening", 8}, {"midgame", 10}, {"endgame", 10}} {
		b.Run(c.name, func(b *testing.B) {
			s := benchStates(b)[c.name]
			e := morris.NewEngine(morris.BoardOf(morris.S22), morris.Improved, morris.EngineOptions())
			lim := engine.Limits[morris.Node]{Depth: c.depth}
			b.ReportAllocs()
			var nodes uint64
			for b.Loop() {
				e.Clear()
				r := e.Search(s, lim)
				nodes += r.Nodes
			}
			b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
		})
	}
}
