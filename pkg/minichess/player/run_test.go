package player_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gamesearch/gamesearch/internal/testutil"
	"github.com/gamesearch/gamesearch/pkg/minichess"
	"github.com/gamesearch/gamesearch/pkg/minichess/internal/playertest"
	"github.com/gamesearch/gamesearch/pkg/minichess/player"
	"gotest.tools/v3/assert"
	"gotest.tools/v3/golden"
)

// run runs prog in a fresh directory (see playertest.Run).
func run(t *testing.T, prog player.Program, state []byte, args ...string) (int, string, string, []byte) {
	t.Helper()
	return playertest.Run(t, prog.Run, state, args...)
}

func stateOf(t *testing.T, fen string) []byte {
	t.Helper()
	return playertest.State(t, fen)
}

var allPrograms = []player.Program{
	player.RandomPlayer, player.MinimaxPlayer, player.AlphaBetaPlayer,
	player.BaselineProgram("baseline1"), player.BaselineProgram("/x/baseline2"),
	player.BaselineProgram(`C:\bin\baseline3.exe`), player.BaselineProgram("baseline4"),
}

func TestBaselineProgramName(t *testing.T) {
	t.Parallel()
	assert.Equal(t, player.BaselineProgram("./bin/minichess/baseline3").Level, 3)
	assert.Equal(t, player.BaselineProgram(`C:\bin\baseline3.exe`).Level, 3)
	assert.Equal(t, player.BaselineProgram("minichess-baseline").Level, 0)
	assert.Equal(t, player.BaselineProgram("baseline5").Level, 0)
	start := minichess.StartPosition()
	st := start.AppendState(nil)
	code, _, errs, act := run(t, player.BaselineProgram("minichess-baseline"), st)
	assert.Equal(t, code, 2)
	assert.Assert(t, strings.HasPrefix(errs, "baseline: ") && strings.Count(errs, "\n") == 1, errs)
	assert.Assert(t, act == nil)
	code, _, errs, act = run(t, player.BaselineProgram("minichess-baseline"), st, "-level", "2")
	assert.Equal(t, code, 0, errs)
	assert.Equal(t, string(act), "4 0 3 0\n4 0 3 0\n")
	code, _, _, act = run(t, player.BaselineProgram("baseline1"), st, "-level", "4")
	assert.Equal(t, code, 0)
	assert.Equal(t, string(act), "4 0 3 0\n4 0 3 0\n5 1 3 2\n4 1 3 1\n4 2 3 2\n4 1 3 1\n")
	code, _, errs, _ = run(t, player.BaselineProgram("baseline1"), st, "-level", "5")
	assert.Equal(t, code, 2)
	assert.Equal(t, errs, `baseline1: invalid value "5" for flag -level: want a decimal integer in 1..4`+"\n")
}

