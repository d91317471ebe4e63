package minichess_test

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gamesearch/gamesearch/internal/testutil"
	"github.com/gamesearch/gamesearch/pkg/minichess"
	"gotest.tools/v3/assert"
	"gotest.tools/v3/golden"
)

func golden1(t *testing.T, name string) string {
	return filepath.Join(testutil.RepoRoot(t), "testdata", "minichess-rules", name)
}

func mustFEN(t *testing.T, s string) minichess.Position {
	t.Helper()
	p, err := minichess.ParseFEN(s)
	assert.NilError(t, err)
	return p
}

func TestStartPosition(t *testing.T) {
	t.Parallel()
	p := minichess.StartPosition()
	assert.Equal(t, p.FEN(), "kqbnr/ppppp/5/5/PPPPP/RNBQK w")
	list, st := p.LegalMoves(nil)
	assert.Equal(t, st, minichess.None)
	assert.Equal(t, joinMoves(list), "4 0 3 0;4 1 3 1;4 2 3 2;4 3 3 3;4 4 3 4;5 1 3 2;5 1 3 0")
	assert.Equal(t, p.Material(minichess.White), 151)
	assert.Equal(t, p.Material(minichess.Black), 151)
	st, _ = p.Adjudicate()
	assert.Equal(t, st, minichess.Draw)
	assert.Equal(t, len(p.AppendState(nil)), 136)
}

func TestDrawing(t *testing.T) {
	t.Parallel()
	p := minichess.StartPosition()
	golden.Assert(t, string(p.AppendDrawing(nil)), golden1(t, "drawing_start.golden"))
	p = mustFEN(t, "1r1nk/2P2/5/5/5/K4 w")
	golden.Assert(t, string(p.AppendDrawing(nil)), golden1(t, "drawing_e03.golden"))
	// The start position's state file of docs/minichess.md, line by line.
	p = minichess.StartPosition()
	lines := strings.Split(string(p.AppendDrawing(nil)), "\n")
	assert.Equal(t, len(lines), 17)
	assert.Equal(t, lines[0], "┌────┬────┬────┬────┬────┬─┬───┐")
	assert.Equal(t, lines[1], "│ bK │ bQ │ bB │ bn │ bR │ │ 6 │")
	assert.Equal(t, lines[11], "│ wR │ wn │ wB │ wQ │ wK │ │ 1 │")
	assert.Equal(t, lines[14], "│  A │  B │  C │  D │  E │ │   │")
	assert.Equal(t, lines[15], "└────┴────┴────┴────┴────┴─┴───┘")
}

func TestSquareNames(t *testing.T) {
	t.Parallel()
	assert.Equal(t, minichess.SquareName(0, 0), "A6")
	assert.Equal(t, minichess.SquareName(5, 4), "E1")
	assert.Equal(t, minichess.SquareName(4, 3), "D2")
	assert.Equal(t, minichess.SquareName(9, 9), "??")
	assert.Equal(t, minichess.SquareName(-1, 0), "A?")
	assert.Equal(t, minichess.RawMove{4, 3, 3, 3}.Render(), "D2 → D3")
	assert.Equal(t, minichess.NoMove.Render(), "?? → ??")
	assert.Equal(t, minichess.RawMove{-1, 0, 3, 0}.Render(), "A? → A3")
	assert.Equal(t, minichess.Move{5, 4, 4, 4}.Render(), "E1 → E2")
}

func TestParseAction(t *testing.T) {
	t.Parallel()
	cases := []struct {
		in    string
		move  minichess.RawMove
		count int
	}{
		{"4 0 3 0\n4 1 3 1\n4 2", minichess.RawMove{4, 1, 3, 1}, 2},
		{"4 0 3 0 junk 4 1 3 1\n", minichess.RawMove{4, 0, 3, 0}, 1},
		{"5 4 4 4\n", minichess.RawMove{5, 4, 4, 4}, 1},
		{"9 9 9 9\n", minichess.RawMove{9, 9, 9, 9}, 1},
		{"-1 0 3 0\n", minichess.RawMove{-1, 0, 3, 0}, 1},
		{"hello\n", minichess.NoMove, 0},
		{"", minichess.NoMove, 0},
		{"3 0x", minichess.NoMove, 0},
		{"1 2 3 4x5 6 7 8", minichess.RawMove{1, 2, 3, 4}, 1},
		{"+1 +2 -0 4", minichess.RawMove{1, 2, 0, 4}, 1},
		{"1 2 3 2147483647", minichess.RawMove{1, 2, 3, 2147483647}, 1},
		{"1 2 3 -2147483648 5", minichess.RawMove{1, 2, 3, -2147483648}, 1},
		{"1 2 3 4 1 2 3 2147483648", minichess.RawMove{1, 2, 3, 4}, 1},
		{"1 2 3 4 + 5 6 7 8", minichess.RawMove{1, 2, 3, 4}, 1},
		{"\t\v\f\r\n4 0 3 0\r\n", minichess.RawMove{4, 0, 3, 0}, 1},
	}
	for _, c := range cases {
		m, n, err := minichess.ParseAction(strings.NewReader(c.in))
		assert.NilError(t, err)
		assert.Equal(t, m, c.move, "input %q", c.in)
		assert.Equal(t, n, c.count, "input %q", c.in)
	}
	_, _, err := minichess.ParseAction(errReader{})
	assert.ErrorContains(t, err, "boom")
}

