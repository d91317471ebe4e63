package arena_test

import (
	"os"
	"strings"
	"testing"
	"time"

	"github.com/gamesearch/gamesearch/pkg/match"
	"github.com/gamesearch/gamesearch/pkg/tictactoe"
	"github.com/gamesearch/gamesearch/pkg/tictactoe/arena"
	"gotest.tools/v3/assert"
)

// programEnv names, in the environment of the test binary, the program it
// acts as instead of running the tests (see TestMain).
const programEnv = "TICTACTOE_ARENA_TEST_PROGRAM"

// TestMain lets the test binary act as an external program when programEnv
// is set: "minimax" is tictactoe-minimax (tictactoe.Run); "reply:TEXT"
// prints TEXT; "crash" fails with two lines on stderr; "sleep" never
// answers.
func TestMain(m *testing.M) {
	mode, ok := os.LookupEnv(programEnv)
	if !ok {
		os.Exit(m.Run())
	}
	switch kind, arg, _ := strings.Cut(mode, ":"); kind {
	case "minimax":
		os.Exit(tictactoe.Run(nil, os.Stdin, os.Stdout, os.Stderr))
	case "reply":
		os.Stdout.WriteString(arg + "\n")
	case "crash":
		os.Stderr.WriteString("boom\nmore\n")
		os.Exit(3)
	case "sleep":
		time.Sleep(time.Minute)
	}
	os.Exit(0)
}

// program returns a ProgramPlayer running the test binary as mode.
func program(t *testing.T, mode string) *arena.ProgramPlayer {
	t.Setenv(programEnv, mode)
	return arena.NewProgramPlayer(mode, []string{os.Args[0], "-test.run=^$"}, 0)
}

// pos parses a position in the compact notation.
func pos(t *testing.T, s string) tictactoe.Position {
	p, err := tictactoe.ParsePosition(s)
	assert.NilError(t, err)
	return p
}

// TestMatchRules checks the end of the game, legality, Play and the
// openings.
func TestMatchRules(t *testing.T) {
	r := arena.MatchRules{}
	type result struct {
		over   bool
		winner int
		why    string
	}
	for _, c := range []struct {
		board string
		want  result
	}{
		{".........", result{}},
		{"XXXOO....", result{true, 0, "X has three in a row (squares 1-2-3)"}},
		{"XX.OOOX..", result{true, 1, "O has three in a row (squares 4-5-6)"}},
		{"XOXXOOOXX", result{true, -1, "board full"}},
		{"XOXOXOOXX", result{true, 0, "X has three in a row (squares 1-5-9)"}},
	} {
		p := pos(t, c.board)
		over, w, why := r.Result(&p)
		assert.Equal(t, result{over, w, why}, c.want, c.board)
		assert.Equal(t, r.Over(&p), c.want.over)
	}
	p := pos(t, "X...O....")
	assert.Equal(t, r.ToMove(&p), 0)
	assert.Assert(t, r.Legal(&p, 1) && !r.Legal(&p, 0) && !r.Legal(&p, 4) && !r.Legal(&p, 9))
	q := r.Play(&p, 8)
	assert.Equal(t, q.String(), "X...O...X")
	assert.Equal(t, r.ToMove(&q), 1)
	assert.Equal(t, len(r.Openings(tictactoe.Start(), 1)), 9)
	assert.Equal(t, len(r.Openings(tictactoe.Start(), 2)), 72)
	// Five plies: 15120 lines, of which 1440 are won by X on the fifth.
	assert.Equal(t, len(r.Openings(tictactoe.Start(), 5)), 15120)
}

// play plays a match from the one-ply openings, keeping the moves.
func play(t *testing.T, a, b arena.Player, games int) *match.Report[tictactoe.Move] {
	t.Helper()
	r := arena.MatchRules{}
	rep, err := match.Play(match.Match[tictactoe.Position, tictactoe.Move]{
		Rules: r, Players: [2]arena.Player{a, b}, Openings: r.Openings(tictactoe.Start(), 1),
		Games: games, Seed: 1, KeepMoves: true, Colors: [2]string{"X", "O"},
	})
	assert.NilError(t, err)
	return rep
}

