package fsf_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gamesearch/gamesearch/pkg/match"
	"github.com/gamesearch/gamesearch/pkg/minichess"
	"github.com/gamesearch/gamesearch/pkg/minichess/arena/fsf"
	"gotest.tools/v3/assert"
)

func mustFEN(t *testing.T, s string) minichess.Position {
	t.Helper()
	p, err := minichess.ParseFEN(s)
	assert.NilError(t, err)
	return p
}

func TestFEN(t *testing.T) {
	assert.Equal(t, fsf.FEN(mustFEN(t, "kqbnr/ppppp/5/5/PPPPP/RNBQK w")), "kqbnr/ppppp/5/5/PPPPP/RNBQK w - - 0 1")
	assert.Equal(t, fsf.FEN(mustFEN(t, "k4/1P3/5/2q2/5/4K b")), "k4/1P3/5/2q2/5/4K b - - 0 1")
	// The variant's start position is the course's.
	assert.Assert(t, strings.Contains(fsf.VariantINI, "startFen = "+fsf.FEN(mustFEN(t, "kqbnr/ppppp/5/5/PPPPP/RNBQK w"))+"\n"))
}

func TestParseUCIMove(t *testing.T) {
	for _, c := range []struct {
		in   string
		want minichess.Move
	}{
		{"b2b3", minichess.Move{FromRow: 4, FromCol: 1, ToRow: 3, ToCol: 1}},
		{"a5a6q", minichess.Move{FromRow: 1, FromCol: 0, ToRow: 0, ToCol: 0}},
		{"e6a1", minichess.Move{FromRow: 0, FromCol: 4, ToRow: 5, ToCol: 0}},
		{"c2b1q", minichess.Move{FromRow: 4, FromCol: 2, ToRow: 5, ToCol: 1}},
	} {
		got, err := fsf.ParseUCIMove(c.in)
		assert.NilError(t, err, c.in)
		assert.Equal(t, got, c.want, c.in)
	}
	for _, c := range []struct{ in, want string }{
		{"(none)", `move "(none)": want <from><to>[q]`},
		{"f1a1", `square "f1" is not on the a1-e6 board`},
		{"a0a1", `square "a0" is not on the a1-e6 board`},
		{"a1a7", `square "a7" is not on the a1-e6 board`},
		{"a5a6n", `want <from><to>[q]`},
		{"", `want <from><to>[q]`},
	} {
		_, err := fsf.ParseUCIMove(c.in)
		assert.ErrorContains(t, err, c.want, c.in)
	}
}

// TestUCIRoundTrip: every move of the positions along a few deterministic
// games converts to UCI and back unchanged, with the promotion suffix
// exactly on pawn moves to the last row.
func TestUCIRoundTrip(t *testing.T) {
	starts := []string{"kqbnr/ppppp/5/5/PPPPP/RNBQK w", "k4/P3p/5/5/p3P/4K w", "k4/P3p/5/5/p3P/4K b"}
	promotions, total := 0, 0
	for _, s := range starts {
		p0 := mustFEN(t, s)
		n := p0.Node()
		for ply := 0; ply < 40; ply++ {
			var buf [minichess.MaxMoves]minichess.Move
			list, st := n.LegalMoves(buf[:0])
			if len(list) == 0 || st == minichess.Win {
				break
			}
			p := n.Position()
			for _, m := range list {
				u := fsf.UCIMove(p, m)
				pawn := p.Board[p.ToMove][m.FromRow][m.FromCol] == minichess.Pawn
				promo := pawn && (m.ToRow == 0 || m.ToRow == minichess.Rows-1)
				assert.Equal(t, strings.HasSuffix(u, "q"), promo, "%s in %s", u, p.FEN())
				if promo {
					promotions++
				}
				back, err := fsf.ParseUCIMove(u)
				assert.NilError(t, err)
				assert.Equal(t, back, m, "%s in %s", u, p.FEN())
				total++
			}
			var next minichess.Node
			n.Play(&next, list[(ply*7)%len(list)])
			n = next
		}
	}
	assert.Assert(t, promotions > 0 && total > 150, "promotions %d, moves %d", promotions, total)
}

func TestScore(t *testing.T) {
	var out, errb bytes.Buffer
	assert.Equal(t, fsf.Run([]string{"-score", "1/22/17"}, nil, &out, &errb), 0)
	st := match.Stats{Wins: 1, Draws: 22, Losses: 17}
	assert.Equal(t, out.String(), "games 40  "+st.String()+"\n")
	assert.Equal(t, out.String(), "games 40  W 1 D 22 L 17  score 30.0%  Elo -147.2 [-223.4, -82.5] (95%)\n")
}