type errReader struct{}

func (errReader) Read([]byte) (int, error) { return 0, errors.New("boom") }

func TestParseStateErrors(t *testing.T) {
	t.Parallel()
	good := string(func() []byte { p := minichess.StartPosition(); return p.AppendState(nil) }())
	cases := []struct{ in, want string }{
		{strings.Replace(good, "0 0 0 0 0 \n1 1", "0 x 0 0 0 \n1 1", 1), `state:5: byte 2: field 2: "x" is not a non-negative integer`},
		{"7" + good[1:], "state:1: byte 0: side to move must be 0 or 1, got 7"},
		{strings.Replace(good, "2 3 4 5 6", "2 3 4 5 9", 1), "state:7: byte 8: field 5: piece code 9 is not in 0..6"},
		{good[:90], "state: expected 61 integers, found 41"},
		{good + "1\n", `state:16: byte 0: unexpected data "1" after the 61st integer`},
		{good + "  \t" + strings.Repeat("y", 10<<20), `state:16: byte 3: unexpected data "yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy"… after the 61st integer`},
		{good[:len(good)-23] + "3" + good[len(good)-22:], "state:13: byte 0: field 1: square A2 holds a white pawn and a black knight"},
		{"-1" + good[1:], `state:1: byte 0: field 1: "-1" is not a non-negative integer`},
		{"\ufeff" + good, `state:1: byte 0: field 1: "\ufeff0" is not a non-negative integer`},
		{"0\n  " + strings.Repeat("\xff", 10<<20), `state:2: byte 2: field 1: "\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff"… is not a non-negative integer`},
		{"0 " + strings.Repeat("7", 10<<20), `state:1: byte 2: field 2: piece code 77777777777777777777777777777777… is not in 0..6`},
		{"", "state: expected 61 integers, found 0"},
	}
	for _, c := range cases {
		_, err := minichess.ParseState(strings.NewReader(c.in), "state")
		assert.Error(t, err, c.want)
	}
	// Accepted oddities: CRLF, no final newline, no kings, one line.
	p, err := minichess.ParseState(strings.NewReader(strings.ReplaceAll(good, "\n", "\r\n")), "state")
	assert.NilError(t, err)
	assert.Equal(t, p, minichess.StartPosition())
	p, err = minichess.ParseState(strings.NewReader(strings.Join(strings.Fields(good), " ")), "state")
	assert.NilError(t, err)
	assert.Equal(t, p, minichess.StartPosition())
	p, err = minichess.ParseState(strings.NewReader("1"+strings.Repeat(" 0", 60)), "state")
	assert.NilError(t, err)
	assert.Equal(t, p.ToMove, minichess.Black)
}

