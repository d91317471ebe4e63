package toolkit

import (
	"testing"

	"github.com/gamesearch/gamesearch/pkg/morris"
	"github.com/gamesearch/gamesearch/pkg/starcircle"
	"gotest.tools/v3/assert"
)

func morrisBench(t testing.TB) (*morris.Perft, morris.Node) {
	p, k, err := morris.ParseBoard([]byte(morrisBenchBoard), morris.E21, true)
	assert.NilError(t, err)
	return morris.NewPerft(morris.BoardOf(k), morris.Game), morris.Node{Position: p, Black: true}
}

func starcirclePerftBench(t testing.TB) (*starcircle.Perft, starcircle.Position) {
	p, err := starcircle.Parse([]byte(starcircle.StartInput("MINIMAX", 8)))
	assert.NilError(t, err)
	return starcircle.NewPerft(starcircle.NewCourseGame(starcircle.NewWeights(p.Values), p.Player)), p.Position()
}

// TestPerftCountersDoNotAllocate: the Morris and Star/Circle perfts reuse
// their per-ply buffers once grown.
func TestPerftCountersDoNotAllocate(t *testing.T) {
	mc, mroot := morrisBench(t)
	mc.Count(mroot, 3)
	assert.Equal(t, testing.AllocsPerRun(20, func() { mc.Count(mroot, 3) }), 0.0)
	sc, sroot := starcirclePerftBench(t)
	sc.Count(sroot, 4)
	assert.Equal(t, testing.AllocsPerRun(20, func() { sc.Count(sroot, 4) }), 0.0)
}

func BenchmarkMorrisPerft5(b *testing.B) {
	c, root := morrisBench(b)
	var n uint64
	for b.Loop() {
		n = c.Count(root, 5).Leaves
	}
	b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds()/1e6, "Mleaves/s")
}

func BenchmarkStarCirclePerft8(b *testing.B) {
	c, root := starcirclePerftBench(b)
	var n uint64
	for b.Loop() {
		n = c.Count(root, 8).Nodes
	}
	b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds()/1e6, "Mnodes/s")
}

// BenchmarkTreeRecording measures drawing the search tree (recording plus
// text) of a 26,890-node Star/Circle MINIMAX search.
func BenchmarkTreeRecording(b *testing.B) {
	a := &starcircleAdapter{}
	for b.Loop() {
		if _, err := a.tree("start", nil, treeOptions{algorithm: "minimax", depth: 5, limit: maxTreeLimit}); err != nil {
			b.Fatal(err)
		}
	}
}
