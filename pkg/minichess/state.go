package minichess

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
)

// StateError is a problem in a state file: the file name, the line and the
// field (both counted from 1; 0 when not applicable) and what is wrong.
type StateError struct {
	Name  string
	Line  int
	Field int
	Msg   string
}

// Error returns "<name>:<line>: field <field>: <msg>", leaving out the
// parts that are zero.
func (e *StateError) Error() string {
	s := e.Name
	if e.Line > 0 {
		s += ":" + strconv.Itoa(e.Line)
	}
	if e.Field > 0 {
		s += ": field " + strconv.Itoa(e.Field)
	}
	return s + ": " + e.Msg
}

// stateToken is one whitespace-separated token of a state file.
type stateToken struct {
	text        []byte
	line, field int
}

// ParseState reads a state file (docs/minichess.md, "The file protocol")
// strictly: 61 decimal integers separated by ASCII whitespace (the side to
// move, 30 white codes, 30 black codes, row-major), the side 0 or 1, every
// code 0..6, no square non-zero in both layers, and only whitespace after the
// 61st integer. Errors are [*StateError] values naming name, the line and the
// field, or read errors prefixed with name.
func ParseState(r io.Reader, name string) (Position, error) {
	var p Position
	br := bufio.NewReader(r)
	line, field := 1, 0
	count := 0
	var tok []byte
	var tokLine, tokField int
	var pending [2*Squares + 1]stateToken
	var vals [2*Squares + 1]uint8
	finish := func() error {
		if count == len(vals) {
			return &StateError{Name: name, Line: tokLine, Msg: "unexpected data after the 61st integer"}
		}
		for _, c := range tok {
			if c < '0' || c > '9' {
				return &StateError{Name: name, Line: tokLine, Field: tokField,
					Msg: fmt.Sprintf("%q is not a non-negative integer", tok)}
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
				return &StateError{Name: name, Line: tokLine,
					Msg: fmt.Sprintf("side to move must be 0 or 1, got %s", tok)}
			}
		} else if v > int(King) {
			return &StateError{Name: name, Line: tokLine, Field: tokField,
				Msg: fmt.Sprintf("piece code %s is not in 0..6", tok)}
		}
		vals[count] = uint8(v)
		pending[count] = stateToken{line: tokLine, field: tokField}
		count++
		return nil
	}
	for {
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
			}
			continue
		}
		if len(tok) == 0 {
			field++
			tokLine, tokField = line, field
		}
		if len(tok) < 64 {
			tok = append(tok, c)
		}
	}
	if len(tok) > 0 {
		if err := finish(); err != nil {
			return Position{}, err
		}
	}
	if count < len(vals) {
		return Position{}, &StateError{Name: name,
			Msg: fmt.Sprintf("expected 61 integers, found %d", count)}
	}
	p.ToMove = Color(vals[0])
	for sq := range Squares {
		w, b := Piece(vals[1+sq]), Piece(vals[1+Squares+sq])
		if w != Empty && b != Empty {
			t := pending[1+Squares+sq]
			return Position{}, &StateError{Name: name, Line: t.line, Field: t.field,
				Msg: fmt.Sprintf("square %s holds a white %v and a black %v", SquareName(sq/Cols, sq%Cols), w, b)}
		}
		p.Board[White][sq/Cols][sq%Cols] = w
		p.Board[Black][sq/Cols][sq%Cols] = b
	}
	return p, nil
}

// AppendState appends the exact state file of p (docs/minichess.md, "The file
// protocol"): the side, the six white rows, a blank line, the six black rows,
// a blank line; every number followed by one space. For a valid position it
// is 136 bytes.
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
