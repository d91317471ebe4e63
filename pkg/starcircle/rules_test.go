package starcircle_test

import (
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gamesearch/gamesearch/internal/testutil"
	"github.com/gamesearch/gamesearch/pkg/starcircle"
	"gotest.tools/v3/assert"
)

// mustParse parses a problem given as its input text.
func mustParse(t testing.TB, text string) *starcircle.Problem {
	t.Helper()
	p, err := starcircle.Parse([]byte(text))
	if err != nil {
		t.Fatalf("parse: %v\n%s", err, text)
	}
	return p
}

// problem builds an input with the given player and board rows (H first).
func problem(player string, rows ...string) string {
	return player + "\nMINIMAX\n1\n" + strings.Join(rows, "\n") + "\n10,20,30,40,50,60,70,80\n"
}

// moveList returns the moves of p's side to move, space separated.
func moveList(g starcircle.CourseGame, p *starcircle.Position) string {
	var names []string
	for _, m := range g.Moves(p, nil) {
		names = append(names, m.String())
	}
	return strings.Join(names, " ")
}

// TestMoveOrder checks move generation and the expansion order on positions
// worked out by hand, the handout's E5-F4, C3-D2, C3-D4 example first.
func TestMoveOrder(t *testing.T) {
	cases := []struct {
		name, input, want string
	}{
		{"handout order", problem("Star",
			"0,0,0,0,0,0,0,0",
			"0,0,0,0,0,0,C1,0",
			"0,0,0,0,0,C1,0,0",
			"0,0,0,0,S1,0,0,0",
			"0,0,0,0,0,0,0,0",
			"0,0,S1,0,0,0,0,0",
			"0,0,0,0,0,0,0,0",
			"0,0,0,0,0,0,0,0"), "E5-F4 C3-D2 C3-D4"},
		// Star: G5 steps onto its own stack on H4 and onto H6; F2 jumps G3
		// onto its own stack on H4; its steps are blocked by Circle.
		{"star stacking and jump onto own stack", problem("Star",
			"0,S3,0,S1,0,0,0,0",
			"C1,0,C1,0,S1,0,0,0",
			"0,S1,0,0,0,0,0,0",
			"0,0,0,0,0,0,0,0",
			"0,0,0,0,0,0,0,0",
			"0,0,0,0,0,0,0,0",
			"0,0,0,0,0,0,0,0",
			"0,0,0,0,0,0,0,0"), "G5-H4 G5-H6 F2-H4"},
		// Circle on the same board: steps (upper row) before jumps.
		{"circle steps before jumps", problem("Circle",
			"0,S3,0,S1,0,0,0,0",
			"C1,0,C1,0,S1,0,0,0",
			"0,S1,0,0,0,0,0,0",
			"0,0,0,0,0,0,0,0",
			"0,0,0,0,0,0,0,0",
			"0,0,0,0,0,0,0,0",
			"0,0,0,0,0,0,0,0",
			"0,0,0,0,0,0,0,0"), "G1-E3 G3-F4 G3-E1"},
		// A jump may not land on an occupied square off the last row, nor a
		// step on the mover's own piece there; pieces on the last row never
		// move.
		{"blocked", problem("Circle",
			"0,0,0,0,0,0,0,0",
			"0,0,0,0,0,0,0,0",
			"0,0,0,0,0,0,0,0",
			"0,0,C1,0,0,0,0,0",
			"0,S1,0,C1,0,0,0,0",
			"C1,0,S1,0,0,0,0,0",
			"0,S1,0,0,0,0,0,0",
			"0,0,0,0,C5,0,0,0"), "D4-C5 C1-A3"},
		{"circle jumps onto own stack on A", problem("Circle",
			"0,0,0,0,0,0,0,0",
			"0,0,0,0,0,0,0,0",
			"0,0,0,0,0,0,0,0",
			"0,0,0,0,0,0,0,0",
			"0,0,0,0,0,0,0,0",
			"0,0,C1,0,0,0,0,0",
			"0,S1,0,S1,0,0,0,0",
			"C2,0,S1,0,S1,0,0,0"), "C3-A1"},
		{"pass", problem("Circle",
			"0,0,0,0,0,0,0,0",
			"0,0,0,0,0,0,0,0",
			"0,0,0,0,0,0,0,0",
			"0,0,0,0,0,0,0,0",
			"0,0,0,0,0,0,0,0",
			"0,0,0,0,0,0,0,0",
			"0,S1,0,0,0,0,0,0",
			"C1,0,0,0,0,0,0,0"), "pass"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := mustParse(t, c.input)
			g := starcircle.NewCourseGame(starcircle.NewWeights(p.Values), p.Player)
			pos := p.Position()
			assert.Equal(t, moveList(g, &pos), c.want)
		})
	}
}

