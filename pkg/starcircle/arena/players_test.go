package arena_test

import (
	"os"
	"strings"
	"testing"
	"time"

	"github.com/gamesearch/gamesearch/pkg/match"
	"github.com/gamesearch/gamesearch/pkg/starcircle"
	"github.com/gamesearch/gamesearch/pkg/starcircle/arena"
	"gotest.tools/v3/assert"
)

// programEnv names, in the environment of the test binary, the program it
// acts as instead of running the tests (see TestMain).
const programEnv = "STARCIRCLE_ARENA_TEST_PROGRAM"

// TestMain lets the test binary act as an external program when programEnv
// is set, so ProgramPlayer can be tested without a build: "starcircle" is
// the homework program (starcircle.Run); "reply:TEXT" writes TEXT to
// output.txt; "copy:PATH" copies input.txt to PATH and passes; "silent"
// writes nothing; "crash" fails with two lines on stderr; "sleep" never
// answers.
func TestMain(m *testing.M) {
	mode, ok := os.LookupEnv(programEnv)
	if !ok {
		os.Exit(m.Run())
	}
	switch kind, arg, _ := strings.Cut(mode, ":"); kind {
	case "starcircle":
		os.Exit(starcircle.Run(nil, os.Stdin, os.Stdout, os.Stderr))
	case "reply":
		err := os.WriteFile("output.txt", []byte(arg+"\n0\n0\n1"), 0o644)
		if err != nil {
			os.Exit(1)
		}
	case "copy":
		in, err := os.ReadFile("input.txt")
		if err != nil || os.WriteFile(arg, in, 0o644) != nil || os.WriteFile("output.txt", []byte("pass\n"), 0o644) != nil {
			os.Exit(1)
		}
	case "silent":
	case "crash":
		os.Stderr.WriteString("boom\nmore\n")
		os.Exit(3)
	case "sleep":
		time.Sleep(time.Minute)
	default:
		os.Stderr.WriteString("unknown mode " + mode + "\n")
		os.Exit(2)
	}
	os.Exit(0)
}

// program returns a ProgramPlayer running the test binary as mode.
func program(t *testing.T, mode string, prob *starcircle.Problem) *arena.ProgramPlayer {
	t.Setenv(programEnv, mode)
	return arena.NewProgramPlayer(mode, []string{os.Args[0], "-test.run=^$"}, *prob, 0)
}

// play plays a match of games from the two-ply openings of the start
// position, keeping the moves.
func play(t *testing.T, a, b arena.Player, games int) *match.Report[starcircle.Move] {
	t.Helper()
	prob := startProblem(t)
	r := rulesOf(prob, 0)
	rep, err := match.Play(match.Match[arena.GamePos, starcircle.Move]{
		Rules: r, Players: [2]arena.Player{a, b}, Openings: r.Openings(arena.Start(prob), 2),
		Games: games, Seed: 1, KeepMoves: true,
	})
	assert.NilError(t, err)
	return rep
}

// TestCoursePlayer: the course player plays the homework program's answer
// (starcircle.Solve) for either side, and alpha-beta the move of minimax.
func TestCoursePlayer(t *testing.T) {
	prob := startProblem(t)
	r := rulesOf(prob, 0)
	w := starcircle.NewWeights(prob.Values)
	mm := arena.NewCoursePlayer("mm", w, starcircle.Minimax, 3)
	ab := arena.NewCoursePlayer("ab", w, starcircle.AlphaBeta, 3)
	assert.Equal(t, ab.Name(), "ab")
	list := r.Openings(arena.Start(prob), 1)
	list = append(list, r.Openings(arena.Start(prob), 2)...)
	for _, p := range list {
		turn := &match.Turn[arena.GamePos, starcircle.Move]{Start: p, Pos: p, Color: r.ToMove(&p)}
		got, err := mm.Move(turn)
		assert.NilError(t, err)
		q := *prob
		q.Player, q.Board, q.Algorithm, q.Depth = p.Pos.ToMove, p.Board, starcircle.Minimax, 3
		assert.Equal(t, got, starcircle.Solve(&q).Move)
		gotAB, err := ab.Move(turn)
		assert.NilError(t, err)
		assert.Equal(t, gotAB, got)
	}
}

