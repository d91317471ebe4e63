package congo

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"math/bits"
)

// Square is a square of the 7x7 board, numbered file*7 + rank (a1 = 0,
// a2 = 1, ..., g7 = 48).
type Square int8

// NumSquares is the number of squares of the board.
const NumSquares = 49

// NoSquare is the value of "no square".
const NoSquare Square = -1

// SquareAt returns the square on file f (0 = a) and rank r (0 = rank 1).
func SquareAt(f, r int) Square { return Square(f*7 + r) }

// File returns the file of s, 0 for a to 6 for g.
func (s Square) File() int { return int(s) / 7 }

// Rank returns the rank of s, 0 for rank 1 to 6 for rank 7.
func (s Square) Rank() int { return int(s) % 7 }

// String returns the name of s, e.g. "d4".
func (s Square) String() string {
	if s < 0 || s >= NumSquares {
		return "??"
	}
	return string([]byte{byte('a' + s.File()), byte('1' + s.Rank())})
}

// Color is a side: [White] or [Black].
type Color uint8

const (
	// White moves up the board (towards rank 7) and moves first.
	White Color = iota
	// Black moves down the board (towards rank 1).
	Black
)

// Other returns the opponent of c.
func (c Color) Other() Color { return c ^ 1 }

// String returns "white" or "black".
func (c Color) String() string {
	if c == White {
		return "white"
	}
	return "black"
}

// Kind is a kind of piece. The order is the order of the Part 1 listing.
type Kind uint8

const (
	// Pawn is the pawn (P).
	Pawn Kind = iota
	// Superpawn is the superpawn (S), a promoted pawn in the 2022 edition.
	Superpawn
	// Giraffe is the giraffe (G).
	Giraffe
	// Monkey is the monkey (M), inert in the graded programs.
	Monkey
	// Elephant is the elephant (E).
	Elephant
	// Lion is the lion (L); capturing it wins.
	Lion
	// Crocodile is the crocodile (C), inert in the graded programs; it never
	// drowns.
	Crocodile
	// Zebra is the zebra (Z).
	Zebra
	// NumKinds is the number of piece kinds.
	NumKinds
)

var kindNames = [NumKinds]string{"pawn", "superpawn", "giraffe", "monkey", "elephant", "lion", "crocodile", "zebra"}

// kindLetters holds the upper-case (White) letter of each kind.
const kindLetters = "PSGMELCZ"

// String returns the lower-case name of k, e.g. "superpawn".
func (k Kind) String() string {
	if k < NumKinds {
		return kindNames[k]
	}
	return "?"
}

// KindByName returns the kind named name ("lion", "zebra", ...).
func KindByName(name string) (Kind, bool) {
	for k, n := range kindNames {
		if n == name {
			return Kind(k), true
		}
	}
	return 0, false
}

// Value is the material value of k in the union table of both editions:
// P 100, E 200, Z 300, S 350, G 400; the lion, crocodile and monkey count 0.
func (k Kind) Value() int {
	return kindValues[k]
}

var kindValues = [NumKinds]int{Pawn: 100, Superpawn: 350, Giraffe: 400, Elephant: 200, Zebra: 300}

// Piece is a coloured piece, or [NoPiece] for an empty square.
type Piece uint8

// NoPiece is the content of an empty square.
const NoPiece Piece = 0

// MakePiece returns the piece of colour c and kind k.
func MakePiece(c Color, k Kind) Piece { return Piece(1 + uint8(c)*8 + uint8(k)) }

// Color returns the colour of a non-empty piece.
func (p Piece) Color() Color { return Color((p - 1) >> 3) }

// Kind returns the kind of a non-empty piece.
func (p Piece) Kind() Kind { return Kind((p - 1) & 7) }

// Letter returns the FEN letter of p: upper case for White, lower case for
// Black.
func (p Piece) Letter() byte {
	l := kindLetters[p.Kind()]
	if p.Color() == Black {
		l += 'a' - 'A'
	}
	return l
}

