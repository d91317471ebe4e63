package tictactoe_test

import (
	"fmt"
	"testing"

	"github.com/gamesearch/gamesearch/pkg/tictactoe"
	"gotest.tools/v3/assert"
)

// bruteLines are the eight lines of three as cell indexes, written out
// independently of the package's bit masks.
var bruteLines = [8][3]int{{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6}, {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6}}

// bruteWinner returns the mark with three in a row on b, or 0.
func bruteWinner(b *[9]byte) byte {
	for _, l := range bruteLines {
		if b[l[0]] != '.' && b[l[0]] == b[l[1]] && b[l[1]] == b[l[2]] {
			return b[l[0]]
		}
	}
	return 0
}

// bruteMinimax is a textbook minimax on a board of characters: it returns
// the value for the side to move (me), the first best square and the
// number of nodes entered, the root included.
func bruteMinimax(b *[9]byte, me byte) (value, best int, nodes uint64) {
	nodes = 1
	other := byte('X' + 'O' - me)
	switch bruteWinner(b) {
	case me:
		return 1, -1, 1
	case other:
		return -1, -1, 1
	}
	value, best = -2, -1
	for i := range b {
		if b[i] != '.' {
			continue
		}
		b[i] = me
		v, _, n := bruteMinimax(b, other)
		b[i] = '.'
		nodes += n
		if -v > value {
			value, best = -v, i
		}
	}
	if best < 0 {
		return 0, -1, 1 // a full board: a draw
	}
	return value, best, nodes
}

// TestReferenceAgainstBrute compares the program's reference output on every
// unfinished reachable position with a separate straightforward minimax.
func TestReferenceAgainstBrute(t *testing.T) {
	n := 0
	for p := range reachable() {
		if p.Over() {
			continue
		}
		n++
		var b [9]byte
		copy(b[:], p.String())
		v, best, nodes := bruteMinimax(&b, "XO"[p.ToMove])
		got, err := tictactoe.Reference([]byte(p.Rows()))
		assert.NilError(t, err)
		assert.Equal(t, got, fmt.Sprintf("%d\n%d\n", best+1, nodes), p.String())
		assert.Equal(t, tictactoe.Solve(nil, p).Value, tictactoe.Value(v), p.String())
	}
	assert.Equal(t, n, 4520)
}

// TestRandomPosition: the generator gives valid program inputs, the same
// for the same seed, and covers every number of marks from 0 to 8.
func TestRandomPosition(t *testing.T) {
	counts := map[int]int{}
	distinct := map[tictactoe.Position]bool{}
	for seed := range uint64(2000) {
		p := tictactoe.RandomPosition(seed)
		assert.Equal(t, tictactoe.RandomPosition(seed), p)
		in := tictactoe.RandomInput(seed)
		q, err := tictactoe.Parse(in)
		assert.NilError(t, err, "seed %d: %q", seed, in)
		assert.Equal(t, q, p)
		counts[(p.Marks[0]|p.Marks[1]).Count()]++
		distinct[p] = true
	}
	for k := range 9 {
		assert.Assert(t, counts[k] > 0, "no position with %d marks: %v", k, counts)
	}
	assert.Assert(t, len(distinct) > 1000, "only %d distinct positions", len(distinct))
	assert.Equal(t, string(tictactoe.RandomInput(1)), tictactoe.RandomPosition(1).Rows())
}
