package arena_test

import (
	"strings"
	"testing"

	"github.com/gamesearch/gamesearch/pkg/match"
	"github.com/gamesearch/gamesearch/pkg/starcircle"
	"github.com/gamesearch/gamesearch/pkg/starcircle/arena"
	"gotest.tools/v3/assert"
)

// empty is an empty board row.
const empty = "0,0,0,0,0,0,0,0"

// problem parses the problem with the given player to move and board rows,
// H first (empty rows where fewer are given), row values 10 to 80.
func problem(t testing.TB, player string, rows ...string) *starcircle.Problem {
	t.Helper()
	for len(rows) < 8 {
		rows = append(rows, empty)
	}
	text := player + "\nMINIMAX\n1\n" + strings.Join(rows, "\n") + "\n10,20,30,40,50,60,70,80\n"
	p, err := starcircle.Parse([]byte(text))
	assert.NilError(t, err, text)
	return p
}

// startProblem is the homework's start position, Star to move.
func startProblem(t testing.TB) *starcircle.Problem {
	t.Helper()
	p, err := starcircle.Parse([]byte(starcircle.StartInput("MINIMAX", 1)))
	assert.NilError(t, err)
	return p
}

// rulesOf returns the match rules of prob's row values.
func rulesOf(prob *starcircle.Problem, maxPlies int) arena.MatchRules {
	return arena.MatchRules{Weights: starcircle.NewWeights(prob.Values), MaxPlies: maxPlies}
}

// move returns the move named s ("C3-E5").
func move(s string) starcircle.Move {
	sq := func(n string) starcircle.Square { return starcircle.NewSquare(int(n[0]-'A'), int(n[1]-'1')) }
	return starcircle.NewMove(sq(s[:2]), sq(s[3:]))
}

// moves returns the names of the moves of p, space separated.
func moves(r arena.MatchRules, p *arena.GamePos) string {
	var names []string
	for _, m := range r.Moves(p, nil) {
		names = append(names, m.String())
	}
	return strings.Join(names, " ")
}

// TestPassAndTwoPasses: a side without a move passes, and only then; a
// single pass ends nothing; a pass answering it ends the game, which the
// sign of the utility decides; the stack heights follow a move onto one's
// own stack.
func TestPassAndTwoPasses(t *testing.T) {
	prob := problem(t, "Star", "0,S2,0,0,0,0,0,0", "S1,0,0,0,0,0,0,0", empty, empty, empty, empty, empty, "C1,0,0,0,0,0,0,0")
	r := rulesOf(prob, 0)
	p := arena.Start(prob)
	assert.Equal(t, r.ToMove(&p), 0)
	assert.Equal(t, moves(r, &p), "G1-H2")
	assert.Assert(t, r.Legal(&p, move("G1-H2")))
	assert.Assert(t, !r.Legal(&p, starcircle.Pass), "a pass while a move exists")
	assert.Assert(t, !r.Legal(&p, move("A1-B2")), "the other side's piece")
	assert.Assert(t, !r.Legal(&p, move("G1-F2")), "a step backwards")

	p = r.Play(&p, move("G1-H2"))
	assert.Equal(t, p.Board[starcircle.NewSquare(7, 1)], 3)
	assert.Equal(t, p.Board[starcircle.NewSquare(6, 0)], 0)
	assert.Equal(t, p.Plies, 1)
	assert.Equal(t, r.ToMove(&p), 1)
	assert.Equal(t, moves(r, &p), "pass", "Circle's only piece is on its last row")
	assert.Assert(t, r.Legal(&p, starcircle.Pass))
	over, _, _ := r.Result(&p)
	assert.Assert(t, !over)

	p = r.Play(&p, starcircle.Pass)
	over, _, _ = r.Result(&p)
	assert.Assert(t, !over, "a single pass ends nothing")
	assert.Equal(t, moves(r, &p), "pass")
	assert.Assert(t, !r.Over(&p))

	p = r.Play(&p, starcircle.Pass)
	over, winner, reason := r.Result(&p)
	assert.Assert(t, over && r.Over(&p))
	assert.Equal(t, winner, 0)
	assert.Equal(t, reason, "two passes, Star ahead") // 3·80 against 80
	assert.Equal(t, p.Plies, 3)
}

// TestDrawByUtility: a game ending with utility 0 is a draw.
func TestDrawByUtility(t *testing.T) {
	prob := problem(t, "Star", "0,S1,0,0,0,0,0,0", empty, empty, empty, empty, empty, empty, "C1,0,0,0,0,0,0,0")
	r := rulesOf(prob, 0)
	p := arena.Start(prob)
	p = r.Play(&p, starcircle.Pass)
	p = r.Play(&p, starcircle.Pass)
	over, winner, reason := r.Result(&p)
	assert.Assert(t, over)
	assert.Equal(t, winner, -1)
	assert.Equal(t, reason, "two passes, utility 0")
}

