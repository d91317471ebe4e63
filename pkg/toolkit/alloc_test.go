package toolkit

import (
	"testing"

	"github.com/gamesearch/gamesearch/pkg/morris"
	"github.com/gamesearch/gamesearch/pkg/starcircle"
	"gotest.tools/v3/assert"
)

func morrisBench(t testing.TB, depth int) (*morrisCounter, morris.Node) {
	p, k, err := morris.ParseBoard([]byte(morrisBenchBoard), morris.E21, true)
	assert.NilError(t, err)
	c := &morrisCounter{b: morris.BoardOf(k), ph: morris.Game, bufs: make([][]morris.Node, depth+1)}
	for i := range c.bufs {
		c.bufs[i] = make([]morris.Node, 0, 64)
	}
	return c, morris.Node{Position: p, Black: true}
}

func starcircleBenchCounter(t testing.TB, depth int) (*scPerft, starcircle.Position) {
	p, err := starcircle.Parse([]byte(starcircle.StartInput("MINIMAX", 8)))
	assert.NilError(t, err)
	c := &scPerft{g: starcircle.NewGame(starcircle.NewWeights(p.Values), p.Player),
		bufs: make([][]starcircle.Move, depth+1), next: make([]starcircle.Position, depth+1)}
	for i := range c.bufs {
		c.bufs[i] = make([]starcircle.Move, 0, 64)
	}
	return c, p.Position()
}

// TestPerftCountersDoNotAllocate: the toolkit's own perft loops (Morris and
// Star/Circle; Congo and MiniChess use their packages' perft) reuse their
// per-ply buffers.
func TestPerftCountersDoNotAllocate(t *testing.T) {
	mc, mroot := morrisBench(t, 3)
	assert.Equal(t, testing.AllocsPerRun(20, func() { mc.count(&mroot, 3) }), 0.0)
	sc, sroot := starcircleBenchCounter(t, 4)
	assert.Equal(t, testing.AllocsPerRun(20, func() { sc.count(&sroot, 4) }), 0.0)
}

func BenchmarkMorrisPerft5(b *testing.B) {
	c, root := morrisBench(b, 5)
	var n uint64
	for b.Loop() {
		n = c.count(&root, 5)
	}
	b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds()/1e6, "Mleaves/s")
}

func BenchmarkStarCirclePerft8(b *testing.B) {
	c, root := starcircleBenchCounter(b, 8)
	var n uint64
	for b.Loop() {
		_, n = c.count(&root, 8)
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