// TestPassAndEnd checks the pass rules: one pass does not end the game, a
// pass answering a pass does, and a side without pieces ends it.
func TestPassAndEnd(t *testing.T) {
	p := mustParse(t, problem("Circle",
		"0,0,0,0,0,0,0,0", "0,0,0,0,0,0,0,0", "0,0,0,0,0,0,0,0", "0,0,0,0,0,0,0,0",
		"0,0,0,0,0,0,0,0", "0,0,0,0,0,0,0,0", "0,0,0,0,0,0,0,0", "C1,0,0,0,0,0,S1,0"))
	g := starcircle.NewCourseGame(starcircle.NewWeights(p.Values), p.Player)
	root := p.Position()
	assert.Assert(t, !g.Terminal(&root))
	assert.Equal(t, moveList(g, &root), "pass")
	var once, twice starcircle.Position
	g.Play(&once, &root, starcircle.Pass)
	assert.Assert(t, !g.Terminal(&once), "a single pass ends nothing")
	assert.Equal(t, once.ToMove, starcircle.Star)
	assert.Equal(t, moveList(g, &once), "A7-B6 A7-B8")
	var moved starcircle.Position
	g.Play(&moved, &once, starcircle.NewMove(starcircle.NewSquare(0, 6), starcircle.NewSquare(1, 7)))
	assert.Assert(t, !moved.Passed)
	// Circle's only piece sits on A1, its last row: it passes, Star moves on
	// until it reaches H and must pass too.
	pos := root
	var next starcircle.Position
	for i := 0; !g.Terminal(&pos); i++ {
		ms := g.Moves(&pos, nil)
		g.Play(&next, &pos, ms[0])
		pos = next
		assert.Assert(t, i < 20)
	}
	assert.Assert(t, pos.Over)
	assert.Assert(t, pos.Pieces[starcircle.Star]&starcircle.RowH != 0)
	// Play does not check legality: a pass answering the pass is terminal.
	g.Play(&twice, &once, starcircle.Pass)
	assert.Assert(t, twice.Over && g.Terminal(&twice), "a pass answering a pass ends the game")
	assert.Equal(t, g.Evaluate(&twice), g.Evaluate(&root))
}

// start is the start position of the game, the speed workload.
var start = starcircle.StartInput("MINIMAX", 8)

// perft counts the leaves of the move tree of depth d (terminal positions
// are leaves at any depth), as the searches count them.
func perft(g starcircle.CourseGame, p *starcircle.Position, d int, bufs [][]starcircle.Move, next []starcircle.Position) uint64 {
	if d == 0 || g.Terminal(p) {
		return 1
	}
	ms := g.Moves(p, bufs[d][:0])
	var n uint64
	for _, m := range ms {
		g.Play(&next[d], p, m)
		n += perft(g, &next[d], d-1, bufs, next[:d])
	}
	return n
}

// TestPerftAgainstReference compares leaf counts from the start position
// with the plain array-based reference implementation in ref_test.go.
func TestPerftAgainstReference(t *testing.T) {
	p := mustParse(t, start)
	g := starcircle.NewCourseGame(starcircle.NewWeights(p.Values), p.Player)
	root := p.Position()
	bufs := make([][]starcircle.Move, 8)
	next := make([]starcircle.Position, 8)
	maxD := 6
	if testing.Short() {
		maxD = 4
	}
	for d := 1; d <= maxD; d++ {
		got := perft(g, &root, d, bufs, next)
		want := refPerft(newRef(p), d)
		assert.Equal(t, got, want, "perft(%d)", d)
		t.Logf("perft(%d) = %d", d, got)
	}
}

// corpusProblems returns the parsed inputs of the conformance corpus, or a
// few built-in ones outside the workplace.
func corpusProblems(t *testing.T) []*starcircle.Problem {
	var ps []*starcircle.Problem
	ps = append(ps, mustParse(t, start))
	root := testutil.RepoRoot(t)
	for _, c := range handout {
		data, err := os.ReadFile(filepath.Join(root, "testdata", "starcircle", c.name+".input.txt"))
		assert.NilError(t, err)
		ps = append(ps, mustParse(t, string(data)))
	}
	dir := testutil.Conformance(t, "starcircle", "cases")
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		data, err := os.ReadFile(filepath.Join(dir, e.Name(), "input.txt"))
		if err == nil {
			ps = append(ps, mustParse(t, string(data)))
		}
	}
	return ps
}