// TestNoPiece: a jump that takes the other side's last piece ends the game
// for the jumper, for either colour; the jumped square empties.
func TestNoPiece(t *testing.T) {
	rows := []string{empty, empty, empty, empty, "0,0,0,C1,0,0,0,0", "0,0,S1,0,0,0,0,0"}
	for _, c := range []struct {
		player, moves, jump, reason string
		winner                      int
	}{
		{"Star", "C3-E5 C3-D2", "C3-E5", "Circle has no piece, Star ahead", 0},
		{"Circle", "D4-C5 D4-B2", "D4-B2", "Star has no piece, Circle ahead", 1},
	} {
		prob := problem(t, c.player, rows...)
		r := rulesOf(prob, 0)
		p := arena.Start(prob)
		assert.Equal(t, moves(r, &p), c.moves, c.player)
		q := r.Play(&p, move(c.jump))
		over, winner, reason := r.Result(&q)
		assert.Assert(t, over, c.player)
		assert.Equal(t, winner, c.winner)
		assert.Equal(t, reason, c.reason)
		from, to := move(c.jump).From(), move(c.jump).To()
		assert.Equal(t, q.Board[from], 0)
		assert.Equal(t, q.Board[move(c.jump).Jumped()], 0)
		assert.Equal(t, q.Board[to], p.Board[from])
	}
}

// TestPlyCap: the game ends after MaxPlies plies (400 when 0), the utility
// deciding it.
func TestPlyCap(t *testing.T) {
	prob := startProblem(t)
	r := rulesOf(prob, 2)
	p := arena.Start(prob)
	p = r.Play(&p, move("C1-D2"))
	over, _, _ := r.Result(&p)
	assert.Assert(t, !over)
	p = r.Play(&p, move("F2-E1"))
	over, winner, reason := r.Result(&p)
	assert.Assert(t, over)
	assert.Equal(t, winner, -1)
	assert.Equal(t, reason, "ply cap 2, utility 0")

	r = rulesOf(prob, 0)
	p = arena.Start(prob)
	p.Plies = arena.DefaultMaxPlies - 1
	over, _, _ = r.Result(&p)
	assert.Assert(t, !over)
	p.Plies++
	over, _, reason = r.Result(&p)
	assert.Assert(t, over)
	assert.Equal(t, reason, "ply cap 400, utility 0")
}

// TestOpenings: one opening per line of play from the start, 49 after two
// plies (all distinct) and 379 after three (where lines transpose), their
// ply counts 0, their stack heights those of their positions.
func TestOpenings(t *testing.T) {
	prob := startProblem(t)
	r := rulesOf(prob, 0)
	for plies, want := range map[int]int{1: 7, 2: 49, 3: 379} {
		list := r.Openings(arena.Start(prob), plies)
		assert.Equal(t, len(list), want, "%d plies", plies)
		seen := map[arena.GamePos]bool{}
		for _, p := range list {
			assert.Assert(t, plies > 2 || !seen[p])
			seen[p] = true
			assert.Equal(t, p.Plies, 0)
			checkBoard(t, prob, &p)
		}
	}
}

// checkBoard checks that p's stack heights give p's position.
func checkBoard(t *testing.T, prob *starcircle.Problem, p *arena.GamePos) {
	t.Helper()
	q := *prob
	q.Board, q.Player = p.Board, p.Pos.ToMove
	want := q.Position()
	got := p.Pos
	got.Passed, got.Over = false, false
	assert.Equal(t, got, want)
}

// TestRandomGames: in random games from the start, every listed move is
// legal, the stack heights follow the position, and the game ends by the
// rules long before the ply cap.
func TestRandomGames(t *testing.T) {
	prob := startProblem(t)
	r := rulesOf(prob, 0)
	rnd := match.NewRand(7)
	for range 50 {
		p := arena.Start(prob)
		for !r.Over(&p) {
			ms := r.Moves(&p, nil)
			for _, m := range ms {
				assert.Assert(t, r.Legal(&p, m))
			}
			p = r.Play(&p, ms[rnd.Intn(len(ms))])
			checkBoard(t, prob, &p)
		}
		_, _, reason := r.Result(&p)
		assert.Assert(t, !strings.HasPrefix(reason, "ply cap"), reason)
	}
}