// TestBadInput checks docs/minichess.md ("Common rules for players") for
// every program: one stderr line with the program's prefix, exit status 2,
// nothing on stdout, the action file not created.
func TestBadInput(t *testing.T) {
	t.Parallel()
	good := stateOf(t, "kqbnr/ppppp/5/5/PPPPP/RNBQK w")
	cases := append(playertest.BadStates(good),
		playertest.BadCase{Name: "bad flag", State: good, Args: []string{"-bogus"}, Want: "flag provided but not defined"})
	for _, prog := range allPrograms {
		playertest.CheckBadInput(t, prog.Name, prog.Run, cases)
		// Wrong argument count.
		var out, errb bytes.Buffer
		assert.Equal(t, prog.Run([]string{"state"}, nil, &out, &errb), 2)
		assert.Assert(t, strings.HasPrefix(errb.String(), prog.Name+": usage: ") && strings.Count(errb.String(), "\n") == 1, errb.String())
	}
	for _, prog := range []player.Program{player.MinimaxPlayer, player.AlphaBetaPlayer} {
		for _, a := range [][]string{{"-time", "fast"}, {"-time", "-1s"}} {
			code, _, errs, act := run(t, prog, good, a...)
			assert.Equal(t, code, 2, "%v", a)
			assert.Assert(t, act == nil && strings.Count(errs, "\n") == 1, "%v: %q", a, errs)
		}
		// Integers follow the one rule of every program, bounds included:
		// the help says -depth is at most 64.
		for _, a := range [][]string{{"-depth", "-1"}, {"-depth", "65"}, {"-depth", "1000000"}, {"-depth", "+3"}, {"-depth", "0x3"}} {
			code, _, errs, act := run(t, prog, good, a...)
			assert.Equal(t, code, 2, "%v", a)
			assert.Equal(t, errs, prog.Name+`: invalid value "`+a[1]+`" for flag -depth: want a decimal integer in 0..64`+"\n")
			assert.Assert(t, act == nil)
		}
		for _, a := range [][]string{{"-nodes", "x"}, {"-nodes", "+5"}, {"-nodes", "-1"}, {"-nodes", "18446744073709551615"}} {
			code, _, errs, act := run(t, prog, good, a...)
			assert.Equal(t, code, 2, "%v", a)
			assert.Equal(t, errs, prog.Name+`: invalid value "`+a[1]+`" for flag -nodes: want a decimal integer >= 0`+"\n")
			assert.Assert(t, act == nil)
		}
	}
	for _, a := range [][]string{{"-seed", "-1"}, {"-seed", "2147483648"}, {"-seed", "+5"}} {
		code, _, errs, act := run(t, player.RandomPlayer, good, a...)
		assert.Equal(t, code, 2, "%v", a)
		assert.Equal(t, errs, `player_random: invalid value "`+a[1]+`" for flag -seed: want a decimal integer in 0..2147483647`+"\n")
		assert.Assert(t, act == nil)
	}
	for _, a := range [][]string{{"-level", "0"}, {"-level", "5"}, {"-level", "+2"}} {
		code, _, errs, act := run(t, player.BaselineProgram("baseline"), good, a...)
		assert.Equal(t, code, 2, "%v", a)
		assert.Equal(t, errs, `baseline: invalid value "`+a[1]+`" for flag -level: want a decimal integer in 1..4`+"\n")
		assert.Assert(t, act == nil)
	}
	// The largest values in range are accepted.
	code, _, errs, act := run(t, player.AlphaBetaPlayer, good, "-depth", "064", "-nodes", "2000", "-time", "0")
	assert.Equal(t, code, 0, errs)
	assert.Assert(t, len(act) > 0)
}

// TestActionIsState checks that no player overwrites its state file with
// its action file. Not parallel: CheckActionIsState changes the working
// directory.
func TestActionIsState(t *testing.T) {
	good := stateOf(t, "kqbnr/ppppp/5/5/PPPPP/RNBQK w")
	for _, prog := range allPrograms {
		playertest.CheckActionIsState(t, prog.Name, prog.Run, good)
	}
}

// TestBadInputKeepsActionFile checks that a bad state leaves an existing
// action file untouched.
func TestBadInputKeepsActionFile(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	action := filepath.Join(dir, "action")
	assert.NilError(t, os.WriteFile(action, []byte("old\n"), 0o644))
	assert.NilError(t, os.WriteFile(filepath.Join(dir, "state"), []byte("9"), 0o644))
	var out, errb bytes.Buffer
	assert.Equal(t, player.AlphaBetaPlayer.Run([]string{filepath.Join(dir, "state"), action}, nil, &out, &errb), 2)
	data, err := os.ReadFile(action)
	assert.NilError(t, err)
	assert.Equal(t, string(data), "old\n")
}

func TestUsage(t *testing.T) {
	t.Parallel()
	for _, prog := range []player.Program{player.RandomPlayer, player.MinimaxPlayer, player.AlphaBetaPlayer, player.BaselineProgram("baseline4"), player.BaselineProgram("minichess-baseline")} {
		var out, errb bytes.Buffer
		assert.Equal(t, prog.Run([]string{"-h"}, nil, &out, &errb), 0)
		assert.Equal(t, out.String(), "")
		name := prog.Name
		golden.Assert(t, errb.String(), filepath.Join(testutil.RepoRoot(t), "testdata", "minichess-"+map[string]string{
			"player_random": "random", "player_minimax": "minimax", "player_alphabeta": "alphabeta",
			"baseline4": "baseline", "baseline": "baseline"}[name], "usage-"+name+".golden"))
	}
}

