// Package minichess implements the rules of the NTHU I2P(II) 2023 MiniChess
// 6×5 project exactly as the course's C++ template plays them: the move
// generator with its generation order and Win truncation, applying a move,
// the 50-ply material adjudication, the state and action file formats, the
// runner's board drawing and a FEN-like notation for tests.
//
// Conventions (docs/minichess.md, "Board, pieces and notation" and "Move
// generation"):
//
//   - A position is board[color][row][col]: one 6×5 layer per colour, as in
//     the template. Colour 0 is white, 1 is black; white moves first.
//   - Row 0 is the top (black's home row), row 5 the bottom (white's home
//     row); column 0 is the left edge. White pawns move toward row 0.
//   - Piece codes are 0 empty, 1 pawn, 2 rook, 3 knight, 4 bishop, 5 queen,
//     6 king (rook 2 and knight 3, not the usual chess order).
//   - Squares are named file "ABCDE"[col] then rank "654321"[row], so row 0,
//     column 0 is A6; out-of-range coordinates are shown as '?'.
//   - The game is pseudo-legal: there is no check. A position whose side to
//     move can capture an enemy king has status [Win]: the side to move has
//     won, and its move list ends with the first king capture in generation
//     order (the list is truncated). A position with no moves has status
//     [None] and an empty list.
//
// [Position] is the template's array form, used at the package boundary.
// [Node] is the bitboard form (one uint32 per colour and piece kind, square
// index row*5+col) used by perft and the searches; both generate the same
// lists in the same order. Move generation, [Node.Play] and the evaluation
// do not allocate. This package does no I/O beyond io.Reader and io.Writer.
package minichess

import "strconv"

// Board dimensions.
const (
	Rows    = 6
	Cols    = 5
	Squares = Rows * Cols
)

// MaxMoves is a comfortable capacity for a move buffer: no position reached
// in play has more moves. Generation still appends past it when a hand-made
// position needs more.
const MaxMoves = 128

// Color is a side: White (0) or Black (1).
type Color uint8

// The two colours.
const (
	White Color = 0
	Black Color = 1
)

// Other returns the opponent colour.
func (c Color) Other() Color { return c ^ 1 }

// String returns "white" or "black".
func (c Color) String() string {
	if c == White {
		return "white"
	}
	return "black"
}

// Piece is a piece code of the template: 0 empty, 1..6 pawn, rook, knight,
// bishop, queen, king.
type Piece uint8

// The piece codes.
const (
	Empty Piece = iota
	Pawn
	Rook
	Knight
	Bishop
	Queen
	King
)

var pieceNames = [...]string{"empty", "pawn", "rook", "knight", "bishop", "queen", "king"}

// String returns the lower-case English name of the piece ("pawn").
func (p Piece) String() string {
	if int(p) < len(pieceNames) {
		return pieceNames[p]
	}
	return "piece(" + strconv.Itoa(int(p)) + ")"
}

// Values are the material values of the adjudication table
// (docs/minichess.md, "Game flow and results"), indexed by piece code: pawn
// 2, rook 6, knight 7, bishop 8, queen 20, king 100.
var Values = [7]int{0, 2, 6, 7, 8, 20, 100}

// Board is the template's board: Board[color][row][col] holds that colour's
// piece code, or Empty.
type Board [2][Rows][Cols]Piece

// Position is a board and the side to move, in the template's array form.
// In a valid position at most one layer is non-zero on any square.
type Position struct {
	Board  Board
	ToMove Color
}

// Move is a move as the action file writes it: from row, from column, to
// row, to column.
type Move struct {
	FromRow, FromCol, ToRow, ToCol int8
}

// String returns the move as the action file writes it, "4 1 3 1".
func (m Move) String() string { return string(m.AppendText(nil)) }

// AppendText appends "r1 c1 r2 c2" (no newline) to dst.
func (m Move) AppendText(dst []byte) []byte {
	dst = strconv.AppendInt(dst, int64(m.FromRow), 10)
	dst = append(dst, ' ')
	dst = strconv.AppendInt(dst, int64(m.FromCol), 10)
	dst = append(dst, ' ')
	dst = strconv.AppendInt(dst, int64(m.ToRow), 10)
	dst = append(dst, ' ')
	return strconv.AppendInt(dst, int64(m.ToCol), 10)
}

// Raw returns the move as a RawMove.
func (m Move) Raw() RawMove {
	return RawMove{int32(m.FromRow), int32(m.FromCol), int32(m.ToRow), int32(m.ToCol)}
}