// Bitboard is a set of squares: bit s is square s.
type Bitboard uint64

// Bit returns the set holding only s.
func Bit(s Square) Bitboard { return 1 << uint(s) }

// Has reports whether s is in b.
func (b Bitboard) Has(s Square) bool { return b>>uint(s)&1 != 0 }

// Count returns the number of squares in b.
func (b Bitboard) Count() int { return bits.OnesCount64(uint64(b)) }

// First returns the lowest square of a non-empty b.
func (b Bitboard) First() Square { return Square(bits.TrailingZeros64(uint64(b))) }

// Last returns the highest square of a non-empty b.
func (b Bitboard) Last() Square { return Square(63 - bits.LeadingZeros64(uint64(b))) }

// Pop removes the lowest square of a non-empty *b and returns it.
func (b *Bitboard) Pop() Square {
	s := Square(bits.TrailingZeros64(uint64(*b)))
	*b &= *b - 1
	return s
}

// Board regions.
const (
	// River is rank 4.
	River Bitboard = 0b0001000_0001000_0001000_0001000_0001000_0001000_0001000
	// rank1 and rank7 are the last ranks of Black and White.
	rank1 Bitboard = 0b0000001_0000001_0000001_0000001_0000001_0000001_0000001
	rank7 Bitboard = rank1 << 6
)

// castles are the castles: files c-e, ranks 1-3 for White and 5-7 for
// Black.
var castles = [2]Bitboard{
	0b0000111<<14 | 0b0000111<<21 | 0b0000111<<28,
	0b1110000<<14 | 0b1110000<<21 | 0b1110000<<28,
}

// lastRank is the rank a pawn of colour c promotes on.
var lastRank = [2]Bitboard{rank7, rank1}

// pastRiver holds the squares where a pawn of colour c may retreat.
var pastRiver = [2]Bitboard{
	(rank1 << 4) | (rank1 << 5) | (rank1 << 6),
	rank1 | (rank1 << 1) | (rank1 << 2),
}

// Edition is the course edition of the rules (the -rules flag of the
// programs): the only difference is promotion.
type Edition uint8

const (
	// Edition2021 is the 2021 edition: a pawn on its last rank stays a pawn.
	Edition2021 Edition = iota
	// Edition2022 is the 2022 edition: a pawn moving onto its last rank becomes
	// a superpawn.
	Edition2022
)

// Promotion reports whether pawns promote under r.
func (r Edition) Promotion() bool { return r == Edition2022 }

// String returns "2021" or "2022".
func (r Edition) String() string {
	if r == Edition2021 {
		return "2021"
	}
	return "2022"
}

// ParseEdition parses "2021" or "2022".
func ParseEdition(s string) (Edition, bool) {
	switch s {
	case "2021":
		return Edition2021, true
	case "2022":
		return Edition2022, true
	}
	return 0, false
}

// ParseEditionArgs parses the command line of a program whose only flag is
// -rules (2021 or 2022, default 2022). It returns the edition and ok, or the
// exit status to end with: 0 after -h (usage printed on stderr), 2 after a
// bad argument (one line "name: problem" on stderr).
func ParseEditionArgs(name, usage string, args []string, stderr io.Writer) (r Edition, exit int, ok bool) {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	rules := fs.String("rules", "2022", "")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			io.WriteString(stderr, usage)
			return 0, 0, false
		}
		fmt.Fprintf(stderr, "%s: %v\n", name, err)
		return 0, 2, false
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "%s: unexpected argument %q\n", name, fs.Arg(0))
		return 0, 2, false
	}
	r, ok = ParseEdition(*rules)
	if !ok {
		fmt.Fprintf(stderr, "%s: -rules: want 2021 or 2022, got %q\n", name, *rules)
		return 0, 2, false
	}
	return r, 0, true
}
