package starcircle

import "math/bits"

// Player is one of the two sides.
type Player uint8

const (
	// Star moves up the board, from row A towards row H.
	Star Player = iota
	// Circle moves down the board, from row H towards row A.
	Circle
)

// Other returns the opponent of p.
func (p Player) Other() Player { return p ^ 1 }

// String returns the player's name as the input file spells it.
func (p Player) String() string {
	if p == Star {
		return "Star"
	}
	return "Circle"
}

// Square is a square of the board: bit index (7-row)*8 + column, with row 0 =
// A and column 0 = the handout's column 1. Ascending Square order is the
// handout's positional order.
type Square uint8

// NewSquare returns the square of row (0 = A … 7 = H) and col (0 = column 1).
func NewSquare(row, col int) Square { return Square((7-row)*8 + col) }

// Row returns the square's row, 0 (A) to 7 (H).
func (s Square) Row() int { return 7 - int(s>>3) }

// Col returns the square's column, 0 (column 1) to 7 (column 8).
func (s Square) Col() int { return int(s & 7) }

// Dark reports whether s is one of the playable dark squares.
func (s Square) Dark() bool { return (s.Row()+s.Col()+1)&1 == 1 }

// String returns the square's name, row letter then column number: "C5".
func (s Square) String() string {
	return string([]byte{byte('A' + s.Row()), byte('1' + s.Col())})
}

// Bitboard is a set of squares, bit i standing for Square(i).
type Bitboard uint64

// Has reports whether s is in b.
func (b Bitboard) Has(s Square) bool { return b>>s&1 != 0 }

// Count returns the number of squares in b.
func (b Bitboard) Count() int { return bits.OnesCount64(uint64(b)) }

const (
	// RowH holds the squares of row H, Star's last row.
	RowH Bitboard = 0xFF
	// RowA holds the squares of row A, Circle's last row.
	RowA Bitboard = 0xFF << 56
	// DarkSquares holds the 32 playable squares.
	DarkSquares Bitboard = 0x55AA55AA55AA55AA
)

// LastRow returns the squares of p's last row, where its stacks stand.
func LastRow(p Player) Bitboard {
	if p == Star {
		return RowH
	}
	return RowA
}

// Move is a move: from and to squares, or [Pass].
type Move uint16

// Pass is the move of a player that has no other move.
const Pass Move = 0xFFFF

// NewMove returns the move of the piece on from to to.
func NewMove(from, to Square) Move { return Move(from) | Move(to)<<8 }

// From returns the square the moving piece leaves; meaningless for Pass.
func (m Move) From() Square { return Square(m & 0xFF) }

// To returns the square the moving piece reaches; meaningless for Pass.
func (m Move) To() Square { return Square(m >> 8) }

// IsJump reports whether m jumps over (and captures) an opponent's stack.
func (m Move) IsJump() bool {
	if m == Pass {
		return false
	}
	d := int(m.To()) - int(m.From())
	return d > 9 || d < -9
}

// Jumped returns the square jumped over by a jump.
func (m Move) Jumped() Square { return (m.From() + m.To()) / 2 }

// String returns the move in the handout's notation: "F4-H2" or "pass".
func (m Move) String() string {
	if m == Pass {
		return "pass"
	}
	return m.From().String() + "-" + m.To().String()
}

// Position is a game position as the search sees it: where each side's pieces
// stand (stack heights matter only for the score, kept incrementally), the
// side to move and the pass history.
type Position struct {
	// Pieces holds the squares occupied by each player, indexed by Player.
	Pieces [2]Bitboard
	// Score is the utility of the position for Star: the positional weights
	// of Star's pieces minus those of Circle's, every piece of a stack
	// counted.
	Score Value
	// ToMove is the player to move.
	ToMove Player
	// Passed reports that the position was reached by a pass.
	Passed bool
	// Over reports that the position was reached by a pass answering a pass:
	// the game has ended.
	Over bool
}

func trailingZeros(b Bitboard) int { return bits.TrailingZeros64(uint64(b)) }
