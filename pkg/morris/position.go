package morris

import (
	"fmt"
	"math/bits"
	"unicode/utf8"

	"github.com/gamesearch/gamesearch/internal/cliutil"
)

// Position is a board content: the set of points holding a white piece and
// the set holding a black piece (bit i is point i). It fits the 23 points of
// the largest board.
type Position struct {
	W, B uint32
}

// Swap exchanges the colours (docs/morris.md §4.7).
func (p Position) Swap() Position { return Position{W: p.B, B: p.W} }

// NumWhite returns the number of white pieces.
func (p Position) NumWhite() int { return bits.OnesCount32(p.W) }

// NumBlack returns the number of black pieces.
func (p Position) NumBlack() int { return bits.OnesCount32(p.B) }

// Format returns the board string of p on a board of n points: one letter
// per point in index order, W, B or x.
func (p Position) Format(n int) string {
	var buf [MaxPoints]byte
	return string(p.AppendFormat(buf[:0], n))
}

// AppendFormat appends the board string of p on a board of n points to dst.
func (p Position) AppendFormat(dst []byte, n int) []byte {
	for i := 0; i < n; i++ {
		c := byte('x')
		switch {
		case p.W&(1<<i) != 0:
			c = 'W'
		case p.B&(1<<i) != 0:
			c = 'B'
		}
		dst = append(dst, c)
	}
	return dst
}

// ParseError describes what is wrong with a board file. Line and Col, when
// not zero, are 1-based positions in the file as read (Col counts bytes);
// Byte is then the 0-based offset of the same place in the file.
type ParseError struct {
	Line, Col int
	Byte      int
	Msg       string
}

// Error returns the message, prefixed with the position when known:
// "line 1, column 9, byte 8: "X" is not W, B or x".
func (e *ParseError) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("line %d, column %d, byte %d: %s", e.Line, e.Col, e.Byte, e.Msg)
	}
	return e.Msg
}

// MaxInputSize is the largest input file accepted, in bytes.
const MaxInputSize = 64 << 10

func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f'
}

// ParseBoard parses the content of a board file (docs/morris.md §2.3). With
// forced set the board must be of kind force; otherwise the kind is chosen
// from the number of letters by [KindByLength] (22 S22, 21 E21, 18 F18,
// 23 D23; B21 and U21 only when forced). It never panics.
func ParseBoard(data []byte, force Kind, forced bool) (Position, Kind, error) {
	if len(data) > MaxInputSize {
		return Position{}, 0, &ParseError{Msg: fmt.Sprintf("larger than %d bytes", MaxInputSize)}
	}
	start, end := 0, len(data)
	for start < end && isSpace(data[start]) {
		start++
	}
	for end > start && isSpace(data[end-1]) {
		end--
	}
	if start == end {
		return Position{}, 0, &ParseError{Msg: "empty board"}
	}
	line, col := 1, 1
	for i := 0; i < start; i++ {
		if data[i] == '\n' {
			line, col = line+1, 1
		} else {
			col++
		}
	}
	for i := start; i < end; i++ {
		c := data[i]
		if c != 'W' && c != 'B' && c != 'x' {
			_, size := utf8.DecodeRune(data[i:])
			return Position{}, 0, &ParseError{Line: line, Col: col, Byte: i,
				Msg: fmt.Sprintf("%s is not W, B or x", cliutil.Quote(data[i:i+size]))}
		}
		col++
	}
	n := end - start
	kind := force
	if forced {
		if want := BoardOf(force).N; n != want {
			return Position{}, 0, &ParseError{Msg: fmt.Sprintf("%d letters, but board %s has %d", n, force, want)}
		}
	} else {
		k, ok := KindByLength(n)
		if !ok {
			return Position{}, 0, &ParseError{Msg: fmt.Sprintf("%d letters; a board has 18, 21, 22 or 23", n)}
		}
		kind = k
	}
	var p Position
	for i, c := range data[start:end] {
		switch c {
		case 'W':
			p.W |= 1 << i
		case 'B':
			p.B |= 1 << i
		}
	}
	return p, kind, nil
}
