package tictactoe

import "math/bits"

// Player is one of the two sides.
type Player uint8

const (
	// X moves first.
	X Player = iota
	// O moves second.
	O
)

// Other returns the opponent of p.
func (p Player) Other() Player { return p ^ 1 }

// String returns "X" or "O".
func (p Player) String() string {
	if p == X {
		return "X"
	}
	return "O"
}

// Move is a move: the index 0..8 of the square marked, in reading order
// (square number minus one).
type Move uint8

// String returns the square's number, "1" to "9".
func (m Move) String() string { return string(rune('1' + m)) }

// Board is a set of squares, bit i standing for square i+1.
type Board uint16

// Full is the set of all nine squares.
const Full Board = 0x1FF

// Has reports whether the square of m is in b.
func (b Board) Has(m Move) bool { return b>>m&1 != 0 }

// Count returns the number of squares in b.
func (b Board) Count() int { return bits.OnesCount16(uint16(b)) }

// Lines are the eight lines of three: the rows top to bottom, the columns
// left to right, then the diagonals 1-5-9 and 3-5-7.
var Lines = [8]Board{0x007, 0x038, 0x1C0, 0x049, 0x092, 0x124, 0x111, 0x054}

// wins[b] reports whether the set b holds a line of three.
var wins = func() (t [512]bool) {
	for b := range t {
		for _, l := range Lines {
			if Board(b)&l == l {
				t[b] = true
			}
		}
	}
	return t
}()

// HasLine reports whether b holds three squares in a row.
func (b Board) HasLine() bool { return wins[b&Full] }

// Position is a game position: each player's marks and the side to move.
type Position struct {
	// Marks holds the squares marked by each player, indexed by Player.
	Marks [2]Board
	// ToMove is the player to move.
	ToMove Player
}

// Empty returns the squares no one has marked.
func (p *Position) Empty() Board { return Full &^ (p.Marks[X] | p.Marks[O]) }

// Winner returns the player with three in a row and true, or false when no
// player has a line.
func (p *Position) Winner() (Player, bool) {
	switch {
	case p.Marks[X].HasLine():
		return X, true
	case p.Marks[O].HasLine():
		return O, true
	}
	return X, false
}

// Over reports whether the game has ended in p: a player has three in a
// row, or the board is full.
func (p *Position) Over() bool {
	return p.Marks[X].HasLine() || p.Marks[O].HasLine() || p.Marks[X]|p.Marks[O] == Full
}

// Cell returns the character of square index i (0..8): 'X', 'O' or '.'.
func (p *Position) Cell(i int) byte {
	switch {
	case p.Marks[X]>>i&1 != 0:
		return 'X'
	case p.Marks[O]>>i&1 != 0:
		return 'O'
	}
	return '.'
}

// String returns the position's notation: the nine cells in reading order,
// "X", "O" or ".", as in "X...O....".
func (p Position) String() string {
	var b [9]byte
	for i := range b {
		b[i] = p.Cell(i)
	}
	return string(b[:])
}

// Rows returns the board as three lines of three cells, top row first, each
// line ending with a newline: the program's input format.
func (p Position) Rows() string {
	s := p.String()
	return s[0:3] + "\n" + s[3:6] + "\n" + s[6:9] + "\n"
}

// Start returns the empty board, X to move.
func Start() Position { return Position{} }