// course is the course's search to depth as a player.
func course(label string, alphaBeta bool, depth int) *match.CoursePlayer[tictactoe.Position, tictactoe.Move, tictactoe.CourseGame] {
	return &match.CoursePlayer[tictactoe.Position, tictactoe.Move, tictactoe.CourseGame]{Label: label, Searcher: tictactoe.NewSearcher(), AlphaBeta: alphaBeta, Depth: depth}
}

// TestCoursePlayer: at full depth the course player plays the program's
// answer; perfect play against itself draws every game.
func TestCoursePlayer(t *testing.T) {
	cp := course("minimax", false, 9)
	assert.Equal(t, cp.Name(), "minimax")
	for seed := range uint64(50) {
		p := tictactoe.RandomPosition(seed)
		m, err := cp.Move(&match.Turn[tictactoe.Position, tictactoe.Move]{Start: p, Pos: p})
		assert.NilError(t, err)
		assert.Equal(t, m, tictactoe.Solve(nil, p).Move)
		ab, err := course("alphabeta", true, 9).Move(&match.Turn[tictactoe.Position, tictactoe.Move]{Start: p, Pos: p})
		assert.NilError(t, err)
		assert.Equal(t, ab, m, "alpha-beta keeps minimax's first best move")
	}
	rep := play(t, cp, course("minimax", false, 9), 18)
	assert.Equal(t, rep.Stats.Draws, 18)
	// A one-ply search sees only the wins of its own move: the full-depth
	// player never loses to it and wins some games.
	weak := course("depth1", false, 1)
	rep = play(t, cp, weak, 18)
	assert.Equal(t, rep.Stats.Losses, 0)
	assert.Assert(t, rep.Stats.Wins > 0, rep.Stats.String())
}

// TestEnginePlayer: the engine at full depth never loses to minimax and
// plays the same games every time.
func TestEnginePlayer(t *testing.T) {
	run := func() *match.Report[tictactoe.Move] {
		e := arena.NewEnginePlayer("engine", tictactoe.NewEngine(tictactoe.EngineOptions()))
		e.Depth = 9
		assert.Equal(t, e.Name(), "engine")
		return play(t, e, course("minimax", false, 9), 18)
	}
	first, second := run(), run()
	assert.Equal(t, first.Stats.Draws, 18)
	for i, g := range first.Games {
		assert.DeepEqual(t, g.Moves, second.Games[i].Moves)
	}
}

// TestProgramPlayer: tictactoe-minimax run as a process plays exactly the
// course player's moves; bad replies, crashes and silence are errors.
func TestProgramPlayer(t *testing.T) {
	prog := program(t, "minimax")
	assert.Equal(t, prog.Name(), "minimax")
	cp := course("minimax", false, 9)
	for _, s := range []string{".........", "X........", "X...O...X"} {
		p := pos(t, s)
		turn := &match.Turn[tictactoe.Position, tictactoe.Move]{Start: p, Pos: p}
		got, err := prog.Move(turn)
		assert.NilError(t, err)
		want, _ := cp.Move(turn)
		assert.Equal(t, got, want, s)
	}
	turn := &match.Turn[tictactoe.Position, tictactoe.Move]{}
	_, err := program(t, "reply:0").Move(turn)
	assert.Error(t, err, `stdout line 1: "0" is not a move (want a square number 1 to 9)`)
	_, err = program(t, "crash").Move(turn)
	assert.ErrorContains(t, err, "exit status 3: boom")
	sleeper := program(t, "sleep")
	sleeper.Timeout = 200 * time.Millisecond
	_, err = sleeper.Move(turn)
	assert.Error(t, err, "no reply within 200ms")
}

// FuzzParseMove: a reply either is the square it names or an error.
func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"1", "9", "0", "10", "", "a1", "\xff"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		m, err := arena.ParseMove(s)
		if err != nil {
			return
		}
		if m.String() != s {
			t.Fatalf("%q parsed as %v", s, m)
		}
	})
}
