package morris_test

import (
	"fmt"
	"math/bits"
	"testing"

	"github.com/gamesearch/gamesearch/pkg/morris"
	"gotest.tools/v3/assert"
)

// TestBoardTables checks every board table against docs/morris.md §3: point
// count, edge and mill counts, symmetric ascending adjacency, mills joined by
// two edges, and the handout samples that are correct.
func TestBoardTables(t *testing.T) {
	want := map[morris.Kind][4]int{ // points, edges, mills, pieces
		morris.S22: {22, 36, 16, 9},
		morris.E21: {21, 35, 16, 8},
		morris.F18: {18, 30, 12, 8},
		morris.B21: {21, 29, 13, 9},
		morris.D23: {23, 38, 18, 9},
		morris.U21: {21, 27, 12, 8},
	}
	for _, k := range morris.Kinds() {
		b := morris.BoardOf(k)
		w := want[k]
		assert.Equal(t, b.N, w[0], k)
		assert.Equal(t, b.Edges, w[1], k)
		assert.Equal(t, len(b.Mills), w[2], k)
		assert.Equal(t, b.Pieces, w[3], k)
		edges := 0
		for i := 0; i < b.N; i++ {
			for n, j := range b.Adj[i] {
				if n > 0 {
					assert.Assert(t, b.Adj[i][n-1] < j, "%s: adj[%d] not ascending", k, i)
				}
				assert.Assert(t, b.AdjMask[j]&(1<<i) != 0, "%s: %d-%d not symmetric", k, i, j)
				edges++
			}
		}
		assert.Equal(t, edges, 2*b.Edges, k)
		for _, m := range b.Mills {
			assert.Equal(t, bits.OnesCount32(m), 3, k)
			// Two of the three pairs are edges: a chain of three points.
			var p []int
			for r := m; r != 0; r &= r - 1 {
				p = append(p, bits.TrailingZeros32(r))
			}
			e := 0
			for x := 0; x < 3; x++ {
				for y := x + 1; y < 3; y++ {
					if b.AdjMask[p[x]]&(1<<p[y]) != 0 {
						e++
					}
				}
			}
			assert.Equal(t, e, 2, "%s: mill %v", k, p)
		}
	}
	adj := func(k morris.Kind, i int) string { return fmt.Sprint(morris.BoardOf(k).Adj[i]) }
	assert.Equal(t, adj(morris.E21, 0), "[1 2 6]")
	assert.Equal(t, adj(morris.E21, 1), "[0 3 11]")
	assert.Equal(t, adj(morris.F18, 0), "[1 2 15]")
	assert.Equal(t, adj(morris.B21, 1), "[0 11]")
	assert.Equal(t, adj(morris.S22, 1), "[0 2 4]")
	assert.Equal(t, adj(morris.S22, 0), "[1 3 19]")
	// F18 g0's mills are f1,e2 and g3,g6 (docs/morris.md §3.7).
	f18 := morris.BoardOf(morris.F18)
	assert.DeepEqual(t, f18.MillsAt[1], []uint32{1<<8 | 1<<17, 1<<3 | 1<<5})
}

// TestSpecTables compares the full adjacency lists with the tables printed
// in docs/morris.md §3 for S22 and D23.
func TestSpecTables(t *testing.T) {
	s22 := [][]int8{{1, 3, 19}, {0, 2, 4}, {1, 5, 12}, {0, 4, 6, 8}, {1, 3, 5}, {2, 4, 7, 11}, {3, 7, 9}, {5, 6, 10}, {3, 9, 16}, {6, 8, 13}, {7, 11, 15}, {5, 10, 12, 18}, {2, 11, 21}, {9, 14, 16}, {13, 15, 17}, {10, 14, 18}, {8, 13, 17, 19}, {14, 16, 18, 20}, {11, 15, 17, 21}, {0, 16, 20}, {17, 19, 21}, {12, 18, 20}}
	b := morris.BoardOf(morris.S22)
	for i, want := range s22 {
		assert.DeepEqual(t, b.Adj[i], want)
	}
	d23 := [][]int8{{1, 3, 8}, {0, 2, 4}, {1, 5, 13}, {0, 4, 6, 9}, {1, 3, 5}, {2, 4, 7, 12}, {3, 7, 10}, {5, 6, 11}, {0, 9, 20}, {3, 8, 10, 17}, {6, 9, 14}, {7, 12, 16}, {5, 11, 13, 19}, {2, 12, 22}, {10, 15, 17}, {14, 16, 18}, {11, 15, 19}, {9, 14, 18, 20}, {15, 17, 19, 21}, {12, 16, 18, 22}, {8, 17, 21}, {18, 20, 22}, {13, 19, 21}}
	b = morris.BoardOf(morris.D23)
	for i, want := range d23 {
		assert.DeepEqual(t, b.Adj[i], want)
	}
}
