package congo

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/gamesearch/gamesearch/internal/cliutil"
)

// StartFEN returns the start position of the edition r.
func StartFEN(r Edition) string {
	if r == Edition2021 {
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

// fenField is one blank-separated field of a FEN line and the byte offset of
// its start in the line.
type fenField struct {
	text string
	off  int
}

// splitFields splits s at runs of spaces and tabs into at most len(dst)
// fields and returns the number of fields found (which may exceed len(dst)).
func splitFields(s string, dst []fenField) int {
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
			dst[n] = fenField{s[i:j], i}
		}
		n++
		i = j
	}
	return n
}

// FENError is what is wrong with a FEN: the message and, when it concerns
// a piece of the text, that piece's byte offset in the string given to
// [ParseFEN] (else -1). Messages quote at most a short, escaped prefix of
// the text.
type FENError struct {
	// Byte is the 0-based offset of the offending text, or -1.
	Byte int
	// Msg says what is wrong.
	Msg string
}

// Error returns "byte B: problem", or the problem alone when Byte is -1.
func (e *FENError) Error() string {
	if e.Byte < 0 {
		return e.Msg
	}
	return fmt.Sprintf("byte %d: %s", e.Byte, e.Msg)
}

// fenErr returns a *FENError at byte off.
func fenErr(off int, format string, args ...any) error {
	return &FENError{Byte: off, Msg: fmt.Sprintf(format, args...)}
}

// MaxMoveNumber is the largest move number a FEN may carry (nine digits).
const MaxMoveNumber = 999_999_999

// ParseFEN parses a position "<placement> <side> <move-number>" as the
// docs/congo.md ("Board, squares and FEN") describes. A trailing carriage return and
// surrounding blanks are ignored. Errors are [*FENError] values, without a
// line number. It is the reading of the Part programs, which accept the side
// letters W and B and any placement of the lions.
func ParseFEN(s string) (Position, error) { return parseFEN(s, false) }

// ParseGameFEN parses a position as [ParseFEN] does and refuses, besides
// everything ParseFEN refuses, what a tournament runner never sends and no
// game reaches (congo-checker reads its positions so): a side letter in
// upper case (W, B), and a lion outside its own castle, unless it stands in
// the other castle and the other lion is missing (it has just captured that
// lion by flying).
func ParseGameFEN(s string) (Position, error) { return parseFEN(s, true) }

// parseFEN is ParseFEN, and ParseGameFEN when game is set.
func parseFEN(s string, game bool) (Position, error) {
	var p Position
	s = strings.TrimSuffix(s, "\r")
	var f [3]fenField
	n := splitFields(s, f[:])
	if n == 0 {
		return p, fenErr(-1, "empty line, expected a FEN")
	}
	if n != 3 {
		return p, fenErr(-1, "FEN has %d fields, want 3 (placement, side, move number)", n)
	}
	var lionOff [2]int
	if err := p.parsePlacement(f[0], &lionOff); err != nil {
		return Position{}, err
	}
	if game {
		if err := p.checkLions(lionOff); err != nil {
			return Position{}, err
		}
	}
	switch f[1].text {
	case "w", "W":
		p.Side = White
	case "b", "B":
		p.Side = Black
		p.hash ^= zobristSide
	default:
		return Position{}, fenErr(f[1].off, "side to move %s, want w or b", cliutil.Quote(f[1].text))
	}
	if game && (f[1].text == "W" || f[1].text == "B") {
		return Position{}, fenErr(f[1].off, "side to move %s, want w or b (lower case)", cliutil.Quote(f[1].text))
	}
	num := f[2].text
	v, err := cliutil.ParseInt(num, 0, MaxMoveNumber)
	if err != nil || len(num) > 9 {
		return Position{}, fenErr(f[2].off, "move number %s is not a non-negative integer of at most 9 digits", cliutil.Quote(num))
	}
	p.MoveNumber = v
	return p, nil
}

// parsePlacement reads the placement field f; lionOff receives the byte
// offset of each colour's lion letter.
func (p *Position) parsePlacement(f fenField, lionOff *[2]int) error {
	pl := f.text
	ranks := strings.Count(pl, "/") + 1
	if ranks != 7 {
		return fenErr(f.off, "placement has %d ranks, want 7", ranks)
	}
	off := f.off
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
					return fenErr(off+j-1, "rank %d %s: two digits in a row", rank+1, cliutil.Quote(rs))
				}
				prevDigit = true
				file += int(c - '0')
				continue
			}
			prevDigit = false
			pc := pieceOfLetter[c]
			if pc == NoPiece {
				_, size := utf8.DecodeRuneInString(rs[j:])
				return fenErr(off+j, "rank %d: unknown character %s", rank+1, cliutil.Quote(rs[j:j+size]))
			}
			if file < 7 {
				if pc.Kind() == Lion {
					if p.Pieces(pc.Color(), Lion) != 0 {
						return fenErr(off+j, "more than one %s lion", pc.Color())
					}
					lionOff[pc.Color()] = off + j
				}
				p.Put(SquareAt(file, rank), pc)
			}
			file++
		}
		if file != 7 {
			return fenErr(off, "rank %d %s covers %d squares, want 7", rank+1, cliutil.Quote(rs), file)
		}
		off += len(rs) + 1
	}
	return nil
}

// castleNames are the castles' squares for messages.
var castleNames = [2]string{"c1-e3", "c5-e7"}

// checkLions refuses a lion outside its castle, except in the other castle
// when the other lion is missing; lionOff holds the lions' byte offsets.
func (p *Position) checkLions(lionOff [2]int) error {
	for c := White; c <= Black; c++ {
		lion := p.Pieces(c, Lion)
		if lion == 0 || lion&castles[c] != 0 {
			continue
		}
		if lion&castles[c.Other()] != 0 && p.Pieces(c.Other(), Lion) == 0 {
			continue
		}
		return fenErr(lionOff[c], "%s lion on %s is outside its castle %s", c, lion.First(), castleNames[c])
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
