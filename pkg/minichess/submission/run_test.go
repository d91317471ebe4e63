package submission_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gamesearch/gamesearch/internal/testutil"
	"github.com/gamesearch/gamesearch/pkg/engine"
	"github.com/gamesearch/gamesearch/pkg/minichess"
	"github.com/gamesearch/gamesearch/pkg/minichess/internal/playertest"
	"github.com/gamesearch/gamesearch/pkg/minichess/submission"
	"gotest.tools/v3/assert"
	"gotest.tools/v3/golden"
)

// run runs player_submission in a fresh directory (see playertest.Run).
func run(t *testing.T, state []byte, args ...string) (int, string, string, []byte) {
	t.Helper()
	return playertest.Run(t, submission.Run, state, args...)
}

func stateOf(t *testing.T, fen string) []byte {
	t.Helper()
	return playertest.State(t, fen)
}

func lines(act []byte) []string {
	return strings.Split(strings.TrimSuffix(string(act), "\n"), "\n")
}

func TestBadInput(t *testing.T) {
	good := stateOf(t, "kqbnr/ppppp/5/5/PPPPP/RNBQK w")
	cases := append(playertest.BadStates(good),
		playertest.BadCase{Name: "bad flag", State: good, Args: []string{"-bogus"}, Want: "flag provided but not defined"},
		playertest.BadCase{Name: "bad time", State: good, Args: []string{"-time", "fast"}, Want: `-time: invalid duration "fast"`},
		playertest.BadCase{Name: "negative time", State: good, Args: []string{"-time", "-1s"}, Want: "negative"},
		playertest.BadCase{Name: "negative depth", State: good, Args: []string{"-depth", "-1"}, Want: `invalid value "-1" for flag -depth: want a decimal integer in 0..127`},
		playertest.BadCase{Name: "huge depth", State: good, Args: []string{"-depth", "1000000"}, Want: `invalid value "1000000" for flag -depth: want a decimal integer in 0..127`},
		playertest.BadCase{Name: "signed depth", State: good, Args: []string{"-depth", "+3"}, Want: `invalid value "+3" for flag -depth: want a decimal integer in 0..127`},
		playertest.BadCase{Name: "bad nodes", State: good, Args: []string{"-nodes", "x"}, Want: `invalid value "x" for flag -nodes: want a decimal integer >= 0`},
		playertest.BadCase{Name: "hex nodes", State: good, Args: []string{"-nodes", "0x10"}, Want: `invalid value "0x10" for flag -nodes: want a decimal integer >= 0`},
		playertest.BadCase{Name: "hash zero", State: good, Args: []string{"-hash", "0"}, Want: `invalid value "0" for flag -hash: want a decimal integer in 1..2048`},
		playertest.BadCase{Name: "hash huge", State: good, Args: []string{"-hash", "5000"}, Want: `invalid value "5000" for flag -hash: want a decimal integer in 1..2048`},
		playertest.BadCase{Name: "negative ply", State: good, Args: []string{"-ply", "-3"}, Want: `invalid value "-3" for flag -ply: want a decimal integer >= 0`},
		playertest.BadCase{Name: "signed ply", State: good, Args: []string{"-ply", "+3"}, Want: `invalid value "+3" for flag -ply: want a decimal integer >= 0`},
	)
	playertest.CheckBadInput(t, submission.Name, submission.Run, cases)
	var out, errb bytes.Buffer
	assert.Equal(t, submission.Run([]string{"state"}, nil, &out, &errb), 2)
	assert.Equal(t, errb.String(), "player_submission: usage: player_submission [flags] <state_file> <action_file>\n")
}

// TestActionIsState: player_submission never overwrites its state file
// with its action file.
func TestActionIsState(t *testing.T) {
	playertest.CheckActionIsState(t, submission.Name, submission.Run, stateOf(t, "kqbnr/ppppp/5/5/PPPPP/RNBQK w"))
}

// TestBadInputKeepsActionFile: a bad state leaves an existing action file
// untouched.
func TestBadInputKeepsActionFile(t *testing.T) {
	dir := t.TempDir()
	action := filepath.Join(dir, "action")
	assert.NilError(t, os.WriteFile(action, []byte("old\n"), 0o644))
	assert.NilError(t, os.WriteFile(filepath.Join(dir, "state"), []byte("9"), 0o644))
	var out, errb bytes.Buffer
	assert.Equal(t, submission.Run([]string{filepath.Join(dir, "state"), action}, nil, &out, &errb), 2)
	data, err := os.ReadFile(action)
	assert.NilError(t, err)
	assert.Equal(t, string(data), "old\n")
}

func TestActionNotCreatable(t *testing.T) {
	dir := t.TempDir()
	assert.NilError(t, os.WriteFile(filepath.Join(dir, "state"), stateOf(t, "kqbnr/ppppp/5/5/PPPPP/RNBQK w"), 0o644))
	var out, errb bytes.Buffer
	code := submission.Run([]string{filepath.Join(dir, "state"), filepath.Join(dir, "no", "action")}, nil, &out, &errb)
	assert.Equal(t, code, 1)
	assert.Assert(t, strings.HasPrefix(errb.String(), "player_submission: cannot create the action file") && strings.Count(errb.String(), "\n") == 1)
}

func TestUsage(t *testing.T) {
	var out, errb bytes.Buffer
	assert.Equal(t, submission.Run([]string{"-h"}, nil, &out, &errb), 0)
	assert.Equal(t, out.String(), "")
	golden.Assert(t, errb.String(), filepath.Join(testutil.RepoRoot(t), "testdata", "minichess-submission", "usage.golden"))
}

