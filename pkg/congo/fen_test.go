package congo

import (
	"errors"
	"strings"
	"testing"

	"gotest.tools/v3/assert"
)

func TestFENRoundTrip(t *testing.T) {
	tests := []struct{ in, want string }{
		{"2ele1z/ppppppp/7/7/7/PPP1PPP/2ELE1Z w 4", "2ele1z/ppppppp/7/7/7/PPP1PPP/2ELE1Z w 4"},
		{"gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ W 0", "gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0"},
		{"  7/7/7/7/7/7/7\tB   007 \r", "7/7/7/7/7/7/7 b 7"},
		{"1m1El2/P1P2P1/1S4C/4S2/1E3S1/1P3c1/2GL3 b 79", "1m1El2/P1P2P1/1S4C/4S2/1E3S1/1P3c1/2GL3 b 79"},
		{"7/7/7/7/7/7/7 w 999999999", "7/7/7/7/7/7/7 w 999999999"},
		{"PPPPPPP/7/7/7/7/7/ppppppp w 1", "PPPPPPP/7/7/7/7/7/ppppppp w 1"},
	}
	for _, tc := range tests {
		p, err := ParseFEN(tc.in)
		assert.NilError(t, err, tc.in)
		assert.Equal(t, p.String(), tc.want)
	}
	p := mustFEN(t, "1m1El2/P1P2P1/1S4C/4S2/1E3S1/1P3c1/2GL3 b 79")
	assert.Equal(t, p.At(SquareAt(1, 6)), MakePiece(Black, Monkey))
	assert.Equal(t, p.At(SquareAt(6, 4)), MakePiece(White, Crocodile))
	assert.Equal(t, p.Side, Black)
	assert.Equal(t, p.MoveNumber, 79)
}

func TestFENErrors(t *testing.T) {
	tests := []struct{ in, want string }{
		{"", "empty line, expected a FEN"},
		{"  \t ", "empty line, expected a FEN"},
		{"7/7/7/7/7/7/7 w", "FEN has 2 fields, want 3 (placement, side, move number)"},
		{"7/7/7/7/7/7/7 w 1 x", "FEN has 4 fields, want 3 (placement, side, move number)"},
		{"7/7/7/7/7/7 w 1", "byte 0: placement has 6 ranks, want 7"},
		{"7/7/7/7/7/7/7/7 w 1", "byte 0: placement has 8 ranks, want 7"},
		{"7/7/4z3/7/7/7/7 w 1", `byte 4: rank 5 "4z3" covers 8 squares, want 7`},
		{"7/7/7/7/7/7/6 w 1", `byte 12: rank 1 "6" covers 6 squares, want 7`},
		{"7/7/7/7/7/7/ w 1", `byte 12: rank 1 "" covers 0 squares, want 7`},
		{"7/x6/7/7/7/7/7 w 1", `byte 2: rank 6: unknown character "x"`},
		{"7/K6/7/7/7/7/7 w 1", `byte 2: rank 6: unknown character "K"`},
		{"7/7/7/7/7/7/07 w 1", `byte 12: rank 1: unknown character "0"`},
		{"7/7/7/7/7/7/8 w 1", `byte 12: rank 1: unknown character "8"`},
		{"7/7/34/7/7/7/7 w 1", `byte 4: rank 5 "34": two digits in a row`},
		{"7/7/l1l4/7/7/7/7 w 1", "byte 6: more than one black lion"},
		{"L6/7/7/7/7/7/3L3 w 1", "byte 14: more than one white lion"},
		{"7/7/7/7/7/7/7 x 1", `byte 14: side to move "x", want w or b`},
		{"7/7/7/7/7/7/7 white 1", `byte 14: side to move "white", want w or b`},
		{"7/7/7/7/7/7/7 w -1", `byte 16: move number "-1" is not a non-negative integer of at most 9 digits`},
		{"7/7/7/7/7/7/7 w +1", `byte 16: move number "+1" is not a non-negative integer of at most 9 digits`},
		{"7/7/7/7/7/7/7 w x", `byte 16: move number "x" is not a non-negative integer of at most 9 digits`},
		{"7/7/7/7/7/7/7 w 1.0", `byte 16: move number "1.0" is not a non-negative integer of at most 9 digits`},
		{"7/7/7/7/7/7/7 w 1234567890", `byte 16: move number "1234567890" is not a non-negative integer of at most 9 digits`},
		{"7/7/7/7/7/7/7 w 0000000001", `byte 16: move number "0000000001" is not a non-negative integer of at most 9 digits`},
		// Offsets count from the start of the string, blanks included.
		{" \t7/7/7/7/7/7/7  w\t0x1", `byte 19: move number "0x1" is not a non-negative integer of at most 9 digits`},
		{"  7/7/x6/7/7/7/7 w 1", `byte 6: rank 5: unknown character "x"`},
		// Non-ASCII text is escaped, and a character is quoted whole.
		{"\ufeff2ele1z/ppppppp/7/7/7/PPPPPPP/2ELE1Z w 0", `byte 0: rank 7: unknown character "\ufeff"`},
		{"7/7/7/7/7/7/7 w\u00a0 0", `byte 14: side to move "w\u00a0", want w or b`},
		{"7/7/7/7/7/7/7 w\u00a0x 0", `byte 14: side to move "w\u00a0x", want w or b`},
		{"7/7/\xe96/7/7/7/7 w 1", `byte 4: rank 5: unknown character "\xe9"`},
		{"7/7/é6/7/7/7/7 w 1", `byte 4: rank 5: unknown character "é"`},
		// Long text is cut to a short prefix.
		{"7/7/7/7/7/7/" + strings.Repeat("1", 10<<20) + " w 1", `byte 12: rank 1 "11111111111111111111111111111111"…: two digits in a row`},
		{"7/7/7/7/7/7/7 w " + strings.Repeat("9", 10<<20), `byte 16: move number "99999999999999999999999999999999"…`},
		{"7/7/7/7/7/7/7 " + strings.Repeat("w", 10<<20) + " 1", `byte 14: side to move "wwwwwwwwwwwwwwwwwwwwwwwwwwwwwwww"…, want w or b`},
	}
	for _, tc := range tests {
		_, err := ParseFEN(tc.in)
		assert.ErrorContains(t, err, tc.want, "%q", tc.in[:min(len(tc.in), 80)])
		assert.Assert(t, len(err.Error()) < 200, "%d-byte error", len(err.Error()))
		if strings.HasPrefix(tc.want, "byte") {
			assert.Assert(t, strings.HasPrefix(err.Error(), tc.want[:strings.Index(tc.want, ":")+1]), err.Error())
		}
	}
}

