package tictactoe_test

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gamesearch/gamesearch/internal/testutil"
	"github.com/gamesearch/gamesearch/pkg/search"
	"github.com/gamesearch/gamesearch/pkg/tictactoe"
	"gotest.tools/v3/assert"
)

// TestConformance runs the program in-process on every case of
// testdata/conformance/tictactoe and compares its stdout byte for byte with
// NAME.out; it checks each node count against the perft of the position
// (the full-width minimax enters every node of the full move tree) and the
// move and count against the brute-force minimax of ref_test.go.
func TestConformance(t *testing.T) {
	dir := testutil.Conformance(t, "tictactoe")
	ins, err := filepath.Glob(filepath.Join(dir, "*.in"))
	assert.NilError(t, err)
	assert.Assert(t, len(ins) >= 7, "only %d cases in %s", len(ins), dir)
	for _, in := range ins {
		name := strings.TrimSuffix(filepath.Base(in), ".in")
		t.Run(name, func(t *testing.T) {
			data, err := os.ReadFile(in)
			assert.NilError(t, err)
			want, err := os.ReadFile(strings.TrimSuffix(in, ".in") + ".out")
			assert.NilError(t, err)
			var stdout, stderr bytes.Buffer
			code := tictactoe.Run(nil, bytes.NewReader(data), &stdout, &stderr)
			assert.Equal(t, code, 0, stderr.String())
			assert.Equal(t, stderr.String(), "")
			assert.Equal(t, stdout.String(), string(want))

			p, err := tictactoe.Parse(data)
			assert.NilError(t, err)
			var move int
			var nodes uint64
			_, err = fmt.Sscanf(string(want), "%d\n%d\n", &move, &nodes)
			assert.NilError(t, err)
			assert.Equal(t, tictactoe.NewPerft().Count(p, tictactoe.FullDepth).Nodes, nodes, "perft")
			var b [9]byte
			copy(b[:], p.String())
			_, best, bn := bruteMinimax(&b, "XO"[p.ToMove])
			assert.Equal(t, best+1, move, "brute force")
			assert.Equal(t, bn, nodes, "brute force")
		})
	}
}

// TestDivideSubtrees pins the sizes of the three kinds of first-move
// subtrees that the corpus README quotes: corner, edge and centre.
func TestDivideSubtrees(t *testing.T) {
	sizes := map[tictactoe.Move]uint64{}
	tictactoe.NewPerft().Divide(tictactoe.Start(), tictactoe.FullDepth, func(m tictactoe.Move, c search.PerftCount) { sizes[m] = c.Nodes })
	assert.Equal(t, sizes[0], uint64(59705))
	assert.Equal(t, sizes[1], uint64(63905))
	assert.Equal(t, sizes[4], uint64(55505))
}
