// Package badfen is the one table of invalid Congo FENs, shared by the
// tests of the FEN parser (pkg/congo), of the Part programs (pkg/congo/cli)
// and of congo-checker (pkg/congo/checker). congo-checker refuses every
// row; the Part programs refuse every row but the GameOnly ones, which they
// read as docs/congo.md ("FEN") says. Only tests import it.
package badfen

import (
	"strconv"
	"strings"
)

// FEN is one invalid FEN line and the error it gets: the parser's
// *congo.FENError has exactly Byte and Msg.
type FEN struct {
	// Name says what is wrong, for test names.
	Name string
	// Text is the FEN line, without a line end.
	Text string
	// Byte is the offset of the offending text in Text, or -1.
	Byte int
	// Msg is the error message.
	Msg string
	// GameOnly marks what only congo.ParseGameFEN (congo-checker) refuses;
	// congo.ParseFEN (the Part programs) reads it.
	GameOnly bool
}

// long is the length of the rows that test the quoting of long text.
const long = 10 << 20

// FENs returns the table (a fresh copy: three rows are 10 MB long).
func FENs() []FEN {
	return []FEN{
		{Name: "blank line", Text: "", Byte: -1, Msg: "empty line, expected a FEN"},
		{Name: "blanks only", Text: "  \t ", Byte: -1, Msg: "empty line, expected a FEN"},
		{Name: "two fields", Text: "7/7/7/7/7/7/7 w", Byte: -1, Msg: "FEN has 2 fields, want 3 (placement, side, move number)"},
		{Name: "four fields", Text: "7/7/7/7/7/7/7 w 1 x", Byte: -1, Msg: "FEN has 4 fields, want 3 (placement, side, move number)"},
		{Name: "six ranks", Text: "7/7/7/7/7/7 w 1", Byte: 0, Msg: "placement has 6 ranks, want 7"},
		{Name: "eight ranks", Text: "7/7/7/7/7/7/7/7 w 1", Byte: 0, Msg: "placement has 8 ranks, want 7"},
		{Name: "rank too long", Text: "7/7/4z3/7/7/7/7 w 1", Byte: 4, Msg: `rank 5 "4z3" covers 8 squares, want 7`},
		{Name: "rank too short", Text: "7/7/7/7/7/7/6 w 1", Byte: 12, Msg: `rank 1 "6" covers 6 squares, want 7`},
		{Name: "empty rank", Text: "7/7/7/7/7/7/ w 1", Byte: 12, Msg: `rank 1 "" covers 0 squares, want 7`},
		{Name: "unknown letter", Text: "7/x6/7/7/7/7/7 w 1", Byte: 2, Msg: `rank 6: unknown character "x"`},
		{Name: "king letter", Text: "7/K6/7/7/7/7/7 w 1", Byte: 2, Msg: `rank 6: unknown character "K"`},
		{Name: "digit 0", Text: "7/7/7/7/7/7/07 w 1", Byte: 12, Msg: `rank 1: unknown character "0"`},
		{Name: "digit 8", Text: "7/7/7/7/7/7/8 w 1", Byte: 12, Msg: `rank 1: unknown character "8"`},
		{Name: "two digits", Text: "7/7/34/7/7/7/7 w 1", Byte: 4, Msg: `rank 5 "34": two digits in a row`},
		{Name: "two black lions", Text: "7/7/l1l4/7/7/7/7 w 1", Byte: 6, Msg: "more than one black lion"},
		{Name: "two white lions", Text: "L6/7/7/7/7/7/3L3 w 1", Byte: 14, Msg: "more than one white lion"},
		{Name: "bad side", Text: "7/7/7/7/7/7/7 x 1", Byte: 14, Msg: `side to move "x", want w or b`},
		{Name: "side word", Text: "7/7/7/7/7/7/7 white 1", Byte: 14, Msg: `side to move "white", want w or b`},
		{Name: "negative move number", Text: "7/7/7/7/7/7/7 w -1", Byte: 16, Msg: `move number "-1" is not a non-negative integer of at most 9 digits`},
		{Name: "signed move number", Text: "7/7/7/7/7/7/7 w +1", Byte: 16, Msg: `move number "+1" is not a non-negative integer of at most 9 digits`},
		{Name: "letter move number", Text: "7/7/7/7/7/7/7 w x", Byte: 16, Msg: `move number "x" is not a non-negative integer of at most 9 digits`},
		{Name: "fractional move number", Text: "7/7/7/7/7/7/7 w 1.0", Byte: 16, Msg: `move number "1.0" is not a non-negative integer of at most 9 digits`},
		{Name: "ten-digit move number", Text: "7/7/7/7/7/7/7 w 1234567890", Byte: 16, Msg: `move number "1234567890" is not a non-negative integer of at most 9 digits`},
		{Name: "ten digits with zeros", Text: "7/7/7/7/7/7/7 w 0000000001", Byte: 16, Msg: `move number "0000000001" is not a non-negative integer of at most 9 digits`},
		{Name: "hex move number", Text: " \t7/7/7/7/7/7/7  w\t0x1", Byte: 19, Msg: `move number "0x1" is not a non-negative integer of at most 9 digits`},
		{Name: "offset after blanks", Text: "  7/7/x6/7/7/7/7 w 1", Byte: 6, Msg: `rank 5: unknown character "x"`},
		// Non-ASCII text is escaped, and a character is quoted whole.
		{Name: "byte order mark", Text: "\ufeff2ele1z/ppppppp/7/7/7/PPPPPPP/2ELE1Z w 0", Byte: 0, Msg: `rank 7: unknown character "\ufeff"`},
		{Name: "broken byte order mark", Text: "  \xef\xbb2ele1z/ppppppp/7/7/7/PPPPPPP/2ELE1Z w 0", Byte: 2, Msg: `rank 7: unknown character "\xef"`},
		{Name: "no-break space", Text: "7/7/7/7/7/7/7 w\u00a0 0", Byte: 14, Msg: `side to move "w\u00a0", want w or b`},
		{Name: "no-break space inside", Text: "7/7/7/7/7/7/7 w\u00a0x 0", Byte: 14, Msg: `side to move "w\u00a0x", want w or b`},
		{Name: "invalid UTF-8", Text: "7/7/\xe96/7/7/7/7 w 1", Byte: 4, Msg: `rank 5: unknown character "\xe9"`},
		{Name: "accented letter", Text: "7/7/é6/7/7/7/7 w 1", Byte: 4, Msg: `rank 5: unknown character "é"`},
		// Long text is cut to a short prefix.
		{Name: "long rank", Text: "7/7/7/7/7/7/" + strings.Repeat("1", long) + " w 1", Byte: 12, Msg: `rank 1 "11111111111111111111111111111111"…: two digits in a row`},
		{Name: "long move number", Text: "7/7/7/7/7/7/7 w " + strings.Repeat("9", long), Byte: 16, Msg: `move number "99999999999999999999999999999999"… is not a non-negative integer of at most 9 digits`},
		{Name: "long side", Text: "7/7/7/7/7/7/7 " + strings.Repeat("w", long) + " 1", Byte: 14, Msg: `side to move "wwwwwwwwwwwwwwwwwwwwwwwwwwwwwwww"…, want w or b`},
		// What no game reaches and a tournament runner never writes.
		{Name: "side W", Text: "g2l2z/ppppppp/7/7/7/PPPPPPP/G2L2Z W 0", Byte: 34, Msg: `side to move "W", want w or b (lower case)`, GameOnly: true},
		{Name: "side B", Text: "1z5/pPp1lP1/5ep/4P1e/4L1p/2p2pP/7 B 35", Byte: 34, Msg: `side to move "B", want w or b (lower case)`, GameOnly: true},
		{Name: "white lion outside", Text: "3l3/7/7/7/7/7/5L1 w 0", Byte: 15, Msg: "white lion on f1 is outside its castle c1-e3", GameOnly: true},
		{Name: "black lion outside", Text: "6l/7/7/7/7/7/3L3 b 0", Byte: 1, Msg: "black lion on g7 is outside its castle c5-e7", GameOnly: true},
		{Name: "lion in the other castle", Text: "3l3/3L3/7/7/7/7/7 w 5", Byte: 5, Msg: "white lion on d6 is outside its castle c1-e3", GameOnly: true},
		{Name: "lone lion in the river", Text: "P6/7/7/3L3/7/7/p6 b 3", Byte: 8, Msg: "white lion on d4 is outside its castle c1-e3", GameOnly: true},
		{Name: "lone lion outside both castles", Text: "7/7/7/7/7/7/l6 w 12", Byte: 12, Msg: "black lion on a1 is outside its castle c5-e7", GameOnly: true},
	}
}

// Want returns the text of the parser's error for f: "byte B: Msg", or
// Msg when Byte is -1.
func (f FEN) Want() string {
	if f.Byte < 0 {
		return f.Msg
	}
	return "byte " + strconv.Itoa(f.Byte) + ": " + f.Msg
}
