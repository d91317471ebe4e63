package congo

import (
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
		{"7/7/7/7/7/7 w 1", "placement has 6 ranks, want 7"},
		{"7/7/7/7/7/7/7/7 w 1", "placement has 8 ranks, want 7"},
		{"7/7/4z3/7/7/7/7 w 1", `rank 5 "4z3" covers 8 squares, want 7`},
		{"7/7/7/7/7/7/6 w 1", `rank 1 "6" covers 6 squares, want 7`},
		{"7/7/7/7/7/7/ w 1", `rank 1 "" covers 0 squares, want 7`},
		{"7/x6/7/7/7/7/7 w 1", "rank 6: unknown character 'x'"},
		{"7/K6/7/7/7/7/7 w 1", "rank 6: unknown character 'K'"},
		{"7/7/7/7/7/7/07 w 1", "rank 1: unknown character '0'"},
		{"7/7/7/7/7/7/8 w 1", "rank 1: unknown character '8'"},
		{"7/7/34/7/7/7/7 w 1", `rank 5 "34": two digits in a row`},
		{"7/7/l1l4/7/7/7/7 w 1", "more than one black lion"},
		{"L6/7/7/7/7/7/3L3 w 1", "more than one white lion"},
		{"7/7/7/7/7/7/7 x 1", `side to move "x", want w or b`},
		{"7/7/7/7/7/7/7 white 1", `side to move "white", want w or b`},
		{"7/7/7/7/7/7/7 w -1", `move number "-1" is not a non-negative integer`},
		{"7/7/7/7/7/7/7 w +1", `move number "+1" is not a non-negative integer`},
		{"7/7/7/7/7/7/7 w x", `move number "x" is not a non-negative integer`},
		{"7/7/7/7/7/7/7 w 1.0", `move number "1.0" is not a non-negative integer`},
		{"7/7/7/7/7/7/7 w 1234567890", `move number "1234567890" is not a non-negative integer`},
	}
	for _, tc := range tests {
		_, err := ParseFEN(tc.in)
		assert.Error(t, err, tc.want, "%q", tc.in)
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

// FuzzParseFEN checks that parsing never panics and that Parse -> String ->
// Parse is stable for every accepted input.
func FuzzParseFEN(f *testing.F) {
	for _, s := range []string{
		StartFEN(Rules2021), StartFEN(Rules2022),
		"1m1El2/P1P2P1/1S4C/4S2/1E3S1/1P3c1/2GL3 b 79",
		"7/7/7/7/7/7/7 W 007",
		"7/7/34/7/7/7/7 w 1",
		"7/7/7/7/7/7/7/ w 1",
		"",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := ParseFEN(s)
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Fatalf("multi-line error for %q: %v", s, err)
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
			p.Play(&c, m, Rules2022)
			_ = c.EvaluateAdvanced()
		}
	})
}