// TestSpecialRoots checks the special roots of docs/minichess.md ("Common
// rules for players", "The baselines") through the programs.
func TestSpecialRoots(t *testing.T) {
	t.Parallel()
	none := stateOf(t, "3PP/3PP/3PP/k2PP/3PP/3PK w")
	win := stateOf(t, "k4/1P3/5/5/5/4K w")
	for _, prog := range []player.Program{player.RandomPlayer, player.MinimaxPlayer, player.AlphaBetaPlayer, player.BaselineProgram("baseline1")} {
		code, out, errs, act := run(t, prog, none)
		assert.Equal(t, code, 0)
		assert.Equal(t, out, "")
		assert.Equal(t, errs, prog.Name+": no legal moves\n")
		assert.Assert(t, act != nil && len(act) == 0, "%s: %q", prog.Name, act)
	}
	for level, want := range map[int]string{2: "0 0 0 0\n0 0 0 0\n", 4: strings.Repeat("0 0 0 0\n", 6)} {
		code, _, errs, act := run(t, player.BaselineProgram("baseline"+string(rune('0'+level))), none)
		assert.Equal(t, code, 0)
		assert.Equal(t, errs, "")
		assert.Equal(t, string(act), want)
	}
	for _, prog := range []player.Program{player.MinimaxPlayer, player.AlphaBetaPlayer} {
		code, _, errs, act := run(t, prog, win)
		assert.Equal(t, code, 0)
		assert.Equal(t, errs, "")
		assert.Equal(t, string(act), "1 1 0 0\n")
	}
	code, _, _, act := run(t, player.RandomPlayer, win)
	assert.Equal(t, code, 0)
	assert.Equal(t, string(act), "1 1 0 0\n")
	// Every Win position of movegen.tsv: the king capture, whatever the seed.
	wins := 0
	for _, row := range readTSV(t, "movegen.tsv") {
		if row["game_state"] != "WIN" {
			continue
		}
		wins++
		moves := strings.Split(row["moves"], ";")
		p, err := minichess.ParseFEN(row["fen"])
		assert.NilError(t, err)
		for _, prog := range []player.Program{player.RandomPlayer, player.MinimaxPlayer, player.AlphaBetaPlayer} {
			code, _, errs, act := run(t, prog, p.AppendState(nil), "-v")
			assert.Equal(t, code, 0, errs)
			assert.Equal(t, string(act), moves[len(moves)-1]+"\n", "%s %s", prog.Name, row["id"])
		}
	}
	assert.Equal(t, wins, 40)
	_, _, _, act = run(t, player.BaselineProgram("baseline2"), win)
	assert.Equal(t, string(act), "1 1 0 0\n1 1 0 1\n")
}

func TestRandomSeed(t *testing.T) {
	t.Parallel()
	st := stateOf(t, "kqbnr/ppppp/5/5/PPPPP/RNBQK w")
	for seed, want := range map[string]string{
		"123":  "4 3 3 3\n", // 128959393 mod 7 = 3
		"42":   "5 1 3 2\n", // 71876166 mod 7 = 5
		"0":    "4 1 3 1\n", // 1804289383 mod 7 = 1
		"2023": "5 1 3 0\n", // 1033193930 mod 7 = 6
	} {
		code, _, _, act := run(t, player.RandomPlayer, st, "-seed", seed)
		assert.Equal(t, code, 0)
		assert.Equal(t, string(act), want, "seed %s", seed)
	}
}