func TestParseMove(t *testing.T) {
	for _, s := range []string{"a1a1", "e3e4", "g7a1", "d1d2"} {
		m, ok := ParseMove(s)
		assert.Assert(t, ok, s)
		assert.Equal(t, m.String(), s)
		assert.Equal(t, string(AppendMove(nil, m)), s)
	}
	for _, s := range []string{"", "e2-e4", "h1h2", "a0a1", "e2e", "a8a1", "E2E4", "e2e45"} {
		_, ok := ParseMove(s)
		assert.Assert(t, !ok, s)
	}
	a, _ := ParseMove("a7b1")
	b, _ := ParseMove("b1a1")
	assert.Assert(t, a < b, "move order must be string order")
}

// FuzzParseFEN checks that parsing never panics, that a rejected input gets
// a short one-line *FENError, and that Parse -> String -> Parse is stable
// for every accepted input.
func FuzzParseFEN(f *testing.F) {
	for _, s := range []string{
		StartFEN(Edition2021), StartFEN(Edition2022),
		"1m1El2/P1P2P1/1S4C/4S2/1E3S1/1P3c1/2GL3 b 79",
		"7/7/7/7/7/7/7 W 007",
		"7/7/34/7/7/7/7 w 1",
		"7/7/7/7/7/7/7/ w 1",
		"",
		"\ufeff2ele1z/ppppppp/7/7/7/PPPPPPP/2ELE1Z w 0",
		"7/7/7/7/7/7/7 w +1",
		"7/7/7/7/7/7/7 w 0000000001",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := ParseFEN(s)
		if err != nil {
			var fe *FENError
			if !errors.As(err, &fe) || strings.ContainsAny(err.Error(), "\r\n") || len(err.Error()) > 200 || fe.Byte >= len(s) {
				t.Fatalf("bad error for %q: %v", s, err)
			}
			return
		}
		out := p.String()
		q, err := ParseFEN(out)
		if err != nil {
			t.Fatalf("ParseFEN(%q) accepted, but its output %q is rejected: %v", s, out, err)
		}
		if q.String() != out || q.Hash() != p.Hash() || q.board != p.board {
			t.Fatalf("round trip of %q: %q then %q", s, out, q.String())
		}
		// Every accepted position must support move generation and making
		// every move without panicking.
		for _, m := range p.GenerateMoves(nil) {
			var c Position
			p.Play(&c, m, Edition2022)
			_ = c.EvaluateAdvanced()
		}
	})
}