// TestRandomPlayouts plays random games from every corpus position with both
// implementations side by side: same move lists in the same order, same
// scores, same terminal test.
func TestRandomPlayouts(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	games := 0
	for _, p := range corpusProblems(t) {
		{
			g := starcircle.NewCourseGame(starcircle.NewWeights(p.Values), p.Player)
			pos := p.Position()
			r := newRef(p)
			for ply := 0; ; ply++ {
				assert.Equal(t, g.Terminal(&pos), r.terminal(), "ply %d", ply)
				assert.Equal(t, g.Evaluate(&pos), r.utility(), "ply %d", ply)
				if r.terminal() {
					break
				}
				ms := g.Moves(&pos, nil)
				rm := r.moves()
				assert.Equal(t, len(ms), len(rm))
				for i := range ms {
					assert.Equal(t, ms[i].String(), rm[i], "ply %d", ply)
				}
				i := rng.Intn(len(ms))
				var next starcircle.Position
				g.Play(&next, &pos, ms[i])
				pos = next
				r.play(rm[i])
				assert.Assert(t, ply < 200)
			}
			games++
		}
	}
	t.Logf("%d random games checked", games)
}

// TestAlphaBetaAgreesWithMinimax checks, on corpus positions, that both
// searches find the same value and move, and that alpha-beta never visits
// more nodes.
func TestAlphaBetaAgreesWithMinimax(t *testing.T) {
	n := 0
	for _, p := range corpusProblems(t) {
		if p.Depth > 5 {
			continue
		}
		q := *p
		q.Algorithm = starcircle.Minimax
		mm := starcircle.Solve(&q)
		q.Algorithm = starcircle.AlphaBeta
		ab := starcircle.Solve(&q)
		assert.Equal(t, ab.Farsighted, mm.Farsighted)
		assert.Equal(t, ab.Move, mm.Move)
		assert.Assert(t, ab.Nodes <= mm.Nodes)
		n++
	}
	t.Logf("%d positions checked", n)
}

// TestDecimalValues checks fixed-point row values: scaling every value by 10
// scales every utility and changes nothing else.
func TestDecimalValues(t *testing.T) {
	base := mustParse(t, start)
	base.Depth = 4
	dec := *base
	dec.Values = [8]starcircle.Value{-25, 5, 10, 15, 20, 25, 30, 1005} // -2.5, 0.5, ..., 100.5
	dec.Scale = 1
	ten := *base
	ten.Values = [8]starcircle.Value{-25, 5, 10, 15, 20, 25, 30, 1005}
	ten.Scale = 0
	text := dec.Format()
	assert.Assert(t, strings.HasSuffix(text, "-2.5,0.5,1,1.5,2,2.5,3,100.5\n"), text)
	again := mustParse(t, text)
	assert.DeepEqual(t, *again, dec)
	for _, alg := range []starcircle.Algorithm{starcircle.Minimax, starcircle.AlphaBeta} {
		dec.Algorithm, ten.Algorithm = alg, alg
		a, b := starcircle.Solve(&dec), starcircle.Solve(&ten)
		assert.Equal(t, a, b)
	}
	p := mustParse(t, strings.Replace(start, "10,20,30,40,50,60,70,80", "+1.50, 2.250 ,3,4,5,6,7,8.", 1))
	assert.Equal(t, p.Scale, 2)
	assert.Equal(t, p.Values, [8]starcircle.Value{150, 225, 300, 400, 500, 600, 700, 800})
}

// TestSquares checks square names, the dark-square rule and the bit layout.
func TestSquares(t *testing.T) {
	dark := 0
	for s := starcircle.Square(0); s < 64; s++ {
		assert.Equal(t, starcircle.NewSquare(s.Row(), s.Col()), s)
		assert.Equal(t, starcircle.DarkSquares.Has(s), s.Dark(), "%v", s)
		if s.Dark() {
			dark++
		}
	}
	assert.Equal(t, dark, 32)
	for name, want := range map[string]bool{"A1": true, "A2": false, "B2": true, "H2": true, "H1": false, "G3": true, "F4": true, "D5": false} {
		s := starcircle.NewSquare(int(name[0]-'A'), int(name[1]-'1'))
		assert.Equal(t, s.String(), name)
		assert.Equal(t, s.Dark(), want, name)
	}
	assert.Equal(t, starcircle.NewSquare(7, 0), starcircle.Square(0))
	assert.Assert(t, starcircle.RowH.Has(starcircle.NewSquare(7, 3)))
	assert.Assert(t, starcircle.RowA.Has(starcircle.NewSquare(0, 3)))
	m := starcircle.NewMove(starcircle.NewSquare(5, 3), starcircle.NewSquare(7, 1))
	assert.Equal(t, m.String(), "F4-H2")
	assert.Assert(t, m.IsJump())
	assert.Equal(t, m.Jumped().String(), "G3")
	assert.Equal(t, starcircle.Pass.String(), "pass")
	assert.Assert(t, !starcircle.Pass.IsJump())
}
