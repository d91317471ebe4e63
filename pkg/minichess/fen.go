package minichess

import (
	"fmt"
	"strings"
)

const fenLetters = ".PRNBQK"

// ParseFEN parses the FEN-like notation of docs/minichess.md ("Board, pieces
// and notation"): "<placement> <side>", the placement rank 6 (row 0) first,
// upper case white, lower case black, digits 1-5 for empty squares, side "w"
// or "b". Up to four trailing chess FEN fields are accepted and ignored.
func ParseFEN(s string) (Position, error) {
	var p Position
	fields := strings.Fields(s)
	if len(fields) < 2 || len(fields) > 6 {
		return p, fmt.Errorf("fen %q: want \"<placement> <side>\"", s)
	}
	ranks := strings.Split(fields[0], "/")
	if len(ranks) != Rows {
		return p, fmt.Errorf("fen %q: %d ranks, want %d", s, len(ranks), Rows)
	}
	for r, rank := range ranks {
		col := 0
		for i := 0; i < len(rank); i++ {
			ch := rank[i]
			if ch >= '1' && ch <= '5' {
				col += int(ch - '0')
				if col > Cols {
					return p, fmt.Errorf("fen %q: rank %d has more than %d squares", s, Rows-r, Cols)
				}
				continue
			}
			up, color := ch, White
			if ch >= 'a' && ch <= 'z' {
				up, color = ch-'a'+'A', Black
			}
			k := strings.IndexByte(fenLetters[1:], up)
			if k < 0 {
				return p, fmt.Errorf("fen %q: rank %d: bad character %q", s, Rows-r, ch)
			}
			if col >= Cols {
				return p, fmt.Errorf("fen %q: rank %d has more than %d squares", s, Rows-r, Cols)
			}
			p.Board[color][r][col] = Piece(k + 1)
			col++
		}
		if col != Cols {
			return p, fmt.Errorf("fen %q: rank %d does not have %d squares", s, Rows-r, Cols)
		}
	}
	switch fields[1] {
	case "w":
		p.ToMove = White
	case "b":
		p.ToMove = Black
	default:
		return p, fmt.Errorf("fen %q: side must be w or b, got %q", s, fields[1])
	}
	return p, nil
}

// FEN returns p in the FEN-like notation, canonical: runs of empty squares
// merged into one digit, only the two fields. A square where both layers
// hold a piece shows the white one.
func (p Position) FEN() string {
	var b []byte
	for r := range Rows {
		if r > 0 {
			b = append(b, '/')
		}
		empty := 0
		for c := range Cols {
			ch := byte(0)
			if k := p.Board[White][r][c]; k != Empty && k <= King {
				ch = fenLetters[k]
			} else if k := p.Board[Black][r][c]; k != Empty && k <= King {
				ch = fenLetters[k] + 'a' - 'A'
			}
			if ch == 0 {
				empty++
				continue
			}
			if empty > 0 {
				b = append(b, '0'+byte(empty))
				empty = 0
			}
			b = append(b, ch)
		}
		if empty > 0 {
			b = append(b, '0'+byte(empty))
		}
	}
	if p.ToMove == White {
		b = append(b, " w"...)
	} else {
		b = append(b, " b"...)
	}
	return string(b)
}