// Render returns the runner's rendering "D2 → D3".
func (m Move) Render() string { return m.Raw().Render() }

// Status is the template's game state of a position after generating its
// list.
type Status uint8

// The statuses, numbered as in the template.
const (
	// Unknown: the list has not been generated (template only).
	Unknown Status = 0
	// Win: the side to move can capture an enemy king and has won.
	Win Status = 1
	// Draw: set only by the runner's material adjudication.
	Draw Status = 2
	// None: the game goes on.
	None Status = 3
)

// String returns the conformance files' name: UNKNOWN, WIN, DRAW or NONE.
func (s Status) String() string {
	switch s {
	case Unknown:
		return "UNKNOWN"
	case Win:
		return "WIN"
	case Draw:
		return "DRAW"
	case None:
		return "NONE"
	}
	return "STATUS(" + strconv.Itoa(int(s)) + ")"
}

// StartPosition returns the initial position, kqbnr/ppppp/5/5/PPPPP/RNBQK w.
func StartPosition() Position {
	var p Position
	p.Board[Black][0] = [Cols]Piece{King, Queen, Bishop, Knight, Rook}
	p.Board[Black][1] = [Cols]Piece{Pawn, Pawn, Pawn, Pawn, Pawn}
	p.Board[White][4] = [Cols]Piece{Pawn, Pawn, Pawn, Pawn, Pawn}
	p.Board[White][5] = [Cols]Piece{Rook, Knight, Bishop, Queen, King}
	return p
}

// SquareName returns the name of the square at row, col: file "ABCDE"[col]
// then rank "654321"[row], each replaced by '?' when out of range ("D2",
// "??", "A?").
func SquareName(row, col int) string {
	var b [2]byte
	b[0], b[1] = fileChar(int64(col)), rankChar(int64(row))
	return string(b[:])
}

func fileChar(c int64) byte {
	if c >= 0 && c < Cols {
		return "ABCDE"[c]
	}
	return '?'
}

func rankChar(r int64) byte {
	if r >= 0 && r < Rows {
		return "654321"[r]
	}
	return '?'
}

// Material returns the material of colour c by the adjudication table
// (pawn 2, rook 6, knight 7, bishop 8, queen 20, king 100), kings included.
func (p *Position) Material(c Color) int {
	sum := 0
	for r := range Rows {
		for col := range Cols {
			if k := p.Board[c][r][col]; k <= King {
				sum += Values[k]
			}
		}
	}
	return sum
}

// Adjudicate applies the ply-limit rule (docs/minichess.md, "Game flow and
// results"): the side with more material wins, returned as (Win, winner);
// equal material is (Draw, White).
func (p *Position) Adjudicate() (Status, Color) {
	w, b := p.Material(White), p.Material(Black)
	switch {
	case w > b:
		return Win, White
	case b > w:
		return Win, Black
	}
	return Draw, White
}

// Play returns the position after m (docs/minichess.md, "Move generation"): a
// pawn reaching row 0 or 5 becomes a queen, the enemy layer is cleared on the
// target, the piece moves, and the side to move flips. The move is not
// validated, but its coordinates must lie on the board (every listed move's
// do); Play panics otherwise.
func (p *Position) Play(m Move) Position {
	q := *p
	me, op := p.ToMove, p.ToMove.Other()
	k := q.Board[me][m.FromRow][m.FromCol]
	if k == Pawn && (m.ToRow == 0 || m.ToRow == Rows-1) {
		k = Queen
	}
	q.Board[op][m.ToRow][m.ToCol] = Empty
	q.Board[me][m.FromRow][m.FromCol] = Empty
	q.Board[me][m.ToRow][m.ToCol] = k
	q.ToMove = op
	return q
}

// LegalMoves appends the template's list of p to buf and returns it with the
// status: moves in template order, truncated right after the first king
// capture, in which case the status is Win (docs/minichess.md, "Move
// generation"); otherwise the list is complete and the status is None. It
// does not allocate when buf has room.
func (p *Position) LegalMoves(buf []Move) ([]Move, Status) {
	n := p.Node()
	return n.LegalMoves(buf)
}

// PseudoMoves appends every pseudo-legal move of the side to move to buf,
// in template order, never truncated (for P-perft).
func (p *Position) PseudoMoves(buf []Move) []Move {
	n := p.Node()
	return n.PseudoMoves(buf)
}