func TestBadInput(t *testing.T) {
	dir := t.TempDir()
	state := filepath.Join(dir, "state")
	assert.NilError(t, os.WriteFile(state, []byte("2\n"), 0o644))
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-score", "1/2"}, `minichess-fsf: -score: "1/2": want W/D/L, e.g. 10/5/5`},
		{[]string{"-score", "1/x/2"}, `minichess-fsf: -score: "1/x/2": "x" is not a non-negative integer`},
		{[]string{"-movetime", "0", state, "action"}, "minichess-fsf: -movetime: 0s is not positive"},
		{[]string{"-bogus"}, "minichess-fsf: flag provided but not defined: -bogus"},
		{[]string{state}, "minichess-fsf: usage: minichess-fsf [flags] <state_file> <action_file>"},
		{[]string{state, filepath.Join(dir, "action")}, "side to move must be 0 or 1, got 2"},
		{[]string{filepath.Join(dir, "missing"), filepath.Join(dir, "action")}, "no such file"},
	} {
		var out, errb bytes.Buffer
		assert.Equal(t, fsf.Run(c.args, nil, &out, &errb), 2, c.args)
		assert.Assert(t, strings.Contains(errb.String(), c.want), "%v: %q", c.args, errb.String())
		assert.Equal(t, strings.Count(errb.String(), "\n"), 1)
		assert.Equal(t, out.String(), "")
	}
	_, err := os.Stat(filepath.Join(dir, "action"))
	assert.Assert(t, os.IsNotExist(err))
}

// TestWinRoot: when the side to move can capture a king, the adapter
// writes the list's king capture without asking the engine (any other king
// capture would be invalid under the runner: the list is truncated).
func TestWinRoot(t *testing.T) {
	p := mustFEN(t, "2k2/5/Q1R2/5/5/4K w") // Qa4xc6 and Rc4xc6
	n := p.Node()
	captures := 0
	for _, m := range n.PseudoMoves(nil) {
		if m.ToRow == 0 && m.ToCol == 2 {
			captures++
		}
	}
	assert.Equal(t, captures, 2)
	list, st := n.LegalMoves(nil)
	assert.Equal(t, st, minichess.Win)
	dir := t.TempDir()
	state, action := filepath.Join(dir, "state"), filepath.Join(dir, "action")
	assert.NilError(t, os.WriteFile(state, p.AppendState(nil), 0o644))
	var out, errb bytes.Buffer
	assert.Equal(t, fsf.Run([]string{"-engine", filepath.Join(dir, "no-engine"), state, action}, nil, &out, &errb), 0, errb.String())
	data, err := os.ReadFile(action)
	assert.NilError(t, err)
	assert.Equal(t, string(data), list[len(list)-1].String()+"\n")
	assert.Equal(t, string(data), "2 0 0 2\n")
}

// TestEngine plays Fairy-Stockfish through the adapter when the Debian
// package is installed (apt-get install fairy-stockfish); it is an
// optional outside tool, so the test skips without it, saying how to get
// it (the README names this test). TestFakeEngine plays a scripted engine
// everywhere.
func TestEngine(t *testing.T) {
	if _, err := os.Stat(fsf.DefaultEngine); err != nil {
		t.Skipf("Fairy-Stockfish is not installed at %s: apt-get install fairy-stockfish (Debian, Ubuntu) to run this test", fsf.DefaultEngine)
	}
	for _, c := range []struct {
		fen  string
		want string // "" : any move of the list
	}{
		{"kqbnr/ppppp/5/5/PPPPP/RNBQK w", ""},
		{"k4/5/q3Q/5/5/4K w", "2 4 2 0\n"}, // Qe4xa4 wins the queen
	} {
		p := mustFEN(t, c.fen)
		dir := t.TempDir()
		state, action := filepath.Join(dir, "state"), filepath.Join(dir, "action")
		assert.NilError(t, os.WriteFile(state, p.AppendState(nil), 0o644))
		var out, errb bytes.Buffer
		assert.Equal(t, fsf.Run([]string{"-movetime", "200ms", state, action}, nil, &out, &errb), 0, errb.String())
		data, err := os.ReadFile(action)
		assert.NilError(t, err)
		raw, count, err := minichess.ParseAction(bytes.NewReader(data))
		assert.NilError(t, err)
		assert.Equal(t, count, 1)
		var buf [minichess.MaxMoves]minichess.Move
		n := p.Node()
		list, _ := n.LegalMoves(buf[:0])
		assert.Assert(t, raw.In(list), "%s: %q", c.fen, data)
		if c.want != "" {
			assert.Equal(t, string(data), c.want, c.fen)
		}
	}
}

// TestParseComparePositions: the positions file's errors name the line.
func TestParseComparePositions(t *testing.T) {
	ps, err := fsf.ParseComparePositions(strings.NewReader("# c\n0 kqbnr/ppppp/5/5/PPPPP/RNBQK w\n\n12 kqbnr/ppppp/5/5/PPPPP/RNBQK b\n"), "f")
	assert.NilError(t, err)
	assert.Equal(t, len(ps), 2)
	assert.Equal(t, ps[1].Played, 12)
	assert.Equal(t, ps[1].Pos.FEN(), "kqbnr/ppppp/5/5/PPPPP/RNBQK b")
	for _, c := range []struct{ in, want string }{
		{"", "f: no positions"},
		{"x kqbnr/ppppp/5/5/PPPPP/RNBQK w\n", `f:1: plies "x": want 0..49`},
		{"\n50 kqbnr/ppppp/5/5/PPPPP/RNBQK w\n", `f:2: plies "50": want 0..49`},
		{"3 kqbnr/ppppp/5/5/PPPPP\n", "f:1: "},
	} {
		_, err := fsf.ParseComparePositions(strings.NewReader(c.in), "f")
		assert.ErrorContains(t, err, c.want)
	}
}
