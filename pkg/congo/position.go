package congo

import "github.com/gamesearch/gamesearch/internal/splitmix"

// Position is a Congo position: the board, the side to move and the move
// number, with a Zobrist hash of board and side kept up to date.
//
// The zero value is an empty board with White to move; use [ParseFEN] or
// [Position.Put] to fill it.
type Position struct {
	// board holds the piece on every square.
	board [NumSquares]Piece
	// byColor holds the squares of each colour's pieces.
	byColor [2]Bitboard
	// byKind holds the squares of each kind's pieces, both colours.
	byKind [NumKinds]Bitboard
	// Side is the side to move.
	Side Color
	// MoveNumber counts full moves; it increases after each Black move.
	MoveNumber int
	// hash is the Zobrist key of board and side.
	hash uint64
}

// At returns the piece on s.
func (p *Position) At(s Square) Piece { return p.board[s] }

// Occupied returns the set of occupied squares.
func (p *Position) Occupied() Bitboard { return p.byColor[White] | p.byColor[Black] }

// ColorSet returns the squares of c's pieces.
func (p *Position) ColorSet(c Color) Bitboard { return p.byColor[c] }

// KindSet returns the squares of the pieces of kind k, both colours.
func (p *Position) KindSet(k Kind) Bitboard { return p.byKind[k] }

// Pieces returns the squares of c's pieces of kind k.
func (p *Position) Pieces(c Color, k Kind) Bitboard { return p.byColor[c] & p.byKind[k] }

// Hash returns the Zobrist key of the board and the side to move (the move
// number is not hashed). Keys come from a fixed seed, so hashes are the same
// in every run.
func (p *Position) Hash() uint64 { return p.hash }

// Put places pc on the empty square s.
func (p *Position) Put(s Square, pc Piece) {
	p.board[s] = pc
	b := Bit(s)
	p.byColor[pc.Color()] |= b
	p.byKind[pc.Kind()] |= b
	p.hash ^= zobristPiece[pc][s]
}

// remove empties the occupied square s.
func (p *Position) remove(s Square) {
	pc := p.board[s]
	p.board[s] = NoPiece
	b := Bit(s)
	p.byColor[pc.Color()] &^= b
	p.byKind[pc.Kind()] &^= b
	p.hash ^= zobristPiece[pc][s]
}

// LionMissing reports whether a lion is missing, which is what "game over"
// means for the search.
func (p *Position) LionMissing() bool {
	l := p.byKind[Lion]
	return l&p.byColor[White] == 0 || l&p.byColor[Black] == 0
}

// Status is the outcome of a position as the Part 3 program prints it.
type Status uint8

const (
	// Continue: both lions are on the board.
	Continue Status = iota
	// WhiteWins: the black lion is missing.
	WhiteWins
	// BlackWins: the white lion is missing (and the black one is present).
	BlackWins
)

// String returns "Continue", "White wins" or "Black wins".
func (s Status) String() string {
	switch s {
	case WhiteWins:
		return "White wins"
	case BlackWins:
		return "Black wins"
	}
	return "Continue"
}

// Status returns the outcome of p: the black lion is checked first.
func (p *Position) Status() Status {
	l := p.byKind[Lion]
	switch {
	case l&p.byColor[Black] == 0:
		return WhiteWins
	case l&p.byColor[White] == 0:
		return BlackWins
	}
	return Continue
}

// zobristPiece and zobristSide are the hash keys, drawn from a fixed seed.
var (
	zobristPiece [2*8 + 1][NumSquares]uint64
	zobristSide  uint64
)

func init() {
	next := splitmix.New(0x9E3779B97F4A7C15).Uint64 // fixed seed
	for pc := 1; pc < len(zobristPiece); pc++ {
		for s := range zobristPiece[pc] {
			zobristPiece[pc][s] = next()
		}
	}
	zobristSide = next()
}
