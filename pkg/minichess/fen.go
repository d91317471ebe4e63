package minichess

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/gamesearch/gamesearch/internal/cliutil"
)

const fenLetters = ".PRNBQK"

// fenField is a white-space separated field of a FEN and the byte offset of
// its start in the FEN.
type fenField struct {
	text string
	off  int
}

// fenFields splits s at runs of white space, as strings.Fields does, into
// at most limit+1 fields with their byte offsets.
func fenFields(s string, limit int) []fenField {
	var out []fenField
	start := -1
	for i, r := range s {
		if unicode.IsSpace(r) {
			if start >= 0 {
				out = append(out, fenField{s[start:i], start})
				start = -1
				if len(out) > limit {
					return out
				}
			}
		} else if start < 0 {
			start = i
		}
	}
	if start >= 0 {
		out = append(out, fenField{s[start:], start})
	}
	return out
}

// fenError returns the error of a FEN at byte off.
func fenError(off int, format string, args ...any) error {
	return fmt.Errorf("fen: byte %d: %s", off, fmt.Sprintf(format, args...))
}

// ParseFEN parses the FEN-like notation of docs/minichess.md ("Board, pieces
// and notation"): "<placement> <side>",
// the placement rank 6 (row 0) first, upper case white, lower case black,
// digits 1-5 for empty squares, side "w" or "b". Up to four trailing chess
// FEN fields are accepted and ignored. Errors give the byte offset of the
// offending text and quote at most a short prefix of it.
func ParseFEN(s string) (Position, error) {
	var p Position
	fields := fenFields(s, 6)
	if len(fields) < 2 || len(fields) > 6 {
		return p, fmt.Errorf("fen %s: want \"<placement> <side>\"", cliutil.Quote(s))
	}
	placement := fields[0]
	ranks := strings.Split(placement.text, "/")
	if len(ranks) != Rows {
		return p, fenError(placement.off, "placement %s has %d ranks, want %d", cliutil.Quote(placement.text), len(ranks), Rows)
	}
	off := placement.off
	for r, rank := range ranks {
		col := 0
		for i := 0; i < len(rank); i++ {
			ch := rank[i]
			if ch >= '1' && ch <= '5' {
				col += int(ch - '0')
				if col > Cols {
					return p, fenError(off, "rank %d %s has more than %d squares", Rows-r, cliutil.Quote(rank), Cols)
				}
				continue
			}
			up, color := ch, White
			if ch >= 'a' && ch <= 'z' {
				up, color = ch-'a'+'A', Black
			}
			k := strings.IndexByte(fenLetters[1:], up)
			if k < 0 {
				_, size := utf8.DecodeRuneInString(rank[i:])
				return p, fenError(off+i, "rank %d: bad character %s", Rows-r, cliutil.Quote(rank[i:i+size]))
			}
			if col >= Cols {
				return p, fenError(off, "rank %d %s has more than %d squares", Rows-r, cliutil.Quote(rank), Cols)
			}
			p.Board[color][r][col] = Piece(k + 1)
			col++
		}
		if col != Cols {
			return p, fenError(off, "rank %d %s does not have %d squares", Rows-r, cliutil.Quote(rank), Cols)
		}
		off += len(rank) + 1
	}
	switch side := fields[1]; side.text {
	case "w":
		p.ToMove = White
	case "b":
		p.ToMove = Black
	default:
		return p, fenError(side.off, "side must be w or b, got %s", cliutil.Quote(side.text))
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
