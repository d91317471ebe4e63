package minichess

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strconv"

	"github.com/gamesearch/gamesearch/internal/cliutil"
)

// StateError is a problem in a state file: the file name, the line and the
// field (both counted from 1; 0 when not applicable), the byte offset in
// that line of the offending token (counted from 0; -1 when not
// applicable) and what is wrong.
type StateError struct {
	Name  string
	Line  int
	Field int
	Byte  int
	Msg   string
}

// Error returns "<name>:<line>: byte <byte>: field <field>: <msg>", leaving
// out the parts that are not applicable.
func (e *StateError) Error() string {
	s := e.Name
	if e.Line > 0 {
		s += ":" + strconv.Itoa(e.Line)
	}
	if e.Byte >= 0 {
		s += ": byte " + strconv.Itoa(e.Byte)
	}
	if e.Field > 0 {
		s += ": field " + strconv.Itoa(e.Field)
	}
	return s + ": " + e.Msg
}

// stateToken is one whitespace-separated token of a state file.
type stateToken struct {
	line, field, byte int
}

// maxStateToken is the number of bytes of a token the parser keeps: enough
// to quote it and to tell any number above 6 from the valid codes.
const maxStateToken = 64

// ParseState reads a state file (docs/minichess.md, "The file
// protocol") strictly: 61 decimal integers
// separated by ASCII whitespace (the side to move, 30 white codes, 30 black
// codes, row-major), the side 0 or 1, every code 0..6, no square non-zero in
// both layers, and only whitespace after the 61st integer. Errors are
// [*StateError] values naming name, the line, the field and the byte offset
// of the token, quoting at most a short prefix of it, or read errors
// prefixed with name.
func ParseState(r io.Reader, name string) (Position, error) {
	var p Position
	br := bufio.NewReader(r)
	line, field, col := 1, 0, 0
	count := 0
	var tokBuf [maxStateToken]byte
	tok := tokBuf[:0]
	var at stateToken // where the current token starts
	var pending [2*Squares + 1]stateToken
	var vals [2*Squares + 1]uint8
	finish := func() error {
		if count == len(vals) {
			return &StateError{Name: name, Line: at.line, Byte: at.byte,
				Msg: fmt.Sprintf("unexpected data %s after the 61st integer", cliutil.Quote(tok))}
		}
		for _, c := range tok {
			if c < '0' || c > '9' {
				return &StateError{Name: name, Line: at.line, Field: at.field, Byte: at.byte,
					Msg: fmt.Sprintf("%s is not a non-negative integer", cliutil.Quote(tok))}
			}
		}
		v := 0
		for _, c := range tok {
			v = v*10 + int(c-'0')
			if v > 1000 {
				v = 1000
			}
		}
		if count == 0 {
			if v > 1 {
				return &StateError{Name: name, Line: at.line, Byte: at.byte,
					Msg: fmt.Sprintf("side to move must be 0 or 1, got %s", number(tok))}
			}
		} else if v > int(King) {
			return &StateError{Name: name, Line: at.line, Field: at.field, Byte: at.byte,
				Msg: fmt.Sprintf("piece code %s is not in 0..6", number(tok))}
		}
		vals[count] = uint8(v)
		pending[count] = at
		count++
		return nil
	}
	for ; ; col++ {
		c, err := br.ReadByte()
		if err != nil {
			if err != io.EOF {
				return Position{}, fmt.Errorf("%s: %w", name, err)
			}
			break
		}
		if isSpace(c) {
			if len(tok) > 0 {
				if err := finish(); err != nil {
					return Position{}, err
				}
				tok = tok[:0]
			}
			if c == '\n' {
				line++
				field = 0
				col = -1
			}
			continue
		}
		if len(tok) == 0 {
			field++
			at = stateToken{line: line, field: field, byte: col}
		}
		if len(tok) < maxStateToken {
			tok = append(tok, c)
		}
	}
	if len(tok) > 0 {
		if err := finish(); err != nil {
			return Position{}, err
		}
	}
	if count < len(vals) {
		return Position{}, &StateError{Name: name, Byte: -1,
			Msg: fmt.Sprintf("expected 61 integers, found %d", count)}
	}
	p.ToMove = Color(vals[0])
	for sq := range Squares {
		w, b := Piece(vals[1+sq]), Piece(vals[1+Squares+sq])
		if w != Empty && b != Empty {
			t := pending[1+Squares+sq]
			return Position{}, &StateError{Name: name, Line: t.line, Field: t.field, Byte: t.byte,
				Msg: fmt.Sprintf("square %s holds a white %v and a black %v", SquareName(sq/Cols, sq%Cols), w, b)}
		}
		p.Board[White][sq/Cols][sq%Cols] = w
		p.Board[Black][sq/Cols][sq%Cols] = b
	}
	return p, nil
}

// number returns a token of digits for a message: at most
// cliutil.MaxQuote of them, followed by "…" when there are more.
func number(tok []byte) string {
	if len(tok) > cliutil.MaxQuote {
		return string(tok[:cliutil.MaxQuote]) + "…"
	}
	return string(tok)
}

// AppendState appends the exact state file of p (docs/minichess.md, "The file
// protocol"): the side, the
// six white rows, a blank line, the six black rows, a blank line; every
// number followed by one space. For a valid position it is 136 bytes.
func (p *Position) AppendState(dst []byte) []byte {
	dst = append(dst, '0'+byte(p.ToMove), '\n')
	for c := range 2 {
		for r := range Rows {
			for col := range Cols {
				dst = append(dst, '0'+byte(p.Board[c][r][col]), ' ')
			}
			dst = append(dst, '\n')
		}
		dst = append(dst, '\n')
	}
	return dst
}

// ReadStateFile opens the state file called name and parses it with
// [ParseState].
func ReadStateFile(name string) (Position, error) {
	f, err := os.Open(name)
	if err != nil {
		return Position{}, fmt.Errorf("%s: %w", name, err)
	}
	defer f.Close()
	return ParseState(f, name)
}
