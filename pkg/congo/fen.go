package congo

import (
	"fmt"
	"strconv"
	"strings"
)

// StartFEN returns the start position of the edition r.
func StartFEN(r Rules) string {
	if r == Rules2021 {
		return "2ele1z/ppppppp/7/7/7/PPPPPPP/2ELE1Z w 0"
	}
	return "g2l2z/ppppppp/7/7/7/PPPPPPP/G2L2Z w 0"
}

// pieceOfLetter maps a FEN letter to its piece (NoPiece for other bytes).
var pieceOfLetter [256]Piece

func init() {
	for k := Kind(0); k < NumKinds; k++ {
		pieceOfLetter[kindLetters[k]] = MakePiece(White, k)
		pieceOfLetter[kindLetters[k]+'a'-'A'] = MakePiece(Black, k)
	}
}

// isBlank reports whether c separates FEN fields.
func isBlank(c byte) bool { return c == ' ' || c == '\t' }

// splitFields splits s at runs of spaces and tabs into at most len(dst)
// fields and returns the number of fields found (which may exceed len(dst)).
func splitFields(s string, dst []string) int {
	n := 0
	for i := 0; i < len(s); {
		for i < len(s) && isBlank(s[i]) {
			i++
		}
		if i == len(s) {
			break
		}
		j := i
		for j < len(s) && !isBlank(s[j]) {
			j++
		}
		if n < len(dst) {
			dst[n] = s[i:j]
		}
		n++
		i = j
	}
	return n
}

// ParseFEN parses a position "<placement> <side> <move-number>" as
// docs/congo.md ("Board, squares and FEN") describes. A trailing carriage
// return and surrounding blanks are ignored. The error says what is wrong,
// without a line number.
func ParseFEN(s string) (Position, error) {
	var p Position
	s = strings.TrimSuffix(s, "\r")
	var f [3]string
	n := splitFields(s, f[:])
	if n == 0 {
		return p, fmt.Errorf("empty line, expected a FEN")
	}
	if n != 3 {
		return p, fmt.Errorf("FEN has %d fields, want 3 (placement, side, move number)", n)
	}
	if err := p.parsePlacement(f[0]); err != nil {
		return Position{}, err
	}
	switch f[1] {
	case "w", "W":
		p.Side = White
	case "b", "B":
		p.Side = Black
		p.hash ^= zobristSide
	default:
		return Position{}, fmt.Errorf("side to move %q, want w or b", f[1])
	}
	num := f[2]
	ok := len(num) >= 1 && len(num) <= 9
	for i := 0; ok && i < len(num); i++ {
		ok = num[i] >= '0' && num[i] <= '9'
	}
	if !ok {
		return Position{}, fmt.Errorf("move number %q is not a non-negative integer", num)
	}
	p.MoveNumber, _ = strconv.Atoi(num)
	return p, nil
}

func (p *Position) parsePlacement(pl string) error {
	ranks := strings.Count(pl, "/") + 1
	if ranks != 7 {
		return fmt.Errorf("placement has %d ranks, want 7", ranks)
	}
	for i := 0; i < 7; i++ {
		var rs string
		rs, pl, _ = strings.Cut(pl, "/")
		rank := 6 - i // rank index; the FEN lists rank 7 first
		file := 0
		prevDigit := false
		for j := 0; j < len(rs); j++ {
			c := rs[j]
			if c >= '1' && c <= '7' {
				if prevDigit {
					return fmt.Errorf("rank %d %q: two digits in a row", rank+1, rs)
				}
				prevDigit = true
				file += int(c - '0')
				continue
			}
			prevDigit = false
			pc := pieceOfLetter[c]
			if pc == NoPiece {
				return fmt.Errorf("rank %d: unknown character %q", rank+1, rune(c))
			}
			if file < 7 {
				if pc.Kind() == Lion && p.Pieces(pc.Color(), Lion) != 0 {
					return fmt.Errorf("more than one %s lion", pc.Color())
				}
				p.Put(SquareAt(file, rank), pc)
			}
			file++
		}
		if file != 7 {
			return fmt.Errorf("rank %d %q covers %d squares, want 7", rank+1, rs, file)
		}
	}
	return nil
}

// String returns p in canonical FEN: ranks 7 to 1, runs of empty squares as
// digits, lower-case side letter, move number without leading zeros.
func (p *Position) String() string {
	var buf [80]byte
	return string(p.AppendFEN(buf[:0]))
}

// AppendFEN appends the canonical FEN of p to b.
func (p *Position) AppendFEN(b []byte) []byte {
	for r := 6; r >= 0; r-- {
		empty := 0
		for f := 0; f < 7; f++ {
			pc := p.board[SquareAt(f, r)]
			if pc == NoPiece {
				empty++
				continue
			}
			if empty > 0 {
				b = append(b, byte('0'+empty))
				empty = 0
			}
			b = append(b, pc.Letter())
		}
		if empty > 0 {
			b = append(b, byte('0'+empty))
		}
		if r > 0 {
			b = append(b, '/')
		}
	}
	if p.Side == White {
		b = append(b, " w "...)
	} else {
		b = append(b, " b "...)
	}
	return strconv.AppendInt(b, int64(p.MoveNumber), 10)
}
