package gamedef

import (
	"testing"

	"github.com/gamesearch/gamesearch/pkg/morris"
	"gotest.tools/v3/assert"
)

// benchPerft is the perft of the bench's Morris position.
func benchPerft(t testing.TB) (*morris.Perft, morris.Node) {
	p, k, err := morris.ParseBoard([]byte(morrisBenchBoard), morris.E21, true)
	assert.NilError(t, err)
	return morris.NewPerft(morris.BoardOf(k), morris.Game), morris.Node{Position: p, Black: true}
}

// TestPerftDoesNotAllocate: the Morris perft reuses its per-ply buffers
// once grown. Not parallel: AllocsPerRun counts the allocations of the
// whole process.
func TestPerftDoesNotAllocate(t *testing.T) {
	c, root := benchPerft(t)
	c.Count(root, 3)
	assert.Equal(t, testing.AllocsPerRun(20, func() { c.Count(root, 3) }), 0.0)
}

func BenchmarkMorrisPerft5(b *testing.B) {
	c, root := benchPerft(b)
	var n uint64
	for b.Loop() {
		n = c.Count(root, 5).Leaves
	}
	b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds()/1e6, "Mleaves/s")
}