func TestParseFEN(t *testing.T) {
	t.Parallel()
	p := mustFEN(t, "kqbnr/ppppp/5/5/PPPPP/RNBQK w - - 0 1")
	assert.Equal(t, p, minichess.StartPosition())
	for _, bad := range []string{"", "kqbnr/ppppp/5/5/PPPPP w", "kqbnr/ppppp/5/5/PPPPP/RNBQK x",
		"kqbnr/ppppp/6/5/PPPPP/RNBQK w", "kqbnr/ppppp/4/5/PPPPP/RNBQK w", "kqbnx/ppppp/5/5/PPPPP/RNBQK w",
		"kqbnr/ppppp/5/5/PPPPP/RNBQKK w", "k w a b c d e"} {
		_, err := minichess.ParseFEN(bad)
		assert.Assert(t, err != nil, "%q", bad)
	}
	long := strings.Repeat("p", 10<<20)
	for _, c := range []struct{ fen, want string }{
		{"kqbnr/ppppp/5/5/PPPPP/RNBQK x", `fen: byte 28: side must be w or b, got "x"`},
		{" kqbnr/ppppp/5/5/PPPPP/RNBQK \u00a0" + long, `fen: byte 31: side must be w or b, got "pppppppppppppppppppppppppppppppp"…`},
		{"kqbnr/ppppp/33/5/PPPPP/RNBQK w", `fen: byte 12: rank 4 "33" has more than 5 squares`},
		{"kqbnr/ppppp/6/5/PPPPP/RNBQK w", `fen: byte 12: rank 4: bad character "6"`},
		{"kqbnr/ppppp/5/5/PPPPP/" + long + " w", `fen: byte 22: rank 1 "pppppppppppppppppppppppppppppppp"… has more than 5 squares`},
		{"kqbnx/ppppp/5/5/PPPPP/RNBQK w", `fen: byte 4: rank 6: bad character "x"`},
		{"\ufeffkqbnr/ppppp/5/5/PPPPP/RNBQK w", `fen: byte 0: rank 6: bad character "\ufeff"`},
		{"kqbnr/ppppp/5/5/PPPPP w", `fen: byte 0: placement "kqbnr/ppppp/5/5/PPPPP" has 5 ranks, want 6`},
		{long, `fen "pppppppppppppppppppppppppppppppp"…: want "<placement> <side>"`},
	} {
		_, err := minichess.ParseFEN(c.fen)
		assert.Error(t, err, c.want)
	}
}

func TestAdjudicate(t *testing.T) {
	t.Parallel()
	adj := func(fen string) (minichess.Status, minichess.Color) {
		p := mustFEN(t, fen)
		return p.Adjudicate()
	}
	st, c := adj("k4/5/5/5/5/QK3 b")
	assert.Equal(t, st, minichess.Win)
	assert.Equal(t, c, minichess.White)
	st, c = adj("kq3/5/5/5/5/1K3 w")
	assert.Equal(t, st, minichess.Win)
	assert.Equal(t, c, minichess.Black)
	st, _ = adj("k4/p4/5/5/P4/4K w")
	assert.Equal(t, st, minichess.Draw)
}

func TestPlayPromotionAndCapture(t *testing.T) {
	t.Parallel()
	p := mustFEN(t, "1r1nk/2P2/5/5/5/K4 w")
	list, st := p.LegalMoves(nil)
	assert.Equal(t, st, minichess.None)
	assert.Equal(t, joinMoves(list), "1 2 0 2;1 2 0 3;1 2 0 1;5 0 5 1;5 0 4 0;5 0 4 1")
	assert.Equal(t, p.Play(list[0]).FEN(), "1rQnk/5/5/5/5/K4 b")
	assert.Equal(t, p.Play(list[1]).FEN(), "1r1Qk/5/5/5/5/K4 b")
	// Capturing the king is allowed by Play.
	w := mustFEN(t, "k4/1P3/5/5/5/4K w")
	list, st = w.LegalMoves(nil)
	assert.Equal(t, st, minichess.Win)
	assert.Equal(t, joinMoves(list), "1 1 0 1;1 1 0 0")
	assert.Equal(t, w.Play(list[1]).FEN(), "Q4/5/5/5/5/4K b")
	assert.Equal(t, joinMoves(w.PseudoMoves(nil)), "1 1 0 1;1 1 0 0;5 4 4 4;5 4 5 3;5 4 4 3")
}

func TestKingAttacked(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		fen          string
		white, black bool
	}{
		{"kqbnr/ppppp/5/5/PPPPP/RNBQK w", false, false},
		{"k4/1P3/5/5/5/4K w", false, true},
		{"k4/1P3/5/5/5/4K b", false, true},
		{"k3r/5/5/5/5/4K w", true, false},
		{"k3r/5/5/5/4P/4K w", false, false},
		{"k4/5/5/5/3b1/4K b", true, false},
		{"k4/2N2/5/5/5/4K w", false, true},
	} {
		p := mustFEN(t, c.fen)
		n := p.Node()
		assert.Equal(t, n.KingAttacked(minichess.White), c.white, c.fen)
		assert.Equal(t, n.KingAttacked(minichess.Black), c.black, c.fen)
	}
}
