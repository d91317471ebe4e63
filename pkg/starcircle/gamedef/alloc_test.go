package gamedef

import (
	"testing"

	"github.com/gamesearch/gamesearch/pkg/starcircle"
	"gotest.tools/v3/assert"
)

// startPerft is the perft of the start position, Star to move.
func startPerft(t testing.TB) (*starcircle.Perft, starcircle.Position) {
	p, err := starcircle.Parse([]byte(starcircle.StartInput("MINIMAX", 8)))
	assert.NilError(t, err)
	return starcircle.NewPerft(starcircle.NewCourseGame(starcircle.NewWeights(p.Values), p.Player)), p.Position()
}

// TestPerftDoesNotAllocate: the Star/Circle perft reuses its per-ply
// buffers once grown.
func TestPerftDoesNotAllocate(t *testing.T) {
	c, root := startPerft(t)
	c.Count(root, 4)
	assert.Equal(t, testing.AllocsPerRun(20, func() { c.Count(root, 4) }), 0.0)
}

func BenchmarkStarCirclePerft8(b *testing.B) {
	c, root := startPerft(b)
	var n uint64
	for b.Loop() {
		n = c.Count(root, 8).Nodes
	}
	b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds()/1e6, "Mnodes/s")
}
