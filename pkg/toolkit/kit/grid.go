package kit

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/gamesearch/gamesearch/pkg/explorer"
)

// Grid is a board of Width×Height cells for the explorer, written as
// Height lines of Width characters, top row first: '.' is an empty cell
// and each other cell is one of Pieces, whose n-th piece (from 1) is of
// side n. Squares are numbered 1 to Width×Height in reading order, as the
// board shows them. [Grid.Board] draws it and [Grid.Edit] sets it up: a
// [BasicExplorer]'s Board and Edit.
type Grid struct {
	Width, Height int
	Pieces        string
}

// Board draws cells, the grid's characters in reading order without line
// ends, with the square numbers; its set-up palette is Pieces and its
// State is cells. ToMove and Info are left to the caller.
func (g Grid) Board(cells string) *explorer.Board {
	b := &explorer.Board{Width: g.Width, Height: g.Height, State: cells, Ranks: make([]string, g.Height), Numbered: true}
	for _, c := range g.Pieces {
		b.Pieces = append(b.Pieces, string(c))
	}
	for i := 0; i < g.Width*g.Height && i < len(cells); i++ {
		sq := explorer.Square{Name: strconv.Itoa(i + 1), X: i % g.Width, Y: i / g.Width}
		if side := strings.IndexByte(g.Pieces, cells[i]); side >= 0 {
			sq.Piece, sq.Side = cells[i:i+1], side+1
		}
		b.Square = append(b.Square, sq)
	}
	return b
}

// Edit returns input with piece on square (a square number; piece one of
// Pieces, or "" to empty it). An input that is not a grid is taken for an
// empty one.
func (g Grid) Edit(input, square, piece string) (string, error) {
	if piece != "" && (len(piece) != 1 || !strings.Contains(g.Pieces, piece)) {
		var want []string
		for _, c := range g.Pieces {
			want = append(want, string(c))
		}
		return "", fmt.Errorf("piece %q: want %s or empty", piece, strings.Join(want, ", "))
	}
	n := g.Width * g.Height
	i, err := strconv.Atoi(square)
	if err != nil || i < 1 || i > n || square != strconv.Itoa(i) {
		return "", fmt.Errorf("square %q: want 1 to %d", square, n)
	}
	cells := []byte(strings.ReplaceAll(strings.ReplaceAll(input, "\r", ""), "\n", ""))
	if len(cells) != n {
		cells = []byte(strings.Repeat(".", n))
	}
	cells[i-1] = '.'
	if piece != "" {
		cells[i-1] = piece[0]
	}
	var b strings.Builder
	for r := 0; r < g.Height; r++ {
		b.Write(cells[r*g.Width : (r+1)*g.Width])
		b.WriteByte('\n')
	}
	return b.String(), nil
}