func TestSpecialRoots(t *testing.T) {
	// Win root: the king capture, the last move of the truncated list.
	code, out, errs, act := run(t, stateOf(t, "k4/1P3/5/5/5/4K w"))
	assert.Equal(t, code, 0)
	assert.Equal(t, out+errs, "")
	assert.Equal(t, string(act), "1 1 0 0\n")
	// No moves: an empty file and the note.
	code, out, errs, act = run(t, stateOf(t, "P4/5/5/5/5/k4 w"))
	p, _ := minichess.ParseFEN("P4/5/5/5/5/k4 w")
	list, _ := p.LegalMoves(nil)
	assert.Equal(t, len(list), 0)
	assert.Equal(t, code, 0)
	assert.Equal(t, out, "")
	assert.Equal(t, errs, "player_submission: no legal moves\n")
	assert.Equal(t, string(act), "")
	// One move: written at once, a single line.
	p, _ = minichess.ParseFEN("k4/5/5/5/P4/5 w")
	list, _ = p.LegalMoves(nil)
	assert.Equal(t, len(list), 1)
	code, _, errs, act = run(t, p.AppendState(nil))
	assert.Equal(t, code, 0)
	assert.Equal(t, errs, "")
	assert.Equal(t, string(act), list[0].String()+"\n")
}

// TestDeterministicAndGolden: with a node budget or a depth and no time
// limit the output is the same bytes every time; one line per completed
// iteration, each a move of the root list.
func TestDeterministicAndGolden(t *testing.T) {
	root := testutil.RepoRoot(t)
	st := stateOf(t, "kqbnr/ppppp/5/5/PPPPP/RNBQK w")
	for _, c := range []struct {
		args []string
		file string
	}{
		{[]string{"-depth", "8", "-time", "0"}, "start-depth8.action"},
		{[]string{"-nodes", "200000", "-time", "0"}, "start-nodes200000.action"},
	} {
		code, out, errs, act := run(t, st, c.args...)
		assert.Equal(t, code, 0)
		assert.Equal(t, out+errs, "")
		_, _, _, again := run(t, st, append([]string{"-hash", "64"}, c.args...)...)
		assert.Equal(t, string(act), string(again))
		p := minichess.StartPosition()
		list, _ := p.LegalMoves(nil)
		for _, l := range lines(act) {
			found := false
			for _, m := range list {
				found = found || m.String() == l
			}
			assert.Assert(t, found, "line %q is not a root move", l)
		}
		golden.Assert(t, string(act), filepath.Join(root, "testdata", "minichess-submission", c.file))
	}
	_, _, _, act := run(t, st, "-depth", "8", "-time", "0")
	assert.Equal(t, len(lines(act)), 8)
}

// TestVerbose: -v prints one line per iteration on stderr and nothing on
// stdout.
func TestVerbose(t *testing.T) {
	code, out, errs, act := run(t, stateOf(t, "kqbnr/ppppp/5/5/PPPPP/RNBQK w"), "-v", "-depth", "5", "-time", "0")
	assert.Equal(t, code, 0)
	assert.Equal(t, out, "")
	assert.Equal(t, strings.Count(errs, "\n"), 5, errs)
	assert.Assert(t, strings.HasPrefix(errs, "player_submission: depth 1 "), errs)
	assert.Equal(t, len(lines(act)), 5)
}

// TestTimeBudget: with a short budget the program still writes at least
// one line (depth 1 takes microseconds).
func TestTimeBudget(t *testing.T) {
	code, _, errs, act := run(t, stateOf(t, "kqbnr/ppppp/5/5/PPPPP/RNBQK w"), "-time", "50ms")
	assert.Equal(t, code, 0)
	assert.Equal(t, errs, "")
	assert.Assert(t, len(act) > 0 && strings.HasSuffix(string(act), "\n"))
}

// TestPlyFlag: with -ply the engine scores the ply-50 adjudication
// (docs/minichess.md, "The engine"). Black has more material; at ply 49 every
// white move ends the game on material, a loss, which the search must see;
// without the ply count it plays on with an ordinary score.
func TestPlyFlag(t *testing.T) {
	p, err := minichess.ParseFEN("kq3/p4/5/5/5/R3K w")
	assert.NilError(t, err)
	e := submission.NewEngine(submission.EngineOptions(1), minichess.DefaultEvalWeights())
	emit := func(minichess.Move) error { return nil }
	res, err := e.Think(&p, submission.Limits{Depth: 4, PlyKnown: true, Played: 49}, emit)
	assert.NilError(t, err)
	assert.Equal(t, res.Value, -(engine.Mate - 1))
	res, err = e.Think(&p, submission.Limits{Depth: 4}, emit)
	assert.NilError(t, err)
	assert.Assert(t, res.Value > -engine.MateBound && res.Value < 0, "value %d", res.Value)
	// The program: -ply 49 gives the same bytes as the engine with Played 49.
	_, _, errs, act := run(t, p.AppendState(nil), "-depth", "4", "-time", "0", "-ply", "49", "-v")
	assert.Assert(t, strings.Contains(errs, "score -999999999 "), errs)
	assert.Equal(t, len(lines(act)), 1, "a proven result stops the deepening")
	// Material can be won back at the last ply: white takes the queen.
	q, _ := minichess.ParseFEN("kq3/5/5/5/5/1R2K w")
	res, err = e.Think(&q, submission.Limits{Depth: 3, PlyKnown: true, Played: 49}, emit)
	assert.NilError(t, err)
	assert.Equal(t, res.Move.String(), "5 1 0 1")
	assert.Equal(t, res.Value, engine.Mate-1)
}