// TestSearchPlayersLimits checks -depth, -nodes determinism and that a
// tight -time still writes the completed iterations only. Not parallel: it
// measures a player's reply time.
func TestSearchPlayersLimits(t *testing.T) {
	st := stateOf(t, "kqbnr/ppppp/5/5/PPPPP/RNBQK w")
	_, _, _, mm := run(t, player.MinimaxPlayer, st, "-depth", "4", "-time", "0")
	assert.Equal(t, string(mm), "4 0 3 0\n4 0 3 0\n5 1 3 2\n4 1 3 1\n")
	_, _, _, ab := run(t, player.AlphaBetaPlayer, st, "-depth", "6", "-time", "0")
	assert.Equal(t, string(ab), "4 0 3 0\n4 0 3 0\n5 1 3 2\n4 1 3 1\n4 2 3 2\n4 1 3 1\n")
	_, _, _, a1 := run(t, player.AlphaBetaPlayer, st, "-nodes", "20000", "-time", "0")
	_, _, _, a2 := run(t, player.AlphaBetaPlayer, st, "-nodes", "20000", "-time", "0")
	assert.Equal(t, string(a1), string(a2))
	assert.Assert(t, strings.HasPrefix("4 0 3 0\n4 0 3 0\n5 1 3 2\n4 1 3 1\n4 2 3 2\n4 1 3 1\n", string(a1)) && len(a1) > 0, "%q", a1)
	code, _, errs, _ := run(t, player.MinimaxPlayer, st, "-nodes", "20000", "-time", "0", "-v")
	assert.Equal(t, code, 0)
	assert.Assert(t, strings.Count(errs, "\n") >= 2, errs)
	begin := time.Now()
	code, _, _, act := run(t, player.MinimaxPlayer, st, "-time", "300ms")
	assert.Equal(t, code, 0)
	assert.Assert(t, time.Since(begin) < 5*time.Second)
	n := strings.Count(string(act), "\n")
	assert.Assert(t, n >= 1 && n < player.MaxDepth, "%q", act)
	want := "4 0 3 0\n4 0 3 0\n5 1 3 2\n4 1 3 1\n"
	if n <= 4 {
		assert.Equal(t, string(act), want[:8*n])
	}
}

// TestActionNotCreatable checks the exit status 1 and the one-line report
// when the action file cannot be created.
func TestActionNotCreatable(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	st := stateOf(t, "kqbnr/ppppp/5/5/PPPPP/RNBQK w")
	assert.NilError(t, os.WriteFile(filepath.Join(dir, "state"), st, 0o644))
	for _, prog := range allPrograms {
		var out, errb bytes.Buffer
		code := prog.Run([]string{filepath.Join(dir, "state"), filepath.Join(dir, "no", "such", "action")}, nil, &out, &errb)
		assert.Equal(t, code, 1, prog.Name)
		assert.Assert(t, strings.HasPrefix(errb.String(), prog.Name+": ") && strings.Count(errb.String(), "\n") == 1, errb.String())
	}
}

// TestStartGolden checks each program's action file for the start position
// against golden files; baseline4's is the action file shown in the course
// slides.
func TestStartGolden(t *testing.T) {
	t.Parallel()
	root := testutil.RepoRoot(t)
	// start.state is the example state file of the README.
	st, err := os.ReadFile(filepath.Join(root, "testdata", "minichess-baseline", "start.state"))
	assert.NilError(t, err)
	assert.Equal(t, string(st), string(stateOf(t, "kqbnr/ppppp/5/5/PPPPP/RNBQK w")))
	cases := []struct {
		prog      player.Program
		args      []string
		dir, file string
	}{
		{player.BaselineProgram("baseline1"), nil, "minichess-baseline", "start-baseline1.action"},
		{player.BaselineProgram("baseline2"), nil, "minichess-baseline", "start-baseline2.action"},
		{player.BaselineProgram("baseline3"), nil, "minichess-baseline", "start-baseline3.action"},
		{player.BaselineProgram("baseline4"), nil, "minichess-baseline", "start-baseline4.action"},
		{player.RandomPlayer, nil, "minichess-random", "start.action"},
		{player.MinimaxPlayer, []string{"-depth", "5", "-time", "0"}, "minichess-minimax", "start-depth5.action"},
		{player.AlphaBetaPlayer, []string{"-depth", "8", "-time", "0"}, "minichess-alphabeta", "start-depth8.action"},
	}
	for _, c := range cases {
		code, out, errs, act := run(t, c.prog, st, c.args...)
		assert.Equal(t, code, 0)
		assert.Equal(t, out+errs, "")
		golden.Assert(t, string(act), filepath.Join(root, "testdata", c.dir, c.file))
	}
}