// TestEnginePlayer: the engine player plays complete, legal games against
// the course player, the same ones every time at a fixed depth.
func TestEnginePlayer(t *testing.T) {
	w := starcircle.NewWeights(startProblem(t).Values)
	run := func() *match.Report[starcircle.Move] {
		e := arena.NewEnginePlayer("engine", starcircle.NewEngine(w, starcircle.EngineOptions()))
		e.Depth = 2
		assert.Equal(t, e.Name(), "engine")
		return play(t, e, arena.NewCoursePlayer("ab", w, starcircle.AlphaBeta, 2), 4)
	}
	first, second := run(), run()
	assert.Equal(t, first.Stats.Games(), 4)
	for i, g := range first.Games {
		assert.Assert(t, strings.Contains(g.Reason, "two passes") || strings.Contains(g.Reason, "no piece"), g.Reason)
		assert.DeepEqual(t, g.Moves, second.Games[i].Moves)
	}
}

// TestProgramPlayer: the homework program run through input.txt and
// output.txt plays exactly the course player's moves.
func TestProgramPlayer(t *testing.T) {
	prob := startProblem(t)
	w := starcircle.NewWeights(prob.Values)
	opp := func() arena.Player { return arena.NewCoursePlayer("ab", w, starcircle.AlphaBeta, 1) }
	mm := *prob
	mm.Algorithm, mm.Depth = starcircle.Minimax, 2
	ext := program(t, "starcircle", &mm)
	got := play(t, ext, opp(), 2)
	want := play(t, arena.NewCoursePlayer("mm", w, starcircle.Minimax, 2), opp(), 2)
	for i, g := range want.Games {
		assert.Assert(t, !strings.HasPrefix(got.Games[i].Reason, "error"), got.Games[i].Reason)
		assert.DeepEqual(t, got.Games[i].Moves, g.Moves)
	}
}

// TestProgramInput: the program is given the position's player and board
// with the player's algorithm, depth and row values.
func TestProgramInput(t *testing.T) {
	prob := startProblem(t)
	r := rulesOf(prob, 0)
	seen := t.TempDir() + "/seen.txt"
	ab := *prob
	ab.Algorithm, ab.Depth = starcircle.AlphaBeta, 7
	p := program(t, "copy:"+seen, &ab)
	pos := arena.Start(prob)
	pos = r.Play(&pos, move("C1-D2"))
	m, err := p.Move(&match.Turn[arena.GamePos, starcircle.Move]{Pos: pos, Color: 1})
	assert.NilError(t, err)
	assert.Equal(t, m, starcircle.Pass)
	data, err := os.ReadFile(seen)
	assert.NilError(t, err)
	want := *prob
	want.Player, want.Board, want.Algorithm, want.Depth = starcircle.Circle, pos.Board, starcircle.AlphaBeta, 7
	assert.Equal(t, string(data), want.Format())
	assert.Assert(t, strings.HasPrefix(string(data), "Circle\nALPHABETA\n7\n"))
}

// TestProgramFaults: what a program writes is read as a move in any letter
// case, legal or not; garbage, no output, a failure or no answer in time
// are errors that say so.
func TestProgramFaults(t *testing.T) {
	prob := startProblem(t)
	pos := arena.Start(prob)
	turn := &match.Turn[arena.GamePos, starcircle.Move]{Pos: pos}
	for _, c := range []struct {
		mode, err string
		want      starcircle.Move
	}{
		{mode: "reply:c3-d4", want: move("C3-D4")},
		{mode: "reply:A1-H8", want: move("A1-H8")},
		{mode: "reply:PASS", want: starcircle.Pass},
		{mode: "reply:hello", err: `output.txt line 1: "hello" is not a move (want e.g. F4-H2 or pass)`},
		{mode: "reply:I1-A2", err: `"I1-A2" is not a move`},
		{mode: "silent", err: "no output.txt"},
		{mode: "crash", err: "exit status 3: boom"},
	} {
		m, err := program(t, c.mode, prob).Move(turn)
		if c.err != "" {
			assert.ErrorContains(t, err, c.err, c.mode)
			continue
		}
		assert.NilError(t, err, c.mode)
		assert.Equal(t, m, c.want, c.mode)
	}
	slow := program(t, "sleep", prob)
	slow.Timeout = 100 * time.Millisecond
	_, err := slow.Move(turn)
	assert.Error(t, err, "no reply within 100ms")
	// The match's move time shortens a longer Timeout to twice itself plus
	// one second.
	slow.Timeout = time.Minute
	_, err = slow.Move(&match.Turn[arena.GamePos, starcircle.Move]{Pos: pos, MoveTime: 50 * time.Millisecond})
	assert.Error(t, err, "no reply within 1.1s")
}
