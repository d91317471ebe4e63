package congo

import (
	"errors"
	"strings"
	"testing"

	"github.com/gamesearch/gamesearch/pkg/congo/internal/badfen"
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

// TestFENErrors checks both readings against the one table of invalid
// FENs that the Part programs' and congo-checker's tests share: ParseGameFEN
// refuses every row, ParseFEN every row but the GameOnly ones, each with
// the row's *FENError.
func TestFENErrors(t *testing.T) {
	for _, tc := range badfen.FENs() {
		in := tc.Text[:min(len(tc.Text), 80)]
		for _, game := range []bool{false, true} {
			_, err := parseFEN(tc.Text, game)
			if !game && tc.GameOnly {
				assert.NilError(t, err, "%s: %q", tc.Name, in)
				continue
			}
			var fe *FENError
			assert.Assert(t, errors.As(err, &fe), "%s: %q: %v", tc.Name, in, err)
			assert.Equal(t, *fe, FENError{Byte: tc.Byte, Msg: tc.Msg}, "%s: %q", tc.Name, in)
			assert.Equal(t, err.Error(), tc.Want())
			assert.Assert(t, len(err.Error()) < 200, "%d-byte error", len(err.Error()))
		}
	}
}

// TestParseGameFEN: the tournament reading accepts the positions a game
// reaches, among them a lone lion in the other castle after its flying
// capture, and reads them as ParseFEN does.
func TestParseGameFEN(t *testing.T) {
	for _, s := range []string{
		StartFEN(Edition2021), StartFEN(Edition2022),
		"3L3/7/7/7/7/7/7 b 8",                          // White's lion has captured on d7
		"7/p6/2E1Z2/5P1/EpPl1pp/2p1p2/7 w 28",          // Black's lion has captured on d3
		"7/7/7/7/7/7/7 w 0",                            // no lions: no lion is misplaced
		"  7/7/2l4/7/7/2L4/7\tb   008 \r",              // blanks, CR and leading zeros as in ParseFEN
		"1m1El2/P1P2P1/1S4C/4S2/1E3S1/1P3c1/2GL3 b 79", // a Part 1 sample
	} {
		p, err := ParseGameFEN(s)
		assert.NilError(t, err, s)
		q := mustFEN(t, s)
		assert.Equal(t, p.String(), q.String())
		assert.Equal(t, p.Hash(), q.Hash())
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
		// The tournament reading refuses more, never less, and reads the
		// same position.
		g, gerr := ParseGameFEN(s)
		var ge *FENError
		switch {
		case gerr == nil && (err != nil || g.String() != p.String()):
			t.Fatalf("ParseGameFEN(%q) accepted as %q what ParseFEN reads as %q, %v", s, g.String(), p.String(), err)
		case gerr != nil && (!errors.As(gerr, &ge) || strings.ContainsAny(gerr.Error(), "\r\n") || len(gerr.Error()) > 200 || ge.Byte >= len(s)):
			t.Fatalf("bad ParseGameFEN error for %q: %v", s, gerr)
		}
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
