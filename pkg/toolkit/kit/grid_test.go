package kit_test

import (
	"testing"

	"gotest.tools/v3/assert"

	"github.com/gamesearch/gamesearch/pkg/explorer"
	"github.com/gamesearch/gamesearch/pkg/toolkit/kit"
)

// TestGridBoard: the squares are numbered in reading order on a grid of
// any shape, and a piece's side is its place in Pieces.
func TestGridBoard(t *testing.T) {
	g := kit.Grid{Width: 4, Height: 2, Pieces: "ab"}
	b := g.Board("a..b.b..")
	assert.DeepEqual(t, b.Pieces, []string{"a", "b"})
	assert.Equal(t, b.State, "a..b.b..")
	assert.Equal(t, len(b.Ranks), 2)
	assert.Equal(t, len(b.Square), 8)
	assert.DeepEqual(t, b.Square[0], explorer.Square{Name: "1", X: 0, Y: 0, Piece: "a", Side: 1})
	assert.DeepEqual(t, b.Square[3], explorer.Square{Name: "4", X: 3, Y: 0, Piece: "b", Side: 2})
	assert.DeepEqual(t, b.Square[5], explorer.Square{Name: "6", X: 1, Y: 1, Piece: "b", Side: 2})
	assert.DeepEqual(t, b.Square[6], explorer.Square{Name: "7", X: 2, Y: 1})
}

// TestGridEdit: a square is set or emptied, an input that is not the
// grid's starts empty, and a bad square or piece is an error naming it.
func TestGridEdit(t *testing.T) {
	g := kit.Grid{Width: 3, Height: 3, Pieces: "XO"}
	for _, c := range []struct{ input, square, piece, want string }{
		{"X..\r\n.O.\n...\n", "9", "O", "X..\n.O.\n..O\n"},
		{"X..\n.O.\n...\n", "1", "", "...\n.O.\n...\n"},
		{"garbage", "5", "X", "...\n.X.\n...\n"},
	} {
		got, err := g.Edit(c.input, c.square, c.piece)
		assert.NilError(t, err)
		assert.Equal(t, got, c.want)
	}
	for _, c := range []struct{ square, piece, want string }{
		{"10", "X", `square "10": want 1 to 9`},
		{"0", "X", `square "0": want 1 to 9`},
		{"+1", "X", `square "+1": want 1 to 9`},
		{"1", "Q", `piece "Q": want X, O or empty`},
		{"1", "XO", `piece "XO": want X, O or empty`},
	} {
		_, err := g.Edit("", c.square, c.piece)
		assert.Error(t, err, c.want)
	}
}
